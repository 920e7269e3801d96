import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuoteBody, QuoteGridRow, QuoteLineBody, QuotesGridRequest, QuoteView, WorkOrderQuotes } from '@sm/shared';
import type { GridPage } from '../../../components/data-grid';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { WORK_ORDER_DETAILS_KEY } from '../../office/work-orders/edit/work-order-api';

export type { QuoteGridRow, QuoteView, WorkOrderQuotes };

/** Every quote query starts with this key; a change to a quote reads them again. */
export const QUOTES_KEY = ['quotes'] as const;

/** One page of the quotes grid; `isOpenOnly` keeps the quotes still waiting for an answer. */
export function fetchQuotes(request: QuotesGridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<QuoteGridRow>>('Quotes/list', request, { signal });
}

/** One version of a quote with its lines and totals. */
export function quoteQuery(quoteNumber: number, quoteVersion: number) {
  return queryOptions({
    queryKey: [...QUOTES_KEY, 'view', quoteNumber, quoteVersion],
    queryFn: ({ signal }) => apiGet<QuoteView>(`Quotes/${quoteNumber}/${quoteVersion}`, { signal }),
    staleTime: 0,
  });
}

/** A work order to quote on and its quotes so far. */
export function workOrderQuotesQuery(workOrderId: number) {
  return queryOptions({
    queryKey: [...QUOTES_KEY, 'workOrder', workOrderId],
    queryFn: ({ signal }) => apiGet<WorkOrderQuotes>(`Quotes/workOrder/${workOrderId}`, { signal }),
    staleTime: 0,
  });
}

/** Creates a quote; the work order's status moves, so its page is read again too. */
export function useCreateQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuoteBody) => apiPost<{ quoteId: number; quoteNumber: number; quoteVersion: number }>('Quotes/create', body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: QUOTES_KEY }), client.invalidateQueries({ queryKey: WORK_ORDER_DETAILS_KEY })]),
  });
}

type QuoteChange =
  | { kind: 'addLine'; line: QuoteLineBody }
  | { kind: 'updateLine'; quoteLineId: number; line: QuoteLineBody }
  | { kind: 'deleteLine'; quoteLineId: number }
  | { kind: 'newVersion' }
  | { kind: 'status'; quoteStatus: 'Open' | 'Pending' | 'Submitted' }
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string };

/** Every change to one version of a quote; each answers the version's (or the new version's) view. */
export function useQuoteChange(quoteNumber: number, quoteVersion: number) {
  const client = useQueryClient();
  const at = `Quotes/${quoteNumber}/${quoteVersion}`;
  return useMutation({
    mutationFn: (change: QuoteChange): Promise<QuoteView> => {
      switch (change.kind) {
        case 'addLine':
          return apiPost(`${at}/lines`, change.line);
        case 'updateLine':
          return apiPut(`${at}/lines/${change.quoteLineId}`, change.line);
        case 'deleteLine':
          return apiDelete(`${at}/lines/${change.quoteLineId}`);
        case 'newVersion':
          return apiPost(`${at}/newVersion`);
        case 'status':
          return apiPut(`${at}/status`, { quoteStatus: change.quoteStatus });
        case 'approve':
          return apiPost(`${at}/approve`);
        case 'reject':
          return apiPost(`${at}/reject`, { reason: change.reason });
      }
    },
    onSuccess: (view) => {
      client.setQueryData(quoteQuery(view.quoteNumber, view.quoteVersion).queryKey, view);
      return Promise.all([client.invalidateQueries({ queryKey: QUOTES_KEY }), client.invalidateQueries({ queryKey: WORK_ORDER_DETAILS_KEY })]);
    },
  });
}
