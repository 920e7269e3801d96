import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NteMeter, NteRaise } from '@sm/shared';
import { apiGet, apiPost } from '../../../../lib/api';
import { WORK_ORDER_DETAILS_KEY } from './work-order-api';

export type { NteMeter, NteRaise };

/**
 * The live NTE meter of a work order. Its key sits under the work order page's, so whatever reads the page again
 * (a clock action, a header edit) reads the meter too.
 */
export function nteMeterQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...WORK_ORDER_DETAILS_KEY, 'nte', workOrderId],
    queryFn: ({ signal }) => apiGet<NteMeter>(`WorkOrder/${workOrderId}/nte`, { signal }),
    staleTime: 0,
    meta: { silent: true },
  });
}

/** "Request NTE raise": the work order moves to NTE Raise Requested with a drafted quote; the page is read again. */
export function useRequestNteRaise(workOrderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<NteRaise>(`WorkOrder/${workOrderId}/nteRaise`),
    onSuccess: () => client.invalidateQueries({ queryKey: WORK_ORDER_DETAILS_KEY }),
  });
}
