import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Access, CreateFlagReminderBody, FlagReminder, NoticePayload, WorkOrderFlagReminder } from '@sm/shared';
import { users, workOrderFlags, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { cancelJob, defineJob, scheduleJob, type JobEnv } from '../../platform/jobs/job-runner';
import { visibleWorkOrder } from '../../office/work-orders/work-order-visibility';
import { flagReminderNotices, flagReminders } from './flag-reminders.table';

const JOB_KIND = 'flagReminder';
const jobKey = (id: number) => `flagReminder:${id}`;
const parents = alias(workOrders, 'parent_work_orders');

/**
 * `POST FlagReminder/create`: a flag on a work order the caller may see and change, with the time to remind its
 * technicians and what of. The reminder and its job commit together; the time must be ahead.
 */
export async function createFlagReminder(ctx: Ctx, access: Access, body: CreateFlagReminderBody & { flagReminderTime: string }): Promise<WorkOrderFlagReminder[]> {
  const remindAt = new Date(body.flagReminderTime);
  await ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, body.workOrderId);
    const [flag] = await tx.select({ id: workOrderFlags.id }).from(workOrderFlags).where(ofTenant(workOrderFlags, ctx, eq(workOrderFlags.id, body.flagId)));
    if (!flag) throw notFound('Flag');
    if (remindAt.getTime() <= ctx.now.getTime()) throw new AppError(400, 'Reminder Time must be in the future.');
    const [row] = await tx
      .insert(flagReminders)
      .values({ subscriberId: ctx.actor.subscriberId, workOrderId: body.workOrderId, workOrderFlagId: flag.id, remindAt, description: body.reminderDescription, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning();
    await scheduleJob(tx, { kind: JOB_KIND, runAt: remindAt, subscriberId: ctx.actor.subscriberId, payload: { flagReminderId: row.id }, dedupeKey: jobKey(row.id) });
    await recordAudit(tx, ctx, { entity: 'workOrder', entityId: body.workOrderId, action: 'flagReminder', after: { flagReminderId: row.id, flagId: flag.id, remindAt: remindAt.toISOString(), description: row.description } });
  });
  return workOrderFlagReminders(ctx, access, body.workOrderId);
}

/** `DELETE FlagReminder/{id}`: takes back a reminder that has not fired; one that has is kept with its notices. */
export async function cancelFlagReminder(ctx: Ctx, access: Access, flagReminderId: number): Promise<WorkOrderFlagReminder[]> {
  const workOrderId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(flagReminders).where(ofTenant(flagReminders, ctx, eq(flagReminders.id, flagReminderId))).for('update');
    if (!row) throw notFound('Flag reminder');
    await visibleWorkOrder(tx, ctx, access, row.workOrderId);
    if (row.firedAt) throw new AppError(409, 'This reminder was already sent; it cannot be taken back.');
    if (!row.cancelledAt) {
      await tx.update(flagReminders).set({ cancelledAt: ctx.now }).where(eq(flagReminders.id, row.id));
      await cancelJob(tx, jobKey(row.id));
      await recordAudit(tx, ctx, { entity: 'workOrder', entityId: row.workOrderId, action: 'flagReminderCancelled', before: { flagReminderId: row.id } });
    }
    return row.workOrderId;
  });
  return workOrderFlagReminders(ctx, access, workOrderId);
}

/** `GET FlagReminder/workOrder/{workOrderId}`: the work order's reminders, newest first, with each notice's answer. */
export async function workOrderFlagReminders(ctx: Ctx, access: Access, workOrderId: number): Promise<WorkOrderFlagReminder[]> {
  await visibleWorkOrder(ctx.db, ctx, access, workOrderId);
  const creators = alias(users, 'creators');
  const rows = await ctx.db
    .select({ r: flagReminders, flagName: workOrderFlags.name, createdBy: creators.name })
    .from(flagReminders)
    .innerJoin(workOrderFlags, eq(workOrderFlags.id, flagReminders.workOrderFlagId))
    .leftJoin(creators, eq(creators.id, flagReminders.createdBy))
    .where(ofTenant(flagReminders, ctx, eq(flagReminders.workOrderId, workOrderId)))
    .orderBy(desc(flagReminders.remindAt), desc(flagReminders.id));
  const notices = await ctx.db
    .select({ n: flagReminderNotices, userName: users.name })
    .from(flagReminderNotices)
    .innerJoin(flagReminders, eq(flagReminders.id, flagReminderNotices.flagReminderId))
    .innerJoin(users, eq(users.id, flagReminderNotices.userId))
    .where(ofTenant(flagReminders, ctx, eq(flagReminders.workOrderId, workOrderId)))
    .orderBy(asc(users.name));
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return rows.map(({ r, flagName, createdBy }) => ({
    flagReminderId: r.id,
    flagId: r.workOrderFlagId,
    workOrderFlagName: flagName,
    flagReminderTime: r.remindAt.toISOString(),
    reminderDescription: r.description,
    status: r.cancelledAt ? 'Cancelled' : r.firedAt ? 'Sent' : 'Waiting',
    createdBy,
    notices: notices
      .filter((x) => x.n.flagReminderId === r.id)
      .map((x) => ({ userId: x.n.userId, userName: x.userName, acknowledgedAt: iso(x.n.acknowledgedAt), helpRequestedAt: iso(x.n.helpRequestedAt), helpMessage: x.n.helpMessage })),
  }));
}

/**
 * The reminder's time has come: one notice for each technician assigned to the work order now, in the job's
 * transaction, then (after the commit) a `notice` on the notifications hub for each of them. A reminder taken back
 * or already sent does nothing.
 */
