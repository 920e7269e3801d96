import { and, eq, isNull, lt } from 'drizzle-orm';
import type { PtoEntryBody, TimesheetAdjustment, TimesheetAdjustmentBody, TimesheetApprovalBody, TimesheetSummaryRow } from '@sm/shared';
import { userStatusEntries, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { isStaff } from '../../platform/users/users.service';
import { loadPeriodExtras } from './timesheet-sources';
import { buildTimesheets, resolvePeriod } from './timesheets.service';
import { payPeriodLocks, ptoEntries, timesheetAdjustments, timesheetApprovals } from './timesheets.table';

const periodName = (p: { startsOn: string; endsOn: string }) => `${p.startsOn} to ${p.endsOn}`;

/** The period that starts on `startsOn`, refused when that is not the first day of a pay period. */
async function periodStartingOn(tx: Tx, ctx: Ctx, startsOn: string) {
  const resolved = await resolvePeriod(tx, ctx, startsOn);
  if (resolved.period.startsOn !== startsOn) throw new AppError(400, `Period Start must be the first day of a pay period: the period of ${startsOn} starts on ${resolved.period.startsOn}.`);
  return resolved;
}

const refuseLocked = (resolved: Awaited<ReturnType<typeof resolvePeriod>>, what: string) => {
  if (resolved.lockId !== null) throw new AppError(409, `The pay period ${periodName(resolved.period)} is locked: ${what}`);
};

/** One employee's sheet in the period, refused as missing when they are not staff of the company. */
async function sheetOf(tx: Tx, ctx: Ctx, resolved: Awaited<ReturnType<typeof resolvePeriod>>, userId: number) {
  const { sheets } = await buildTimesheets(tx, ctx, resolved.calendar, resolved.period, userId);
  if (!sheets[0]) throw notFound('Employee');
  return sheets[0];
}

/** Whether the user is staff of the caller's company: time is only ever written for them. */
async function assertEmployee(tx: Tx, ctx: Ctx, userId: number) {
  const [row] = await tx.select({ id: users.id }).from(users).where(ofTenant(users, ctx, eq(users.id, userId), isStaff(users.id)));
  if (!row) throw notFound('Employee');
}

/** `POST Payroll/timesheetApprovals`: approves an employee's hours of a period as they are now (again, after a change). */
export async function approveTimesheet(ctx: Ctx, body: TimesheetApprovalBody): Promise<TimesheetSummaryRow> {
  return ctx.db.transaction(async (tx) => {
    await assertEmployee(tx, ctx, body.userId);
    const resolved = await periodStartingOn(tx, ctx, body.startsOn);
    refuseLocked(resolved, 'its timesheets can no longer be approved.');
    const sheet = await sheetOf(tx, ctx, resolved, body.userId);
    if (sheet.hasOpenLabor) throw new AppError(409, `${sheet.name} is still clocked in: the timesheet can be approved once the labor is clocked out.`);
    const minutes = { regularMinutes: sheet.built.regularMinutes, overtimeMinutes: sheet.built.overtimeMinutes, ptoMinutes: sheet.built.ptoMinutes };
    const [row] = await tx
      .insert(timesheetApprovals)
      .values({ subscriberId: ctx.actor.subscriberId, userId: body.userId, startsOn: body.startsOn, ...minutes, approvedBy: ctx.actor.userId, approvedAt: ctx.now })
      .onConflictDoUpdate({ target: [timesheetApprovals.userId, timesheetApprovals.startsOn], set: { ...minutes, approvedBy: ctx.actor.userId, approvedAt: ctx.now } })
      .returning({ id: timesheetApprovals.id });
    await recordAudit(tx, ctx, { entity: 'timesheetApproval', entityId: row.id, action: 'approve', after: { userId: body.userId, startsOn: body.startsOn, ...minutes } });
    const extras = await loadPeriodExtras(tx, ctx, resolved.period, body.userId);
    return { userId: sheet.userId, name: sheet.name, built: sheet.built, adjusted: sheet.adjusted, hasOpenLabor: false, approval: extras.approvalOf(sheet) };
  });
}

/** `DELETE Payroll/timesheetApprovals?userId=&startsOn=`: takes an approval back while the period is open. */
export async function withdrawTimesheetApproval(ctx: Ctx, body: TimesheetApprovalBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await assertEmployee(tx, ctx, body.userId);
    const resolved = await periodStartingOn(tx, ctx, body.startsOn);
    refuseLocked(resolved, 'its approvals can no longer be withdrawn.');
    const [gone] = await tx
      .delete(timesheetApprovals)
      .where(ofTenant(timesheetApprovals, ctx, eq(timesheetApprovals.userId, body.userId), eq(timesheetApprovals.startsOn, body.startsOn)))
      .returning({ id: timesheetApprovals.id });
    if (!gone) throw notFound('Approval');
    await recordAudit(tx, ctx, { entity: 'timesheetApproval', entityId: gone.id, action: 'withdraw', before: body });
  });
}

/**
 * `POST Payroll/payPeriodLocks`: locks a period that is over, once every timesheet with time in it is approved as it
 * stands and nobody is clocked in on it. The company's people are held (their rows, which every clock and status change
 * updates) while it is checked, so no time can slip in between the check and the lock. Work statuses still open at the
 * period's end are cut there and carried on after it, so the lock covers only the period.
 */
