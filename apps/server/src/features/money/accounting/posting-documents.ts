import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCOUNTING_LINE_KIND_LABELS, compareMoney, moneyText, sumMoney, type AccountingLineKind } from '@sm/shared';
import {
  companyListRows, creditMemos, customers, intacctAdditionalLineItems, intacctDepartments, intacctGlAccounts, intacctItemGlGroups, invoiceLines, invoicePayments,
  invoices, standardItems, workOrders,
} from '../../../db/schema';
import type { Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { AccountingError, type AccountingSystem, type AccountingCreditMemo, type AccountingInvoice, type AccountingLine, type AccountingPayment } from './accounting-system';
import { accountingPostings } from './accounting.table';
import type { PostingRow } from './accounting-outbox.service';
import { lineKindAccountsOf } from './intacct-mapping.service';
import { termsDaysSql } from '../invoices/invoice-terms-sql';

/** The billing customer's Terms row. */
const terms = alias(companyListRows, 'terms');
/** The account of a standard item's GL group, and the account and department of an additional line item. */
const groupAccount = alias(intacctGlAccounts, 'group_account');
const itemAccount = alias(intacctGlAccounts, 'item_account');
const itemDepartment = alias(intacctDepartments, 'item_department');

/**
 * The documents a posting sends, built from the frozen rows (an invoice's lines and totals as submitted, a payment, a
 * credit memo; a card payment's convenience fee as an invoice of its own) and the company's line-kind mapping. A
 * standard item in an item GL group posts to the group's account (with the standard-item kind's department, if any);
 * an additional line item posts to its own account and department.
 * A line of a kind with no account stops the posting with a sentence naming the line; an invoice's lines always add
 * up to its frozen total, to the cent, or nothing is sent.
 */

type Mapping = Awaited<ReturnType<typeof lineKindAccountsOf>>;

/** The system a document goes to, as sentences name it (where its mapping is kept). */
type SystemName = AccountingSystem['name'];

/** The line posted to a kind's account, or the sentence of the gap. */
function mapped(mapping: Mapping, kind: AccountingLineKind, description: string, amount: string, system: SystemName): AccountingLine {
  const account = mapping.get(kind);
  if (!account) throw new AppError(422, `Line '${description}' has no GL account: map ${ACCOUNTING_LINE_KIND_LABELS[kind]} in ${system} settings.`);
  return { glAccountNo: account.accountNo, departmentNo: account.departmentNo, amount, memo: description.slice(0, 200) };
}

/** The customer id in the accounting system: the customer's external id, or ours prefixed. */
async function customerIdOf(tx: Tx, customerId: number): Promise<string> {
  const [row] = await tx.select({ externalId: customers.externalId }).from(customers).where(eq(customers.id, customerId));
  return row?.externalId?.trim() || `C${customerId}`;
}

/**
 * The day an invoice falls due: its date plus its billing customer's terms (the rule collections ages by); its date
 * when the customer has none.
 */
async function dueDateOf(tx: Tx, invoiceId: number): Promise<string> {
  const [row] = await tx
    .select({ dueDate: sql<string>`(${invoices.invoiceDate} + ${termsDaysSql('terms')})::text` })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.billingCustomerId))
    .leftJoin(terms, eq(terms.id, customers.termsId))
    .where(eq(invoices.id, invoiceId));
  return row.dueDate;
}

async function invoiceOf(tx: Tx, invoiceId: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw new AppError(422, 'The invoice of this posting no longer exists.');
  return row;
}

