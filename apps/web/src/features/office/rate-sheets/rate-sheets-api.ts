import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateRateSheetBody, CustomerRateSheet, RateSheetCustomer, RateSheetSettings, RateSheetTechnician, RateSheetVersion, SaveRateSheetBody, SentRateSheet,
} from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

export { itemRateTypesQuery, perDiemTypesQuery } from '../../field/clock/clock-api';

/** Every query of rate sheets starts with this key, so a change refreshes them all. */
const KEY = ['rateSheets'] as const;

export function useRateSheetCustomers(search: string) {
  return useQuery({
    queryKey: [...KEY, 'customers', search],
    queryFn: ({ signal }) => apiGet<RateSheetCustomer[]>(`RateSheet/customers?search=${encodeURIComponent(search)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerRateSheet(billingCustomerId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'customer', billingCustomerId],
    queryFn: ({ signal }) => apiGet<CustomerRateSheet>(`RateSheet/customer/${billingCustomerId}`, { signal }),
    enabled: billingCustomerId != null,
  });
}

export function useRateSheetVersion(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'version', id],
    queryFn: ({ signal }) => apiGet<RateSheetVersion>(`RateSheet/${id}`, { signal }),
    enabled: id != null,
  });
}

export const rateSheetTechniciansQuery = {
  queryKey: [...KEY, 'technicians'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<RateSheetTechnician[]>('RateSheet/technicians', { signal }),
  staleTime: 60_000,
};
export const rateSheetSettingsQuery = {
  queryKey: [...KEY, 'settings'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<RateSheetSettings>('RateSheet/settings', { signal }),
};

/** Creates a version, or changes one in place, and refreshes every rate sheet query. */
export function useSaveRateSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateRateSheetBody | SaveRateSheetBody }) =>
      id == null ? apiPost<RateSheetVersion>('RateSheet', body) : apiPut<RateSheetVersion>(`RateSheet/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSendRateSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) => apiPost<SentRateSheet>(`RateSheet/${id}/sendForApproval`, { email }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSaveRateSheetSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RateSheetSettings) => apiPut<RateSheetSettings>('RateSheet/settings', body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
