import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { jsonNumberOf, type CustomerRateSheet, type RateSheetCustomer, type RateSheetSettings, type RateSheetTechnician, type RateSheetVersion } from '@sm/shared';
import type { z } from 'zod';
import type { saveRateSheetBody } from '@sm/shared';
import { contacts, customerRateSheets, customers, itemRateTypes, perDiemTypes, rateSheetLaborItems, rateSheetStandardItems, rateSheetTrucks, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { approvalsOf } from './rate-sheet-approval.service';
import { instantSql, sheetInEffectSql } from './rate-sheet-in-effect';
import { billingCustomerOf, isApprovalRequired, versionParts, versionRow, versionSummaries } from './rate-sheet-versions';
import { rateSheetPerDiems, rateSheetSettings } from './rate-sheets.table';

type VersionInput = z.output<typeof saveRateSheetBody>;

/** `GET RateSheet/customers`: the company's billing customers matching a search, with their rate sheet's versions. */
export async function listRateSheetCustomers(ctx: Ctx, search: string | undefined): Promise<RateSheetCustomer[]> {
  const words = search?.trim().toLowerCase();
  // The customer row's id written out in full: a one-table select leaves its columns unqualified, and `id` inside the subqueries would be theirs.
  const customerId = sql.raw('"customers"."id"');
  const current = sheetInEffectSql(ctx.actor.subscriberId, customerId, instantSql(ctx.now));
  const rows = await ctx.db
    .select({
      id: customers.id, name: customers.name, city: customers.city, state: customers.state,
      versionCount: sql<number>`(select count(*)::int from ${customerRateSheets} v where v.subscriber_id = ${ctx.actor.subscriberId} and v.billing_customer_id = ${customerId})`,
      currentVersionName: sql<string | null>`(select v.name from ${customerRateSheets} v where v.id = ${current})`,
    })
    .from(customers)
    .where(ofTenant(customers, ctx, eq(customers.isBillingCustomer, true), words ? sql`strpos(lower(${customers.name}), ${words}) > 0` : undefined))
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id))
    .limit(50);
  return rows.map((r) => ({ billingCustomerId: r.id, name: r.name, city: r.city, state: r.state, versionCount: r.versionCount, currentVersionName: r.currentVersionName }));
}

/** `GET RateSheet/customer/{billingCustomerId}`: a billing customer's rate sheet versions and the addresses it may be sent to. */
export async function readCustomerRateSheet(ctx: Ctx, billingCustomerId: number): Promise<CustomerRateSheet> {
  const customer = await billingCustomerOf(ctx.db, ctx, billingCustomerId);
  const [{ today, approvalRequired, summaries }, people] = await Promise.all([
    versionSummaries(ctx.db, ctx, customer.id),
    ctx.db.select({ name: contacts.name, email: contacts.email }).from(contacts).where(ofTenant(contacts, ctx, eq(contacts.customerId, customer.id))).orderBy(desc(contacts.isPrimary), asc(contacts.name)),
  ]);
  return {
    billingCustomerId: customer.id,
    billingCustomerName: customer.name,
    isApprovalRequired: approvalRequired,
    today,
    versions: summaries.map(({ hasWork: _, ...s }) => s),
    // The contacts with an address, then the customer's own address when no contact has it (an imported customer has no contacts).
    contacts: [...people, { name: customer.name, email: customer.email }].filter(
      (p, i, all): p is { name: string; email: string } => !!p.email && all.findIndex((q) => q.email?.toLowerCase() === p.email!.toLowerCase()) === i,
    ),
  };
}

