import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderAccount, ProviderAccountInput, ProviderSettingsKey, ProviderTestAnswer, ProviderWorkOrdersAnswer } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** The company's connection to a provider, without its secrets. */
export const providerAccountQuery = (provider: ProviderSettingsKey) =>
  queryOptions({
    queryKey: ['thirdParty', provider, 'account'],
    queryFn: () => apiGet<ProviderAccount>(`ThirdParty/${provider}/account`),
  });

/** One page of the company's work orders linked to a provider. */
export const providerWorkOrdersQuery = (provider: ProviderSettingsKey, page: { skip: number; take: number }) =>
  queryOptions({
    queryKey: ['thirdParty', provider, 'workOrders', page],
    queryFn: () => apiGet<ProviderWorkOrdersAnswer>(`ThirdParty/${provider}/workOrders`, { query: page }),
    placeholderData: keepPreviousData,
  });

/** Saves the connection; the form takes the server's answer (secrets stay blank: "saved"). */
export function useSaveProviderAccount(provider: ProviderSettingsKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderAccountInput) => apiPut<ProviderAccount>(`ThirdParty/${provider}/account`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(providerAccountQuery(provider).queryKey, saved);
      notifySuccess('Connection saved');
    },
  });
}

/** Asks the provider for a token with the stored credentials; the answer (ok or not) is shown beside the button. */
export function useTestProviderConnection(provider: ProviderSettingsKey) {
  return useMutation({
    mutationFn: () => apiPost<ProviderTestAnswer>(`ThirdParty/${provider}/test`),
  });
}
