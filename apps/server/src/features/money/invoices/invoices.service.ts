import { eq, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import {
  compareMoney, jsonNumberOf, LABOR_LABELS, WORK_ORDER_STATUS,
  type BillingRow, type GridRequestParsed, type Invoice, type InvoiceBodyParsed, type InvoiceDisplayMode, type InvoicePreview, type InvoiceTotals,
} from '@sm/shared';
import { billingSettings, customers, invoiceLines, invoices, users, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import type { GridColumns } from '../../../lib/grid';
import { gridPage, type GridPageAnswer } from '../../../lib/grid-page';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { publishHubEvent } from '../../platform/realtime/publish';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { setWorkOrderStatus } from '../../office/work-orders/work-order-office.service';
import { enqueuePosting, invoiceDocumentNumber, invoicePostingState } from '../accounting/accounting-outbox.service';
import { freezeCommissions } from '../commissions/invoice-commissions';
import { invoiceView } from './invoice-answer';
import { invoiceDateOf, invoiceWorkOrder, workOrderTotals } from './invoice-source';

/** What is stored in `invoices.totals`: the engine's totals at submission and the labor entry of each labor line. */
type FrozenTotals = InvoiceTotals & { laborIds: (number | null)[] };
/** What an invoice's `totals` holds: those submitted before additional line items existed carry none. */
type StoredTotals = Omit<FrozenTotals, 'additionalLines' | 'additionalLineItems'> & Partial<Pick<InvoiceTotals, 'additionalLines' | 'additionalLineItems'>>;

/** `Invoice/preview`: the invoice the work order would get now, in one display mode. Nothing is written. */
export async function previewInvoice(ctx: Ctx, body: InvoiceBodyParsed, displayMode: InvoiceDisplayMode): Promise<InvoicePreview> {
  const wo = await invoiceWorkOrder(ctx.db, ctx, body.workOrderId);
  const { totals, laborIds } = await workOrderTotals(ctx.db, ctx, wo, body, { isFinal: false });
  return invoiceView(wo, invoiceDateOf(wo, body, ctx.now), totals, laborIds, displayMode);
}

/** The lines of an invoice as stored, in the order the details mode shows them; a standard-item line keeps its item. */
function storedLines(invoiceId: number, subscriberId: number, t: InvoiceTotals, standardItemIds: number[]) {
  const lines = [
    ...t.laborLines.map((l) => ({ kind: l.kind, description: LABOR_LABELS[l.kind], technician: l.technician, quantity: l.hours, rate: l.rate, discount: l.discount, amount: l.net })),
    ...t.materialLines.map((m) => ({ kind: 'material', description: m.description, quantity: m.quantity, rate: m.unitPrice, amount: m.amount })),
    ...t.standardItemLines.map((m, i) => ({ kind: 'standardItem', description: m.description, quantity: m.quantity, rate: m.unitPrice, amount: m.amount, standardItemId: standardItemIds[i] })),
    ...t.rateSheetItemLines.map((m) => ({ kind: 'rateSheetItem', description: m.description, quantity: m.quantity, rate: m.unitPrice, amount: m.amount })),
    ...t.quotedLines.map((q) => ({ kind: 'quoted', description: q.description, amount: q.amount })),
    ...t.tripChargeLines.map((q) => ({ kind: 'tripCharge', description: q.description, amount: q.amount })),
    ...(compareMoney(t.freight, 0) > 0 ? [{ kind: 'freight', description: 'Freight', amount: t.freight }] : []),
    ...t.additionalLines.map((a) => ({ kind: 'additionalLineItem', description: a.description, amount: a.amount, additionalLineItemId: a.additionalLineItemId })),
  ];
  return lines.map((l, ordinal) => ({ ...l, invoiceId, subscriberId, ordinal }));
}

/**
 * `Invoice/submit`: numbers the invoice from the company's counter, freezes every total and line of the work order as
 * it is now, and moves the work order to Invoice Submitted (53) with its status history, in one transaction. A work
 * order has one invoice; running labor, a state without a tax rate, or nothing to bill are refused.
 */
export async function submitInvoice(ctx: Ctx, body: InvoiceBodyParsed): Promise<Invoice> {
  const invoiceId = await ctx.db.transaction(async (tx) => {
    const wo = await invoiceWorkOrder(tx, ctx, body.workOrderId, { lock: true });
    const [existing] = await tx.select({ invoiceNumber: invoices.invoiceNumber }).from(invoices).where(ofTenant(invoices, ctx, eq(invoices.workOrderId, wo.id)));
    if (existing) throw new AppError(409, `Work order ${wo.workOrderNumber} already has invoice ${existing.invoiceNumber}.`);
    const { totals, laborIds, standardItemIds } = await workOrderTotals(tx, ctx, wo, body, { isFinal: true });
    if (compareMoney(totals.subtotal, 0) <= 0) throw new AppError(409, 'There is nothing to invoice on this work order.');
    const invoiceNumber = await takeInvoiceNumber(tx, ctx);
    const frozen: FrozenTotals = { ...totals, laborIds };
    const [row] = await tx
      .insert(invoices)
      .values({
        subscriberId: ctx.actor.subscriberId, invoiceNumber, workOrderId: wo.id, customerId: wo.customerId, billingCustomerId: wo.billingCustomerId,
        state: wo.state, invoiceDate: invoiceDateOf(wo, body, ctx.now), subtotal: totals.subtotal, totalTaxable: totals.totalTaxable,
        taxRate: totals.taxRate, tax: totals.tax, useTax: totals.useTax, isTaxExempt: totals.isTaxExempt, isUseTax: totals.isUseTax, total: totals.total,
        convenienceFeePercent: totals.convenienceFeePercent, totals: frozen, amountDue: totals.total, submittedBy: ctx.actor.userId, submittedAt: ctx.now,
      })
      .returning();
    await freezeCommissions(tx, ctx, row);
    await tx.insert(invoiceLines).values(storedLines(row.id, ctx.actor.subscriberId, totals, standardItemIds));
    await enqueuePosting(tx, ctx, { documentKind: 'invoice', documentNumber: invoiceDocumentNumber(invoiceNumber), invoiceId: row.id });
    await setWorkOrderStatus(tx, ctx, { id: wo.id, workOrderStatusId: wo.workOrderStatusId }, WORK_ORDER_STATUS.InvoiceSubmitted);
    await recordAudit(tx, ctx, { entity: 'invoice', entityId: row.id, action: 'create', after: { invoiceNumber, workOrderId: wo.id, total: totals.total } });
    return row.id;
  });
  publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderStatus', workOrderId: body.workOrderId, workOrderStatusId: WORK_ORDER_STATUS.InvoiceSubmitted });
  return getInvoice(ctx, invoiceId, 'summary');
}

/** The next invoice number of the company, counted up in the same transaction (the counter row is created on first use). */
async function takeInvoiceNumber(tx: Tx, ctx: Ctx): Promise<number> {
  const [row] = await tx
    .insert(billingSettings)
    .values({ subscriberId: ctx.actor.subscriberId, nextInvoiceNumber: 2 })
    .onConflictDoUpdate({ target: billingSettings.subscriberId, set: { nextInvoiceNumber: sql`${billingSettings.nextInvoiceNumber} + 1` } })
    .returning({ next: billingSettings.nextInvoiceNumber });
  return row.next - 1;
}

/** A submitted invoice of the caller's company, locked for update inside a transaction when asked; 404 otherwise. */
export async function invoiceRow(db: DbOrTx, ctx: Ctx, invoiceId: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(invoices).where(ofTenant(invoices, ctx, eq(invoices.id, invoiceId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Invoice');
  return row;
}

/** Whether an invoice is settled in full. */
export const statusOf = (amountDue: string) => (compareMoney(amountDue, 0) === 0 ? 'Paid' : 'Submitted') as Invoice['status'];

/**
 * `Invoice/{invoiceId}`: the invoice with the totals frozen at submission, whatever rates say today, and the credits
 * applied and payments taken since, in one display mode.
 */
export async function getInvoice(ctx: Ctx, invoiceId: number, displayMode: InvoiceDisplayMode): Promise<Invoice> {
  const row = await invoiceRow(ctx.db, ctx, invoiceId);
  const [wo] = await ctx.db.select({ workOrderNumber: workOrders.workOrderNumber }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, row.workOrderId)));
  const [site] = await ctx.db.select({ name: customers.name }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, row.customerId)));
  const [payer] = await ctx.db.select({ name: customers.name }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, row.billingCustomerId)));
  const [by] = row.submittedBy ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.submittedBy)) : [];
  const frozen = row.totals as StoredTotals;
  const { laborIds, ...stored } = frozen;
  const totals: InvoiceTotals = {
    ...stored,
    additionalLines: stored.additionalLines ?? [],
    additionalLineItems: stored.additionalLineItems ?? '0.00',
    invoiceCredits: row.creditsApplied,
    payments: row.paymentsTotal,
    convenienceFeeForCcTotal: row.convenienceFees,
    totalDue: row.amountDue,
  };
  const view = invoiceView(
    { id: row.workOrderId, workOrderNumber: wo.workOrderNumber, customerName: site.name, billingCustomerId: row.billingCustomerId, billingCustomerName: payer.name, state: row.state },
    row.invoiceDate,
    totals,
    laborIds,
    displayMode,
  );
  return {
    invoiceId: row.id,
    invoiceNumber: row.invoiceNumber,
    status: statusOf(row.amountDue),
    submittedBy: by?.name ?? null,
    submittedAt: row.submittedAt.toISOString(),
    accountingPosting: await invoicePostingState(ctx.db, ctx, row.id),
    ...view,
  };
}

