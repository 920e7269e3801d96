import { desc, eq } from 'drizzle-orm';
import { jsonNumberOf, type SetPayRateInput, type UserPayRate } from '@sm/shared';
import { jobTitles, payRates, users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { calendarOf, todayIn } from '../../people/timesheets/payroll-settings.service';

/** The user of the caller's company; another company's is a 404. */
async function userOf(db: DbOrTx, ctx: Ctx, userId: number) {
  const [user] = await db
    .select({ id: users.id, jobTitle: jobTitles.name })
    .from(users)
    .leftJoin(jobTitles, eq(jobTitles.id, users.jobTitleId))
    .where(ofTenant(users, ctx, eq(users.id, userId)));
  if (!user) throw notFound('User');
  return user;
}

/** The user's rates, newest first, and the one in force on the company's today (the latest effective by then). */
async function ratesOf(db: DbOrTx, ctx: Ctx, userId: number): Promise<UserPayRate> {
  const rows = await db.select().from(payRates).where(ofTenant(payRates, ctx, eq(payRates.userId, userId))).orderBy(desc(payRates.effectiveFrom));
  const today = todayIn(await calendarOf(db, ctx), ctx.now);
  const rates = rows.map((r) => ({ effectiveFrom: r.effectiveFrom, position: r.position, hourlyRate: jsonNumberOf(r.hourlyRate), isFromPayRaise: r.payRaiseId !== null }));
  return { current: rates.find((r) => r.effectiveFrom <= today) ?? null, rates };
}

/** `GET Users/{userId}/payRate` (Can Access Payroll): the rate in force today and every rate with its first day. */
export async function getUserPayRate(ctx: Ctx, userId: number): Promise<UserPayRate> {
  await userOf(ctx.db, ctx, userId);
  return ratesOf(ctx.db, ctx, userId);
}

/**
 * `POST Users/{userId}/payRate` (Can Access Payroll): a new hourly rate from a day on, stored exactly (numeric), with
 * its audit entry. The position is the one given, else the latest rate's, else the user's job title. A day that has a
 * rate already is refused: a rate set by an approved raise is changed by another raise, not overwritten here.
 */
export async function setUserPayRate(ctx: Ctx, userId: number, input: SetPayRateInput): Promise<UserPayRate> {
  return ctx.db.transaction(async (tx) => {
    const user = await userOf(tx, ctx, userId);
    const [latest] = await tx.select().from(payRates).where(ofTenant(payRates, ctx, eq(payRates.userId, userId))).orderBy(desc(payRates.effectiveFrom)).limit(1);
    const position = input.position?.trim() || latest?.position || user.jobTitle || 'Employee';
    const hourlyRate = input.hourlyRate.toFixed(2);
    const [made] = await tx
      .insert(payRates)
      .values({ subscriberId: ctx.actor.subscriberId, userId, effectiveFrom: input.effectiveFrom, position, hourlyRate })
      .onConflictDoNothing()
      .returning({ id: payRates.id });
    if (!made) throw new AppError(409, `This user already has a pay rate from ${input.effectiveFrom}. Choose another day.`);
    await recordAudit(tx, ctx, { entity: 'payRate', entityId: made.id, action: 'create', after: { userId, effectiveFrom: input.effectiveFrom, position, hourlyRate } });
    return ratesOf(tx, ctx, userId);
  });
}
