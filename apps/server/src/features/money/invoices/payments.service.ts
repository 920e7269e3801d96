import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  amountDueOf, CARD_PAYMENT_METHOD, compareMoney, convenienceFeeOf, jsonNumberOf, moneyText, PAYMENT_METHODS, sumMoney, WORK_ORDER_STATUS,
  type PaymentHistory, type ProcessPaymentBody,
} from '@sm/shared';
import { companyListRows, invoicePayments, invoices, users, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { publishHubEvent } from '../../platform/realtime/publish';
import { setWorkOrderStatus } from '../../office/work-orders/work-order-office.service';
import { enqueuePosting, paymentDocumentNumber } from '../accounting/accounting-outbox.service';
import { invoiceRow } from './invoices.service';
import { companyToday } from '../../platform/subscribers/company-time';

type InvoiceRow = Awaited<ReturnType<typeof invoiceRow>>;

/**
 * What settles part of an invoice must be at most what is due: checked on the invoice row locked by the caller, so two
 * settlements at once cannot both pass. The sentence names the due amount. A payment may be 0 (spec platform 5.3: a
 * no-charge invoice is processed with a payment of $0.00); a credit applied must be more.
 */
export function ensureSettles(invoice: InvoiceRow, amount: number, minimum: 'zero' | 'aboveZero') {
  if (minimum === 'aboveZero' && compareMoney(amount, 0) <= 0) throw new AppError(400, 'Amount must be more than 0.');
  if (compareMoney(amount, invoice.amountDue) > 0) {
    throw new AppError(400, `Amount must be at most the amount due, ${moneyText(invoice.amountDue)}.`);
  }
}

/**
 * A settled invoice bills its work order: when nothing is left due, the work order moves to Billed (27) with its
 * status history. Answers whether the status changed, so the boards hear of it after the commit.
 */
export async function billWhenSettled(tx: Tx, ctx: Ctx, invoice: InvoiceRow, amountDue: string): Promise<boolean> {
  if (compareMoney(amountDue, 0) !== 0) return false;
  const [wo] = await tx.select({ id: workOrders.id, workOrderStatusId: workOrders.workOrderStatusId }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, invoice.workOrderId))).for('update');
  const { changed } = await setWorkOrderStatus(tx, ctx, wo, WORK_ORDER_STATUS.Billed);
  return changed;
}

const activeMethods = (ctx: Ctx, where?: SQL) => ofTenant(companyListRows, ctx, and(eq(companyListRows.listKey, 'paymentMethods'), eq(companyListRows.isActive, true), where));

/** `GET Billing/paymentMethods`: the company's active Payment Methods by name; the methods every company takes when it has none. */
export async function paymentMethodChoices(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db.select({ name: companyListRows.name }).from(companyListRows).where(activeMethods(ctx)).orderBy(asc(companyListRows.id));
  return rows.length > 0 ? rows.map((r) => r.name) : [...PAYMENT_METHODS];
}

/**
 * The payment method as it is kept: one every company takes (PAYMENT_METHODS, so the card one always carries the
 * convenience fee) in its own spelling, or an active row of the company's Payment Methods list as the list spells it.
 * Any other name is refused with a sentence.
 */
export async function paymentMethodOf(db: DbOrTx, ctx: Ctx, typed: string): Promise<string> {
  const name = typed.trim();
  const always = PAYMENT_METHODS.find((m) => m.toLowerCase() === name.toLowerCase());
  if (always) return always;
  const [row] = await db.select({ name: companyListRows.name }).from(companyListRows).where(activeMethods(ctx, sql`lower(${companyListRows.name}) = lower(${name})`));
  if (!row) throw new AppError(400, `Payment Method ${name} is not one of the company's payment methods (administration, Payment Methods).`);
  return row.name;
}

/**
 * `Invoice/{invoiceId}/payments` (Process Payment, spec platform 5.3): a payment of at most the amount due, partial
 * payments welcome. A card payment carries the invoice's convenience fee on top. The invoice row is locked first, so two
 * payments at once never overpay; a refused payment writes nothing.
 */
export async function processPayment(ctx: Ctx, invoiceId: number, body: ProcessPaymentBody): Promise<PaymentHistory> {
  const billed = await ctx.db.transaction(async (tx) => {
    const invoice = await invoiceRow(tx, ctx, invoiceId, { lock: true });
    ensureSettles(invoice, body.amount, 'zero');
    const paymentMethod = await paymentMethodOf(tx, ctx, body.paymentMethod);
    const isCard = paymentMethod === CARD_PAYMENT_METHOD;
    const fee = isCard ? convenienceFeeOf(body.amount, invoice.convenienceFeePercent) : '0.00';
    const amount = String(body.amount);
    const paymentsTotal = sumMoney([invoice.paymentsTotal, amount]);
    const amountDue = amountDueOf(invoice.total, invoice.creditsApplied, paymentsTotal);
    const [payment] = await tx
      .insert(invoicePayments)
      .values({
        subscriberId: ctx.actor.subscriberId, invoiceId, amount, paymentMethod, convenienceFee: fee,
        paidOn: body.paidOn ?? (await companyToday(ctx, tx)), reference: body.reference?.trim() || null, receivedBy: ctx.actor.userId, createdAt: ctx.now,
      })
      .returning({ id: invoicePayments.id });
    if (compareMoney(amount, 0) > 0) {
      await enqueuePosting(tx, ctx, { documentKind: 'payment', documentNumber: paymentDocumentNumber(invoice.invoiceNumber, payment.id), invoiceId, paymentId: payment.id });
    }
    await tx
      .update(invoices)
      .set({ paymentsTotal, convenienceFees: sumMoney([invoice.convenienceFees, fee]), amountDue })
      .where(ofTenant(invoices, ctx, eq(invoices.id, invoiceId)));
    await recordAudit(tx, ctx, { entity: 'invoicePayment', entityId: payment.id, action: 'create', after: { invoiceId, amount, paymentMethod, convenienceFee: fee } });
    return { changed: await billWhenSettled(tx, ctx, invoice, amountDue), workOrderId: invoice.workOrderId };
  });
  if (billed.changed) publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderStatus', workOrderId: billed.workOrderId, workOrderStatusId: WORK_ORDER_STATUS.Billed });
  return paymentHistory(ctx, invoiceId);
}

/** `GET Invoice/{invoiceId}/payments`: every payment of the invoice, oldest first, and what is still due. */
export async function paymentHistory(ctx: Ctx, invoiceId: number): Promise<PaymentHistory> {
  const invoice = await invoiceRow(ctx.db, ctx, invoiceId);
  const rows = await ctx.db
    .select({ p: invoicePayments, receivedBy: users.name })
    .from(invoicePayments)
    .leftJoin(users, eq(users.id, invoicePayments.receivedBy))
    .where(ofTenant(invoicePayments, ctx, eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
  return {
    invoiceId,
    payments: rows.map(({ p, receivedBy }) => ({
      paymentId: p.id,
      amount: jsonNumberOf(p.amount),
      paymentMethod: p.paymentMethod,
      convenienceFee: jsonNumberOf(p.convenienceFee),
      paidOn: p.paidOn,
      reference: p.reference,
      receivedBy,
      createdAt: p.createdAt.toISOString(),
    })),
    totalPaid: jsonNumberOf(invoice.paymentsTotal),
    convenienceFees: jsonNumberOf(invoice.convenienceFees),
    invoiceTotal: jsonNumberOf(invoice.total),
    creditsApplied: jsonNumberOf(invoice.creditsApplied),
    amountDue: jsonNumberOf(invoice.amountDue),
  };
}
