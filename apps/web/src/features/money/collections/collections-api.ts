import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgingAnswer, AgingQuery, AgingRow, CollectionTemplate, CollectionTemplateInput, CustomerAging, CustomerCreditAnswer, CustomerCreditBody, DunningEmail, DunningRun, OpenInvoice } from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { BILLING_KEY } from '../invoices/invoices-api';

export type { AgingAnswer, AgingQuery, AgingRow, CollectionTemplate, CustomerAging, DunningEmail, OpenInvoice };

/**
 * Every collection query starts under the billing key: a payment or a credit applied anywhere (which invalidates the
 * billing queries) reads the aging again.
 */
export const COLLECTION_KEY = [...BILLING_KEY, 'collection'] as const;

/** One page of the aging grid with the totals of every matching customer. */
export function agingQuery(query: AgingQuery) {
  return queryOptions({
    queryKey: [...COLLECTION_KEY, 'aging', query],
    queryFn: ({ signal }) => apiGet<AgingAnswer>('Collection/aging', { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One customer's aging and open invoices. */
export function customerAgingQuery(customerId: number) {
  return queryOptions({
    queryKey: [...COLLECTION_KEY, 'customer', customerId],
    queryFn: ({ signal }) => apiGet<CustomerAging>(`Collection/customers/${customerId}`, { signal }),
    staleTime: 0,
  });
}

/** Sets a customer's credit limit and hold; the aging, the customer's page and work orders read again. */
export function useSetCustomerCredit(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerCreditBody) => apiPut<CustomerCreditAnswer>(`Collection/customers/${customerId}/credit`, body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: COLLECTION_KEY }), client.invalidateQueries({ queryKey: ['customers'] }), client.invalidateQueries({ queryKey: ['workOrder'] })]),
  });
}

/** The dunning e-mails (statements) a customer was sent, newest first. */
export function dunningEmailsQuery(customerId: number) {
  return queryOptions({
    queryKey: [...COLLECTION_KEY, 'dunning', customerId],
    queryFn: ({ signal }) => apiGet<DunningEmail[]>(`Collection/customers/${customerId}/dunning`, { signal }),
    staleTime: 0,
  });
}

/** The company's collection templates (administration collectionSettings/collectionTemplate). */
export const collectionTemplatesQuery = queryOptions({
  queryKey: [...COLLECTION_KEY, 'templates'],
  queryFn: ({ signal }) => apiGet<CollectionTemplate[]>('CollectionTemplates', { signal }),
});

/** Adds, changes and deletes collection templates; the list reads again after each. */
export function useCollectionTemplateMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: collectionTemplatesQuery.queryKey });
  return {
    add: useMutation({ mutationFn: (body: CollectionTemplateInput) => apiPost<CollectionTemplate>('CollectionTemplates', body), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: CollectionTemplateInput }) => apiPut<CollectionTemplate>(`CollectionTemplates/${id}`, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => apiDelete<{ collectionTemplateId: number }>(`CollectionTemplates/${id}`), onSuccess: refresh }),
  };
}

/** Queues the company's dunning run now ("Send statements now"); answers the run to follow. */
export function useRunDunningNow() {
  return useMutation({ mutationFn: () => apiPost<DunningRun>('Collection/dunning/run') });
}

/** Where a dunning run asked for now stands: read every second while it waits for the job runner. */
export function dunningRunQuery(runId: number) {
  return queryOptions({
    queryKey: [...COLLECTION_KEY, 'dunningRun', runId],
    queryFn: ({ signal }) => apiGet<DunningRun>(`Collection/dunning/runs/${runId}`, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'done' || q.state.data?.status === 'failed' ? false : 1000),
    staleTime: 0,
  });
}
