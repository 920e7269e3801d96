import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { addDays, instantOf, payPeriodOf, wallClockOf, type PayFrequency, type PayPeriodDates, type PayrollSettings } from '@sm/shared';
import { subscribers } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { recordAudit } from '../../platform/audit/audit.service';
import { financialPayPeriodOf } from './financial-periods.service';
import { payrollSettings } from './timesheets.table';

/** A company's pay calendar: its settings (the defaults until it saves its own) and its time zone. */
export interface Calendar extends PayrollSettings {
  timeZone: string;
}

export async function calendarOf(db: DbOrTx, ctx: Pick<Ctx, 'actor'>): Promise<Calendar> {
  const [row] = await db
    .select({ timeZone: subscribers.timeZone, payFrequency: payrollSettings.payFrequency, payWeekStartsOn: payrollSettings.payWeekStartsOn, overtime: payrollSettings.overtimeAfterWeeklyHours })
    .from(subscribers)
    .leftJoin(payrollSettings, eq(payrollSettings.subscriberId, subscribers.id))
    .where(eq(subscribers.id, ctx.actor.subscriberId));
  return {
    timeZone: row.timeZone,
    payFrequency: (row.payFrequency ?? 'Bi-Weekly') as PayFrequency,
    payWeekStartsOn: row.payWeekStartsOn ?? 0,
    overtimeAfterWeeklyHours: Number(row.overtime ?? 40),
  };
}

/** `GET Payroll/payrollSettings`. */
export async function getPayrollSettings(ctx: Ctx): Promise<PayrollSettings> {
  const { timeZone: _zone, ...settings } = await calendarOf(ctx.db, ctx);
  return settings;
}

/** `PUT Payroll/payrollSettings`: how the company pays from now on; periods already locked keep their dates. */
export async function savePayrollSettings(ctx: Ctx, body: PayrollSettings): Promise<PayrollSettings> {
  const values = { payFrequency: body.payFrequency, payWeekStartsOn: body.payWeekStartsOn, overtimeAfterWeeklyHours: new Decimal(body.overtimeAfterWeeklyHours).toFixed(2), updatedAt: ctx.now };
  await ctx.db.transaction(async (tx) => {
    const before = await calendarOf(tx, ctx);
    await tx.insert(payrollSettings).values({ subscriberId: ctx.actor.subscriberId, ...values }).onConflictDoUpdate({ target: payrollSettings.subscriberId, set: values });
    await recordAudit(tx, ctx, { entity: 'payrollSettings', entityId: ctx.actor.subscriberId, action: 'update', before, after: body });
  });
  return getPayrollSettings(ctx);
}

/** Today's date in the company's zone. */
export const todayIn = (calendar: Calendar, now: Date) => wallClockOf(now, calendar.timeZone).toISOString().slice(0, 10);

/** The instant a date's day begins in the company's zone. */
export const dayStartOf = (date: string, calendar: Calendar) => instantOf(new Date(`${date}T00:00:00Z`), calendar.timeZone);

/** The period that holds `date`, of the pay calendar or of the company's financial pay periods, with its instants. */
export async function periodOf(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, calendar: Calendar, date: string): Promise<PayPeriodDates & { startsAt: Date; endsAt: Date }> {
  const period =
    calendar.payFrequency === 'Financial'
      ? await financialPayPeriodOf(db, ctx, date)
      : payPeriodOf(date, { payFrequency: calendar.payFrequency, payWeekStartsOn: calendar.payWeekStartsOn });
  return { ...period, startsAt: dayStartOf(period.startsOn, calendar), endsAt: dayStartOf(addDays(period.endsOn, 1), calendar) };
}
