import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Equipment, EquipmentChoices, EquipmentHistory, EquipmentListAnswer, EquipmentListParsed, SaveEquipmentBody, StartEquipmentWorkOrderBody } from '@sm/shared';
import { apiBlob, apiDelete, apiGet, apiPost, apiPut, saveBlob } from '../../../lib/api';
import { itemsKey } from '../work-orders/items/items-api';

/** Every equipment query starts with this key; a change refreshes them all. */
export const EQUIPMENT_KEY = 'equipment';

/** The register's filters and page, as the query string carries them. */
export type EquipmentFilters = Partial<EquipmentListParsed>;

/** A page of the register with its filters. */
export function equipmentListQuery(query: EquipmentFilters) {
  return queryOptions({
    queryKey: [EQUIPMENT_KEY, 'list', query],
    queryFn: ({ signal }) => apiGet<EquipmentListAnswer>('Equipment', { signal, query: { ...query } }),
    placeholderData: (previous) => previous,
  });
}

export function equipmentQuery(equipmentId: number) {
  return queryOptions({
    queryKey: [EQUIPMENT_KEY, 'one', equipmentId],
    queryFn: ({ signal }) => apiGet<Equipment>(`Equipment/${equipmentId}`, { signal }),
    enabled: equipmentId > 0,
  });
}

/** The categories, makes, models, refrigerants and voltages the form and the filters offer. */
export const equipmentChoicesQuery = queryOptions({
  queryKey: [EQUIPMENT_KEY, 'choices'],
  queryFn: ({ signal }) => apiGet<EquipmentChoices>('Equipment/choices', { signal }),
  staleTime: 60_000,
});

/** Registers a piece (no id) or changes one. */
export function useSaveEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ equipmentId, body }: { equipmentId: number | null; body: SaveEquipmentBody }) =>
      equipmentId ? apiPut<Equipment>(`Equipment/${equipmentId}`, body) : apiPost<Equipment>('Equipment', body),
    onSuccess: () => client.invalidateQueries({ queryKey: [EQUIPMENT_KEY] }),
  });
}

/** Retires a piece, or puts it back in service. */
export function useSetEquipmentActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ equipmentId, isActive }: { equipmentId: number; isActive: boolean }) => apiPost<Equipment>(`Equipment/${equipmentId}/${isActive ? 'reactivate' : 'retire'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [EQUIPMENT_KEY] }),
  });
}

/** A piece and every work order that named it. */
export function equipmentHistoryQuery(equipmentId: number) {
  return queryOptions({
    queryKey: [EQUIPMENT_KEY, 'history', equipmentId],
    queryFn: ({ signal }) => apiGet<EquipmentHistory>(`Equipment/${equipmentId}/history`, { signal }),
    enabled: equipmentId > 0,
  });
}

/** The equipment a work order names: kept with the work order's items, so adding a task that names a piece refreshes it. */
export function workOrderEquipmentQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...itemsKey(workOrderId), 'equipment'],
    queryFn: ({ signal }) => apiGet<Equipment[]>(`WorkOrder/${workOrderId}/equipments`, { signal }),
  });
}

/** Names a piece on a work order, or takes it off. */
export function useWorkOrderEquipment(workOrderId: number) {
  const client = useQueryClient();
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: itemsKey(workOrderId) }), client.invalidateQueries({ queryKey: [EQUIPMENT_KEY] })]);
  const add = useMutation({ mutationFn: (equipmentId: number) => apiPost<Equipment[]>(`WorkOrder/${workOrderId}/equipments`, { equipmentId }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (equipmentId: number) => apiDelete<Equipment[]>(`WorkOrder/${workOrderId}/equipments/${equipmentId}`), onSuccess: refresh });
  return { add, remove };
}

/**
 * Downloads the QR label sheet (a PDF of Avery 5160 labels) of the pieces named, or of every piece in service at a
 * location: a file to print at actual size, not a page the browser would scale.
 */
export async function downloadEquipmentLabels(choice: { customerId?: number; equipmentIds?: number[] }): Promise<void> {
  const query: Record<string, string> = {};
  if (choice.customerId) query.customerId = String(choice.customerId);
  if (choice.equipmentIds) query.equipmentIds = choice.equipmentIds.join(',');
  const blob = await apiBlob('Equipment/labels', { query });
  const single = choice.equipmentIds?.length === 1;
  saveBlob(blob, single ? `equipment-label-${choice.equipmentIds![0]}.pdf` : 'equipment-labels.pdf');
}

/** "Start work order here": a work order at the piece's location naming it; the caller opens it. */
export function useStartEquipmentWorkOrder(equipmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartEquipmentWorkOrderBody) => apiPost<{ workOrderId: number; workOrderNumber: string }>(`Equipment/${equipmentId}/startWorkOrder`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: [EQUIPMENT_KEY] }),
  });
}
