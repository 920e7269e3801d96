import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EstimateBody, EstimateGridRow, EstimateLineBody, EstimateStatusBody, EstimateView, GridRequest, WorkOrderEstimate } from '@sm/shared';
import type { GridPage } from '../../../components/data-grid';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { OFFICE_KEY } from '../../office/work-orders/office/office-api';

export type { EstimateGridRow, EstimateView };

/** Every estimate query starts with this key; a change to an estimate reads them again. */
export const ESTIMATES_KEY = ['estimates'] as const;

/** One page of the estimates grid. */
export function fetchEstimates(request: GridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<EstimateGridRow>>('CustomerEstimates/list', request, { signal });
}

/** One estimate with its lines and totals. */
export function estimateQuery(customerEstimateId: number) {
  return queryOptions({
    queryKey: [...ESTIMATES_KEY, 'view', customerEstimateId],
    queryFn: ({ signal }) => apiGet<EstimateView>(`CustomerEstimates/${customerEstimateId}`, { signal }),
    staleTime: 0,
  });
}

/** The estimate a work order was made from, if any (the work order page's "From estimate" link). */
export function workOrderEstimateQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...ESTIMATES_KEY, 'workOrder', workOrderId],
    queryFn: ({ signal }) => apiGet<WorkOrderEstimate>(`CustomerEstimates/workOrder/${workOrderId}`, { signal }),
  });
}

/** Creates an estimate; the grid is read again. */
export function useCreateEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EstimateBody) => apiPost<{ customerEstimateId: number; estimateNumber: number }>('CustomerEstimates', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ESTIMATES_KEY }),
  });
}

type EstimateChange =
  | { kind: 'header'; header: EstimateBody }
  | { kind: 'addLine'; line: EstimateLineBody }
  | { kind: 'updateLine'; customerEstimateLineId: number; line: EstimateLineBody }
  | { kind: 'deleteLine'; customerEstimateLineId: number }
  | { kind: 'status'; body: EstimateStatusBody }
  | { kind: 'convert' };

/** Every change to one estimate; each answers the estimate's view. Converting also adds a work order. */
export function useEstimateChange(customerEstimateId: number) {
  const client = useQueryClient();
  const at = `CustomerEstimates/${customerEstimateId}`;
  return useMutation({
    mutationFn: (change: EstimateChange): Promise<EstimateView> => {
      switch (change.kind) {
        case 'header':
          return apiPut(at, change.header);
        case 'addLine':
          return apiPost(`${at}/lines`, change.line);
        case 'updateLine':
          return apiPut(`${at}/lines/${change.customerEstimateLineId}`, change.line);
        case 'deleteLine':
          return apiDelete(`${at}/lines/${change.customerEstimateLineId}`);
        case 'status':
          return apiPost(`${at}/status`, change.body);
        case 'convert':
          return apiPost(`${at}/convert`);
      }
    },
    onSuccess: (view, change) => {
      client.setQueryData(estimateQuery(view.customerEstimateId).queryKey, view);
      const reads = [client.invalidateQueries({ queryKey: [...ESTIMATES_KEY, 'grid'] })];
      if (change.kind === 'convert') reads.push(client.invalidateQueries({ queryKey: OFFICE_KEY }));
      return Promise.all(reads);
    },
  });
}
