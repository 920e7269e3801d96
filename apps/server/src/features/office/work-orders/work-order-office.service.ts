import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Access, updateWorkOrderBody } from '@sm/shared';
import type { z } from 'zod';
import { customers, scheduleItems, users, workOrderClasses, workOrderStatuses, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { sanitizeRichText } from '../../../lib/rich-text';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { workOrderLabor, workOrderStatusHistory } from '../../field/clock/labor.table';
import { publishHubEvent, publishWorkOrderChanged } from '../../platform/realtime/publish';
import { visibleWorkOrders } from './work-order-visibility';
import { checkedTechnicians, checkedWorkOrderClass } from './work-order-technicians';

/** A work order the caller may see, locked for update inside a transaction when asked; 404 like another company's. */
export async function visibleWorkOrderRow(db: DbOrTx, ctx: Ctx, access: Access, workOrderId: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId), visibleWorkOrders(ctx, access)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Work order');
  return row;
}

const HEADER_FIELDS = ['problem', 'nte', 'priority', 'workOrderClassId', 'poNumber', 'providerReference'] as const;

/**
 * `PUT WorkOrder/{workOrderId}`: the header the office keeps (problem, NTE, priority, class, PO number, provider
 * reference). A field left out stays; the change and its audit entry (only the fields that changed) are one transaction.
 */
export async function updateWorkOrderHeader(ctx: Ctx, access: Access, workOrderId: number, input: z.output<typeof updateWorkOrderBody>) {
  const { answer, changed } = await ctx.db.transaction(async (tx) => {
    const current = await visibleWorkOrderRow(tx, ctx, access, workOrderId, { lock: true });
    await checkedWorkOrderClass(tx, ctx, input.workOrderClassId, current.workOrderClassId);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of HEADER_FIELDS) {
      const next = input[field];
      if (next === undefined || next === current[field]) continue;
      before[field] = current[field];
      after[field] = next;
    }
    if (Object.keys(after).length > 0) {
      await tx.update(workOrders).set(after).where(ofTenant(workOrders, ctx, eq(workOrders.id, current.id)));
      await recordAudit(tx, ctx, { entity: 'workOrder', entityId: current.id, action: 'update', before, after });
    }
    return { answer: { workOrderId: current.id, workOrderNumber: current.workOrderNumber }, changed: Object.keys(after).length > 0 };
  });
  if (changed) publishWorkOrderChanged(ctx, workOrderId, 'workOrderHeader');
  return answer;
}

/**
 * `PUT WorkOrder/{workOrderId}/workDescription`: the work description as rich text, through the allowlist sanitiser,
 * so what is stored is safe to show as HTML to anyone; empty (or nothing left after sanitising) clears it. Audited.
 */
export async function updateWorkDescription(ctx: Ctx, access: Access, workOrderId: number, html: string) {
  return ctx.db.transaction(async (tx) => {
    const current = await visibleWorkOrderRow(tx, ctx, access, workOrderId, { lock: true });
    const clean = sanitizeRichText(html).trim();
    const next = clean.replace(/<[^>]*>|&nbsp;|\s/g, '') === '' && !clean.includes('<img') ? null : clean;
    if (next !== current.workDescription) {
      await tx.update(workOrders).set({ workDescription: next }).where(ofTenant(workOrders, ctx, eq(workOrders.id, current.id)));
      await recordAudit(tx, ctx, { entity: 'workOrder', entityId: current.id, action: 'update', before: { workDescription: current.workDescription }, after: { workDescription: next } });
    }
    return { workOrderId: current.id, workDescription: next };
  });
}

/**
 * `PUT WorkOrder/{workOrderId}/status`: a new status, its history row and its audit entry in one transaction; the
 * same status again changes nothing. Team leaders' boards hear of it after the commit, as they do of the clock.
 */