/** `GET RateSheet/{customerRateSheetId}`: one version with every rate, and its approval requests. */
export async function readRateSheetVersion(ctx: Ctx, id: number): Promise<RateSheetVersion> {
  const row = await versionRow(ctx.db, ctx, id);
  const customer = await billingCustomerOf(ctx.db, ctx, row.billingCustomerId);
  const [{ summaries }, parts, perDiems, names, rateTypes, approvals] = await Promise.all([
    versionSummaries(ctx.db, ctx, row.billingCustomerId, id),
    versionParts(ctx.db, ctx, id),
    ctx.db
      .select({ perDiemTypeId: rateSheetPerDiems.perDiemTypeId, amount: rateSheetPerDiems.amount, perDiemTypeName: perDiemTypes.name })
      .from(rateSheetPerDiems)
      .innerJoin(perDiemTypes, eq(perDiemTypes.id, rateSheetPerDiems.perDiemTypeId))
      .where(ofTenant(rateSheetPerDiems, ctx, eq(rateSheetPerDiems.customerRateSheetId, id)))
      .orderBy(asc(rateSheetPerDiems.id)),
    ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.subscriberId, ctx.actor.subscriberId)),
    ctx.db.select().from(itemRateTypes),
    approvalsOf(ctx, id),
  ]);
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  const rateTypeOf = new Map(rateTypes.map((t) => [t.id, t.name]));
  const { hasWork: _, ...summary } = summaries[0];
  return {
    ...summary,
    billingCustomerId: customer.id,
    billingCustomerName: customer.name,
    labor: parts.labor.map((l) => ({
      rateSheetLaborItemId: l.id, technicianUserId: l.technicianUserId, technicianName: nameOf.get(l.technicianUserId) ?? '', employeeType: l.name,
      hourlyRate: l.hourlyRate, otHourlyRate: l.otHourlyRate, standByRate: l.standByRate, apprenticeRate: l.apprenticeRate, dailyRate: l.dailyRate,
    })),
    trucks: parts.trucks.map((t) => ({ rateSheetTruckTypeId: t.id, name: t.name, hourlyRate: t.hourlyRate, tripCharge: t.tripCharge })),
    perDiems: perDiems.map((p) => ({ perDiemTypeId: p.perDiemTypeId, perDiemTypeName: p.perDiemTypeName, amount: jsonNumberOf(p.amount) })),
    standardItems: parts.items.map((s) => ({ rateSheetStandardItemId: s.id, name: s.name, itemRateTypeId: s.itemRateTypeId, itemRateTypeName: rateTypeOf.get(s.itemRateTypeId) ?? '', price: jsonNumberOf(s.price) })),
    approvals,
  };
}

/** Refuses technicians, per-diem types and item rate types that are not the company's (or shared). */
async function checkVersionReferences(tx: Tx, ctx: Ctx, body: VersionInput) {
  const techIds = [...new Set(body.labor.map((l) => l.technicianUserId))];
  if (techIds.length) {
    const found = await tx.select({ id: users.id }).from(users).where(and(eq(users.subscriberId, ctx.actor.subscriberId), inArray(users.id, techIds)));
    const missing = techIds.find((id) => !found.some((f) => f.id === id));
    if (missing) throw new AppError(400, `Technician ${missing} was not found.`);
  }
  const typeIds = [...new Set(body.perDiems.map((p) => p.perDiemTypeId))];
  if (typeIds.length) {
    const found = await tx
      .select({ id: perDiemTypes.id })
      .from(perDiemTypes)
      .where(and(inArray(perDiemTypes.id, typeIds), or(isNull(perDiemTypes.subscriberId), eq(perDiemTypes.subscriberId, ctx.actor.subscriberId))));
    const missing = typeIds.find((id) => !found.some((f) => f.id === id));
    if (missing) throw new AppError(400, `Per diem type ${missing} was not found.`);
  }
  const rateTypeIds = [...new Set(body.standardItems.map((s) => s.itemRateTypeId))];
  if (rateTypeIds.length) {
    const found = await tx.select({ id: itemRateTypes.id }).from(itemRateTypes).where(inArray(itemRateTypes.id, rateTypeIds));
    const missing = rateTypeIds.find((id) => !found.some((f) => f.id === id));
    if (missing) throw new AppError(400, `Item rate type ${missing} was not found.`);
  }
}

/** Writes a version's rates (replacing those it had). */
async function writeParts(tx: Tx, ctx: Ctx, id: number, body: VersionInput) {
  const subscriberId = ctx.actor.subscriberId;
  for (const table of [rateSheetLaborItems, rateSheetTrucks, rateSheetStandardItems, rateSheetPerDiems]) {
    await tx.delete(table).where(and(eq(table.subscriberId, subscriberId), eq(table.customerRateSheetId, id)));
  }
  if (body.labor.length) {
    await tx.insert(rateSheetLaborItems).values(
      body.labor.map((l) => ({
        subscriberId, customerRateSheetId: id, technicianUserId: l.technicianUserId, name: l.employeeType,
        hourlyRate: l.hourlyRate, otHourlyRate: l.otHourlyRate, standByRate: l.standByRate, apprenticeRate: l.apprenticeRate ?? null, dailyRate: l.dailyRate,
      })),
    );
  }
  if (body.trucks.length) await tx.insert(rateSheetTrucks).values(body.trucks.map((t) => ({ subscriberId, customerRateSheetId: id, ...t })));
  if (body.perDiems.length) await tx.insert(rateSheetPerDiems).values(body.perDiems.map((p) => ({ subscriberId, customerRateSheetId: id, perDiemTypeId: p.perDiemTypeId, amount: String(p.amount) })));
  if (body.standardItems.length) {
    await tx.insert(rateSheetStandardItems).values(body.standardItems.map((s) => ({ subscriberId, customerRateSheetId: id, name: s.name, itemRateTypeId: s.itemRateTypeId, price: String(s.price) })));
  }
}

