import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BILLABLE_MATERIAL_STATUS_IDS, computeInvoiceTotals, compareMoney, hoursOf, isTaxExemptOn, lineTotal,
  type InvoiceBodyParsed, type InvoiceTotals, type InvoiceTotalsInput, type LaborKind,
} from '@sm/shared';
import {
  billingSettings, customers, intacctAdditionalLineItems, rateSheetLaborItems, rateSheetTrucks, subscribers, taxRatesPerState, users,
  workOrderMaterials, workOrderStandardItems, workOrders,
} from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { workOrderLabor } from '../../field/clock/labor.table';
import { sheetInEffectSql } from '../../office/rate-sheets/rate-sheet-in-effect';

const billing = alias(customers, 'billing_customer');

/** The work order an invoice is for, with its site, who pays and the facts its tax depends on; locked when asked. */
export async function invoiceWorkOrder(db: DbOrTx, ctx: Ctx, workOrderId: number, opts: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      workOrderStatusId: workOrders.workOrderStatusId,
      customerId: customers.id,
      customerName: customers.name,
      state: customers.state,
      isSiteTaxExempt: customers.isTaxExempt,
      siteTaxExemptExpiresOn: customers.taxExemptExpiresOn,
      billingCustomerId: billing.id,
      billingCustomerName: billing.name,
      isBillingTaxExempt: billing.isTaxExempt,
      billingTaxExemptExpiresOn: billing.taxExemptExpiresOn,
      timeZone: subscribers.timeZone,
    })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    // A work order without a billing customer bills its own site.
    .innerJoin(billing, eq(billing.id, sql`coalesce(${workOrders.billingCustomerId}, ${workOrders.customerId})`))
    .innerJoin(subscribers, eq(subscribers.id, workOrders.subscriberId))
    .where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId)));
  const [row] = opts.lock ? await query.for('update', { of: workOrders }) : await query;
  if (!row) throw notFound('Work order');
  return row;
}
export type InvoiceWorkOrder = Awaited<ReturnType<typeof invoiceWorkOrder>>;

type RateRow = typeof rateSheetLaborItems.$inferSelect;

/** Which rate a labor entry is billed at: apprentice, stand-by (rate type 3), overtime (or rate type 2), else regular. */
function kindAndRate(entry: { isOvertime: boolean; isApprenticeRateApplied: boolean; itemRateTypeId: number | null }, rates: RateRow | undefined): [LaborKind, number] {
  if (entry.isApprenticeRateApplied && rates?.apprenticeRate != null) return ['apprentice', rates.apprenticeRate];
  if (entry.itemRateTypeId === 3) return ['standby', rates?.standByRate ?? 0];
  if (entry.isOvertime || entry.itemRateTypeId === 2) return ['overtime', rates?.otHourlyRate ?? 0];
  return ['regular', rates?.hourlyRate ?? 0];
}

