import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BoardCard, BoardColumn, CompanyDashboardAnswer, DsmDashboardAnswer, WorkOrderBoardAnswer } from '@sm/shared';
import { apiGet } from '../../../lib/api';

export type { BoardCard, BoardColumn, CompanyDashboardAnswer, DsmDashboardAnswer, WorkOrderBoardAnswer };

/** Query key prefix of the role boards; the work-orders hub invalidates it. */
export const ROLE_BOARD_QUERY_KEY = ['workOrderBoard'] as const;

/** The boards the server answers, by the last segment of their address. */
export type RoleBoardName = 'dataSpecialist' | 'quoteSpecialist';

/** What a board shows: a technician's or a customer's work orders only, and how many cards a column holds. */
export interface RoleBoardFilters {
  technicianId: number | null;
  customerId: number | null;
  take: number;
}

/** A role board; the previous answer stays on screen while another filter loads. */
export function roleBoardQuery(board: RoleBoardName, filters: RoleBoardFilters) {
  return queryOptions({
    queryKey: [...ROLE_BOARD_QUERY_KEY, board, filters],
    queryFn: ({ signal }) => apiGet<WorkOrderBoardAnswer>(`Boards/${board}`, { signal, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** The DSM dashboard; under the role boards' key, so the work-orders hub refreshes it too. */
export const dsmDashboardQuery = queryOptions({
  queryKey: [...ROLE_BOARD_QUERY_KEY, 'dsmDashboard'],
  queryFn: ({ signal }) => apiGet<DsmDashboardAnswer>('Boards/dsmDashboard', { signal }),
});

/** The company dashboard; under the role boards' key, so the work-orders hub refreshes it too. */
export const companyDashboardQuery = queryOptions({
  queryKey: [...ROLE_BOARD_QUERY_KEY, 'companyDashboard'],
  queryFn: ({ signal }) => apiGet<CompanyDashboardAnswer>('Boards/companyDashboard', { signal }),
});
