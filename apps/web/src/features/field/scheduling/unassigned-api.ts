import { queryOptions } from '@tanstack/react-query';
import type { UnassignedWorkAnswer, UnassignedWorkOrder } from '@sm/shared';
import { apiGet } from '../../../lib/api';
import { SCHEDULER_KEY } from './scheduler-api';

export type { UnassignedWorkOrder };

/** The board keeps current while it stays open: its lists refetch this often, and when the window regains focus. */
export const BOARD_REFRESH_MS = 60_000;

/** This device's time zone: the calendar shows its days, so "today" of the unassigned list is read there too. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * One page of open work orders nothing on the schedule visits from today on. Its key starts with the scheduler's, so
 * saving an item (which refreshes the scheduler's queries) takes the planned work order off the panel.
 */
export function unassignedWorkQuery(params: { search: string; skip: number; take: number; technicianId: number | null }) {
  return queryOptions({
    queryKey: [SCHEDULER_KEY, 'unassigned', params],
    queryFn: ({ signal }) =>
      apiGet<UnassignedWorkAnswer>('Scheduler/unassigned', {
        signal,
        query: { search: params.search.trim() || undefined, skip: params.skip, take: params.take, technicianId: params.technicianId, timeZone: deviceTimeZone() },
      }),
    staleTime: 15_000,
    refetchInterval: BOARD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}
