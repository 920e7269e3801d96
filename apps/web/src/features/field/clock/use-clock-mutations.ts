import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClockOutAndStartBody } from '@sm/shared';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { currentUserStatusQuery } from '../user-status/user-status-api';
import { clockIn, clockOut, clockOutAndStart, createSubWorkOrder } from './clock-api';
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

/** Clock in (Start Work Order → Save). */
export function useClockIn(workOrderNumber: string) {
  const refresh = useRefreshAfterClock();
  return useMutation({
    mutationFn: clockIn,
    meta: PERSISTENT,
    onSuccess: async (answer) => {
      notifySuccess(`Work order ${workOrderNumber} started.`);
      showProviderWarning(answer);
      await refresh();
    },
  });
}

/** Clock out (Continue Clock Out). */
export function useClockOut(workOrderNumber: string) {
  const refresh = useRefreshAfterClock();
  return useMutation({
    mutationFn: clockOut,
    meta: PERSISTENT,
    onSuccess: async (answer) => {
      notifySuccess(`Clocked out of work order ${workOrderNumber}.`);
      showProviderWarning(answer);
      await refresh();
    },
  });
}

/**
 * Finish and Start New: asks the browser for the position first (spec clock 4: high accuracy, 5 s, 1 min); a
 * refusal fails the mutation with the spec's location sentence and nothing is sent.
 */
export function useClockOutAndStart() {
  const refresh = useRefreshAfterClock();
  return useMutation({
    mutationFn: async (buildBody: (position: Awaited<ReturnType<typeof currentPosition>>) => ClockOutAndStartBody) =>
      clockOutAndStart(buildBody(await currentPosition())),
    meta: PERSISTENT,
    onSuccess: async (started) => {
      notifySuccess(`Work order ${started.newWorkOrderNumber} started.`);
      showProviderWarning(started);
      await refresh();
    },
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
