import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  amountDueOf, compareMoney, jsonNumberOf, moneyText, sumMoney, WORK_ORDER_STATUS,
  type applyCreditBody, type CreditMemo, type createCreditMemoBody, type Invoice,
} from '@sm/shared';
import { creditMemoApplications, creditMemos, customers, invoices, users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { publishHubEvent } from '../../platform/realtime/publish';
import { companyToday } from '../../platform/subscribers/company-time';
import { reverseCommissions } from '../commissions/invoice-commissions';
import { creditMemoDocumentNumber, enqueuePosting } from '../accounting/accounting-outbox.service';
import { getInvoice, invoiceRow } from './invoices.service';
import { billWhenSettled, ensureSettles } from './payments.service';

const selectMemos = (db: DbOrTx) =>
  db
    .select({ m: creditMemos, customerName: customers.name, createdBy: users.name })
    .from(creditMemos)
    .innerJoin(customers, eq(customers.id, creditMemos.billingCustomerId))
    .leftJoin(users, eq(users.id, creditMemos.createdBy))
    .$dynamic();

function memoOf(r: { m: typeof creditMemos.$inferSelect; customerName: string; createdBy: string | null }): CreditMemo {
  return {
    creditMemoId: r.m.id,
    billingCustomerId: r.m.billingCustomerId,
    billingCustomerName: r.customerName,
    amount: jsonNumberOf(r.m.amount),
    amountApplied: jsonNumberOf(r.m.amountApplied),
    remaining: jsonNumberOf(amountDueOf(r.m.amount, r.m.amountApplied, 0)),
    reason: r.m.reason,
    createdBy: r.createdBy,
    createdAt: r.m.createdAt.toISOString(),
  };
}

/** `CreditMemo/create`: money owed to a billing customer of the caller's company, to apply to its invoices later. */
export async function createCreditMemo(ctx: Ctx, body: z.output<typeof createCreditMemoBody>): Promise<CreditMemo> {
  if (compareMoney(body.amount, 0) <= 0) throw new AppError(400, 'Amount must be more than 0.');
  const id = await ctx.db.transaction(async (tx) => {
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, body.billingCustomerId)));
    if (!customer) throw notFound('Customer');
    const [row] = await tx
      .insert(creditMemos)
      .values({ subscriberId: ctx.actor.subscriberId, billingCustomerId: customer.id, amount: String(body.amount), reason: body.reason, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning({ id: creditMemos.id });
    await enqueuePosting(tx, ctx, { documentKind: 'creditMemo', documentNumber: creditMemoDocumentNumber(row.id), creditMemoId: row.id });
    await recordAudit(tx, ctx, { entity: 'creditMemo', entityId: row.id, action: 'create', after: { billingCustomerId: customer.id, amount: String(body.amount), reason: body.reason } });
    return row.id;
  });
  const [r] = await selectMemos(ctx.db).where(ofTenant(creditMemos, ctx, eq(creditMemos.id, id)));
  return memoOf(r);
}

/** `CreditMemo/list`: the company's credit memos, newest first, of one billing customer when asked. */
export async function listCreditMemos(ctx: Ctx, billingCustomerId?: number): Promise<CreditMemo[]> {
  const rows = await selectMemos(ctx.db)
    .where(ofTenant(creditMemos, ctx, billingCustomerId ? eq(creditMemos.billingCustomerId, billingCustomerId) : undefined))
    .orderBy(desc(creditMemos.createdAt), desc(creditMemos.id))
    .limit(500);
  return rows.map(memoOf);
}

/**
 * `CreditMemo/apply` ("Apply Credits"): part or all of a credit memo settles an invoice of the same billing customer,
 * at most what is left on the memo and what the invoice has due. Both rows are locked (invoice first, as payments
 * lock it), so no two applications spend the same credit. Credits lower the amount due, never the frozen totals.
 */
export async function applyCredit(ctx: Ctx, body: z.output<typeof applyCreditBody>): Promise<Invoice> {
  const billed = await ctx.db.transaction(async (tx) => {
    const invoice = await invoiceRow(tx, ctx, body.invoiceId, { lock: true });
    const [memo] = await tx.select().from(creditMemos).where(ofTenant(creditMemos, ctx, eq(creditMemos.id, body.creditMemoId))).for('update');
    if (!memo) throw notFound('Credit memo');
    if (memo.billingCustomerId !== invoice.billingCustomerId) throw new AppError(400, 'This credit memo belongs to another customer than the invoice.');
    const remaining = amountDueOf(memo.amount, memo.amountApplied, 0);
    if (compareMoney(body.amount, remaining) > 0 && compareMoney(body.amount, 0) > 0) {
      throw new AppError(400, `Amount must be at most what is left on the credit memo, ${moneyText(remaining)}.`);
    }
    ensureSettles(invoice, body.amount, 'aboveZero');
    const amount = String(body.amount);
    const creditsApplied = sumMoney([invoice.creditsApplied, amount]);
    const amountDue = amountDueOf(invoice.total, creditsApplied, invoice.paymentsTotal);
    await tx.update(creditMemos).set({ amountApplied: sumMoney([memo.amountApplied, amount]) }).where(ofTenant(creditMemos, ctx, eq(creditMemos.id, memo.id)));
    await tx.update(invoices).set({ creditsApplied, amountDue }).where(ofTenant(invoices, ctx, eq(invoices.id, invoice.id)));
    await reverseCommissions(tx, ctx, invoice, creditsApplied, await companyToday(ctx, tx));
    const [application] = await tx
      .insert(creditMemoApplications)
      .values({ subscriberId: ctx.actor.subscriberId, creditMemoId: memo.id, invoiceId: invoice.id, amount, appliedBy: ctx.actor.userId, appliedAt: ctx.now })
      .returning({ id: creditMemoApplications.id });
    await recordAudit(tx, ctx, { entity: 'creditMemo', entityId: memo.id, action: 'apply', after: { applicationId: application.id, invoiceId: invoice.id, amount } });
    return { changed: await billWhenSettled(tx, ctx, invoice, amountDue), workOrderId: invoice.workOrderId };
  });
  if (billed.changed) publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderStatus', workOrderId: billed.workOrderId, workOrderStatusId: WORK_ORDER_STATUS.Billed });
  return getInvoice(ctx, body.invoiceId, 'summary');
}
