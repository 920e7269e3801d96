import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  computeInvoiceTotals, costPerMinute, EDITABLE_QUOTE_STATUSES, nextLaborStepAt, NTE_RAISE_QUOTE_TITLE, nteStanding, sumMoney, type Access, type NteMeter,
} from '@sm/shared';
import { quotes, quoteVersions } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { todayIn, workLinesOf, type WorkLines } from '../../money/invoices/invoice-source';
import { visibleWorkOrderRow } from '../../office/work-orders/work-order-office.service';

/** The work order facts the meter reads. */
export interface MeteredWorkOrder {
  id: number;
  customerId: number;
  billingCustomerId: number | null;
  nte: number | null;
}

/**
 * The open quote an earlier "Request NTE raise" drafted for the work order: its current version still Open or Pending
 * and titled as the request titles it. A second request answers this one instead of drafting another.
 */
export async function nteRaiseDraftOf(db: DbOrTx, ctx: Ctx, workOrderId: number) {
  const [draft] = await db
    .select({ quoteId: quotes.id, quoteNumber: quotes.quoteNumber, quoteVersion: quoteVersions.version })
    .from(quotes)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)))
    .where(ofTenant(quotes, ctx, eq(quotes.workOrderId, workOrderId), eq(quoteVersions.title, NTE_RAISE_QUOTE_TITLE), inArray(quoteVersions.status, [...EDITABLE_QUOTE_STATUSES])))
    .orderBy(desc(quotes.quoteNumber))
    .limit(1);
  return draft ?? null;
}

/**
 * The meter of work already read: the invoice engine's totals of the work (no tax, nothing the office adds at
 * invoicing), its standing against the NTE, and how the running labor moves it.
 */
export function meterOfWork(ctx: Ctx, wo: MeteredWorkOrder, work: WorkLines): Omit<NteMeter, 'nteRaiseQuote'> {
  const totals = computeInvoiceTotals({
    ...work,
    quotedValues: [],
    freight: 0,
    additionalLines: [],
    taxRate: 0,
    isServiceTaxable: false,
    isTaxExempt: false,
    taxExemptExpiresOn: null,
    invoiceDate: todayIn('UTC', ctx.now),
    isUseTax: false,
    credits: [],
    payments: [],
    convenienceFeePercent: 0,
  });
  const nte = wo.nte === null ? null : sumMoney([wo.nte]);
  const { level, percent } = nteStanding(totals.subtotal, nte);
  const billing = work.running.filter((r) => r.rate > 0);
  const steps = billing.map((r) => nextLaborStepAt(r.startedAt, ctx.now).getTime());
  return {
    workOrderId: wo.id,
    nte,
    labor: totals.laborTotal,
    materials: totals.materials,
    items: sumMoney([totals.standardItems, totals.rateSheetItems]),
    tripCharges: totals.tripCharges,
    total: totals.subtotal,
    percent,
    level,
    asOf: ctx.now.toISOString(),
    runningLaborCount: work.running.length,
    perMinute: costPerMinute(billing.map((r) => r.rate)),
    nextChangeAt: steps.length ? new Date(Math.min(...steps)).toISOString() : null,
  };
}

/** The meter of a work order read in `db` (a transaction's, when the caller writes). */
export async function meterOf(db: DbOrTx, ctx: Ctx, wo: MeteredWorkOrder) {
  // A work order without a billing customer bills its own site, as its invoice does.
  const work = await workLinesOf(db, ctx, { id: wo.id, billingCustomerId: wo.billingCustomerId ?? wo.customerId }, [], { isFinal: false });
  return { work, meter: meterOfWork(ctx, wo, work) };
}

/**
 * `GET WorkOrder/{workOrderId}/nte`: the live NTE meter of a work order the caller may see (spec clock 8): labor at its
 * rates with running labor up to now, materials and items, counted exactly as the invoice counts them, before tax.
 */
export async function nteMeterOf(ctx: Ctx, access: Access, workOrderId: number): Promise<NteMeter> {
  const wo = await visibleWorkOrderRow(ctx.db, ctx, access, workOrderId);
  const { meter } = await meterOf(ctx.db, ctx, wo);
  return { ...meter, nteRaiseQuote: await nteRaiseDraftOf(ctx.db, ctx, wo.id) };
}
