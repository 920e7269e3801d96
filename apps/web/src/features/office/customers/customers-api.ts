import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContactGridRow, CustomerBillingChoices, CustomerDetails, CustomerSavedAnswer, CustomerFlag, CustomerGridRow, CustomerLookupRow, GridRequest, MergeCustomersAnswer,
  MergeCustomersBody, SaveContactBody, SaveCustomerBody,
} from '@sm/shared';
import type { GridPage } from '../../../components/data-grid';
import { apiBlob, apiDelete, apiGet, apiPost, apiPut, saveBlob } from '../../../lib/api';

/** Every customer query starts with this key; a change refreshes them all. */
export const CUSTOMERS_KEY = 'customers';
const CONTACTS_KEY = 'contacts';

/** One page of the customers grid. */
export function fetchCustomers(request: GridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<CustomerGridRow>>('Customer/customers', request, { signal });
}

/** One page of the contacts grid. */
export function fetchContacts(request: GridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<ContactGridRow>>('Contacts/contacts', request, { signal });
}

/** Customers matching what a picker or the look-up page typed, best first. */
export function customerLookupQuery(params: { search?: string; customerId?: number; billingOnly?: boolean; excludeCustomerId?: number; take?: number }) {
  const query = {
    search: params.search?.trim() || undefined,
    customerId: params.customerId ?? undefined,
    billingOnly: params.billingOnly ?? undefined,
    excludeCustomerId: params.excludeCustomerId ?? undefined,
    take: params.take ?? 20,
  };
  return queryOptions({
    queryKey: [CUSTOMERS_KEY, 'lookup', query],
    queryFn: ({ signal }) => apiGet<CustomerLookupRow[]>('Customer/lookup', { signal, query }),
  });
}

export function customerQuery(customerId: number) {
  return queryOptions({
    queryKey: [CUSTOMERS_KEY, 'details', customerId],
    queryFn: ({ signal }) => apiGet<CustomerDetails>(`Customer/${customerId}`, { signal }),
    enabled: customerId > 0,
  });
}

export const customerFlagsQuery = queryOptions({
  queryKey: [CUSTOMERS_KEY, 'flags'],
  queryFn: ({ signal }) => apiGet<CustomerFlag[]>('Flags/customerFlags', { signal }),
  staleTime: 5 * 60_000,
});

/** The terms, billing and payment methods the customer form offers, and the company's customer defaults. */
export const customerBillingChoicesQuery = queryOptions({
  queryKey: [CUSTOMERS_KEY, 'billingChoices'],
  queryFn: ({ signal }) => apiGet<CustomerBillingChoices>('Customer/billingChoices', { signal }),
  staleTime: 60_000,
});

/** Saves the customer form: a new customer without an id, a change with one. */
export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, body }: { customerId: number | null; body: SaveCustomerBody }) =>
      customerId ? apiPut<CustomerSavedAnswer>(`Customer/${customerId}`, body) : apiPost<CustomerSavedAnswer>('Customer/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: [CUSTOMERS_KEY] }),
  });
}

export function useMergeCustomers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeCustomersBody) => apiPost<MergeCustomersAnswer>('Customer/merge', body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [CUSTOMERS_KEY] }), client.invalidateQueries({ queryKey: [CONTACTS_KEY] })]),
  });
}

/** Adds a contact (no id) or changes one; the customer page and the contacts grid refresh. */
export function useSaveContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, body }: { contactId: number | null; body: SaveContactBody }) =>
      contactId ? apiPut<{ contactId: number }>(`Contacts/${contactId}`, body) : apiPost<{ contactId: number }>('Contacts/create', body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [CUSTOMERS_KEY] }), client.invalidateQueries({ queryKey: [CONTACTS_KEY] })]),
  });
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => apiDelete<{ contactId: number }>(`Contacts/${contactId}`),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [CUSTOMERS_KEY] }), client.invalidateQueries({ queryKey: [CONTACTS_KEY] })]),
  });
}

export const contactsGridKey = [CONTACTS_KEY, 'grid'] as const;

/**
 * Downloads the contacts as CSV (`Contacts/export`): the file comes through fetch with the session's token, then is
 * saved through a temporary link, so the token never appears in an address.
 */
export async function downloadContactsCsv(search: string): Promise<void> {
  saveBlob(await apiBlob('Contacts/export', { query: { search: search.trim() || undefined } }), 'contacts.csv');
}
