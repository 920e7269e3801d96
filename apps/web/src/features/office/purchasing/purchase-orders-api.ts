import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BackOrderBody, UpdatePurchaseOrderInput, DocumentEmailDefaults, InventoryItemOption, PurchaseOrder, PurchaseOrderChoices, PurchaseOrderList, PurchaseOrderListParsed,
  PurchaseOrderSummary, PurchaseOrderWorkOrderOption, ReceivePurchaseOrderBody,
} from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

/** Every query of purchase orders starts with this key, so a change refreshes them all (the work order's section too). */
export const PURCHASE_ORDERS_KEY = ['purchaseOrders'] as const;

export function usePurchaseOrders(q: Partial<PurchaseOrderListParsed>) {
  return useQuery({
    queryKey: [...PURCHASE_ORDERS_KEY, 'list', q],
    queryFn: ({ signal }) => apiGet<PurchaseOrderList>('PurchaseOrder', { signal, query: q }),
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseOrder(id: number | null) {
  return useQuery({ queryKey: [...PURCHASE_ORDERS_KEY, 'one', id], queryFn: ({ signal }) => apiGet<PurchaseOrder>(`PurchaseOrder/${id}`, { signal }), enabled: id != null });
}

export function useWorkOrderPurchaseOrders(workOrderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...PURCHASE_ORDERS_KEY, 'workOrder', workOrderId],
    queryFn: ({ signal }) => apiGet<PurchaseOrderSummary[]>(`WorkOrder/${workOrderId}/purchaseOrders`, { signal }),
    enabled,
  });
}

export function usePurchaseOrderChoices() {
  return useQuery({ queryKey: [...PURCHASE_ORDERS_KEY, 'choices'], queryFn: ({ signal }) => apiGet<PurchaseOrderChoices>('PurchaseOrder/choices', { signal }), staleTime: 60_000 });
}

export function usePurchaseOrderEmailDefaults(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...PURCHASE_ORDERS_KEY, 'email', id],
    queryFn: ({ signal }) => apiGet<DocumentEmailDefaults>(`PurchaseOrder/${id}/email`, { signal }),
    enabled,
  });
}

/** Work orders to order parts for, by what was typed (the chosen one kept first). */
export const purchaseOrderWorkOrdersQuery = (params: { search: string; workOrderId: number | null }) =>
  queryOptions({
    queryKey: [...PURCHASE_ORDERS_KEY, 'workOrders', params],
    queryFn: ({ signal }) =>
      apiGet<PurchaseOrderWorkOrderOption[]>('PurchaseOrder/workOrders', { signal, query: { search: params.search.trim() || undefined, workOrderId: params.workOrderId ?? undefined } }),
    staleTime: 60_000,
  });

/** Stocked items to put on a line, by part number, description or barcode. */
export const itemOptionsQuery = (params: { search: string; itemId: number | null }) =>
  queryOptions({
    queryKey: ['inventoryItemOptions', params.search],
    queryFn: ({ signal }) => apiGet<InventoryItemOption[]>('Inventory/items/options', { signal, query: { search: params.search.trim() || undefined } }),
    staleTime: 60_000,
  });

/** A change to one purchase order, which then refreshes every purchase order query. */
function usePurchaseOrderChange<V>(run: (v: V) => Promise<PurchaseOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (po) => {
      client.setQueryData([...PURCHASE_ORDERS_KEY, 'one', po.purchaseOrderId], po);
      await client.invalidateQueries({ queryKey: PURCHASE_ORDERS_KEY });
      // The linked work order's status may have moved.
      await client.invalidateQueries({ queryKey: ['workOrder'] });
    },
  });
}

export const useSavePurchaseOrder = () =>
  usePurchaseOrderChange(({ id, body }: { id: number | null; body: UpdatePurchaseOrderInput }) =>
    id == null ? apiPost<PurchaseOrder>('PurchaseOrder', body) : apiPut<PurchaseOrder>(`PurchaseOrder/${id}`, body),
  );
export const useReceivePurchaseOrder = (id: number) => usePurchaseOrderChange((body: ReceivePurchaseOrderBody) => apiPost<PurchaseOrder>(`PurchaseOrder/${id}/receive`, body));
export const useBackOrder = (id: number) =>
  usePurchaseOrderChange(({ lineId, body }: { lineId: number; body: BackOrderBody }) => apiPut<PurchaseOrder>(`PurchaseOrder/${id}/lines/${lineId}/backOrder`, body));
export const useCancelPurchaseOrder = (id: number) => usePurchaseOrderChange(() => apiPost<PurchaseOrder>(`PurchaseOrder/${id}/cancel`, {}));
export const useClosePurchaseOrder = (id: number) => usePurchaseOrderChange((reason: string | null) => apiPost<PurchaseOrder>(`PurchaseOrder/${id}/close`, { reason }));