const billingCustomer = alias(customers, 'billing_customer');
const GRID_COLUMNS: GridColumns = {
  invoiceNumber: { sql: invoices.invoiceNumber, type: 'number' },
  workOrderNumber: { sql: workOrders.workOrderNumber, type: 'text' },
  billingCustomerName: { sql: billingCustomer.name, type: 'text' },
  invoiceDate: { sql: invoices.invoiceDate, type: 'day' },
  total: { sql: invoices.total, type: 'number' },
  amountDue: { sql: invoices.amountDue, type: 'number' },
  status: { sql: sql`case when ${invoices.amountDue} = 0 then 'Paid' else 'Submitted' end`, type: 'text' },
};

/** `Billing/invoices`: the billing grid, newest invoice first unless sorted, with what each still has due. */
export async function billingGrid(ctx: Ctx, req: GridRequestParsed): Promise<GridPageAnswer<BillingRow>> {
  const spec = {
    request: req,
    columns: GRID_COLUMNS,
    defaultSort: { field: 'invoiceNumber', dir: 'desc' } as const,
    timeZone: () => companyTimeZone(ctx),
    table: invoices,
    id: invoices.id,
    where: ofTenant(invoices, ctx),
    join: (query: PgSelect) =>
      query
        .innerJoin(workOrders, eq(workOrders.id, invoices.workOrderId))
        .innerJoin(billingCustomer, eq(billingCustomer.id, invoices.billingCustomerId)) as PgSelect,
    select: {
      invoiceId: invoices.id, invoiceNumber: invoices.invoiceNumber, workOrderId: invoices.workOrderId, workOrderNumber: workOrders.workOrderNumber,
      billingCustomerName: billingCustomer.name, invoiceDate: invoices.invoiceDate, total: invoices.total, amountDue: invoices.amountDue,
    },
  };
  return gridPage(ctx.db, spec, (rows) =>
    rows.map((r) => ({ ...r, total: jsonNumberOf(r.total), amountDue: jsonNumberOf(r.amountDue), status: statusOf(r.amountDue) })),
  );
}
