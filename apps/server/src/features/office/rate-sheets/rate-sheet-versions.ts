import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RateSheetStatus, RateSheetSummary } from '@sm/shared';
import { customerRateSheets, customers, rateSheetLaborItems, rateSheetStandardItems, rateSheetTrucks, workOrderLabor, workOrderStandardItems } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { companyToday } from '../../platform/subscribers/company-time';
import { instantSql, sheetInEffectSql } from './rate-sheet-in-effect';
import { rateSheetSettings } from './rate-sheets.table';

/** Whether the company asks its customers to approve rate sheets before they take effect. */
export async function isApprovalRequired(db: DbOrTx, ctx: Ctx) {
  const [row] = await db.select().from(rateSheetSettings).where(eq(rateSheetSettings.subscriberId, ctx.actor.subscriberId));
  return row?.isApprovalRequired ?? false;
}

/** The version row's id, written out in full: a one-table select leaves its columns unqualified, and `id` inside the subqueries would be theirs. */
const versionId = sql.raw('"customer_rate_sheets"."id"');

/** Whether work was recorded at a version's rates (labor at its Employee Types or trucks, its items on work orders). */
const hasWorkSql = sql<boolean>`(exists (select 1 from ${workOrderLabor} l join ${rateSheetLaborItems} i on i.id = l.rate_sheet_labor_item_id where i.customer_rate_sheet_id = ${versionId})
  or exists (select 1 from ${workOrderLabor} l join ${rateSheetTrucks} k on k.id = l.rate_sheet_truck_id where k.customer_rate_sheet_id = ${versionId})
  or exists (select 1 from ${workOrderStandardItems} w join ${rateSheetStandardItems} s on s.id = w.rate_sheet_standard_item_id where s.customer_rate_sheet_id = ${versionId}))`;

/**
 * A version is changed in place only while it is saved or declined, was never in effect (a version counts from its
 * effective date once approved, or saved when the company does not ask approval) and no work was recorded at its
 * rates; otherwise editing makes a new version, so work keeps the rates of its day.
 */
export function isEditableVersion(v: { status: string; effectiveFrom: string; hasWork: boolean }, today: string, approvalRequired: boolean) {
  if (v.status !== 'saved' && v.status !== 'declined') return false;
  const counts = !approvalRequired && v.status === 'saved';
  return !(counts && v.effectiveFrom <= today) && !v.hasWork;
}

/** The versions of a billing customer's rate sheet (or the one named), newest effective first, as summaries. */
export async function versionSummaries(db: DbOrTx, ctx: Ctx, billingCustomerId: number, only?: number) {
  const [today, approvalRequired] = await Promise.all([companyToday(ctx, db), isApprovalRequired(db, ctx)]);
  const rows = await db
    .select({ v: customerRateSheets, hasWork: hasWorkSql, currentId: sheetInEffectSql(ctx.actor.subscriberId, billingCustomerId, instantSql(ctx.now)) })
    .from(customerRateSheets)
    .where(ofTenant(customerRateSheets, ctx, eq(customerRateSheets.billingCustomerId, billingCustomerId), only ? eq(customerRateSheets.id, only) : undefined))
    .orderBy(desc(customerRateSheets.effectiveFrom), desc(customerRateSheets.id));
  const summaries = rows.map(({ v, hasWork, currentId }): RateSheetSummary & { hasWork: boolean } => ({
    customerRateSheetId: v.id,
    name: v.name,
    effectiveFrom: v.effectiveFrom,
    status: v.status as RateSheetStatus,
    isCurrent: currentId === v.id,
    isEditable: isEditableVersion({ ...v, hasWork }, today, approvalRequired),
    createdAt: v.createdAt.toISOString(),
    hasWork,
  }));
  return { today, approvalRequired, summaries };
}

/** A billing customer of the caller's company, or the 404 another company's gets. */
export async function billingCustomerOf(db: DbOrTx, ctx: Ctx, billingCustomerId: number) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(ofTenant(customers, ctx, eq(customers.id, billingCustomerId), eq(customers.isBillingCustomer, true)));
  if (!row) throw notFound('Billing customer');
  return row;
}

/** A version of the caller's company, locked for a change when asked, or the 404 another company's gets. */
export async function versionRow(db: DbOrTx, ctx: Ctx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(customerRateSheets).where(ofTenant(customerRateSheets, ctx, eq(customerRateSheets.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Rate sheet');
  return row;
}

/** The labor, trucks and standard items of a version, in the order they were written. */
export async function versionParts(db: DbOrTx, ctx: Ctx, id: number) {
  const [labor, trucks, items] = await Promise.all([
    db.select().from(rateSheetLaborItems).where(ofTenant(rateSheetLaborItems, ctx, eq(rateSheetLaborItems.customerRateSheetId, id))).orderBy(asc(rateSheetLaborItems.id)),
    db.select().from(rateSheetTrucks).where(ofTenant(rateSheetTrucks, ctx, eq(rateSheetTrucks.customerRateSheetId, id))).orderBy(asc(rateSheetTrucks.id)),
    db.select().from(rateSheetStandardItems).where(and(eq(rateSheetStandardItems.subscriberId, ctx.actor.subscriberId), eq(rateSheetStandardItems.customerRateSheetId, id))).orderBy(asc(rateSheetStandardItems.id)),
  ]);
  return { labor, trucks, items };
}
