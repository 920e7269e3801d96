import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { jsonNumberOf, type CommissionRate, type CommissionRateBody } from '@sm/shared';
import { commissionRates, companyListRows, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { companyToday } from '../../platform/subscribers/company-time';

const r = commissionRates;

/** `GET Sales/commissionRates`: the structure, the default first then by class, each kind's rates newest first. */
export async function listCommissionRates(ctx: Ctx): Promise<CommissionRate[]> {
  const rows = await ctx.db
    .select({ r, className: companyListRows.name, createdBy: users.name })
    .from(r)
    .leftJoin(companyListRows, eq(companyListRows.id, r.salesClassId))
    .leftJoin(users, eq(users.id, r.createdBy))
    .where(ofTenant(r, ctx))
    .orderBy(sql`${r.salesClassId} is not null`, asc(companyListRows.name), sql`array_position(array['salesPerson','manager','previous','territory'], ${r.kind})`, desc(r.effectiveFrom));
  return rows.map((x) => ({
    commissionRateId: x.r.id, salesClassId: x.r.salesClassId, salesClassName: x.className, kind: x.r.kind, ratePercent: jsonNumberOf(x.r.ratePercent),
    effectiveFrom: x.r.effectiveFrom, createdBy: x.createdBy,
  }));
}

/**
 * `POST Sales/commissionRates`: a rate for one kind, of a sales class or the default, from a day on. Invoices already
 * submitted keep the commissions they froze; a rate of the same class, kind and day is refused (change it by a later day).
 */
export async function addCommissionRate(ctx: Ctx, body: CommissionRateBody): Promise<CommissionRate> {
  const id = await ctx.db.transaction(async (tx) => {
    if (body.salesClassId !== null) {
      const [cls] = await tx.select({ id: companyListRows.id }).from(companyListRows).where(ofTenant(companyListRows, ctx, eq(companyListRows.id, body.salesClassId), eq(companyListRows.listKey, 'salesClasses')));
      if (!cls) throw notFound('Sales class');
    }
    const [same] = await tx
      .select({ id: r.id })
      .from(r)
      .where(ofTenant(r, ctx, eq(r.kind, body.kind), eq(r.effectiveFrom, body.effectiveFrom), sql`coalesce(${r.salesClassId}, 0) = ${body.salesClassId ?? 0}`));
    if (same) throw new AppError(409, 'That kind already has a rate from that day: add the change from another day.');
    const [row] = await tx
      .insert(r)
      .values({ subscriberId: ctx.actor.subscriberId, salesClassId: body.salesClassId, kind: body.kind, ratePercent: String(body.ratePercent), effectiveFrom: body.effectiveFrom, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning({ id: r.id });
    await recordAudit(tx, ctx, { entity: 'commissionRate', entityId: row.id, action: 'added', after: { ...body, ratePercent: String(body.ratePercent) } });
    return row.id;
  });
  return (await listCommissionRates(ctx)).find((x) => x.commissionRateId === id)!;
}

/** `DELETE Sales/commissionRates/{id}`: only a rate not yet in force goes; one in force is changed by a later rate. */
export async function deleteCommissionRate(ctx: Ctx, id: number): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(r).where(ofTenant(r, ctx, eq(r.id, id))).for('update');
    if (!row) throw notFound('Commission rate');
    if (row.effectiveFrom <= (await companyToday(ctx, tx))) throw new AppError(409, 'This rate is already in force: add a new rate from a later day instead.');
    await tx.delete(r).where(and(ofTenant(r, ctx), eq(r.id, id)));
    await recordAudit(tx, ctx, { entity: 'commissionRate', entityId: id, action: 'deleted', before: { kind: row.kind, ratePercent: row.ratePercent, effectiveFrom: row.effectiveFrom } });
  });
  return { id };
}
