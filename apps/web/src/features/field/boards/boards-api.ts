import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BoardTechnician, JobSite, ScheduleItem, TeamLeaderBoard } from '@sm/shared';
import { apiGet } from '../../../lib/api';

export type { BoardTechnician, JobSite, ScheduleItem, TeamLeaderBoard };

/** Query key prefix of the master board; the team-leader hub invalidates it. */
export const BOARD_QUERY_KEY = ['teamLeaderBoard'] as const;

/** What the master board shows: a day (null: today, as the company's clock says), a name search, a work status. */
export interface BoardFilters {
  date: string | null;
  search: string;
  userStatusId: number | null;
}

/** The master board of a day; the previous answer stays on screen while another day or filter loads. */
export function teamLeaderBoardQuery(filters: BoardFilters) {
  return queryOptions({
    queryKey: [...BOARD_QUERY_KEY, filters],
    queryFn: ({ signal }) =>
      apiGet<TeamLeaderBoard>('TeamLeader/board', {
        signal,
        query: { date: filters.date, search: filters.search.trim() || undefined, userStatusId: filters.userStatusId },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Query key prefix of the technician's route; clock actions on the route page invalidate it. */
export const MY_ROUTE_QUERY_KEY = ['myRoute'] as const;

/** The device's today: from its midnight to the next, as instants. */
export function deviceDay(now = new Date()): { start: string; end: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * The signed-in user's own schedule items of a day, in time order (the server expands series and sorts). Fetched
 * again when the technician comes back to the app, since the office may have changed the day meanwhile.
 */
export function myRouteQuery(userId: number, day: { start: string; end: string }) {
  return queryOptions({
    queryKey: [...MY_ROUTE_QUERY_KEY, userId, day.start],
    queryFn: ({ signal }) => apiGet<ScheduleItem[]>('Scheduler/items', { signal, query: { ...day, technicianId: userId } }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