const auditOf = (body: VersionInput) => ({ name: body.name, effectiveFrom: body.effectiveFrom, labor: body.labor, trucks: body.trucks, perDiems: body.perDiems, standardItems: body.standardItems });

/**
 * `POST RateSheet`: a new version of a billing customer's rate sheet (the page starts it as a copy of the version in
 * effect). It takes effect on its date once approved, or at once when the company does not ask approval.
 */
export async function createRateSheetVersion(ctx: Ctx, body: z.output<typeof saveRateSheetBody> & { billingCustomerId: number }): Promise<RateSheetVersion> {
  const id = await ctx.db.transaction(async (tx) => {
    const customer = await billingCustomerOf(tx, ctx, body.billingCustomerId);
    await checkVersionReferences(tx, ctx, body);
    const [row] = await tx
      .insert(customerRateSheets)
      .values({ subscriberId: ctx.actor.subscriberId, billingCustomerId: customer.id, name: body.name, effectiveFrom: body.effectiveFrom, status: 'saved', createdBy: ctx.actor.userId, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: customerRateSheets.id });
    await writeParts(tx, ctx, row.id, body);
    await recordAudit(tx, ctx, { entity: 'customerRateSheet', entityId: row.id, action: 'create', after: { billingCustomerId: customer.id, ...auditOf(body) } });
    return row.id;
  });
  return readRateSheetVersion(ctx, id);
}

/**
 * `PUT RateSheet/{customerRateSheetId}`: changes a version in place while it may be (see `isEditableVersion`); a
 * version in effect, approved, waiting for the customer or with work at its rates is kept as it is (409). A declined
 * version changed goes back to saved, to be sent again.
 */
export async function updateRateSheetVersion(ctx: Ctx, id: number, body: VersionInput): Promise<RateSheetVersion> {
  await ctx.db.transaction(async (tx) => {
    const row = await versionRow(tx, ctx, id, { lock: true });
    await checkVersionReferences(tx, ctx, body);
    const { summaries } = await versionSummaries(tx, ctx, row.billingCustomerId, id);
    if (!summaries[0].isEditable) {
      throw new AppError(409, `Rate sheet "${row.name}" is in effect, approved, waiting for the customer or has work at its rates, so it is kept as it is: make a new version to change the rates.`);
    }
    await tx.update(customerRateSheets).set({ name: body.name, effectiveFrom: body.effectiveFrom, status: 'saved', updatedAt: ctx.now }).where(ofTenant(customerRateSheets, ctx, eq(customerRateSheets.id, id)));
    await writeParts(tx, ctx, id, body);
    await recordAudit(tx, ctx, { entity: 'customerRateSheet', entityId: id, action: 'update', before: { name: row.name, effectiveFrom: row.effectiveFrom, status: row.status }, after: auditOf(body) });
  });
  return readRateSheetVersion(ctx, id);
}

/** `GET RateSheet/technicians`: the company's active users, who may be given rates on a sheet. */
export async function listRateSheetTechnicians(ctx: Ctx): Promise<RateSheetTechnician[]> {
  const rows = await ctx.db.select({ userId: users.id, name: users.name }).from(users).where(and(eq(users.subscriberId, ctx.actor.subscriberId), eq(users.isActive, true))).orderBy(asc(users.name));
  return rows;
}

/** `GET RateSheet/settings`. */
export async function readRateSheetSettings(ctx: Ctx): Promise<RateSheetSettings> {
  return { isApprovalRequired: await isApprovalRequired(ctx.db, ctx) };
}

/** `PUT RateSheet/settings`: whether versions take effect only once the customer approves them. */
export async function saveRateSheetSettings(ctx: Ctx, body: RateSheetSettings): Promise<RateSheetSettings> {
  await ctx.db.transaction(async (tx) => {
    const before = await isApprovalRequired(tx, ctx);
    await tx
      .insert(rateSheetSettings)
      .values({ subscriberId: ctx.actor.subscriberId, isApprovalRequired: body.isApprovalRequired })
      .onConflictDoUpdate({ target: rateSheetSettings.subscriberId, set: { isApprovalRequired: body.isApprovalRequired } });
    await recordAudit(tx, ctx, { entity: 'rateSheetSettings', entityId: ctx.actor.subscriberId, action: 'update', before: { isApprovalRequired: before }, after: body });
  });
  return body;
}

