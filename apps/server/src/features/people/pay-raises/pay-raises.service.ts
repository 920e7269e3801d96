import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jsonNumberOf, PAY_FIGURES, satisfies, type Access, type CreatePayRaiseBody, type NoticePayload, type PayRaise, type PayRaiseStatus } from '@sm/shared';
import { users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { calendarOf, todayIn } from '../timesheets/payroll-settings.service';
import { activeUsersWithGrant, isStaff } from '../../platform/users/users.service';
import { payRaiseNotices, payRaiseTypes, payRaises, payRates } from './pay-raises.table';

export type PayRaiseRow = typeof payRaises.$inferSelect;
export type NoticeKind = (typeof payRaiseNotices.$inferInsert)['kind'];

const employees = alias(users, 'employees');
const requesters = alias(users, 'requesters');
const deciders = alias(users, 'deciders');

/** Whether the caller may see this raise's pay figures: "Can Access Payroll", or it is their own pay. */
const seesFigures = (ctx: Ctx, access: Access, employeeId: number) => satisfies(access, PAY_FIGURES) || employeeId === ctx.actor.userId;

const statusOf = (r: PayRaiseRow): PayRaiseStatus => (r.signedAt ? 'Signed' : r.isApproved === true ? 'Approved' : r.isApproved === false ? 'Refused' : 'Requested');

export const RAISE_COLUMNS = { r: payRaises, employeeName: employees.name, payRaiseType: payRaiseTypes.name, requestedBy: requesters.name, decidedBy: deciders.name };

/** The raises with their people's and type's names (and the notice's kind when joined to the notices). */
export function raisesWithNames(db: Ctx['db'] | Tx) {
  return db
    .select({ ...RAISE_COLUMNS, noticeKind: sql<NoticeKind | null>`null` })
    .from(payRaises)
    .innerJoin(employees, eq(employees.id, payRaises.employeeId))
    .innerJoin(payRaiseTypes, eq(payRaiseTypes.id, payRaises.payRaiseTypeId))
    .leftJoin(requesters, eq(requesters.id, payRaises.requestedBy))
    .leftJoin(deciders, eq(deciders.id, payRaises.decidedBy))
    .$dynamic();
}

type Named = { r: PayRaiseRow; employeeName: string; payRaiseType: string; requestedBy: string | null; decidedBy: string | null };

/** A raise as the caller may read it: without pay figures or signature for those who may not see them. */
export function answerOf(ctx: Ctx, access: Access, { r, employeeName, payRaiseType, requestedBy, decidedBy }: Named): PayRaise {
  const sees = seesFigures(ctx, access, r.employeeId);
  return {
    payRaiseRequestedId: r.id,
    employeeId: r.employeeId,
    employeeName,
    currentPosition: r.currentPosition,
    currentPayRate: sees && r.currentPayRate !== null ? jsonNumberOf(r.currentPayRate) : null,
    newPosition: r.newPosition,
    newPay: sees ? jsonNumberOf(r.newPay) : null,
    payRaiseType,
    reasonForChange: r.reasonForChange,
    effectiveDate: r.effectiveDate,
    payRaiseDate: r.requestedAt.toISOString(),
    raiseApprovalPriorityId: r.priority,
    status: statusOf(r),
    isApproved: r.isApproved,
    isPayRaiseApproved: r.signedAt !== null,
    requestedBy,
    decidedBy,
    decisionComment: r.decisionComment,
    signatureDate: r.signedAt ? r.signedAt.toISOString() : null,
    employeeSignature: sees && r.signaturePng ? `data:image/png;base64,${r.signaturePng}` : null,
  };
}

/** Gives these people a notice of the raise (in the transaction), and answers what to announce once it commits. */
export async function notify(tx: Tx, ctx: Ctx, raise: { id: number; employeeName: string }, kind: NoticeKind, userIds: number[]) {
  const to = [...new Set(userIds)].filter((id) => id !== ctx.actor.userId);
  if (to.length > 0) {
    await tx
      .insert(payRaiseNotices)
      .values(to.map((userId) => ({ subscriberId: ctx.actor.subscriberId, payRaiseId: raise.id, userId, kind, createdAt: ctx.now })))
      .onConflictDoUpdate({ target: [payRaiseNotices.payRaiseId, payRaiseNotices.userId, payRaiseNotices.kind], set: { acknowledgedAt: null, createdAt: ctx.now } });
  }
  const payload: NoticePayload = { kind: 'payRaise', payRaiseRequestedId: raise.id, employeeName: raise.employeeName, noticeKind: kind };
  return () => to.length > 0 && ctx.events?.publish({ subscriberId: ctx.actor.subscriberId, event: 'notice', payload, userIds: to });
}

/** An employee's position and pay on `today` (the company's date): the latest rate effective by then. */
async function currentPayOf(tx: Tx, employeeId: number, today: string) {
  const [rate] = await tx
    .select({ position: payRates.position, hourlyRate: payRates.hourlyRate })
    .from(payRates)
    .where(and(eq(payRates.userId, employeeId), lte(payRates.effectiveFrom, today)))
    .orderBy(desc(payRates.effectiveFrom))
    .limit(1);
  return rate ?? null;
}

/** `GET Payroll/payRaiseTypes`: the company's active pay raise types, for those who ask for raises. */
export async function activePayRaiseTypes(ctx: Ctx): Promise<{ payRaiseTypeId: number; name: string }[]> {
  return ctx.db
    .select({ payRaiseTypeId: payRaiseTypes.id, name: payRaiseTypes.name })
    .from(payRaiseTypes)
    .where(ofTenant(payRaiseTypes, ctx, eq(payRaiseTypes.isActive, true)))
    .orderBy(asc(payRaiseTypes.name));
}

/** `POST Payroll/payRaiseRequests`: a manager asks for a raise; the approvers get a notice, live, without figures. */
export async function requestPayRaise(ctx: Ctx, access: Access, body: CreatePayRaiseBody): Promise<PayRaise> {
  if (body.employeeId === ctx.actor.userId) throw new AppError(400, 'You cannot ask for a raise for yourself.');
  const { raise, announce } = await ctx.db.transaction(async (tx) => {
    const [employee] = await tx.select({ id: users.id, name: users.name }).from(users).where(ofTenant(users, ctx, eq(users.id, body.employeeId), eq(users.isActive, true), isStaff(users.id)));
    if (!employee) throw notFound('Employee');
    const [type] = await tx.select({ id: payRaiseTypes.id }).from(payRaiseTypes).where(ofTenant(payRaiseTypes, ctx, eq(payRaiseTypes.id, body.payRaiseTypeId), eq(payRaiseTypes.isActive, true)));
    if (!type) throw notFound('Pay Raise Type');
    // The pay in force on the company's today, in its time zone: near midnight UTC's date is already another day.
    const current = await currentPayOf(tx, employee.id, todayIn(await calendarOf(tx, ctx), ctx.now));
    const [row] = await tx
      .insert(payRaises)
      .values({
        subscriberId: ctx.actor.subscriberId,
        employeeId: employee.id,
        payRaiseTypeId: type.id,
        currentPosition: current?.position ?? null,
        currentPayRate: current?.hourlyRate ?? null,
        newPosition: body.newPosition,
        newPay: body.newPay.toFixed(2),
        reasonForChange: body.reasonForChange,
        effectiveDate: body.effectiveDate,
        priority: body.raiseApprovalPriorityId,
        requestedBy: ctx.actor.userId,
        requestedAt: ctx.now,
      })
      .returning({ id: payRaises.id });
    await recordAudit(tx, ctx, { entity: 'payRaise', entityId: row.id, action: 'request', after: { employeeId: employee.id, newPosition: body.newPosition, effectiveDate: body.effectiveDate } });
    const announce = await notify(tx, ctx, { id: row.id, employeeName: employee.name }, 'approve', await activeUsersWithGrant(tx, ctx, { area: 'Timesheet', functionality: 'Can Access Payroll' }));
    const [named] = await raisesWithNames(tx).where(eq(payRaises.id, row.id));
    return { raise: answerOf(ctx, access, named), announce };
  });
  announce();
  return raise;
}

/**
 * `GET Payroll/payRaiseRequests`: the raises the caller has to do with, newest first: every one for approvers, those
 * they asked for, and their own.
 */
export async function listPayRaises(ctx: Ctx, access: Access): Promise<PayRaise[]> {
  const mine = or(eq(payRaises.requestedBy, ctx.actor.userId), eq(payRaises.employeeId, ctx.actor.userId));
  const rows = await raisesWithNames(ctx.db)
    .where(ofTenant(payRaises, ctx, satisfies(access, PAY_FIGURES) ? undefined : mine))
    .orderBy(desc(payRaises.requestedAt), desc(payRaises.id));
  return rows.map((r) => answerOf(ctx, access, r));
}

/** The caller's notices not yet acknowledged, with their raises (`getPayRaiseNotificationDetails`). */
export async function myPayRaiseNotices(ctx: Ctx, access: Access) {
  const rows = await ctx.db
    .select({ ...RAISE_COLUMNS, noticeKind: payRaiseNotices.kind })
    .from(payRaises)
    .innerJoin(employees, eq(employees.id, payRaises.employeeId))
    .innerJoin(payRaiseTypes, eq(payRaiseTypes.id, payRaises.payRaiseTypeId))
    .leftJoin(requesters, eq(requesters.id, payRaises.requestedBy))
    .leftJoin(deciders, eq(deciders.id, payRaises.decidedBy))
    .innerJoin(payRaiseNotices, eq(payRaiseNotices.payRaiseId, payRaises.id))
    .where(ofTenant(payRaiseNotices, ctx, eq(payRaiseNotices.userId, ctx.actor.userId), isNull(payRaiseNotices.acknowledgedAt)))
    .orderBy(asc(payRaiseNotices.createdAt), asc(payRaiseNotices.id));
  const details = rows.map((row) => ({ ...answerOf(ctx, access, row), noticeKind: row.noticeKind }));
  return { payRaiseNotificationDetails: details, count: details.length };
}

/** `PUT Payroll/acknowledgePayRaiseNotification`: the caller acknowledges their notices of how a raise ended. */
export async function acknowledgePayRaiseNotices(ctx: Ctx, access: Access, payRaiseId: number) {
  const mine = await ctx.db
    .select({ id: payRaiseNotices.id, kind: payRaiseNotices.kind })
    .from(payRaiseNotices)
    .where(ofTenant(payRaiseNotices, ctx, eq(payRaiseNotices.payRaiseId, payRaiseId), eq(payRaiseNotices.userId, ctx.actor.userId)));
  if (mine.length === 0) throw notFound('Pay raise');
  const closable = mine.filter((n) => n.kind === 'decided' || n.kind === 'signed').map((n) => n.id);
  if (closable.length === 0) throw new AppError(409, 'This raise waits for you to answer or sign it; it cannot be put aside.');
  await ctx.db.update(payRaiseNotices).set({ acknowledgedAt: ctx.now }).where(and(inArray(payRaiseNotices.id, closable), isNull(payRaiseNotices.acknowledgedAt)));
  return myPayRaiseNotices(ctx, access);
}

/** Closes every open notice of this kind of a raise (an answer closes every approver's; a signature, the employee's). */
export async function closeNotices(tx: Tx, ctx: Ctx, payRaiseId: number, kind: NoticeKind) {
  await tx
    .update(payRaiseNotices)
    .set({ acknowledgedAt: ctx.now })
    .where(and(eq(payRaiseNotices.payRaiseId, payRaiseId), eq(payRaiseNotices.kind, kind), isNull(payRaiseNotices.acknowledgedAt)));
}

/** The raise, locked, of the caller's company. */
export async function lockedRaise(tx: Tx, ctx: Ctx, payRaiseId: number) {
  const [row] = await tx.select().from(payRaises).where(ofTenant(payRaises, ctx, eq(payRaises.id, payRaiseId))).for('update');
  if (!row) throw notFound('Pay raise');
  return row;
}
