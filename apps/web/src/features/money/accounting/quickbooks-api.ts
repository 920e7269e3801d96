import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  QbImportKind, QbImportReadAnswer, QbImportRow, QbImportRowDetail, QbImportStatus, QuickBooksAccount, QuickBooksAccountInput, QuickBooksTestAnswer,
} from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** Every QuickBooks query starts with this key; a change refreshes the lists that show it. */
export const QUICKBOOKS_KEY = ['quickbooks'] as const;

export const quickBooksAccountQuery = queryOptions({
  queryKey: [...QUICKBOOKS_KEY, 'account'],
  queryFn: ({ signal }) => apiGet<QuickBooksAccount>('QuickBooks/account', { signal }),
});

export function useSaveQuickBooksAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuickBooksAccountInput) => apiPut<QuickBooksAccount>('QuickBooks/account', body),
    onSuccess: (saved) => {
      client.setQueryData(quickBooksAccountQuery.queryKey, saved);
      notifySuccess('QuickBooks connection saved');
    },
  });
}

/** Renews the token if needed and reads the company; the answer (connected or not) is shown beside the button. */
export function useTestQuickBooksAccount() {
  return useMutation({ mutationFn: () => apiPost<QuickBooksTestAnswer>('QuickBooks/account/test') });
}

export const QB_IMPORT_PAGE_SIZE = 25;

/** One page of the import list, of one kind and status when asked. */
export function qbImportQuery(filter: { kind: QbImportKind | null; status: QbImportStatus | null; page: number }) {
  return queryOptions({
    queryKey: [...QUICKBOOKS_KEY, 'import', filter],
    queryFn: ({ signal }) =>
      apiGet<{ data: QbImportRow[]; total: number }>('QuickBooks/import', {
        signal,
        query: { kind: filter.kind, status: filter.status, take: QB_IMPORT_PAGE_SIZE, skip: (filter.page - 1) * QB_IMPORT_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function qbImportRowQuery(qbImportRowId: number) {
  return queryOptions({
    queryKey: [...QUICKBOOKS_KEY, 'importRow', qbImportRowId],
    queryFn: ({ signal }) => apiGet<QbImportRowDetail>(`QuickBooks/import/${qbImportRowId}`, { signal }),
    staleTime: 0,
  });
}

/** "Read from QuickBooks": the page shows the counts or the sentence itself. */
export function useReadQuickBooksImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<QbImportReadAnswer>('QuickBooks/import'),
    onSuccess: () => client.invalidateQueries({ queryKey: [...QUICKBOOKS_KEY, 'import'] }),
    meta: { silent: true },
  });
}

/** Matches, creates, ignores or resets one row; the list and the row refresh. */
export function useSetQbImportStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ qbImportRowId, status, recordId }: { qbImportRowId: number; status: QbImportStatus; recordId?: number }) =>
      apiPut<QbImportRowDetail>(`QuickBooks/import/${qbImportRowId}/status`, { status, ...(recordId === undefined ? {} : { recordId }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: QUICKBOOKS_KEY }),
  });
}
