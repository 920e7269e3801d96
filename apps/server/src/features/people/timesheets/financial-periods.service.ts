import { asc, between, count, eq, gte, lte } from 'drizzle-orm';
import type { FinancialPeriod, FinancialPeriodBody, FinancialPeriodKind, PayPeriodDates } from '@sm/shared';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { financialPeriods, payPeriodLocks } from './timesheets.table';

/** The company's financial pay period that holds a date, numbered within the year it starts in. */
export async function financialPayPeriodOf(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, date: string): Promise<PayPeriodDates> {
  const [period] = await db
    .select()
    .from(financialPeriods)
    .where(ofTenant(financialPeriods, ctx, eq(financialPeriods.kind, 'Pay'), lte(financialPeriods.startsOn, date), gte(financialPeriods.endsOn, date)));
  if (!period) throw new AppError(404, `No financial pay period holds ${date}. Add it under Financial Periods.`);
  const year = Number(period.startsOn.slice(0, 4));
  const [{ index }] = await db
    .select({ index: count() })
    .from(financialPeriods)
    .where(ofTenant(financialPeriods, ctx, eq(financialPeriods.kind, 'Pay'), between(financialPeriods.startsOn, `${year}-01-01`, period.startsOn)));
  return { year, index, startsOn: period.startsOn, endsOn: period.endsOn };
}

type Dates = { kind: string; startsOn: string; endsOn: string };
const overlaps = (p: Dates, lock: { startsOn: string; endsOn: string }) => p.kind === 'Pay' && lock.startsOn <= p.endsOn && p.startsOn <= lock.endsOn;
const locksOf = (db: DbOrTx, ctx: Pick<Ctx, 'actor'>) => db.select({ startsOn: payPeriodLocks.startsOn, endsOn: payPeriodLocks.endsOn }).from(payPeriodLocks).where(ofTenant(payPeriodLocks, ctx));

/** Whether payroll locked pay time on any day of the period. */
async function isLocked(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, p: Dates) {
  return p.kind === 'Pay' && (await locksOf(db, ctx)).some((l) => overlaps(p, l));
}

/** `GET Payroll/financialPeriods?kind=`: the company's periods of a kind, oldest first. */
export async function listFinancialPeriods(ctx: Ctx, kind: FinancialPeriodKind): Promise<FinancialPeriod[]> {
  const rows = await ctx.db.select().from(financialPeriods).where(ofTenant(financialPeriods, ctx, eq(financialPeriods.kind, kind))).orderBy(asc(financialPeriods.startsOn));
  const locks = await locksOf(ctx.db, ctx);
  return rows.map((r) => ({ financialPeriodId: r.id, kind: r.kind as FinancialPeriodKind, name: r.name, startsOn: r.startsOn, endsOn: r.endsOn, isLocked: locks.some((l) => overlaps(r, l)) }));
}

/** A period of the company, refused as missing for another company's. */
async function periodRow(tx: Tx, ctx: Ctx, id: number) {
  const [row] = await tx.select().from(financialPeriods).where(ofTenant(financialPeriods, ctx, eq(financialPeriods.id, id))).for('update');
  if (!row) throw notFound('Financial period');
  return row;
}

const refuseLocked = async (tx: Tx, ctx: Ctx, p: { kind: string; name: string; startsOn: string; endsOn: string }) => {
  if (await isLocked(tx, ctx, p)) throw new AppError(409, `Payroll locked time in ${p.name}: its dates can no longer change.`);
};

/** `POST Payroll/financialPeriods`: a new period; one sharing days with another of its kind is refused. */
export async function createFinancialPeriod(ctx: Ctx, body: FinancialPeriodBody): Promise<FinancialPeriod> {
  const row = await ctx.db.transaction(async (tx) => {
    await refuseLocked(tx, ctx, body);
    const [created] = await tx.insert(financialPeriods).values({ subscriberId: ctx.actor.subscriberId, ...body }).returning();
    await recordAudit(tx, ctx, { entity: 'financialPeriod', entityId: created.id, action: 'create', after: body });
    return created;
  });
  return { financialPeriodId: row.id, kind: body.kind, name: row.name, startsOn: row.startsOn, endsOn: row.endsOn, isLocked: false };
}

/** `PUT Payroll/financialPeriods/{id}`: new dates or name, unless payroll locked time in it. */
export async function updateFinancialPeriod(ctx: Ctx, id: number, body: FinancialPeriodBody): Promise<FinancialPeriod> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await periodRow(tx, ctx, id);
    if (before.kind !== body.kind) throw new AppError(400, 'The kind of a financial period cannot change.');
    await refuseLocked(tx, ctx, before);
    await refuseLocked(tx, ctx, body);
    const [updated] = await tx.update(financialPeriods).set({ name: body.name, startsOn: body.startsOn, endsOn: body.endsOn }).where(eq(financialPeriods.id, id)).returning();
    await recordAudit(tx, ctx, { entity: 'financialPeriod', entityId: id, action: 'update', before: { name: before.name, startsOn: before.startsOn, endsOn: before.endsOn }, after: body });
    return updated;
  });
  return { financialPeriodId: row.id, kind: body.kind, name: row.name, startsOn: row.startsOn, endsOn: row.endsOn, isLocked: false };
}

/** `DELETE Payroll/financialPeriods/{id}`, unless payroll locked time in it. */
export async function deleteFinancialPeriod(ctx: Ctx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await periodRow(tx, ctx, id);
    await refuseLocked(tx, ctx, before);
    await tx.delete(financialPeriods).where(eq(financialPeriods.id, id));
    await recordAudit(tx, ctx, { entity: 'financialPeriod', entityId: id, action: 'delete', before: { kind: before.kind, name: before.name, startsOn: before.startsOn, endsOn: before.endsOn } });
  });
}
