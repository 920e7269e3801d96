import {
  invoiceDisplayLines, jsonNumberOf, type InvoiceDisplayMode, type InvoiceTotals, type InvoicePreview, type InvoiceTotalsAnswer,
} from '@sm/shared';
import type { InvoiceWorkOrder } from './invoice-source';

const TEXT_FIELDS = new Set(['description', 'technician', 'kind', 'label']);

/** Exact decimal strings become the JSON numbers of answers (two decimals survive a double exactly as text). */
function numbers(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => numbers(v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbers(v, k)]));
  if (typeof value === 'string' && !TEXT_FIELDS.has(key)) return jsonNumberOf(value);
  return value;
}

/** The totals as an answer, each labor line with the labor entry it came from. */
export function totalsAnswer(totals: InvoiceTotals, laborIds: (number | null)[]): InvoiceTotalsAnswer {
  const answer = numbers(totals) as InvoiceTotalsAnswer;
  answer.laborLines = answer.laborLines.map((l, i) => ({ ...l, workOrderLaborId: laborIds[i] ?? null }));
  return answer;
}

/** The header, the totals and the labelled lines of one display mode. */
export function invoiceView(
  wo: Pick<InvoiceWorkOrder, 'id' | 'workOrderNumber' | 'customerName' | 'billingCustomerId' | 'billingCustomerName' | 'state'>,
  invoiceDate: string,
  totals: InvoiceTotals,
  laborIds: (number | null)[],
  displayMode: InvoiceDisplayMode,
): InvoicePreview {
  return {
    workOrderId: wo.id,
    workOrderNumber: wo.workOrderNumber,
    customerName: wo.customerName,
    billingCustomerId: wo.billingCustomerId,
    billingCustomerName: wo.billingCustomerName,
    state: wo.state,
    invoiceDate,
    displayMode,
    totals: totalsAnswer(totals, laborIds),
    lines: numbers(invoiceDisplayLines(totals, displayMode)) as InvoicePreview['lines'],
  };
}
