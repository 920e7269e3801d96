import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePmContractBody, PmContract, PmContractChoices, PmContractEquipment, PmContractList, PmContractListParsed, SavePmContractBody, SentPmContract } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

/** Every query of PM contracts starts with this key, so a change refreshes them all. */
const KEY = ['pmContracts'] as const;

const queryString = (q: Partial<PmContractListParsed>) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

export function usePmContracts(q: Partial<PmContractListParsed>) {
  return useQuery({
    queryKey: [...KEY, 'list', q],
    queryFn: ({ signal }) => apiGet<PmContractList>(`PmContract?${queryString(q)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePmContract(id: number | null) {
  return useQuery({ queryKey: [...KEY, 'one', id], queryFn: ({ signal }) => apiGet<PmContract>(`PmContract/${id}`, { signal }), enabled: id != null });
}

export function usePmChoices() {
  return useQuery({ queryKey: [...KEY, 'choices'], queryFn: ({ signal }) => apiGet<PmContractChoices>('PmContract/choices', { signal }), staleTime: 60_000 });
}

/** The location's pieces in service, each with its category's tasks. */
export function useLocationEquipment(customerId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'location', customerId],
    queryFn: ({ signal }) => apiGet<PmContractEquipment[]>(`PmContract/location/${customerId}/equipment`, { signal }),
    enabled: customerId != null,
  });
}

/** Creates a contract, or changes one, and refreshes every contract query. */
export function useSavePmContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreatePmContractBody | SavePmContractBody }) =>
      id == null ? apiPost<PmContract>('PmContract', body) : apiPut<PmContract>(`PmContract/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSendPmContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) => apiPost<SentPmContract>(`PmContract/${id}/sendForApproval`, { email }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCancelPmContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<PmContract>(`PmContract/${id}/cancel`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