/** An invoice's stored lines, each with its item GL group's account and its additional line item's account and department. */
async function invoiceLinesOf(tx: Tx, invoiceId: number) {
  return tx
    .select({ l: invoiceLines, groupAccountNo: groupAccount.number, itemAccountNo: itemAccount.number, itemDepartmentNo: itemDepartment.number })
    .from(invoiceLines)
    .leftJoin(standardItems, eq(standardItems.id, invoiceLines.standardItemId))
    .leftJoin(intacctItemGlGroups, eq(intacctItemGlGroups.id, standardItems.itemGlGroupId))
    .leftJoin(groupAccount, eq(groupAccount.id, intacctItemGlGroups.glAccountId))
    .leftJoin(intacctAdditionalLineItems, eq(intacctAdditionalLineItems.id, invoiceLines.additionalLineItemId))
    .leftJoin(itemAccount, eq(itemAccount.id, intacctAdditionalLineItems.glAccountId))
    .leftJoin(itemDepartment, eq(itemDepartment.id, intacctAdditionalLineItems.departmentId))
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.ordinal));
}

/** One stored line as posted: its item GL group's or additional line item's account, else its kind's. */
function postedLine(mapping: Mapping, row: Awaited<ReturnType<typeof invoiceLinesOf>>[number], system: SystemName): AccountingLine {
  const { l } = row;
  const description = l.technician ? `${l.description} (${l.technician})` : l.description;
  if (row.itemAccountNo) return { glAccountNo: row.itemAccountNo, departmentNo: row.itemDepartmentNo, amount: l.amount, memo: description.slice(0, 200) };
  if (row.groupAccountNo) return { glAccountNo: row.groupAccountNo, departmentNo: mapping.get('standardItem')?.departmentNo ?? null, amount: l.amount, memo: description.slice(0, 200) };
  return mapped(mapping, l.kind as AccountingLineKind, description, l.amount, system);
}

/** An invoice as submitted: each stored line to its account, the tax to the tax account, totals checked. */
export async function invoiceDocument(tx: Tx, posting: PostingRow, system: SystemName): Promise<AccountingInvoice> {
  const invoice = await invoiceOf(tx, posting.invoiceId!);
  const mapping = await lineKindAccountsOf(tx, posting.subscriberId);
  const stored = await invoiceLinesOf(tx, invoice.id);
  const lines = stored.filter((r) => compareMoney(r.l.amount, 0) !== 0).map((r) => postedLine(mapping, r, system));
  if (compareMoney(invoice.tax, 0) !== 0) lines.push(mapped(mapping, 'tax', 'Sales tax', invoice.tax, system));
  const posted = sumMoney(lines.map((l) => l.amount));
  if (compareMoney(posted, invoice.total) !== 0) {
    throw new AppError(422, `The lines of invoice ${invoice.invoiceNumber} add up to ${moneyText(posted)}, not its total of ${moneyText(invoice.total)}; nothing was posted.`);
  }
  const [wo] = await tx.select({ workOrderNumber: workOrders.workOrderNumber }).from(workOrders).where(eq(workOrders.id, invoice.workOrderId));
  return {
    documentNumber: posting.documentNumber,
    customerId: await customerIdOf(tx, invoice.billingCustomerId),
    date: invoice.invoiceDate,
    dueDate: await dueDateOf(tx, invoice.id),
    description: `Work order ${wo?.workOrderNumber ?? invoice.workOrderId}`,
    lines,
  };
}

/** How Intacct names each way of paying. */
const INTACCT_METHODS: Record<string, string> = { Cash: 'Cash', Check: 'Printed Check', 'Credit Card': 'Credit Card', ACH: 'EFT' };

/** A payment's documents: the payment, and its convenience fee as an invoice of its own (null without a fee). */
export interface PaymentDocuments {
  /** Applied to its invoice; the fee invoice's application is added once that invoice is posted and has its record. */
  payment: AccountingPayment;
  fee: { invoice: AccountingInvoice; amount: string } | null;
}

/**
 * The convenience fee of a card payment as an invoice to the convenience-fee account, numbered after the payment and
 * due the day it was paid; a fee with that kind unmapped stops the posting with a sentence naming the payment.
 */
