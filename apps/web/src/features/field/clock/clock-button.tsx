import { Button } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { startViewDataQuery, type StartViewData } from './clock-api';
import { waitingClockState } from './offline-clock';
import { StartWorkOrderDialog } from './start-work-order-dialog';
import { StopWorkOrderDialog, type NextWorkOrder } from './stop-work-order-dialog';
import { useStopView } from './use-stop-view';

interface ClockButtonProps {
  workOrderId: number;
  workOrderNumber: string;
  /** The caller has open labor on this work order (from the page's labor entries). */
  isClockedIn: boolean;
}

interface OpenDialog {
  view: StartViewData;
  /** Set when the stop dialog is of labor open elsewhere: the work order whose button was pressed, to start after it. */
  next: NextWorkOrder | null;
  /** A fresh form each time the dialog opens. */
  key: number;
}

/**
 * Start Work Order / Stop Work Order (spec clock 4). Fresh view data decides what opens: the start dialog; the stop
 * dialog of this work order; or, with labor open on another work order A, A's stop dialog offering Stop A / Start
 * this one and Clock Out A. Stopping reads the stop view data first, so that a work order checked in at the facilities
 * provider is checked out there before the stop form loads (spec platform 4.3, 7.1). The NTE warning stays on screen
 * (spec clock 8).
 */
export function ClockButton({ workOrderId, workOrderNumber, isClockedIn }: ClockButtonProps) {
  const queryClient = useQueryClient();
  const [isLoading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [opened, setOpened] = useState(false);
  const { loadStopView, dialog: providerCheckOut } = useStopView();
  // A start or a stop still waiting on the phone for signal counts as done.
  const waiting = waitingClockState(useOutbox(), workOrderId);
  const clockedIn = waiting ? waiting.open : isClockedIn;

  // A failure is already shown by the QueryClient's error toast; there is nothing to open then.
  const startView = (id: number) => queryClient.fetchQuery(startViewDataQuery(id)).catch(() => null);
  const stopView = (id: number) => loadStopView(id, setLoading);

  const load = async (): Promise<Omit<OpenDialog, 'key'> | null> => {
    const view = await (clockedIn ? stopView(workOrderId) : startView(workOrderId));
    if (!view) return null;
    const elsewhere = view.newWorkOrderLabor;
    if (elsewhere) {
      const open = await stopView(elsewhere.workOrderId);
      return open?.stopMode ? { view: open, next: { workOrderId, workOrderNumber } } : null;
    }
    // The page did not know yet that labor is open here: stop as the Stop button does.
    if (view.stopMode && !clockedIn) {
      const stopping = await stopView(workOrderId);
      return stopping && { view: stopping, next: null };
    }
    return { view, next: null };
  };

  const open = async () => {
    setLoading(true);
    const found = await load().finally(() => setLoading(false));
    if (!found) return;
    if (found.view.nteWarning) notifyError(found.view.nteWarning, { persistent: true, title: 'NTE' });
    setDialog({ ...found, key: Date.now() });
    setOpened(true);
  };

  const close = () => setOpened(false);
  const Icon = clockedIn ? IconPlayerStopFilled : IconPlayerPlayFilled;
  return (
    <>
      <Button
        size="lg"
        color={clockedIn ? 'red' : 'teal'}
        leftSection={<Icon size={20} />}
        loading={isLoading}
        onClick={() => void open()}
        fullWidth
        maw={{ sm: 280 }}
      >
        {clockedIn ? 'Stop Work Order' : 'Start Work Order'}
      </Button>
      {providerCheckOut}
      {dialog &&
        (dialog.view.stopMode ? (
          <StopWorkOrderDialog key={dialog.key} view={dialog.view} next={dialog.next} opened={opened} onClose={close} />
        ) : (
          <StartWorkOrderDialog key={dialog.key} view={dialog.view} opened={opened} onClose={close} />
        ))}
    </>
  );
}
