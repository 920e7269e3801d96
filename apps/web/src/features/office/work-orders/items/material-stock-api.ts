import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryItemOption, MaterialLocation, MaterialRow, UpdateMaterialBody } from '@sm/shared';
import { apiGet, apiPut } from '../../../../lib/api';
import { notifySuccess } from '../../../../lib/notify';
import { itemsKey } from './items-api';

/** The warehouses and trucks a material may name, the caller's own truck marked. */
export const materialLocationsQuery = queryOptions({
  queryKey: ['workOrder', 'materialLocations'],
  queryFn: ({ signal }) => apiGet<MaterialLocation[]>('WorkOrder/material/locations', { signal }),
  staleTime: 60_000,
});

/** Items matching a search, with what is available at a location when one is chosen. */
export function itemOptionsQuery(search: string, warehouseId: number | null) {
  return queryOptions({
    queryKey: ['inventory', 'itemOptions', search, warehouseId],
    queryFn: ({ signal }) => apiGet<InventoryItemOption[]>('Inventory/items/options', { signal, query: { search: search || undefined, warehouseId: warehouseId ?? undefined } }),
    staleTime: 15_000,
  });
}

/** The item of a scanned or typed barcode (or part number) with what is available at a location; none when unknown. */
export const findItemByBarcode = (barcode: string, warehouseId: number | null) =>
  apiGet<InventoryItemOption[]>('Inventory/items/options', { query: { barcode, warehouseId: warehouseId ?? undefined } }).then((rows) => rows[0] ?? null);

/** Every field of a material again (its status, quantity, place); refreshes the work order's items. */
export function useUpdateMaterial(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ materialId, body }: { materialId: number; body: UpdateMaterialBody }) => apiPut<MaterialRow>(`WorkOrder/material/${materialId}`, body),
    onSuccess: async () => {
      notifySuccess('Material changed.');
      await queryClient.invalidateQueries({ queryKey: itemsKey(workOrderId) });
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
