import { Button } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { required, type ScheduleItem } from '@sm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { notifyError, notifyInfo, notifyWarning } from '../../../lib/notify';
import { startViewDataQuery, type StartViewData } from '../clock/clock-api';
import { firstError, initialStartValues, toClockInBody, validateStart } from '../clock/clock-form';
import { positionIfAllowed } from '../clock/current-position';
import { StartWorkOrderDialog } from '../clock/start-work-order-dialog';
import { StopWorkOrderDialog } from '../clock/stop-work-order-dialog';
import { useClockIn } from '../clock/use-clock-mutations';
import { useProviderCheckOutGate } from '../providers/use-provider-check-out-gate';
import { currentUserStatusQuery } from '../user-status/user-status-api';
import { MY_ROUTE_QUERY_KEY } from './boards-api';

interface OpenDialog {
  kind: 'start' | 'stop';
  view: StartViewData;
  /** A fresh form each time a dialog opens. */
  key: number;
}

/** Whether a quick start would be refused: an Employee Type to choose, or no rate sheet for this customer. */
function needsStartForm(view: StartViewData): boolean {
  const isBlocked = view.hasRateSheetSetUp && view.rateSheetLaborItems.length === 0;
  return isBlocked || firstError(validateStart(initialStartValues(view), view)) !== null;
}

/**
 * Start and Stop on one item of the technician's route (spec platform 4.3). Start clocks in at once (on site,
 * status On Site, the fixed comment, this item, now, the position when the browser already allows it); when the
 * technician has choices to make first (an Employee Type on a rate sheet) the Start Work Order dialog opens
 * instead. Stop fetches the stop data and opens the Stop Work Order dialog. Afterwards, and whenever a dialog
 * closes, the work status and the route are fetched again.
 */
export function RouteClockActions({ item }: { item: ScheduleItem & { workOrderId: number; workOrderNumber: string } }) {
  const queryClient = useQueryClient();
  const clockIn = useClockIn(item.workOrderNumber);
  const [isLoading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [opened, setOpened] = useState(false);
  const providerCheckOut = useProviderCheckOutGate();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MY_ROUTE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: currentUserStatusQuery.queryKey }),
    ]);
  const open = (kind: OpenDialog['kind'], view: StartViewData) => {
    setDialog({ kind, view, key: Date.now() });
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    void refresh();
  };

  /** Fresh view data; a failure is already shown by the QueryClient's toast. */
  const viewData = async () => {
    setLoading(true);
    try {
      return await queryClient.fetchQuery(startViewDataQuery(item.workOrderId)).catch(() => null);
    } finally {
      setLoading(false);
    }
  };

  const start = async () => {
    const view = await viewData();
    if (!view) return;
    if (view.newWorkOrderLabor) {
      notifyWarning(`You are still clocked in on work order ${view.newWorkOrderLabor.workOrderNumber}. Finish it before starting ${item.workOrderNumber}.`);
      return;
    }
    if (view.nteWarning) notifyError(view.nteWarning, { persistent: true, title: 'NTE' });
    if (view.stopMode) return open('stop', view);
    if (needsStartForm(view)) return open('start', view);
    setLoading(true);
    const position = await positionIfAllowed();
    setLoading(false);
    const body = { ...toClockInBody(initialStartValues(view), view, position, new Date()), schedulerId: item.schedulerId };
    clockIn.mutate(body, {
      onSuccess: () => void refresh(),
      onError: (error) => {
        if (error instanceof ApiError && error.message === required('Employee Type')) open('start', view);
      },
    });
  };

  const stop = async () => {
    const view = await viewData();
    if (!view) return;
    if (!view.stopMode) {
      notifyInfo(`Work order ${item.workOrderNumber} is not in progress.`);
      void refresh();
      return;
    }
    // A work order checked in at the facilities provider is checked out there first (spec platform 4.3).
    const passed = await providerCheckOut.passCheckOut(view);
    if (!passed) {
      void refresh();
      return;
    }
    if (view.nteWarning) notifyError(view.nteWarning, { persistent: true, title: 'NTE' });
    open('stop', passed);
  };

  const isBusy = isLoading || clockIn.isPending;
  const isRunning = item.isOpenLaborMine;
  return (
    <>
      {isRunning ? (
        <Button size="lg" color="red" fullWidth leftSection={<IconPlayerStopFilled size={20} />} loading={isBusy} onClick={() => void stop()} aria-label={`Stop ${item.workOrderNumber}`}>
          Stop
        </Button>
      ) : (
        <Button size="lg" color="teal" fullWidth leftSection={<IconPlayerPlayFilled size={20} />} loading={isBusy} onClick={() => void start()} aria-label={`Start ${item.workOrderNumber}`}>
          Start
        </Button>
      )}
      {providerCheckOut.dialog}
      {dialog &&
        (dialog.kind === 'stop' ? (
          <StopWorkOrderDialog key={dialog.key} view={dialog.view} opened={opened} onClose={close} />
        ) : (
          <StartWorkOrderDialog key={dialog.key} view={dialog.view} opened={opened} onClose={close} />
        ))}
    </>
  );
}
