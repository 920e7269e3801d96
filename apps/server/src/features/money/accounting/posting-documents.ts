import { and, asc, eq } from 'drizzle-orm';
import { ACCOUNTING_LINE_KIND_LABELS, compareMoney, moneyText, sumMoney, type AccountingLineKind } from '@sm/shared';
import { creditMemos, customers, invoiceLines, invoicePayments, invoices, workOrders } from '../../../db/schema';
import type { Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { AccountingError, type AccountingCreditMemo, type AccountingInvoice, type AccountingLine, type AccountingPayment } from './accounting-system';
import { accountingPostings } from './accounting.table';
import type { PostingRow } from './accounting-outbox.service';
import { lineKindAccountsOf } from './intacct-mapping.service';

/**
 * The documents a posting sends, built from the frozen rows (an invoice's lines and totals as submitted, a payment, a
 * credit memo) and the company's line-kind mapping. A line of a kind with no account stops the posting with a
 * sentence naming the line; an invoice's lines always add up to its frozen total, to the cent, or nothing is sent.
 */

type Mapping = Awaited<ReturnType<typeof lineKindAccountsOf>>;

/** The line posted to a kind's account, or the sentence of the gap. */
function mapped(mapping: Mapping, kind: AccountingLineKind, description: string, amount: string): AccountingLine {
  const account = mapping.get(kind);
  if (!account) throw new AppError(422, `Line '${description}' has no GL account: map ${ACCOUNTING_LINE_KIND_LABELS[kind]} in Intacct settings.`);
  return { glAccountNo: account.accountNo, departmentNo: account.departmentNo, amount, memo: description.slice(0, 200) };
}

/** The customer id in the accounting system: the customer's external id, or ours prefixed. */
async function customerIdOf(tx: Tx, customerId: number): Promise<string> {
  const [row] = await tx.select({ externalId: customers.externalId }).from(customers).where(eq(customers.id, customerId));
  return row?.externalId?.trim() || `C${customerId}`;
}

/** The day 30 days after a day (YYYY-MM-DD): when an invoice falls due without terms of its own. */
const thirtyDaysAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);

async function invoiceOf(tx: Tx, invoiceId: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw new AppError(422, 'The invoice of this posting no longer exists.');
  return row;
}

/** An invoice as submitted: each stored line to its kind's account, the tax to the tax account, totals checked. */
export async function invoiceDocument(tx: Tx, posting: PostingRow): Promise<AccountingInvoice> {
  const invoice = await invoiceOf(tx, posting.invoiceId!);
  const mapping = await lineKindAccountsOf(tx, posting.subscriberId);
  const stored = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.ordinal));
  const lines = stored.filter((l) => compareMoney(l.amount, 0) !== 0).map((l) => mapped(mapping, l.kind as AccountingLineKind, l.technician ? `${l.description} (${l.technician})` : l.description, l.amount));
  if (compareMoney(invoice.tax, 0) !== 0) lines.push(mapped(mapping, 'tax', 'Sales tax', invoice.tax));
  const posted = sumMoney(lines.map((l) => l.amount));
  if (compareMoney(posted, invoice.total) !== 0) {
    throw new AppError(422, `The lines of invoice ${invoice.invoiceNumber} add up to ${moneyText(posted)}, not its total of ${moneyText(invoice.total)}; nothing was posted.`);
  }
  const [wo] = await tx.select({ workOrderNumber: workOrders.workOrderNumber }).from(workOrders).where(eq(workOrders.id, invoice.workOrderId));
  return {
    documentNumber: posting.documentNumber,
    customerId: await customerIdOf(tx, invoice.billingCustomerId),
    date: invoice.invoiceDate,
    dueDate: thirtyDaysAfter(invoice.invoiceDate),
    description: `Work order ${wo?.workOrderNumber ?? invoice.workOrderId}`,
    lines,
  };
}

/** How Intacct names each way of paying. */
const INTACCT_METHODS: Record<string, string> = { Cash: 'Cash', Check: 'Printed Check', 'Credit Card': 'Credit Card', ACH: 'EFT' };

/**
 * A payment, applied to its invoice's record in Intacct: the invoice must be posted first, so a payment recorded while
 * its invoice waits is tried again later rather than refused.
 */
export async function paymentDocument(tx: Tx, posting: PostingRow): Promise<AccountingPayment> {
  const [payment] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, posting.paymentId!));
  if (!payment) throw new AppError(422, 'The payment of this posting no longer exists.');
  const invoice = await invoiceOf(tx, payment.invoiceId);
  const [invoicePosting] = await tx
    .select({ status: accountingPostings.status, recordNo: accountingPostings.recordNo })
    .from(accountingPostings)
    .where(and(eq(accountingPostings.invoiceId, invoice.id), eq(accountingPostings.documentKind, 'invoice')));
  if (!invoicePosting) throw new AppError(422, `Invoice ${invoice.invoiceNumber} was never posted to Intacct, so its payment cannot be applied there.`);
  if (invoicePosting.status !== 'posted' || !invoicePosting.recordNo) throw new AccountingError(409, `The payment waits for invoice ${invoice.invoiceNumber} to be posted to Intacct.`, true);
  const mapping = await lineKindAccountsOf(tx, posting.subscriberId);
  const account = mapping.get('payment');
  if (!account) throw new AppError(422, `Payment '${posting.documentNumber}' has no GL account: map ${ACCOUNTING_LINE_KIND_LABELS.payment} in Intacct settings.`);
  return {
    documentNumber: posting.documentNumber,
    customerId: await customerIdOf(tx, invoice.billingCustomerId),
    date: payment.paidOn,
    amount: payment.amount,
    invoiceRecordNo: invoicePosting.recordNo,
    paymentMethod: INTACCT_METHODS[payment.paymentMethod] ?? 'EFT',
    undepositedGlAccountNo: account.accountNo,
  };
}

/** A credit memo, as one adjustment line to the credit memo account, dated the day it was issued. */
export async function creditMemoDocument(tx: Tx, posting: PostingRow): Promise<AccountingCreditMemo> {
  const [memo] = await tx.select().from(creditMemos).where(eq(creditMemos.id, posting.creditMemoId!));
  if (!memo) throw new AppError(422, 'The credit memo of this posting no longer exists.');
  const mapping = await lineKindAccountsOf(tx, posting.subscriberId);
  return {
    documentNumber: posting.documentNumber,
    customerId: await customerIdOf(tx, memo.billingCustomerId),
    date: memo.createdAt.toISOString().slice(0, 10),
    description: memo.reason.slice(0, 200),
    lines: [mapped(mapping, 'creditMemo', memo.reason.slice(0, 200), memo.amount)],
  };
}
