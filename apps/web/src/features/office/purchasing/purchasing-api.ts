import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseOrderSettings } from '@sm/shared';
import { apiGet, apiPut } from '../../../lib/api';

const PURCHASING_KEY = ['purchasing'] as const;

/** The number the company's next purchase order takes. */
export const purchaseOrderSettingsQuery = queryOptions({
  queryKey: [...PURCHASING_KEY, 'settings'],
  queryFn: ({ signal }) => apiGet<PurchaseOrderSettings>('PurchaseOrder/settings', { signal }),
});

/** Sets the next purchase order number ("Manage PO Numbers"); failures are toasted centrally. */
export function useSetPurchaseOrderNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nextPurchaseOrderNumber: number) => apiPut<PurchaseOrderSettings>('PurchaseOrder/poNumber', { nextPurchaseOrderNumber }),
    onSuccess: (saved) => client.setQueryData(purchaseOrderSettingsQuery.queryKey, saved),
  });
}
