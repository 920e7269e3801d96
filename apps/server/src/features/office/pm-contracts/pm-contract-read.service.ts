import { createRequire } from 'node:module';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { jsonNumberOf, type PmContract, type PmContractEquipment, type PmContractList, type PmContractListParsed, type PmContractSummary } from '@sm/shared';
import { companyListRows, contacts, customers, equipment, equipmentCategories, pmContractEquipment, pmContracts, users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { customerAddressLine } from '../customers/customer-address';
import { containsPattern } from '../customers/customer-visibility';
import { companyToday } from '../../platform/subscribers/company-time';
import { pmApprovalsOf } from './pm-contract-approval.service';

// rrule ships CommonJS without named ESM exports; require it so Node, tsx and Vitest all load the same build.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

const summaryColumns = {
  c: pmContracts,
  customerName: customers.name,
  customerAddress: customerAddressLine,
  technicianName: users.name,
  equipmentCount: sql<number>`(select count(*)::int from ${pmContractEquipment} e where e.contract_id = ${pmContracts.id})`,
};
type SummaryRow = { c: typeof pmContracts.$inferSelect; customerName: string; customerAddress: string; technicianName: string | null; equipmentCount: number };

/**
 * The first date of the contract's rule on or after `today`, within its term (a contract that renews by itself goes
 * on past its end), or null. Dates are the company's calendar days: the rule is expanded on floating midnights.
 */
export function nextDueOn(c: { recurrenceRule: string; startsOn: string; endsOn: string; renewsAutomatically: boolean; status: string }, today: string): string | null {
  if (c.status === 'cancelled' || c.status === 'declined') return null;
  const from = today > c.startsOn ? today : c.startsOn;
  if (!c.renewsAutomatically && from > c.endsOn) return null;
  const rule = new RRule({ ...RRule.parseString(c.recurrenceRule), dtstart: new Date(`${c.startsOn}T00:00:00Z`) });
  const next = rule.after(new Date(`${from}T00:00:00Z`), true);
  const day = next?.toISOString().slice(0, 10) ?? null;
  return day && (c.renewsAutomatically || day <= c.endsOn) ? day : null;
}

const summaryOf = (r: SummaryRow, today: string): PmContractSummary => ({
  pmContractId: r.c.id, name: r.c.name, customerId: r.c.customerId, customerName: r.customerName, customerAddress: r.customerAddress, frequencyName: r.c.frequencyName,
  recurrenceRule: r.c.recurrenceRule, price: jsonNumberOf(r.c.price), priceBasis: r.c.priceBasis, startsOn: r.c.startsOn, endsOn: r.c.endsOn,
  renewsAutomatically: r.c.renewsAutomatically, status: r.c.status, technicianName: r.technicianName, equipmentCount: r.equipmentCount, nextDueOn: nextDueOn(r.c, today),
});

function summaries(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(pmContracts)
    .innerJoin(customers, eq(customers.id, pmContracts.customerId))
    .leftJoin(users, eq(users.id, pmContracts.technicianUserId));
}

/** `GET PmContract`: a page of the company's contracts, newest first, by status, location and a text in the name or location. */
export async function listPmContracts(ctx: Ctx, q: PmContractListParsed): Promise<PmContractList> {
  const needle = q.search ? containsPattern(q.search) : null;
  const where = ofTenant(
    pmContracts,
    ctx,
    q.status ? eq(pmContracts.status, q.status) : undefined,
    q.customerId ? eq(pmContracts.customerId, q.customerId) : undefined,
    needle ? or(sql`lower(${pmContracts.name}) like ${needle}`, sql`lower(${customers.name}) like ${needle}`, sql`lower(${customerAddressLine}) like ${needle}`) : undefined,
  );
  const [rows, [{ total }], today] = await Promise.all([
    summaries(ctx.db).where(where).orderBy(desc(pmContracts.id)).limit(q.take).offset(q.skip),
    ctx.db.select({ total: count() }).from(pmContracts).innerJoin(customers, eq(customers.id, pmContracts.customerId)).where(where),
    companyToday(ctx),
  ]);
  return { data: rows.map((r) => summaryOf(r, today)), total };
}

/** A contract of the caller's company, locked for a change when asked; another company's is a 404. */
export async function pmContractRow(db: DbOrTx, ctx: Ctx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(pmContracts).where(ofTenant(pmContracts, ctx, eq(pmContracts.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('PM contract');
  return row;
}

/** The pieces a contract covers, by name, with their tasks. */
async function coveredEquipment(db: DbOrTx, ctx: Ctx, id: number): Promise<PmContractEquipment[]> {
  const rows = await db
    .select({ e: equipment, categoryName: equipmentCategories.name, tasks: pmContractEquipment.tasks })
    .from(pmContractEquipment)
    .innerJoin(equipment, eq(equipment.id, pmContractEquipment.equipmentId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .where(ofTenant(pmContractEquipment, ctx, eq(pmContractEquipment.contractId, id)))
    .orderBy(asc(equipment.name), asc(equipment.id));
  return rows.map(({ e, categoryName, tasks }) => ({ equipmentId: e.id, name: e.name, categoryId: e.categoryId, categoryName, serialNumber: e.serialNumber, isActive: e.isActive, tasks }));
}

/** `GET PmContract/{pmContractId}`: the contract, its equipment and tasks, its approval requests and whom it can be sent to. */
export async function readPmContract(db: DbOrTx, ctx: Ctx, id: number): Promise<PmContract> {
  const [row] = await summaries(db).where(ofTenant(pmContracts, ctx, eq(pmContracts.id, id)));
  if (!row) throw notFound('PM contract');
  const [covered, approvals, people, [site], today] = await Promise.all([
    coveredEquipment(db, ctx, id),
    pmApprovalsOf(db, ctx, id),
    db.select({ name: contacts.name, email: contacts.email }).from(contacts).where(ofTenant(contacts, ctx, eq(contacts.customerId, row.c.customerId))).orderBy(desc(contacts.isPrimary), asc(contacts.name)),
    db.select({ name: customers.name, email: customers.email }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, row.c.customerId))),
    companyToday(ctx, db),
  ]);
  const c = row.c;
  return {
    ...summaryOf(row, today),
    technicianUserId: c.technicianUserId, visitTime: c.visitTime?.slice(0, 5) ?? null, visitMinutes: c.visitMinutes, leadDays: c.leadDays,
    approvedAt: c.approvedAt?.toISOString() ?? null, approverName: c.approverName, notes: c.notes, equipment: covered, approvals,
    contacts: [...people, site].filter((p, i, all): p is { name: string; email: string } => !!p.email && all.findIndex((q) => q.email?.toLowerCase() === p.email!.toLowerCase()) === i),
    createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(),
  };
}

/** The company's templates of one list: name, tasks, and the category a category template is for. */
export async function templateRows(db: DbOrTx, ctx: Ctx, listKey: 'pmCategoryTemplates' | 'pmCompanyTemplates', ids?: number[]) {
  const rows = await db
    .select({ id: companyListRows.id, name: companyListRows.name, categoryId: companyListRows.wholeNumber, tasks: companyListRows.lines })
    .from(companyListRows)
    .where(ofTenant(companyListRows, ctx, eq(companyListRows.listKey, listKey), eq(companyListRows.isActive, true), ids ? inArray(companyListRows.id, ids) : undefined))
    .orderBy(asc(sql`lower(${companyListRows.name})`), asc(companyListRows.id));
  return rows.map((r) => ({ id: r.id, name: r.name, categoryId: r.categoryId ?? 0, tasks: r.tasks ?? [] }));
}

/** The tasks a category's first active template gives, by category. */
export async function categoryTasks(db: DbOrTx, ctx: Ctx): Promise<Map<number, string[]>> {
  const byCategory = new Map<number, string[]>();
  for (const t of await templateRows(db, ctx, 'pmCategoryTemplates')) if (!byCategory.has(t.categoryId)) byCategory.set(t.categoryId, t.tasks);
  return byCategory;
}

/** `GET PmContract/location/{customerId}/equipment`: the active pieces at a location of the company, each with its category's tasks. */
export async function locationEquipment(ctx: Ctx, customerId: number): Promise<PmContractEquipment[]> {
  const [site] = await ctx.db.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, customerId)));
  if (!site) throw notFound('Location');
  const [rows, tasks] = await Promise.all([
    ctx.db
      .select({ e: equipment, categoryName: equipmentCategories.name })
      .from(equipment)
      .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
      .where(ofTenant(equipment, ctx, eq(equipment.customerId, customerId), eq(equipment.isActive, true)))
      .orderBy(asc(equipment.name), asc(equipment.id)),
    categoryTasks(ctx.db, ctx),
  ]);
  return rows.map(({ e, categoryName }) => ({ equipmentId: e.id, name: e.name, categoryId: e.categoryId, categoryName, serialNumber: e.serialNumber, isActive: true, tasks: tasks.get(e.categoryId) ?? [] }));
}

/** `GET PmContract/choices`: the frequencies, templates, tasks and active technicians the contract form offers. */
export async function pmContractChoices(ctx: Ctx) {
  const active = (key: string) => ofTenant(companyListRows, ctx, eq(companyListRows.listKey, key), eq(companyListRows.isActive, true));
  const byName = [asc(sql`lower(${companyListRows.name})`), asc(companyListRows.id)];
  const [frequencies, templates, categoryTemplates, tasks, technicians] = await Promise.all([
    ctx.db.select({ id: companyListRows.id, name: companyListRows.name, rule: companyListRows.description }).from(companyListRows).where(active('pmFrequencies')).orderBy(asc(companyListRows.id)),
    templateRows(ctx.db, ctx, 'pmCompanyTemplates'),
    templateRows(ctx.db, ctx, 'pmCategoryTemplates'),
    ctx.db.select({ name: companyListRows.name }).from(companyListRows).where(active('pmTasks')).orderBy(...byName),
    ctx.db.select({ userId: users.id, name: users.name }).from(users).where(and(eq(users.subscriberId, ctx.actor.subscriberId), eq(users.isActive, true))).orderBy(asc(users.name)),
  ]);
  return {
    frequencies: frequencies.map((f) => ({ ...f, rule: f.rule ?? '' })),
    templates: templates.map(({ categoryId: _, ...t }) => t),
    categoryTemplates,
    tasks: tasks.map((t) => t.name),
    technicians,
  };
}
