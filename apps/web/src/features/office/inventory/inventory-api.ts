import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddInventoryItemBody,
  AdjustStockBody,
  CountStockBody,
  InventoryItem,
  InventoryItemsAnswer,
  InventoryLedgerAnswer,
  InventoryLocation,
  MyTruckAnswer,
  ReorderGroup,
  StockLevelSettingsBody,
  StockMovementAnswer,
  TransferRequest,
  TransferRequestBody,
  TransferStockBody,
  UpdateInventoryItemBody,
} from '@sm/shared';
import { apiBlob, apiGet, apiPost, apiPut, saveBlob } from '../../../lib/api';

/** Every inventory query starts with this key, so a movement refreshes the grid, the item, the truck and the requests. */
const KEY = ['inventory'] as const;

export interface ItemsFilter {
  search?: string;
  warehouseId?: number;
  isActive?: boolean;
  take: number;
  skip: number;
}

const queryOf = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));

export function useInventoryItems(q: ItemsFilter) {
  return useQuery({
    queryKey: [...KEY, 'items', q],
    queryFn: ({ signal }) => apiGet<InventoryItemsAnswer>('Inventory/items', { signal, query: queryOf(q) }),
    placeholderData: keepPreviousData,
  });
}

export function useInventoryItem(itemId: number | null) {
  return useQuery({ queryKey: [...KEY, 'item', itemId], queryFn: ({ signal }) => apiGet<InventoryItem>(`Inventory/items/${itemId}`, { signal }), enabled: itemId != null });
}

export function useItemLedger(itemId: number, page: { take: number; skip: number }) {
  return useQuery({
    queryKey: [...KEY, 'ledger', itemId, page],
    queryFn: ({ signal }) => apiGet<InventoryLedgerAnswer>(`Inventory/items/${itemId}/ledger`, { signal, query: queryOf(page) }),
    placeholderData: keepPreviousData,
  });
}

export function useInventoryLocations() {
  return useQuery({ queryKey: [...KEY, 'locations'], queryFn: ({ signal }) => apiGet<InventoryLocation[]>('Inventory/locations', { signal }), staleTime: 60_000 });
}

export function useReorderSuggestions() {
  return useQuery({ queryKey: [...KEY, 'reorder'], queryFn: ({ signal }) => apiGet<ReorderGroup[]>('Inventory/reorder', { signal }) });
}

export function useTransferRequests(q: { status?: TransferRequest['status']; mine?: boolean }) {
  return useQuery({ queryKey: [...KEY, 'transfers', q], queryFn: ({ signal }) => apiGet<TransferRequest[]>('Inventory/transferRequests', { signal, query: queryOf(q) }) });
}

export function useMyTruck(search: string) {
  return useQuery({
    queryKey: [...KEY, 'myTruck', search],
    queryFn: ({ signal }) => apiGet<MyTruckAnswer>('Inventory/myTruck', { signal, query: queryOf({ search: search.trim() }) }),
    placeholderData: keepPreviousData,
    retry: false,
    // A user with no truck reads the sentence on the page, not in a toast.
    meta: { silent: true },
  });
}

/** A write that refreshes every inventory query once it succeeds. */
function useInventoryMutation<B, A>(call: (body: B) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useAddItem = () => useInventoryMutation((b: AddInventoryItemBody) => apiPost<{ itemId: number }>('Inventory/items', b));
export const useUpdateItem = () => useInventoryMutation(({ itemId, body }: { itemId: number; body: UpdateInventoryItemBody }) => apiPut<{ itemId: number }>(`Inventory/items/${itemId}`, body));
export const useSetItemActive = () => useInventoryMutation(({ itemId, isActive }: { itemId: number; isActive: boolean }) => apiPut<{ itemId: number }>(`Inventory/items/${itemId}/active`, { isActive }));
export const useAdjustStock = () => useInventoryMutation((b: AdjustStockBody) => apiPost<StockMovementAnswer>('Inventory/adjust', b));
export const useCountStock = () => useInventoryMutation((b: CountStockBody) => apiPost<StockMovementAnswer>('Inventory/count', b));
export const useTransferStock = () => useInventoryMutation((b: TransferStockBody) => apiPost<StockMovementAnswer>('Inventory/transfer', b));
export const useSetLevel = () => useInventoryMutation((b: StockLevelSettingsBody) => apiPut<StockMovementAnswer>('Inventory/levels', b));
export const useRequestTransfer = () => useInventoryMutation((b: TransferRequestBody) => apiPost<TransferRequest>('Inventory/transferRequests', b));
export const useCompleteTransfer = () => useInventoryMutation((transferId: number) => apiPut<TransferRequest>(`Inventory/transferRequests/${transferId}/complete`, {}));
export const useDeclineTransfer = () =>
  useInventoryMutation(({ transferId, reason }: { transferId: number; reason: string }) => apiPut<TransferRequest>(`Inventory/transferRequests/${transferId}/decline`, { reason }));

/** Downloads the items as CSV through fetch with the session's token, saved through a temporary link. */
export async function downloadInventoryCsv(q: Omit<ItemsFilter, 'take' | 'skip'>): Promise<void> {
  saveBlob(await apiBlob('Inventory/items/export', { query: queryOf(q) }), 'inventory.csv');
}