export async function lockPayPeriod(ctx: Ctx, startsOn: string) {
  await ctx.db.transaction(async (tx) => {
    const resolved = await periodStartingOn(tx, ctx, startsOn);
    const { period } = resolved;
    refuseLocked(resolved, 'it was locked before.');
    if (period.endsAt.getTime() > ctx.now.getTime()) throw new AppError(409, `The pay period ${periodName(period)} is not over: it can be locked after ${period.endsOn}.`);
    await tx.select({ id: users.id }).from(users).where(eq(users.subscriberId, ctx.actor.subscriberId)).for('share');
    const { sheets, extras } = await buildTimesheets(tx, ctx, resolved.calendar, period, null);
    const clockedIn = sheets.filter((s) => s.hasOpenLabor).map((s) => s.name);
    if (clockedIn.length > 0) throw new AppError(409, `Still clocked in on this period: ${clockedIn.join(', ')}. Their labor must be clocked out before the period is locked.`);
    const waiting = sheets.filter((s) => (s.built.workedMinutes > 0 || s.built.ptoMinutes > 0) && !extras.approvalOf(s)?.isCurrent).map((s) => s.name);
    if (waiting.length > 0) throw new AppError(409, `These timesheets need an approval of their current hours first: ${waiting.join(', ')}.`);
    const cut = await tx
      .update(userStatusEntries)
      .set({ endedAt: period.endsAt })
      .where(and(eq(userStatusEntries.subscriberId, ctx.actor.subscriberId), isNull(userStatusEntries.endedAt), lt(userStatusEntries.startedAt, period.endsAt)))
      .returning();
    if (cut.length > 0) {
      await tx.insert(userStatusEntries).values(cut.map((e) => ({ subscriberId: e.subscriberId, userId: e.userId, userStatusId: e.userStatusId, description: e.description, startedAt: period.endsAt })));
    }
    const [lock] = await tx
      .insert(payPeriodLocks)
      .values({ subscriberId: ctx.actor.subscriberId, startsOn: period.startsOn, endsOn: period.endsOn, startsAt: period.startsAt, endsAt: period.endsAt, lockedBy: ctx.actor.userId, lockedAt: ctx.now })
      .returning({ id: payPeriodLocks.id });
    await recordAudit(tx, ctx, { entity: 'payPeriodLock', entityId: lock.id, action: 'lock', after: { startsOn: period.startsOn, endsOn: period.endsOn, employees: sheets.length } });
  });
  return (await resolvePeriod(ctx.db, ctx, startsOn)).answer;
}

/** `POST Payroll/timesheetAdjustments`: a correction of an employee's hours on a day, with its reason; audited. */
export async function adjustTimesheet(ctx: Ctx, body: TimesheetAdjustmentBody): Promise<TimesheetAdjustment> {
  const minutes = { regularMinutes: Math.round((body.regularHours ?? 0) * 60), overtimeMinutes: Math.round((body.overtimeHours ?? 0) * 60), ptoMinutes: Math.round((body.ptoHours ?? 0) * 60) };
  const id = await ctx.db.transaction(async (tx) => {
    await assertEmployee(tx, ctx, body.userId);
    const [row] = await tx
      .insert(timesheetAdjustments)
      .values({ subscriberId: ctx.actor.subscriberId, userId: body.userId, workDate: body.workDate, ...minutes, reason: body.reason, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning({ id: timesheetAdjustments.id });
    await recordAudit(tx, ctx, { entity: 'timesheetAdjustment', entityId: row.id, action: 'create', after: { userId: body.userId, workDate: body.workDate, ...minutes }, reason: body.reason });
    return row.id;
  });
  const extras = await loadPeriodExtras(ctx.db, ctx, { startsOn: body.workDate, endsOn: body.workDate }, body.userId);
  return extras.adjustmentsOf(body.userId).find((a) => a.timesheetAdjustmentId === id)!;
}

/** `POST Payroll/ptoEntries`: paid time off on a day of an open period. */
export async function addPtoEntry(ctx: Ctx, body: PtoEntryBody) {
  return ctx.db.transaction(async (tx) => {
    await assertEmployee(tx, ctx, body.userId);
    refuseLocked(await resolvePeriod(tx, ctx, body.workDate), 'time off is added to it as an adjustment.');
    const [row] = await tx
      .insert(ptoEntries)
      .values({ subscriberId: ctx.actor.subscriberId, userId: body.userId, workDate: body.workDate, minutes: Math.round(body.hours * 60), reason: body.reason, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning({ ptoEntryId: ptoEntries.id, minutes: ptoEntries.minutes });
    await recordAudit(tx, ctx, { entity: 'ptoEntry', entityId: row.ptoEntryId, action: 'create', after: body });
    return row;
  });
}

/** `DELETE Payroll/ptoEntries/{id}`: removes time off of an open period. */
export async function deletePtoEntry(ctx: Ctx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(ptoEntries).where(ofTenant(ptoEntries, ctx, eq(ptoEntries.id, id)));
    if (!entry) throw notFound('Time off');
    refuseLocked(await resolvePeriod(tx, ctx, entry.workDate), 'its time off can no longer be removed.');
    await tx.delete(ptoEntries).where(eq(ptoEntries.id, id));
    await recordAudit(tx, ctx, { entity: 'ptoEntry', entityId: id, action: 'delete', before: { userId: entry.userId, workDate: entry.workDate, minutes: entry.minutes } });
  });
}