/** A company's date today, YYYY-MM-DD. */
export const todayIn = (timeZone: string, now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The invoice's date: the one the office wrote, else the company's today in its time zone. */
export const invoiceDateOf = (wo: Pick<InvoiceWorkOrder, 'timeZone'>, body: Pick<InvoiceBodyParsed, 'invoiceDate'>, now: Date) => body.invoiceDate ?? todayIn(wo.timeZone, now);

/**
 * The exemption an invoice of this date is under: the site's or the payer's, whichever certificate covers the date
 * (helpers/invoice-totals.ts says when one does); else the customer's ended one, which the totals then ignore.
 */
function exemptionOf(wo: InvoiceWorkOrder, invoiceDate: string): { isTaxExempt: boolean; expiresOn: string | null } {
  const both = [
    { isTaxExempt: wo.isSiteTaxExempt, expiresOn: wo.siteTaxExemptExpiresOn },
    { isTaxExempt: wo.isBillingTaxExempt, expiresOn: wo.billingTaxExemptExpiresOn },
  ];
  return both.find((e) => isTaxExemptOn(e, invoiceDate)) ?? both.find((e) => e.isTaxExempt) ?? { isTaxExempt: false, expiresOn: null };
}

/**
 * The technician's first Employee Type on the billing customer's rate sheet version in effect on the labor's day, as
 * a column of a labor query: what a labor entry started without an Employee Type is billed at.
 */
const fallbackItemOf = (ctx: Ctx, billingCustomerId: number | null) => sql<number | null>`(select i.id from ${rateSheetLaborItems} i
   where i.subscriber_id = ${ctx.actor.subscriberId} and i.technician_user_id = ${workOrderLabor.userId}
     and i.customer_rate_sheet_id = ${sheetInEffectSql(ctx.actor.subscriberId, billingCustomerId, workOrderLabor.startedAt)}
   order by i.id limit 1)`;

/**
 * The work a work order has to bill now, priced as its invoice prices it: its labor entries at the billing customer's
 * rate sheet rates (the entry's Employee Type, else the technician's first item on the version in effect on the
 * labor's day), trip charges of the trucks used, billable materials, standard and rate-sheet items. Running labor
 * counts up to now (each running entry is also answered with its start and rate); `isFinal` refuses it, as submission
 * does. The invoice and the live NTE meter both count through here, so they never disagree.
 */
export async function workLinesOf(db: DbOrTx, ctx: Ctx, wo: Pick<InvoiceWorkOrder, 'id' | 'billingCustomerId'>, laborDiscounts: InvoiceBodyParsed['laborDiscounts'], opts: { isFinal: boolean }) {
  const labor = await db
    .select({ l: workOrderLabor, rates: rateSheetLaborItems, truck: rateSheetTrucks, technician: users.name, fallbackItemId: fallbackItemOf(ctx, wo.billingCustomerId) })
    .from(workOrderLabor)
    .innerJoin(users, eq(users.id, workOrderLabor.userId))
    .leftJoin(rateSheetLaborItems, eq(rateSheetLaborItems.id, workOrderLabor.rateSheetLaborItemId))
    .leftJoin(rateSheetTrucks, eq(rateSheetTrucks.id, workOrderLabor.rateSheetTruckId))
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.workOrderId, wo.id)))
    .orderBy(asc(workOrderLabor.startedAt), asc(workOrderLabor.id));
  if (opts.isFinal && labor.some((r) => r.l.stoppedAt === null)) {
    throw new AppError(409, 'Labor on this work order is still running: the technician must clock out before it is invoiced.');
  }
  const fallbackIds = [...new Set(labor.flatMap((r) => (r.rates || r.fallbackItemId == null ? [] : [r.fallbackItemId])))];
  const sheetRates = fallbackIds.length ? await db.select().from(rateSheetLaborItems).where(ofTenant(rateSheetLaborItems, ctx, inArray(rateSheetLaborItems.id, fallbackIds))) : [];
  const discounts = new Map<number, number>();
  for (const d of laborDiscounts) {
    if (!labor.some((r) => r.l.id === d.workOrderLaborId)) throw new AppError(400, `Labor entry ${d.workOrderLaborId} is not on this work order.`);
    discounts.set(d.workOrderLaborId, d.discount);
  }
  const running: { startedAt: Date; rate: number }[] = [];
  const laborLines = labor.map(({ l, rates, technician, fallbackItemId }) => {
    const own = rates ?? sheetRates.find((s) => s.id === fallbackItemId);
    const [kind, rate] = kindAndRate(l, own);
    const hours = hoursOf(((l.stoppedAt ?? ctx.now).getTime() - l.startedAt.getTime()) / 1000);
    const discount = discounts.get(l.id) ?? 0;
    if (compareMoney(discount, lineTotal(hours, rate)) > 0) throw new AppError(400, `The discount on labor entry ${l.id} is more than its charge.`);
    if (l.stoppedAt === null) running.push({ startedAt: l.startedAt, rate });
    return { workOrderLaborId: l.id, kind, technician, hours, rate, discount };
  });
  const tripCharges = labor.filter((r) => r.truck).map((r) => ({ description: `${r.truck!.name} trip`, amount: r.truck!.tripCharge }));

  const materials = await db
    .select()
    .from(workOrderMaterials)
    .where(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.workOrderId, wo.id), inArray(workOrderMaterials.materialStatusId, [...BILLABLE_MATERIAL_STATUS_IDS])))
    .orderBy(asc(workOrderMaterials.createdAt), asc(workOrderMaterials.id));
  const items = await db
    .select()
    .from(workOrderStandardItems)
    .where(ofTenant(workOrderStandardItems, ctx, eq(workOrderStandardItems.workOrderId, wo.id)))
    .orderBy(asc(workOrderStandardItems.createdAt), asc(workOrderStandardItems.id));
  return {
    labor: laborLines,
    running,
    tripCharges,
    materials: materials.map((m) => ({ description: m.partNumber ? `${m.partNumber} ${m.description}` : m.description, quantity: m.quantity, unitPrice: m.unitPrice, unitCost: m.unitCost, markupPercent: m.markupPercent })),
    standardItems: items.filter((i) => i.standardItemId != null).map((i) => ({ description: i.name, quantity: i.quantity, unitPrice: i.unitPrice })),
    /** The standard item of each standard-item line, in the same order. */
    standardItemIds: items.flatMap((i) => (i.standardItemId != null ? [i.standardItemId] : [])),
    rateSheetItems: items.filter((i) => i.rateSheetStandardItemId != null).map((i) => ({ description: i.name, quantity: i.quantity, unitPrice: i.unitPrice })),
  };
}
export type WorkLines = Awaited<ReturnType<typeof workLinesOf>>;

