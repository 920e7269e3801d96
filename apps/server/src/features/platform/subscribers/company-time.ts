import { eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, wallClockOf } from '@sm/shared';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { subscribers } from './subscribers.table';

/**
 * A company's time zone and its date today: where its days begin for every feature that reads "today" (a payment's day,
 * whether a certificate has ended, the day ages are counted to) or lays out a day's range.
 */
export async function timeZoneOf(db: DbOrTx, subscriberId: number): Promise<string> {
  const [row] = await db.select({ timeZone: subscribers.timeZone }).from(subscribers).where(eq(subscribers.id, subscriberId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The date of an instant in a time zone, YYYY-MM-DD. */
export const dateIn = (instant: Date, timeZone: string) => wallClockOf(instant, timeZone).toISOString().slice(0, 10);

/** A company's date at `now`, YYYY-MM-DD in its time zone: for jobs and tests, which have a company but no caller. */
export async function todayOf(db: DbOrTx, subscriberId: number, now: Date): Promise<string> {
  return dateIn(now, await timeZoneOf(db, subscriberId));
}

/** The caller's company's time zone: where dates without an offset are read and new series repeat. */
export const companyTimeZone = (ctx: Ctx, db: DbOrTx = ctx.db) => timeZoneOf(db, ctx.actor.subscriberId);

/** The caller's company's date today, YYYY-MM-DD in its time zone. */
export const companyToday = (ctx: Ctx, db: DbOrTx = ctx.db) => todayOf(db, ctx.actor.subscriberId, ctx.now);
