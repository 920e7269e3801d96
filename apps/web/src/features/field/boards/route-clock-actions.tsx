import { Button } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { required, type ScheduleItem } from '@sm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { notifyError, notifyInfo } from '../../../lib/notify';
import { startViewDataQuery, type StartViewData } from '../clock/clock-api';
import { firstError, initialStartValues, toClockInBody, validateStart } from '../clock/clock-form';
import { positionIfAllowed } from '../clock/current-position';
import { StartWorkOrderDialog } from '../clock/start-work-order-dialog';
import { StopWorkOrderDialog, type NextWorkOrder } from '../clock/stop-work-order-dialog';
import { useClockIn } from '../clock/use-clock-mutations';
import { useStopView } from '../clock/use-stop-view';
import { currentUserStatusQuery } from '../user-status/user-status-api';
import { MY_ROUTE_QUERY_KEY } from './boards-api';

interface OpenDialog {
  kind: 'start' | 'stop';
  view: StartViewData;
  /** A stop dialog of labor open elsewhere: this item's work order, to start after it (Stop {a} / Start {b}). */
  next?: NextWorkOrder;
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
 * instead; with labor open on another work order, that work order's Stop dialog opens, offering Stop {a} / Start {b}.
 * Stop loads as the work order page's Stop does (the stop view data first, the provider's check-out if the
 * work order needs one) and opens the Stop Work Order dialog. Afterwards, and whenever a dialog
 * closes, the work status and the route are fetched again.
 */
export function RouteClockActions({ item }: { item: ScheduleItem & { workOrderId: number; workOrderNumber: string } }) {
  const queryClient = useQueryClient();
  const clockIn = useClockIn(item.workOrderNumber);
  const [isLoading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [opened, setOpened] = useState(false);
  const { loadStopView, dialog: providerCheckOut } = useStopView();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MY_ROUTE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: currentUserStatusQuery.queryKey }),
    ]);
  const open = (kind: OpenDialog['kind'], view: StartViewData, next?: NextWorkOrder) => {
    setDialog({ kind, view, next, key: Date.now() });
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
      // Labor open on another work order: its Stop dialog offers Stop {a} / Start {b} and Clock Out {a}.
      setLoading(true);
      const elsewhere = await loadStopView(view.newWorkOrderLabor.workOrderId, setLoading).finally(() => setLoading(false));
      if (elsewhere?.stopMode) open('stop', elsewhere, { workOrderId: item.workOrderId, workOrderNumber: item.workOrderNumber });
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
    setLoading(true);
    const view = await loadStopView(item.workOrderId, setLoading).finally(() => setLoading(false));
    if (!view?.stopMode) {
      if (view) notifyInfo(`Work order ${item.workOrderNumber} is not in progress.`);
      void refresh();
      return;
    }
    if (view.nteWarning) notifyError(view.nteWarning, { persistent: true, title: 'NTE' });
    open('stop', view);
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
      {providerCheckOut}
      {dialog &&
        (dialog.kind === 'stop' ? (
          <StopWorkOrderDialog key={dialog.key} view={dialog.view} next={dialog.next ?? null} opened={opened} onClose={close} />
        ) : (
          <StartWorkOrderDialog key={dialog.key} view={dialog.view} opened={opened} onClose={close} />
        ))}
    </>
  );
}
