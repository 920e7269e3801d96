import { asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  datesOf, payWeekOf, TIMESHEET_ALL, satisfies, type Access, type PayPeriod, type TimesheetDay, type TimesheetDetailAnswer, type TimesheetSummaryAnswer,
  type TimesheetTotals,
} from '@sm/shared';
import { perDiemTypes, userStatusEntries, userStatuses, users, workOrderLabor, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { forbidden, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { isStaff } from '../../platform/users/users.service';
import { calendarOf, dayStartOf, periodOf, todayIn, type Calendar } from './payroll-settings.service';
import { hoursByDay, minuteOf, type Span } from './timesheet-hours';
import { correctionFieldsOf } from '../labor-corrections/labor-values';
import { buildTimesheetEntries, loadPeriodExtras, type PeriodExtras } from './timesheet-sources';
import { payPeriodLocks } from './timesheets.table';

export type Period = Awaited<ReturnType<typeof periodOf>>;

/** One employee's timesheet of a period, as built from their time, before and after adjustments. */
export interface BuiltTimesheet {
  userId: number;
  name: string;
  days: TimesheetDay[];
  built: TimesheetTotals;
  adjusted: TimesheetTotals;
  hasOpenLabor: boolean;
}

/** The period of `date` (today in the company's zone when absent), as answers carry it. */
export async function resolvePeriod(db: DbOrTx, ctx: Ctx, date: string | undefined) {
  const calendar = await calendarOf(db, ctx);
  const period = await periodOf(db, ctx, calendar, date ?? todayIn(calendar, ctx.now));
  const [lock] = await db
    .select({ lockedAt: payPeriodLocks.lockedAt, lockedByName: users.name, id: payPeriodLocks.id })
    .from(payPeriodLocks)
    .innerJoin(users, eq(users.id, payPeriodLocks.lockedBy))
    .where(ofTenant(payPeriodLocks, ctx, eq(payPeriodLocks.startsOn, period.startsOn)));
  const answer: PayPeriod = {
    payFrequency: calendar.payFrequency,
    year: period.year,
    index: period.index,
    startsOn: period.startsOn,
    endsOn: period.endsOn,
    hasEnded: period.endsAt.getTime() <= ctx.now.getTime(),
    timeZone: calendar.timeZone,
    lockedAt: lock?.lockedAt.toISOString() ?? null,
    lockedByName: lock?.lockedByName ?? null,
  };
  return { calendar, period, answer, lockId: lock?.id ?? null };
}

/** Builds the timesheets of the given staff (all active staff and anyone with time in the period when null). */
export async function buildTimesheets(db: DbOrTx, ctx: Ctx, calendar: Calendar, period: Period, only: number | null): Promise<{ sheets: BuiltTimesheet[]; extras: PeriodExtras }> {
  const forUser = (column: PgColumn) => (only === null ? undefined : eq(column, only));
  const labor = await db
    .select({
      workOrderLaborId: workOrderLabor.id, userId: workOrderLabor.userId, startedAt: workOrderLabor.startedAt, stoppedAt: workOrderLabor.stoppedAt, isOvertime: workOrderLabor.isOvertime,
      workOrderNumber: workOrders.workOrderNumber, perDiemTypeId: workOrderLabor.perDiemTypeId, perDiem: perDiemTypes.name,
    })
    .from(workOrderLabor)
    .innerJoin(workOrders, eq(workOrders.id, workOrderLabor.workOrderId))
    .leftJoin(perDiemTypes, eq(perDiemTypes.id, workOrderLabor.perDiemTypeId))
    .where(ofTenant(workOrderLabor, ctx, lt(workOrderLabor.startedAt, period.endsAt), or(isNull(workOrderLabor.stoppedAt), gt(workOrderLabor.stoppedAt, period.startsAt)), forUser(workOrderLabor.userId)))
    .orderBy(asc(workOrderLabor.startedAt));
  const statuses = await db
    .select({ userId: userStatusEntries.userId, startedAt: userStatusEntries.startedAt, endedAt: userStatusEntries.endedAt, name: userStatuses.name, description: userStatusEntries.description })
    .from(userStatusEntries)
    .innerJoin(userStatuses, eq(userStatuses.id, userStatusEntries.userStatusId))
    .where(
      ofTenant(
        userStatusEntries, ctx, eq(userStatuses.isPayable, true), lt(userStatusEntries.startedAt, period.endsAt),
        or(isNull(userStatusEntries.endedAt), gt(userStatusEntries.endedAt, period.startsAt)), forUser(userStatusEntries.userId),
      ),
    )
    .orderBy(asc(userStatusEntries.startedAt));
  const extras = await loadPeriodExtras(db, ctx, period, only);
  const people = await db
    .select({ userId: users.id, name: users.name, isActive: users.isActive })
    .from(users)
    .where(ofTenant(users, ctx, isStaff(users.id), only === null ? undefined : eq(users.id, only)))
    .orderBy(asc(users.name));
  const withTime = new Set([...labor, ...statuses, ...extras.pto, ...extras.adjustments].map((r) => r.userId));
  const dates = datesOf(period);
  const dayStarts = [...dates.map((d) => minuteOf(dayStartOf(d, calendar))), minuteOf(period.endsAt)];
  // Overtime counts by the company's pay weeks, whatever the period's length.
  const weekOfDay = dates.map((d) => {
    const w = payWeekOf(d, calendar.payWeekStartsOn);
    return w.year * 100 + w.week;
  });
  const nowMinute = minuteOf(ctx.now);
  const sheets = people
    .filter((p) => p.isActive || withTime.has(p.userId) || only !== null)
    .map((p): BuiltTimesheet => {
      const mine = labor.filter((l) => l.userId === p.userId);
      const myStatuses = statuses.filter((s) => s.userId === p.userId);
      const spans: Span[] = [
        ...mine.map((l) => ({ from: minuteOf(l.startedAt), to: l.stoppedAt ? minuteOf(l.stoppedAt) : Math.max(nowMinute, minuteOf(l.startedAt)), isOvertime: l.isOvertime })),
        ...myStatuses.map((s) => ({ from: minuteOf(s.startedAt), to: s.endedAt ? minuteOf(s.endedAt) : Math.max(nowMinute, minuteOf(s.startedAt)), isOvertime: false })),
      ];
      const hours = hoursByDay(spans, dayStarts, weekOfDay, Math.round(calendar.overtimeAfterWeeklyHours * 60));
      const days = dates.map((date, i) =>
        buildTimesheetEntries({ date, hours: hours[i], dayStart: dayStarts[i], dayEnd: dayStarts[i + 1], now: nowMinute, labor: mine, statuses: myStatuses, pto: extras.pto.filter((e) => e.userId === p.userId && e.workDate === date) }),
      );
      const built = totalsOf(days);
      const adjustments = extras.adjustments.filter((a) => a.userId === p.userId);
      const adjusted = {
        ...built,
        regularMinutes: built.regularMinutes + sum(adjustments.map((a) => a.regularMinutes)),
        overtimeMinutes: built.overtimeMinutes + sum(adjustments.map((a) => a.overtimeMinutes)),
        ptoMinutes: built.ptoMinutes + sum(adjustments.map((a) => a.ptoMinutes)),
      };
      adjusted.workedMinutes = built.workedMinutes + (adjusted.regularMinutes - built.regularMinutes) + (adjusted.overtimeMinutes - built.overtimeMinutes);
      return { userId: p.userId, name: p.name, days, built, adjusted, hasOpenLabor: mine.some((l) => l.stoppedAt === null) };
    });
  return { sheets, extras };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function totalsOf(days: TimesheetDay[]): TimesheetTotals {
  return {
    workedMinutes: sum(days.map((d) => d.workedMinutes)),
    regularMinutes: sum(days.map((d) => d.regularMinutes)),
    overtimeMinutes: sum(days.map((d) => d.overtimeMinutes)),
    ptoMinutes: sum(days.map((d) => d.ptoMinutes)),
    perDiemDays: days.filter((d) => d.perDiem.length > 0).length,
  };
}

/** `GET Payroll/timesheets?date=`: every employee's hours in the period, with their approvals (Main Timesheet). */
export async function timesheetSummary(ctx: Ctx, date: string | undefined): Promise<TimesheetSummaryAnswer> {
  const { calendar, period, answer } = await resolvePeriod(ctx.db, ctx, date);
  const { sheets, extras } = await buildTimesheets(ctx.db, ctx, calendar, period, null);
  return {
    period: answer,
    rows: sheets.map((s) => ({ userId: s.userId, name: s.name, built: s.built, adjusted: s.adjusted, hasOpenLabor: s.hasOpenLabor, approval: extras.approvalOf(s) })),
  };
}

/** `GET Payroll/timesheets/{userId}?date=`: one employee's days; the caller's own, or anyone's with Main Timesheet. */
export async function timesheetDetail(ctx: Ctx, access: Access, userId: number, date: string | undefined): Promise<TimesheetDetailAnswer> {
  if (userId !== ctx.actor.userId && !satisfies(access, TIMESHEET_ALL)) throw forbidden();
  const { calendar, period, answer } = await resolvePeriod(ctx.db, ctx, date);
  const { sheets, extras } = await buildTimesheets(ctx.db, ctx, calendar, period, userId);
  const sheet = sheets[0];
  if (!sheet) throw notFound('Employee');
  // Each labor line carries its corrections (fix time), as the work order's labor does.
  const fieldsOf = await correctionFieldsOf(ctx, sheet.days.flatMap((d) => d.entries.flatMap((e) => (e.workOrderLaborId ? [e.workOrderLaborId] : []))));
  for (const entry of sheet.days.flatMap((d) => d.entries)) if (entry.workOrderLaborId) Object.assign(entry, fieldsOf(entry.workOrderLaborId));
  return { period: answer, ...sheet, adjustments: extras.adjustmentsOf(userId), approval: extras.approvalOf(sheet) };
}