export async function changeWorkOrderStatus(ctx: Ctx, access: Access, workOrderId: number, workOrderStatusId: number) {
  const { status, changed } = await ctx.db.transaction(async (tx) => {
    const current = await visibleWorkOrderRow(tx, ctx, access, workOrderId, { lock: true });
    return setWorkOrderStatus(tx, ctx, current, workOrderStatusId);
  });
  if (changed) publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderStatus', workOrderId, workOrderStatusId: status.id });
  return { workOrderId, workOrderStatusId: status.id, workOrderStatus: status.name };
}

/**
 * A work order's new status with its history row and audit entry, inside the caller's transaction, for a work order
 * the caller has already found (and locked); the same status again changes nothing. Other features whose records move
 * the work order's status (quotes) write it through here, then tell the boards after their commit.
 */
export async function setWorkOrderStatus(tx: Tx, ctx: Ctx, current: { id: number; workOrderStatusId: number }, workOrderStatusId: number) {
  const [status] = await tx.select().from(workOrderStatuses).where(eq(workOrderStatuses.id, workOrderStatusId));
  if (!status) throw new AppError(400, `Work order status ${workOrderStatusId} does not exist.`);
  if (current.workOrderStatusId === status.id) return { status, changed: false };
  await tx.update(workOrders).set({ workOrderStatusId: status.id }).where(ofTenant(workOrders, ctx, eq(workOrders.id, current.id)));
  await tx.insert(workOrderStatusHistory).values({
    subscriberId: ctx.actor.subscriberId, workOrderId: current.id, fromStatusId: current.workOrderStatusId, toStatusId: status.id, changedBy: ctx.actor.userId, changedAt: ctx.now,
  });
  await recordAudit(tx, ctx, { entity: 'workOrder', entityId: current.id, action: 'status', before: { workOrderStatusId: current.workOrderStatusId }, after: { workOrderStatusId: status.id } });
  return { status, changed: true };
}

/**
 * `PUT WorkOrder/{workOrderId}/technicians`: the technicians the work order has from now on. Someone clocked in on
 * it stays: taking them off would hide from them the work order they are working on.
 */
export async function assignTechnicians(ctx: Ctx, access: Access, workOrderId: number, technicianIds: number[]) {
  const result = await ctx.db.transaction(async (tx) => {
    const current = await visibleWorkOrderRow(tx, ctx, access, workOrderId, { lock: true });
    const technicians = await checkedTechnicians(tx, ctx, technicianIds);
    const before = (await tx.select({ userId: workOrderTechnicians.userId }).from(workOrderTechnicians).where(ofTenant(workOrderTechnicians, ctx, eq(workOrderTechnicians.workOrderId, current.id)))).map((r) => r.userId);
    const keep = new Set(technicians.map((t) => t.userId));
    const removed = before.filter((id) => !keep.has(id));
    const added = technicians.filter((t) => !before.includes(t.userId));
    if (removed.length > 0) {
      const [open] = await tx
        .select({ name: users.name })
        .from(workOrderLabor)
        .innerJoin(users, eq(users.id, workOrderLabor.userId))
        .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.workOrderId, current.id), inArray(workOrderLabor.userId, removed), isNull(workOrderLabor.stoppedAt)));
      if (open) throw new AppError(409, `${open.name} is clocked in on this work order and stays assigned until they clock out.`);
      await tx.delete(workOrderTechnicians).where(ofTenant(workOrderTechnicians, ctx, eq(workOrderTechnicians.workOrderId, current.id), inArray(workOrderTechnicians.userId, removed)));
    }
    if (added.length > 0) {
      await tx.insert(workOrderTechnicians).values(added.map((t) => ({ subscriberId: ctx.actor.subscriberId, workOrderId: current.id, userId: t.userId })));
    }
    const changed = removed.length > 0 || added.length > 0;
    if (changed) {
      await recordAudit(tx, ctx, { entity: 'workOrder', entityId: current.id, action: 'technicians', before: { technicianIds: before.sort((a, b) => a - b) }, after: { technicianIds: [...keep].sort((a, b) => a - b) } });
    }
    return { changed, answer: { workOrderId: current.id, technicians } };
  });
  if (result.changed) publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderTechnicians', workOrderId });
  return result.answer;
}

