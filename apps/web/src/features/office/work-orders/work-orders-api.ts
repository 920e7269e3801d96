import { queryOptions } from '@tanstack/react-query';
import type { GridRequest, TechnicianWorkOrderRow, WORK_ORDER_STATUSES } from '@sm/shared';
import type { GridPage } from '../../../components/data-grid';
import { apiGet, apiPost } from '../../../lib/api';

type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** The caller's own work orders, one grid page at a time. */
export function fetchMyWorkOrders(request: GridRequest, signal?: AbortSignal): Promise<GridPage<TechnicianWorkOrderRow>> {
  return apiPost<GridPage<TechnicianWorkOrderRow>>('workOrder/technicianWorkOrders', request, { signal });
}

/** Work-order statuses (spec platform 4.9), for the status filter. */
export const workOrderStatusesQuery = queryOptions({
  queryKey: ['workOrder', 'statuses'],
  queryFn: () => apiGet<WorkOrderStatus[]>('WorkOrder/workOrderStatuses'),
  staleTime: 60 * 60_000,
});
