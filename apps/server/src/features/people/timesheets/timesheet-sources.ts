import { asc, between, eq, inArray } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { TimesheetAdjustment, TimesheetDay, TimesheetEntry } from '@sm/shared';
import { users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { minuteOf, type DayHours } from './timesheet-hours';
import { ptoEntries, timesheetAdjustments, timesheetApprovals } from './timesheets.table';

/** What a period holds beside the clock's time: time off, adjustments and approvals. */
export async function loadPeriodExtras(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, period: { startsOn: string; endsOn: string }, only: number | null) {
  const creator = alias(users, 'creator');
  const inPeriod = (t: { workDate: PgColumn }) => between(t.workDate, period.startsOn, period.endsOn);
  const pto = await db
    .select({ ptoEntryId: ptoEntries.id, userId: ptoEntries.userId, workDate: ptoEntries.workDate, minutes: ptoEntries.minutes, reason: ptoEntries.reason })
    .from(ptoEntries)
    .where(ofTenant(ptoEntries, ctx, inPeriod(ptoEntries), only === null ? undefined : eq(ptoEntries.userId, only)))
    .orderBy(asc(ptoEntries.id));
  const adjustments = await db
    .select({
      timesheetAdjustmentId: timesheetAdjustments.id, userId: timesheetAdjustments.userId, workDate: timesheetAdjustments.workDate, regularMinutes: timesheetAdjustments.regularMinutes,
      overtimeMinutes: timesheetAdjustments.overtimeMinutes, ptoMinutes: timesheetAdjustments.ptoMinutes, reason: timesheetAdjustments.reason, createdByName: creator.name,
      createdAt: timesheetAdjustments.createdAt,
    })
    .from(timesheetAdjustments)
    .innerJoin(creator, eq(creator.id, timesheetAdjustments.createdBy))
    .where(ofTenant(timesheetAdjustments, ctx, inPeriod(timesheetAdjustments), only === null ? undefined : eq(timesheetAdjustments.userId, only)))
    .orderBy(asc(timesheetAdjustments.workDate), asc(timesheetAdjustments.id));
  const approvals = await db
    .select({
      userId: timesheetApprovals.userId, regularMinutes: timesheetApprovals.regularMinutes, overtimeMinutes: timesheetApprovals.overtimeMinutes, ptoMinutes: timesheetApprovals.ptoMinutes,
      approvedByName: creator.name, approvedAt: timesheetApprovals.approvedAt,
    })
    .from(timesheetApprovals)
    .innerJoin(creator, eq(creator.id, timesheetApprovals.approvedBy))
    .where(ofTenant(timesheetApprovals, ctx, eq(timesheetApprovals.startsOn, period.startsOn), only === null ? undefined : inArray(timesheetApprovals.userId, [only])));
  return {
    pto,
    adjustments,
    adjustmentsOf: (userId: number): TimesheetAdjustment[] =>
      adjustments.filter((a) => a.userId === userId).map(({ userId: _u, createdAt, ...a }) => ({ ...a, createdAt: createdAt.toISOString() })),
    /** The employee's approval, current while the hours as built are still the ones approved. */
    approvalOf(sheet: { userId: number; built: { regularMinutes: number; overtimeMinutes: number; ptoMinutes: number } }) {
      const a = approvals.find((x) => x.userId === sheet.userId);
      if (!a) return null;
      const isCurrent = a.regularMinutes === sheet.built.regularMinutes && a.overtimeMinutes === sheet.built.overtimeMinutes && a.ptoMinutes === sheet.built.ptoMinutes;
      return { approvedByName: a.approvedByName, approvedAt: a.approvedAt.toISOString(), isCurrent };
    },
  };
}
export type PeriodExtras = Awaited<ReturnType<typeof loadPeriodExtras>>;

interface LaborRow {
  workOrderLaborId: number;
  startedAt: Date;
  stoppedAt: Date | null;
  isOvertime: boolean;
  workOrderNumber: string;
  perDiemTypeId: number | null;
  perDiem: string | null;
}
interface StatusRow {
  startedAt: Date;
  endedAt: Date | null;
  name: string;
  description: string | null;
}

/** A day of the timesheet: its hours, per diem, and what they were built from (each piece cut to the day). */
export function buildTimesheetEntries(day: {
  date: string;
  hours: DayHours;
  dayStart: number;
  dayEnd: number;
  /** The minute it is now: time still open runs to it. */
  now: number;
  labor: LaborRow[];
  statuses: StatusRow[];
  pto: { ptoEntryId: number; minutes: number; reason: string }[];
}): TimesheetDay {
  const piece = (from: Date, to: Date | null) => {
    const start = Math.max(minuteOf(from), day.dayStart);
    const end = Math.min(to ? minuteOf(to) : Math.max(day.now, minuteOf(from)), day.dayEnd);
    return end > start || (end === start && minuteOf(from) >= day.dayStart && minuteOf(from) < day.dayEnd) ? Math.max(end - start, 0) : null;
  };
  const entries: TimesheetEntry[] = [];
  for (const l of day.labor) {
    const minutes = piece(l.startedAt, l.stoppedAt);
    if (minutes === null) continue;
    entries.push({ kind: 'labor', label: `Work order ${l.workOrderNumber}`, workOrderNumber: l.workOrderNumber, startedAt: l.startedAt.toISOString(), stoppedAt: l.stoppedAt?.toISOString() ?? null, minutes, isOvertime: l.isOvertime, ptoEntryId: null, workOrderLaborId: l.workOrderLaborId, corrections: [], correctionRequest: null });
  }
  for (const s of day.statuses) {
    const minutes = piece(s.startedAt, s.endedAt);
    if (minutes === null) continue;
    entries.push({ kind: 'status', label: s.description ? `${s.name}: ${s.description}` : s.name, workOrderNumber: null, startedAt: s.startedAt.toISOString(), stoppedAt: s.endedAt?.toISOString() ?? null, minutes, isOvertime: false, ptoEntryId: null, workOrderLaborId: null, corrections: [], correctionRequest: null });
  }
  entries.sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? ''));
  for (const p of day.pto) entries.push({ kind: 'pto', label: `Time off: ${p.reason}`, workOrderNumber: null, startedAt: null, stoppedAt: null, minutes: p.minutes, isOvertime: false, ptoEntryId: p.ptoEntryId, workOrderLaborId: null, corrections: [], correctionRequest: null });
  const perDiem = [
    ...new Set(
      day.labor
        .filter((l) => l.perDiemTypeId !== null && l.perDiemTypeId !== 0 && l.perDiem && minuteOf(l.startedAt) >= day.dayStart && minuteOf(l.startedAt) < day.dayEnd)
        .map((l) => l.perDiem as string),
    ),
  ];
  return { date: day.date, ...day.hours, ptoMinutes: day.pto.reduce((a, p) => a + p.minutes, 0), perDiem, entries };
}
