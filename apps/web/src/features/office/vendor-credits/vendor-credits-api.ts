import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateVendorCreditBody, GridRequest, VendorCredit, VendorCreditPurchaseOrder, VendorCreditsGrid, VendorOption } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** Every query of vendor credits starts with this key, so a change refreshes them all. */
const KEY = ['vendorCredits'] as const;

export function useVendorCredits(request: GridRequest) {
  return useQuery({
    queryKey: [...KEY, 'list', request],
    queryFn: ({ signal }) => apiPost<VendorCreditsGrid>('VendorCredit/list', request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVendorCredit(id: number | null) {
  return useQuery({ queryKey: [...KEY, 'one', id], queryFn: ({ signal }) => apiGet<VendorCredit>(`VendorCredit/${id}`, { signal }), enabled: id != null });
}

export function useCreditPurchaseOrders(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'purchaseOrders', id],
    queryFn: ({ signal }) => apiGet<VendorCreditPurchaseOrder[]>(`VendorCredit/${id}/purchaseOrders`, { signal }),
    enabled: id != null && enabled,
  });
}

export function useCreditVendors(enabled: boolean) {
  return useQuery({ queryKey: [...KEY, 'vendors'], queryFn: ({ signal }) => apiGet<VendorOption[]>('VendorCredit/vendors', { signal }), enabled, staleTime: 60_000 });
}

/** A change to a credit: says so and refreshes every credit query. */
function useCreditMutation<In>(send: (input: In) => Promise<VendorCredit>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      notifySuccess(done);
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export const useCreateVendorCredit = () => useCreditMutation((body: CreateVendorCreditBody) => apiPost<VendorCredit>('VendorCredit', body), 'Vendor credit opened.');
export const useMatchVendorCredit = (id: number) =>
  useCreditMutation((purchaseOrderId: number | null) => apiPut<VendorCredit>(`VendorCredit/${id}/purchaseOrder`, { purchaseOrderId }), 'Purchase order matched.');
export const useApplyVendorCredit = (id: number) =>
  useCreditMutation((vendorReference: string) => apiPut<VendorCredit>(`VendorCredit/${id}/apply`, { vendorReference }), 'Vendor credit applied.');
export const useCancelVendorCredit = (id: number) => useCreditMutation(() => apiPut<VendorCredit>(`VendorCredit/${id}/cancel`), 'Vendor credit canceled.');
