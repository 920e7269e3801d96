import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SalesTag, SalesTagLink, SalesTeam, SalesWorkOrderRow, WorkOrderSale,
} from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

/** Every sales query starts with this key, so a change refreshes the lists, the tags and the report. */
export const SALES_KEY = ['sales'] as const;
const KEY = SALES_KEY;

export interface SalesQuoteRow {
  quoteId: number;
  quoteNumber: number;
  version: number;
  title: string | null;
  status: string;
  customerName: string;
  workOrderNumber: string;
  createdAt: string;
}

export interface ListRequest {
  search: string;
  salesTagId: number | null;
  page: number;
}
export const PAGE_SIZE = 25;
const listQuery = (r: ListRequest) => ({ search: r.search.trim() || undefined, salesTagId: r.salesTagId ?? undefined, take: PAGE_SIZE, skip: (r.page - 1) * PAGE_SIZE });

export const useSalesWorkOrders = (r: ListRequest) =>
  useQuery({
    queryKey: [...KEY, 'workOrders', r],
    queryFn: ({ signal }) => apiGet<{ data: SalesWorkOrderRow[]; total: number }>('Sales/workOrders', { signal, query: listQuery(r) }),
    placeholderData: keepPreviousData,
  });

export const useSalesQuotes = (r: ListRequest) =>
  useQuery({
    queryKey: [...KEY, 'quotes', r],
    queryFn: ({ signal }) => apiGet<{ data: SalesQuoteRow[]; total: number }>('Sales/quotes', { signal, query: listQuery(r) }),
    placeholderData: keepPreviousData,
  });


export const useSalesPeople = (enabled = true) =>
  useQuery({ queryKey: [...KEY, 'people'], queryFn: ({ signal }) => apiGet<{ id: number; name: string }[]>('Sales/people', { signal }), staleTime: 60_000, enabled });

export const useSalesTags = () => useQuery({ queryKey: [...KEY, 'tags'], queryFn: ({ signal }) => apiGet<SalesTag[]>('Sales/tags', { signal }) });

export const useSalesTagLinks = (salesTagId: number | null, mine: boolean) =>
  useQuery({
    queryKey: [...KEY, 'tagLinks', salesTagId, mine],
    queryFn: ({ signal }) => apiGet<SalesTagLink[]>('Sales/tagLinks', { signal, query: { salesTagId: salesTagId ?? undefined, mine: mine ? 'true' : undefined } }),
    placeholderData: keepPreviousData,
  });

export const useSalesTeam = (customerId: number) =>
  useQuery({ queryKey: [...KEY, 'team', customerId], queryFn: ({ signal }) => apiGet<SalesTeam>(`Sales/customers/${customerId}/team`, { signal }) });

export const useWorkOrderSale = (workOrderId: number, enabled: boolean) =>
  useQuery({ queryKey: [...KEY, 'workOrder', workOrderId], queryFn: ({ signal }) => apiGet<WorkOrderSale>(`Sales/workOrders/${workOrderId}`, { signal }), enabled });




export const useSalesItems = () =>
  useQuery({ queryKey: [...KEY, 'items'], queryFn: ({ signal }) => apiGet<{ id: number; name: string; isActive: boolean }[]>('ReferenceList/salesItems', { signal }), staleTime: 60_000 });

/** A write that refreshes every sales query once it succeeds (the commissions' too: they share the key). */
export function useSalesMutation<B, A>(call: (body: B) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useSetSalesTeam = () =>
  useSalesMutation(({ customerId, body }: { customerId: number; body: { salesPersonId: number | null; salesManagerId: number | null; previousSalesPersonId?: number | null; territorySalesId: number | null } }) =>
    apiPut<SalesTeam>(`Sales/customers/${customerId}/team`, body),
  );
export const useSetWorkOrderSale = () =>
  useSalesMutation(({ workOrderId, body }: { workOrderId: number; body: { salesPersonId?: number | null; salesItemId?: number | null; isCommissionable?: boolean } }) =>
    apiPut<WorkOrderSale>(`Sales/workOrders/${workOrderId}`, body),
  );
export const useAddSalesTag = () => useSalesMutation((body: { name: string; color: SalesTag['color'] }) => apiPost<SalesTag>('Sales/tags', body));
export const useAddSalesTagLink = () =>
  useSalesMutation(({ salesTagId, body }: { salesTagId: number; body: { customerId?: number; workOrderId?: number; note?: string | null } }) => apiPost<SalesTagLink>(`Sales/tags/${salesTagId}/${body.customerId ? 'customers' : 'workOrders'}`, body));
export const useRemoveSalesTagLink = () => useSalesMutation((l: SalesTagLink) => apiDelete<{ id: number }>(`Sales/tags/${l.salesTagId}/links/${l.salesTagLinkId}`));

/** The work orders a tag may be put on, by a part of their number or customer: the caller's own, or everyone's. */
export const taggableWorkOrdersQuery = (search: string) =>
  queryOptions({
    queryKey: [...KEY, 'taggable', search],
    queryFn: async ({ signal }) => (await apiGet<{ data: SalesWorkOrderRow[] }>('Sales/workOrders', { signal, query: { search: search.trim() || undefined, take: 20 } })).data,
    staleTime: 30_000,
  });
