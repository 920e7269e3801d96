import { Button } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifyWarning } from '../../../lib/notify';
import { useProviderCheckOutGate } from '../providers/use-provider-check-out-gate';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { startViewDataQuery, type StartViewData } from './clock-api';
import { waitingClockState } from './offline-clock';
import { StartWorkOrderDialog } from './start-work-order-dialog';
import { StopWorkOrderDialog } from './stop-work-order-dialog';

interface ClockButtonProps {
  workOrderId: number;
  workOrderNumber: string;
  /** The caller has open labor on this work order (from the page's labor entries). */
  isClockedIn: boolean;
}

interface OpenDialog {
  view: StartViewData;
  /** A fresh form each time the dialog opens. */
  key: number;
}

/**
 * Start Work Order / Stop Work Order (spec clock 4). Fresh view data decides what happens: labor open on another
 * work order sends the technician there to finish it first; otherwise the start or the stop dialog opens, with
 * the NTE warning kept on screen (spec clock 8).
 */
export function ClockButton({ workOrderId, workOrderNumber, isClockedIn }: ClockButtonProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLoading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [opened, setOpened] = useState(false);
  const providerCheckOut = useProviderCheckOutGate();
  // A start or a stop still waiting on the phone for signal counts as done.
  const waiting = waitingClockState(useOutbox(), workOrderId);
  const clockedIn = waiting ? waiting.open : isClockedIn;

  const open = async () => {
    setLoading(true);
    // A failure is already shown by the QueryClient's error toast; there is nothing to open then.
    const view = await queryClient.fetchQuery(startViewDataQuery(workOrderId)).catch(() => null);
    setLoading(false);
    if (!view) return;
    const elsewhere = view.newWorkOrderLabor;
    if (elsewhere) {
      notifyWarning(`You are still clocked in on work order ${elsewhere.workOrderNumber}. Finish it before starting ${workOrderNumber}.`);
      void navigate(workOrderEditPath(elsewhere.workOrderNumber));
      return;
    }
    // A work order checked in at the facilities provider is checked out there first (spec platform 4.3).
    const passed = view.stopMode ? await providerCheckOut.passCheckOut(view) : view;
    if (!passed) return;
    if (view.nteWarning) notifyError(view.nteWarning, { persistent: true, title: 'NTE' });
    setDialog({ view: passed, key: Date.now() });
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
      {providerCheckOut.dialog}
      {dialog &&
        (dialog.view.stopMode ? (
          <StopWorkOrderDialog key={dialog.key} view={dialog.view} opened={opened} onClose={close} />
        ) : (
          <StartWorkOrderDialog key={dialog.key} view={dialog.view} opened={opened} onClose={close} />
        ))}
    </>
  );
}