/**
 * What an invoice of the work order is made of now: its work (`workLinesOf`), what the office adds, and the tax of
 * the site's state.
 */
export async function invoiceInput(db: DbOrTx, ctx: Ctx, wo: InvoiceWorkOrder, body: InvoiceBodyParsed, opts: { isFinal: boolean }) {
  const work = await workLinesOf(db, ctx, wo, body.laborDiscounts, opts);
  const invoiceDate = invoiceDateOf(wo, body, ctx.now);
  const exemption = exemptionOf(wo, invoiceDate);
  const isTaxExempt = isTaxExemptOn(exemption, invoiceDate);
  const [tax] = await db.select().from(taxRatesPerState).where(and(eq(taxRatesPerState.subscriberId, ctx.actor.subscriberId), eq(taxRatesPerState.state, wo.state.toUpperCase())));
  if (!tax && !isTaxExempt) throw new AppError(409, `No tax rate is set for ${wo.state}: add it under Tax Status Per State first.`);
  const [settings] = await db.select().from(billingSettings).where(eq(billingSettings.subscriberId, ctx.actor.subscriberId));
  await ensureAdditionalLineItems(db, ctx, body.additionalLines);

  const input: InvoiceTotalsInput = {
    labor: work.labor,
    quotedValues: body.quotedValues,
    freight: body.freight,
    materials: work.materials,
    standardItems: work.standardItems,
    rateSheetItems: work.rateSheetItems,
    tripCharges: work.tripCharges,
    additionalLines: body.additionalLines,
    taxRate: tax?.taxRate ?? '0',
    isServiceTaxable: tax?.isServiceTaxable ?? false,
    isTaxExempt: exemption.isTaxExempt,
    taxExemptExpiresOn: exemption.expiresOn,
    invoiceDate,
    isUseTax: body.isUseTax,
    credits: [],
    payments: [],
    convenienceFeePercent: settings?.convenienceFeePercent ?? '0',
  };
  return { input, laborIds: work.labor.map((l) => l.workOrderLaborId), standardItemIds: work.standardItemIds };
}

/**
 * The additional line items an invoice body names must be the company's (another company's is a 404) and active: a
 * retired one is no longer offered.
 */
async function ensureAdditionalLineItems(db: DbOrTx, ctx: Ctx, lines: InvoiceBodyParsed['additionalLines']) {
  const ids = [...new Set(lines.map((l) => l.additionalLineItemId))];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: intacctAdditionalLineItems.id, name: intacctAdditionalLineItems.name, isActive: intacctAdditionalLineItems.isActive })
    .from(intacctAdditionalLineItems)
    .where(ofTenant(intacctAdditionalLineItems, ctx, inArray(intacctAdditionalLineItems.id, ids)));
  if (rows.length !== ids.length) throw notFound('Additional line item');
  const retired = rows.find((r) => !r.isActive);
  if (retired) throw new AppError(409, `The additional line item ${retired.name} is retired and can no longer be added to an invoice.`);
}

/** The engine's totals of a work order now, the labor entry behind each labor line and the item behind each standard-item line. */
export async function workOrderTotals(
  db: DbOrTx, ctx: Ctx, wo: InvoiceWorkOrder, body: InvoiceBodyParsed, opts: { isFinal: boolean },
): Promise<{ totals: InvoiceTotals; laborIds: number[]; standardItemIds: number[] }> {
  const { input, laborIds, standardItemIds } = await invoiceInput(db, ctx, wo, body, opts);
  return { totals: computeInvoiceTotals(input), laborIds, standardItemIds };
}
