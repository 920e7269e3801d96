import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AllWorkOrdersRow, GridRequest, NewWorkOrderBody, UpdateWorkOrderBody, WorkOrderClass, WorkOrderHistoryRow, WorkOrderStatusHistoryRow, WorkOrderVisit,
} from '@sm/shared';
import type { GridPage } from '../../../../components/data-grid';
import { apiGet, apiPost, apiPut } from '../../../../lib/api';
import { WORK_ORDER_DETAILS_KEY } from '../edit/work-order-api';

export type { AllWorkOrdersRow, WorkOrderClass, WorkOrderHistoryRow, WorkOrderStatusHistoryRow, WorkOrderVisit };

/** Every office work-order query starts with this key; a change refreshes the grids and lists. */
export const OFFICE_KEY = ['workOrder', 'office'] as const;

/** One page of the All Work Orders grid. */
export function fetchAllWorkOrders(request: GridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<AllWorkOrdersRow>>('WorkOrder/allWorkOrders', request, { signal });
}

/** One page of the work-order change history. */
export function fetchWorkOrderHistory(request: GridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<WorkOrderHistoryRow>>('WorkOrder/history', request, { signal });
}

/** The company's work order classes in use, for pickers. */
export const workOrderClassesQuery = queryOptions({
  queryKey: [...OFFICE_KEY, 'classes'],
  queryFn: ({ signal }) => apiGet<WorkOrderClass[]>('WorkOrder/workOrderClasses', { signal }),
  staleTime: 10 * 60_000,
});

/** Every status change of a work order, oldest first. */
export function statusHistoryQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...OFFICE_KEY, 'statusHistory', workOrderId],
    queryFn: ({ signal }) => apiGet<WorkOrderStatusHistoryRow[]>(`WorkOrder/${workOrderId}/statusHistory`, { signal }),
    staleTime: 0,
  });
}

/** The visits planned for a work order. */
export function visitsQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...OFFICE_KEY, 'visits', workOrderId],
    queryFn: ({ signal }) => apiGet<WorkOrderVisit[]>(`WorkOrder/${workOrderId}/schedule`, { signal }),
    staleTime: 0,
  });
}

/** Creates a work order for a customer; answers its id and number. */
export function createWorkOrder(body: NewWorkOrderBody) {
  return apiPost<{ workOrderId: number; workOrderNumber: string }>('WorkOrder/create', body);
}

/** A change to one work order, after which its page, the grids and the lists are read again. */
function useWorkOrderChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: WORK_ORDER_DETAILS_KEY }), client.invalidateQueries({ queryKey: OFFICE_KEY })]),
  });
}

export const useUpdateWorkOrder = (workOrderId: number) =>
  useWorkOrderChange((body: UpdateWorkOrderBody) => apiPut<{ workOrderId: number }>(`WorkOrder/${workOrderId}/header`, body));

export const useChangeStatus = (workOrderId: number) =>
  useWorkOrderChange((workOrderStatusId: number) =>
    apiPut<{ workOrderStatus: string }>(`WorkOrder/${workOrderId}/status`, { workOrderStatusId }),
  );

export const useAssignTechnicians = (workOrderId: number) =>
  useWorkOrderChange((technicianIds: number[]) =>
    apiPut<{ technicians: { userId: number; name: string }[] }>(`WorkOrder/${workOrderId}/technicians`, { technicianIds }),
  );

export const useUpdateWorkDescription = (workOrderId: number) =>
  useWorkOrderChange((workDescription: string) => apiPut<{ workDescription: string | null }>(`WorkOrder/${workOrderId}/workDescription`, { workDescription }));