function feeInvoiceOf(mapping: Mapping, posting: PostingRow, customerId: string, paidOn: string, fee: string, system: SystemName): AccountingInvoice {
  const account = mapping.get('convenienceFee');
  if (!account) {
    throw new AppError(422, `Payment '${posting.documentNumber}' carries a convenience fee of ${moneyText(fee)} with no GL account: map ${ACCOUNTING_LINE_KIND_LABELS.convenienceFee} in ${system} settings.`);
  }
  const description = `Convenience fee of payment ${posting.documentNumber}`;
  return {
    documentNumber: `${posting.documentNumber}-FEE`,
    customerId,
    date: paidOn,
    dueDate: paidOn,
    description,
    lines: [{ glAccountNo: account.accountNo, departmentNo: account.departmentNo, amount: fee, memo: description }],
  };
}

/**
 * A payment, applied to its invoice's record in Intacct: the invoice must be posted first, so a payment recorded while
 * its invoice waits is tried again later rather than refused. A card payment's convenience fee is received with it:
 * the payment's amount is both, and the fee settles a fee invoice of its own, so the fee reaches its revenue account.
 */
export async function paymentDocument(tx: Tx, posting: PostingRow, system: SystemName): Promise<PaymentDocuments> {
  const [payment] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, posting.paymentId!));
  if (!payment) throw new AppError(422, 'The payment of this posting no longer exists.');
  const invoice = await invoiceOf(tx, payment.invoiceId);
  const [invoicePosting] = await tx
    .select({ status: accountingPostings.status, recordNo: accountingPostings.recordNo })
    .from(accountingPostings)
    .where(and(eq(accountingPostings.invoiceId, invoice.id), eq(accountingPostings.documentKind, 'invoice')));
  if (!invoicePosting) throw new AppError(422, `Invoice ${invoice.invoiceNumber} was never posted to ${system}, so its payment cannot be applied there.`);
  if (invoicePosting.status !== 'posted' || !invoicePosting.recordNo) throw new AccountingError(409, `The payment waits for invoice ${invoice.invoiceNumber} to be posted to ${system}.`, true);
  const mapping = await lineKindAccountsOf(tx, posting.subscriberId);
  const account = mapping.get('payment');
  if (!account) throw new AppError(422, `Payment '${posting.documentNumber}' has no GL account: map ${ACCOUNTING_LINE_KIND_LABELS.payment} in ${system} settings.`);
  const customerId = await customerIdOf(tx, invoice.billingCustomerId);
  const hasFee = compareMoney(payment.convenienceFee, 0) > 0;
  return {
    payment: {
      documentNumber: posting.documentNumber,
      customerId,
      date: payment.paidOn,
      amount: sumMoney([payment.amount, payment.convenienceFee]),
      applications: [{ recordNo: invoicePosting.recordNo, amount: payment.amount }],
      paymentMethod: INTACCT_METHODS[payment.paymentMethod] ?? 'EFT',
      undepositedGlAccountNo: account.accountNo,
    },
    fee: hasFee ? { invoice: feeInvoiceOf(mapping, posting, customerId, payment.paidOn, payment.convenienceFee, system), amount: payment.convenienceFee } : null,
  };
}

/** A credit memo, as one adjustment line to the credit memo account, dated the day it was issued. */
export async function creditMemoDocument(tx: Tx, posting: PostingRow, system: SystemName): Promise<AccountingCreditMemo> {
  const [memo] = await tx.select().from(creditMemos).where(eq(creditMemos.id, posting.creditMemoId!));
  if (!memo) throw new AppError(422, 'The credit memo of this posting no longer exists.');
  const mapping = await lineKindAccountsOf(tx, posting.subscriberId);
  return {
    documentNumber: posting.documentNumber,
    customerId: await customerIdOf(tx, memo.billingCustomerId),
    date: memo.createdAt.toISOString().slice(0, 10),
    description: memo.reason.slice(0, 200),
    lines: [mapped(mapping, 'creditMemo', memo.reason.slice(0, 200), memo.amount, system)],
  };
}
