import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdditionalLineItem, Department, GlAccount, IntacctAccount, IntacctAccountInput, IntacctTestAnswer, ItemGlGroup, LineKindAccount, AccountingLineKind,
  PostingDetail, PostingStatus, Posting,
} from '@sm/shared';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { BILLING_KEY } from '../invoices/invoices-api';

/** Every accounting query starts with this key; a change refreshes the lists that show it. */
export const INTACCT_KEY = ['intacct'] as const;

/**
 * The sentence of a failed call that reached Intacct. The server words every such failure itself (refused, not
 * answering, not set up) and never repeats a page Intacct answered with, so its sentence is shown as it is, also for
 * the 502 and 504 the error catalogue would show as "Error Occurred.".
 */
export function intacctSentenceOf(error: Error): string {
  if (error instanceof ApiError && (error.status === 502 || error.status === 504)) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return error.message;
}

export const intacctAccountQuery = queryOptions({
  queryKey: [...INTACCT_KEY, 'account'],
  queryFn: ({ signal }) => apiGet<IntacctAccount>('Intacct/account', { signal }),
});

export function useSaveIntacctAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IntacctAccountInput) => apiPut<IntacctAccount>('Intacct/account', body),
    onSuccess: (saved) => {
      client.setQueryData(intacctAccountQuery.queryKey, saved);
      notifySuccess('Intacct connection saved');
    },
  });
}

/** Signs in to Intacct with the stored credentials; the answer (ok or not) is shown beside the button. */
export function useTestIntacctConnection() {
  return useMutation({ mutationFn: () => apiPost<IntacctTestAnswer>('Intacct/account/test') });
}

/** The two lists kept from Intacct, by the address of their API. */
export type ChartPath = 'chartOfAccount' | 'departments';
export interface ChartRows {
  chartOfAccount: GlAccount;
  departments: Department;
}

export function chartQuery<P extends ChartPath>(path: P) {
  return queryOptions({
    queryKey: [...INTACCT_KEY, path],
    queryFn: ({ signal }) => apiGet<ChartRows[P][]>(`Intacct/${path}`, { signal }),
  });
}

/** "Refresh from Intacct": the page shows the counts or the sentence itself. */
export function useRefreshChart<P extends ChartPath>(path: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ added: number; updated: number; rows: ChartRows[P][] }>(`Intacct/${path}/refresh`),
    onSuccess: (answer) => client.setQueryData(chartQuery(path).queryKey, answer.rows),
    meta: { silent: true },
  });
}

/** Item GL groups and additional line items: the same calls under two addresses. */
export type MappingPath = 'itemGLGroup' | 'additionalLineItem';
interface MappingRows {
  itemGLGroup: ItemGlGroup;
  additionalLineItem: AdditionalLineItem;
}

export function mappingQuery<P extends MappingPath>(path: P) {
  return queryOptions({
    queryKey: [...INTACCT_KEY, path],
    queryFn: ({ signal }) => apiGet<MappingRows[P][]>(`Intacct/${path}`, { signal }),
  });
}

/** Add, change and remove rows of one of the two lists; each refreshes the list. */
export function useMappingRowMutations<P extends MappingPath>(path: P) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [...INTACCT_KEY, path] });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: unknown }) => (id === null ? apiPost<MappingRows[P]>(`Intacct/${path}`, body) : apiPut<MappingRows[P]>(`Intacct/${path}/${id}`, body)),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => apiDelete<{ message: string }>(`Intacct/${path}/${id}`), onSuccess: refresh }),
  };
}

export const lineKindAccountsQuery = queryOptions({
  queryKey: [...INTACCT_KEY, 'lineKindAccounts'],
  queryFn: ({ signal }) => apiGet<LineKindAccount[]>('Intacct/lineKindAccounts', { signal }),
});

/** Maps one kind of line (or unmaps it, with no account); the answer is the whole mapping as it now is. */
export function useMapLineKind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineKind, glAccountId, departmentId }: { lineKind: AccountingLineKind; glAccountId: number | null; departmentId: number | null }) =>
      glAccountId === null
        ? apiDelete<LineKindAccount[]>(`Intacct/lineKindAccounts/${lineKind}`)
        : apiPut<LineKindAccount[]>(`Intacct/lineKindAccounts/${lineKind}`, { glAccountId, departmentId }),
    onSuccess: (rows) => client.setQueryData(lineKindAccountsQuery.queryKey, rows),
  });
}

export const SYNC_LOG_PAGE_SIZE = 25;

/** One page of the sync log, newest first, of one status when asked. */
export function syncLogQuery(filter: { status: PostingStatus | null; page: number }) {
  return queryOptions({
    queryKey: [...INTACCT_KEY, 'syncLog', filter],
    queryFn: ({ signal }) =>
      apiGet<{ data: Posting[]; total: number }>('Intacct/syncLog', {
        signal,
        query: { status: filter.status, take: SYNC_LOG_PAGE_SIZE, skip: (filter.page - 1) * SYNC_LOG_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function postingQuery(postingId: number) {
  return queryOptions({
    queryKey: [...INTACCT_KEY, 'posting', postingId],
    queryFn: ({ signal }) => apiGet<PostingDetail>(`Intacct/syncLog/${postingId}`, { signal }),
    staleTime: 0,
  });
}

/** "Send again": the posting goes back to the queue under the same document number; the log and invoices refresh. */
export function useResendPosting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postingId: number) => apiPost<PostingDetail>(`Intacct/syncLog/${postingId}/resend`),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: INTACCT_KEY }), client.invalidateQueries({ queryKey: BILLING_KEY })]),
  });
}
