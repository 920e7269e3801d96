import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddRefrigerantMovementAnswer, AddRefrigerantMovementBody, LeakRepair, UpdateLeakRepairBody, WorkOrderRefrigerant } from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { itemsKey } from '../work-orders/items/items-api';
import { EQUIPMENT_KEY } from '../equipment/equipment-api';

/** The leak repairs' queries start with this key. */
export const LEAK_REPAIRS_KEY = 'leakRepairs';

/** A work order's refrigerant log, kept with its items. */
export function workOrderRefrigerantQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...itemsKey(workOrderId), 'refrigerant'],
    queryFn: ({ signal }) => apiGet<WorkOrderRefrigerant>(`WorkOrder/${workOrderId}/refrigerant`, { signal }),
  });
}

/** Logs refrigerant on a work order, or removes an entry; refreshes the log, the repairs and the equipment history. */
export function useRefrigerantMovements(workOrderId: number) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: itemsKey(workOrderId) }),
      client.invalidateQueries({ queryKey: [LEAK_REPAIRS_KEY] }),
      client.invalidateQueries({ queryKey: [EQUIPMENT_KEY] }),
    ]);
  const add = useMutation({
    mutationFn: (body: AddRefrigerantMovementBody) => apiPost<AddRefrigerantMovementAnswer>(`WorkOrder/${workOrderId}/refrigerant`, body),
    // Not awaited: the form clears as soon as the entry is saved, before the log shows it, so what the technician
    // types next is never wiped by a refresh that ends later.
    onSuccess: () => {
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: (movementId: number) => apiDelete<{ message: string }>(`WorkOrder/${workOrderId}/refrigerant/${movementId}`), onSuccess: refresh });
  return { add, remove };
}

/** The company's leak repairs, open ones or all. */
export function leakRepairsQuery(state: 'open' | 'all') {
  return queryOptions({
    queryKey: [LEAK_REPAIRS_KEY, state],
    queryFn: ({ signal }) => apiGet<LeakRepair[]>('Refrigerant/leakRepairs', { signal, query: { state } }),
  });
}

/** Records a repair, its verification tests or an industrial shutdown. */
export function useUpdateLeakRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ leakRepairId, body }: { leakRepairId: number; body: UpdateLeakRepairBody }) => apiPut<LeakRepair>(`Refrigerant/leakRepairs/${leakRepairId}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: [LEAK_REPAIRS_KEY] }),
  });
}