async function fireFlagReminder(tx: Tx, flagReminderId: number, env: JobEnv): Promise<(() => void) | void> {
  const [row] = await tx
    .select({ r: flagReminders, workOrderNumber: workOrders.workOrderNumber })
    .from(flagReminders)
    .innerJoin(workOrders, eq(workOrders.id, flagReminders.workOrderId))
    .where(eq(flagReminders.id, flagReminderId))
    .for('update', { of: flagReminders });
  if (!row || row.r.firedAt || row.r.cancelledAt) return;
  const technicians = await tx.select({ userId: workOrderTechnicians.userId }).from(workOrderTechnicians).where(eq(workOrderTechnicians.workOrderId, row.r.workOrderId));
  await tx.update(flagReminders).set({ firedAt: sql`now()` }).where(eq(flagReminders.id, row.r.id));
  if (technicians.length > 0) {
    await tx
      .insert(flagReminderNotices)
      .values(technicians.map((t) => ({ subscriberId: row.r.subscriberId, flagReminderId: row.r.id, userId: t.userId })))
      .onConflictDoNothing();
  }
  const payload: NoticePayload = { kind: 'flagReminder', flagReminderId: row.r.id, workOrderNumber: row.workOrderNumber };
  return () => env.events?.publish({ subscriberId: row.r.subscriberId, event: 'notice', payload, userIds: technicians.map((t) => t.userId) });
}

defineJob(JOB_KIND, (tx, job, env) => fireFlagReminder(tx, Number(job.payload.flagReminderId), env));

/** `GET FlagReminder/getFlagReminders`: the caller's notices not yet acknowledged, oldest first (spec platform 3.8). */
export async function myFlagReminders(ctx: Ctx): Promise<FlagReminder[]> {
  const rows = await ctx.db
    .select({ n: flagReminderNotices, r: flagReminders, wo: workOrders, parentNumber: parents.workOrderNumber, flagName: workOrderFlags.name, userName: users.userName })
    .from(flagReminderNotices)
    .innerJoin(flagReminders, eq(flagReminders.id, flagReminderNotices.flagReminderId))
    .innerJoin(workOrders, eq(workOrders.id, flagReminders.workOrderId))
    .leftJoin(parents, eq(parents.id, workOrders.parentWorkOrderId))
    .innerJoin(workOrderFlags, eq(workOrderFlags.id, flagReminders.workOrderFlagId))
    .innerJoin(users, eq(users.id, flagReminderNotices.userId))
    .where(ofTenant(flagReminderNotices, ctx, eq(flagReminderNotices.userId, ctx.actor.userId), isNull(flagReminderNotices.acknowledgedAt)))
    .orderBy(asc(flagReminders.remindAt), asc(flagReminderNotices.id));
  return rows.map(({ n, r, wo, parentNumber, flagName, userName }) => ({
    flagReminderId: r.id,
    workOrderId: wo.id,
    workOrderNumber: wo.workOrderNumber,
    isSubWorkOrder: wo.parentWorkOrderId !== null,
    parentWorkOrderNumber: parentNumber,
    subWONumber: wo.parentWorkOrderId !== null ? wo.workOrderNumber : null,
    taskNumber: null,
    flagReminderTime: r.remindAt.toISOString(),
    isAcknowledged: n.acknowledgedAt !== null,
    isHelpRequested: n.helpRequestedAt !== null,
    userId: n.userId,
    userName,
    flagId: r.workOrderFlagId,
    workOrderFlagName: flagName,
    reminderDescription: r.description,
  }));
}

/** The caller's own notice of a reminder, locked; another person's, or another company's, is missing. */
async function myNotice(tx: Tx, ctx: Ctx, flagReminderId: number) {
  const [row] = await tx
    .select()
    .from(flagReminderNotices)
    .where(ofTenant(flagReminderNotices, ctx, eq(flagReminderNotices.flagReminderId, flagReminderId), eq(flagReminderNotices.userId, ctx.actor.userId)))
    .for('update');
  if (!row) throw notFound('Flag reminder');
  return row;
}

/** `POST FlagReminder/updateFlagReminder`: the caller acknowledges the notice; acknowledging again changes nothing. */
export async function acknowledgeFlagReminder(ctx: Ctx, flagReminderId: number): Promise<FlagReminder[]> {
  await ctx.db.transaction(async (tx) => {
    const notice = await myNotice(tx, ctx, flagReminderId);
    if (!notice.acknowledgedAt) await tx.update(flagReminderNotices).set({ acknowledgedAt: ctx.now }).where(eq(flagReminderNotices.id, notice.id));
  });
  return myFlagReminders(ctx);
}

/**
 * `POST FlagReminder/flagReminderHelp`: the caller asks for help with the reminder; the company's team leaders hear
 * it on their hub, and the work order's reminders show who asked and what.
 */
export async function askFlagReminderHelp(ctx: Ctx, flagReminderId: number, message: string | null | undefined): Promise<FlagReminder[]> {
  const workOrderId = await ctx.db.transaction(async (tx) => {
    const notice = await myNotice(tx, ctx, flagReminderId);
    await tx.update(flagReminderNotices).set({ helpRequestedAt: ctx.now, helpMessage: message?.trim() || null }).where(eq(flagReminderNotices.id, notice.id));
    const [r] = await tx.select({ workOrderId: flagReminders.workOrderId }).from(flagReminders).where(eq(flagReminders.id, flagReminderId));
    await recordAudit(tx, ctx, { entity: 'workOrder', entityId: r.workOrderId, action: 'flagReminderHelp', after: { flagReminderId, message: message?.trim() || null } });
    return r.workOrderId;
  });
  ctx.events?.publish({ subscriberId: ctx.actor.subscriberId, event: 'gridUpdate', payload: { action: 'flagReminderHelp', workOrderId, flagReminderId } });
  return myFlagReminders(ctx);
}
