import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Equipment, EquipmentChoices, EquipmentListAnswer, EquipmentListParsed, SaveEquipmentBody } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

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
