import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdditionalLineItemChoice, BillingRow, CreditMemo, GridRequest, Invoice, InvoiceBody, InvoiceDisplayMode, InvoicePreview, PaymentHistory, ProcessPaymentBody, TaxStatus,
} from '@sm/shared';
import type { GridPage } from '../../../components/data-grid';
import { apiGet, apiPost, apiPut } from '../../../lib/api';
import { WORK_ORDER_DETAILS_KEY } from '../../office/work-orders/edit/work-order-api';

export type { BillingRow, CreditMemo, Invoice, InvoicePreview, PaymentHistory, TaxStatus };

/** Every invoice, payment, credit memo and billing settings query starts with this key. */
export const BILLING_KEY = ['billing'] as const;

/** One page of the billing grid. */
export function fetchBillingPage(request: GridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<BillingRow>>('Billing/invoices', request, { signal });
}

/** The invoice of a work order, if it has one: the billing grid filtered on its number (a work order has one invoice). */
export function workOrderInvoiceQuery(workOrderNumber: string) {
  return queryOptions({
    queryKey: [...BILLING_KEY, 'ofWorkOrder', workOrderNumber],
    queryFn: ({ signal }) =>
      fetchBillingPage({ take: 1, filter: { logic: 'and', filters: [{ field: 'workOrderNumber', operator: 'eq', value: workOrderNumber }] } }, signal).then(
        (page) => page.data.find((r) => r.workOrderNumber === workOrderNumber) ?? null,
      ),
    staleTime: 0,
  });
}

/** The invoice the work order would get now with what the office adds, in one display mode: nothing is stored. */
export function invoicePreviewQuery(body: InvoiceBody, displayMode: InvoiceDisplayMode) {
  return queryOptions({
    queryKey: [...BILLING_KEY, 'preview', body, displayMode],
    queryFn: ({ signal }) => apiPost<InvoicePreview>('Invoice/preview', body, { signal, query: { displayMode } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    // The section shows why a preview is refused (no tax rate for the state) in place.
    meta: { silent: true },
  });
}

/** A submitted invoice with its frozen totals, in one display mode. */
export function invoiceQuery(invoiceId: number, displayMode: InvoiceDisplayMode) {
  return queryOptions({
    queryKey: [...BILLING_KEY, 'invoice', invoiceId, displayMode],
    queryFn: ({ signal }) => apiGet<Invoice>(`Invoice/${invoiceId}`, { signal, query: { displayMode } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The payments of an invoice, oldest first, and what is still due. */
export function paymentHistoryQuery(invoiceId: number) {
  return queryOptions({
    queryKey: [...BILLING_KEY, 'payments', invoiceId],
    queryFn: ({ signal }) => apiGet<PaymentHistory>(`Invoice/${invoiceId}/payments`, { signal }),
    staleTime: 0,
  });
}

/** The next invoice number and the card convenience fee of the company. */
export const billingSettingsQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'settings'],
  queryFn: ({ signal }) => apiGet<{ nextInvoiceNumber: number; convenienceFeePercent: number }>('Billing/settings', { signal }),
});

/** The payment methods Process Payment offers: the company's active Payment Methods list. */
export const paymentMethodChoicesQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'paymentMethods'],
  queryFn: ({ signal }) => apiGet<string[]>('Billing/paymentMethods', { signal }),
  staleTime: 0,
});

/** The additional line items an invoice may carry: the company's active ones. */
export const additionalLineItemChoicesQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'additionalLineItems'],
  queryFn: ({ signal }) => apiGet<AdditionalLineItemChoice[]>('Billing/additionalLineItems', { signal }),
  staleTime: 0,
});

export const taxStatusesQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'taxStatusPerState'],
  queryFn: ({ signal }) => apiGet<TaxStatus[]>('Billing/taxStatusPerState', { signal }),
});

export const creditMemosQuery = (billingCustomerId?: number) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'creditMemos', billingCustomerId ?? 'all'],
    queryFn: ({ signal }) => apiGet<CreditMemo[]>('CreditMemo/list', { signal, query: { billingCustomerId } }),
    staleTime: 0,
  });

/** After a change to an invoice: every billing query, and the work order pages (their status moves). */
function useRefreshBilling() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: BILLING_KEY }), client.invalidateQueries({ queryKey: WORK_ORDER_DETAILS_KEY })]);
}

/** Submits the invoice of a work order: numbered, its totals frozen, the work order to Invoice Submitted. */
export function useSubmitInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: (body: InvoiceBody) => apiPost<Invoice>('Invoice/submit', body), onSuccess: refresh });
}

/** Process Payment: a payment of at most the amount due. The dialog shows a refusal's sentence itself. */
export function useProcessPayment(invoiceId: number) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: ProcessPaymentBody) => apiPost<PaymentHistory>(`Invoice/${invoiceId}/payments`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useCreateCreditMemo() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: { billingCustomerId: number; amount: number; reason: string }) => apiPost<CreditMemo>('CreditMemo/create', body),
    onSuccess: refresh,
  });
}

export function useApplyCredit() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: { creditMemoId: number; invoiceId: number; amount: number }) => apiPost<Invoice>('CreditMemo/apply', body),
    onSuccess: refresh,
  });
}

type Settings = { nextInvoiceNumber: number; convenienceFeePercent: number };

export function useSetInvoiceNumber() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: (nextInvoiceNumber: number) => apiPut<Settings>('Billing/invoiceNumber', { nextInvoiceNumber }), onSuccess: refresh });
}

export function useSetConvenienceFee() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: (convenienceFeePercent: number) => apiPut<Settings>('Billing/convenienceFee', { convenienceFeePercent }), onSuccess: refresh });
}

export function useSaveTaxStatus() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: (body: TaxStatus) => apiPut<TaxStatus>('Billing/taxStatusPerState', body), onSuccess: refresh });
}
