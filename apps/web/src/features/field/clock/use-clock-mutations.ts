import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClockInBody, ClockOutAndStartBody, ClockOutBody } from '@sm/shared';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { currentUserStatusQuery } from '../user-status/user-status-api';
import { notifyInfo } from '../../../lib/notify';
import { keptSentence, type Outcome } from '../../../lib/offline/outbox';
import { createSubWorkOrder } from './clock-api';
import { sendClockIn, sendClockOut, sendClockOutAndStart } from './offline-clock';
import { currentPosition } from './current-position';

/** Start and stop failures stay on screen until closed (spec platform 8); the QueryClient shows them. */
const PERSISTENT = { persistentError: true } as const;

/** A provider refused or missed a clock action we recorded: the technician reads its words until they close them. */
function showProviderWarning(answer: { providerWarning?: string }) {
  if (answer.providerWarning) notifyWarning(answer.providerWarning, { persistent: true, title: 'Provider' });
}

/** After any clock action the work order pages, the grids and the header's work status are stale. */
function useRefreshAfterClock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['workOrder'] }),
      queryClient.invalidateQueries({ queryKey: currentUserStatusQuery.queryKey }),
    ]);
}

/**
 * A clock action's answer: sent, it says so (with a provider's warning) and refreshes the pages; kept on the phone for
 * want of signal, it says that instead, and the pages show it from the waiting list.
 */
function useClockAnswer() {
  const refresh = useRefreshAfterClock();
  return async <T extends { providerWarning?: string }>(outcome: Outcome<T>, label: string, done: string) => {
    if (!outcome.sent) {
      notifyInfo(keptSentence(label));
      return;
    }
    notifySuccess(done);
    showProviderWarning(outcome.answer);
    await refresh();
  };
}

/** Clock in (Start Work Order → Save). */
export function useClockIn(workOrderNumber: string) {
  const answer = useClockAnswer();
  return useMutation({
    mutationFn: (body: ClockInBody) => sendClockIn(body, workOrderNumber),
    meta: PERSISTENT,
    onSuccess: (outcome) => answer(outcome, `Start work order ${workOrderNumber}`, `Work order ${workOrderNumber} started.`),
  });
}

/** Clock out (Continue Clock Out). */
export function useClockOut(workOrderNumber: string) {
  const answer = useClockAnswer();
  return useMutation({
    mutationFn: (body: ClockOutBody) => sendClockOut(body, workOrderNumber),
    meta: PERSISTENT,
    onSuccess: (outcome) => answer(outcome, `Stop work order ${workOrderNumber}`, `Clocked out of work order ${workOrderNumber}.`),
  });
}

/**
 * Finish and Start New: asks the browser for the position first (spec clock 4: high accuracy, 5 s, 1 min); a
 * refusal fails the mutation with the spec's location sentence and nothing is sent.
 */
export function useClockOutAndStart(workOrderNumber: string) {
  const answer = useClockAnswer();
  return useMutation({
    mutationFn: async ({ buildBody, nextNumber }: { buildBody: (position: Awaited<ReturnType<typeof currentPosition>>) => ClockOutAndStartBody; nextNumber: string }) =>
      sendClockOutAndStart(buildBody(await currentPosition()), { from: workOrderNumber, to: nextNumber }),
    meta: PERSISTENT,
    onSuccess: (outcome, { nextNumber }) => answer(outcome, `Stop ${workOrderNumber} / Start ${nextNumber}`, `Work order ${nextNumber} started.`),
  });
}

/** Creates a sub work order (Completed, for rate-sheet users). */
export function useCreateSubWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubWorkOrder,
    onSuccess: async () => {
      notifySuccess('Sub Work Order Created Successfully');
      await queryClient.invalidateQueries({ queryKey: ['workOrder'] });
    },
  });
}