/** `GET WorkOrder/{workOrderId}/statusHistory`: every status change, oldest first, with who made it. */
export async function workOrderStatusHistoryOf(ctx: Ctx, access: Access, workOrderId: number) {
  await visibleWorkOrderRow(ctx.db, ctx, access, workOrderId);
  const statuses = new Map((await ctx.db.select().from(workOrderStatuses)).map((s) => [s.id, s.name]));
  const rows = await ctx.db
    .select({ h: workOrderStatusHistory, changedBy: users.name })
    .from(workOrderStatusHistory)
    .leftJoin(users, eq(users.id, workOrderStatusHistory.changedBy))
    .where(ofTenant(workOrderStatusHistory, ctx, eq(workOrderStatusHistory.workOrderId, workOrderId)))
    .orderBy(asc(workOrderStatusHistory.changedAt), asc(workOrderStatusHistory.id));
  return rows.map(({ h, changedBy }) => ({
    fromStatusId: h.fromStatusId,
    fromStatus: h.fromStatusId === null ? null : (statuses.get(h.fromStatusId) ?? null),
    toStatusId: h.toStatusId,
    toStatus: statuses.get(h.toStatusId) ?? String(h.toStatusId),
    changedBy,
    changedAt: h.changedAt.toISOString(),
  }));
}

/** `GET WorkOrder/{workOrderId}/schedule`: the visits planned for the work order, earliest first. */
export async function workOrderVisits(ctx: Ctx, access: Access, workOrderId: number) {
  const wo = await visibleWorkOrderRow(ctx.db, ctx, access, workOrderId);
  const rows = await ctx.db
    .select({ item: scheduleItems, technicianName: users.name })
    .from(scheduleItems)
    .leftJoin(users, eq(users.id, scheduleItems.technicianUserId))
    .where(ofTenant(scheduleItems, ctx, eq(scheduleItems.workOrderId, wo.id), eq(scheduleItems.kind, 'service'), eq(scheduleItems.isDeleted, false)))
    .orderBy(asc(scheduleItems.startAt), asc(scheduleItems.id));
  return rows.map(({ item, technicianName }) => ({
    schedulerId: item.id,
    technicianId: item.technicianUserId,
    technicianName,
    start: item.startAt.toISOString(),
    end: new Date(item.startAt.getTime() + item.durationHours * 3_600_000).toISOString(),
    durationHours: item.durationHours,
    title: item.task?.trim() || `Work order ${wo.workOrderNumber}`,
    isAllDay: item.isAllDay,
    isAppointment: item.isAppointment,
    recurrenceRule: item.recurrenceRule,
  }));
}

/** `GET WorkOrder/workOrderClasses`: the company's classes still in use, by name, for pickers. */
export async function listWorkOrderClasses(ctx: Ctx) {
  const rows = await ctx.db
    .select({ workOrderClassId: workOrderClasses.id, workOrderClassName: workOrderClasses.name })
    .from(workOrderClasses)
    .where(and(ofTenant(workOrderClasses, ctx), eq(workOrderClasses.isActive, true)))
    .orderBy(asc(workOrderClasses.name), asc(workOrderClasses.id));
  return rows;
}

/**
 * What the office keeps on a work order beyond the technician's view: priority, class, PO number, provider reference,
 * the customer and the billing customer's name. Read beside `GET WorkOrder/{workOrderNumber}`.
 */
export async function officeFactsOf(ctx: Ctx, w: typeof workOrders.$inferSelect) {
  const [cls] = w.workOrderClassId
    ? await ctx.db.select({ name: workOrderClasses.name }).from(workOrderClasses).where(ofTenant(workOrderClasses, ctx, eq(workOrderClasses.id, w.workOrderClassId)))
    : [];
  const [billing] = w.billingCustomerId
    ? await ctx.db.select({ name: customers.name }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, w.billingCustomerId)))
    : [];
  return {
    priority: w.priority,
    workOrderClassId: w.workOrderClassId,
    workOrderClassName: cls?.name ?? null,
    poNumber: w.poNumber,
    providerReference: w.providerReference,
    customerId: w.customerId,
    billingCustomerName: billing?.name ?? null,
  };
}
