import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Access, AddEquipmentTaskBody, EquipmentTask } from '@sm/shared';
import { users, workOrderEquipmentTasks } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { ensureEquipmentAtWorkOrder, linkEquipment } from '../equipment/work-order-equipment.service';
import { visibleWorkOrder } from '../work-orders/work-order-visibility';
import { workOrderOfItem } from './work-order-item-access';

type Stored = typeof workOrderEquipmentTasks.$inferSelect;
const doneByUser = alias(users, 'done_by_user');

const rowOf = (t: Stored, doneBy: string | null): EquipmentTask => ({
  taskId: t.id,
  equipmentId: t.equipmentId,
  equipmentName: t.equipmentName,
  task: t.task,
  isDone: t.isDone,
  doneBy: t.isDone ? doneBy : null,
  doneAt: t.isDone && t.doneAt ? t.doneAt.toISOString() : null,
});

const snapshot = (t: Stored) => ({ workOrderId: t.workOrderId, equipmentId: t.equipmentId, equipmentName: t.equipmentName, task: t.task, isDone: t.isDone, doneBy: t.doneBy, doneAt: t.doneAt });

const selectTasks = (db: DbOrTx) =>
  db
    .select({ t: workOrderEquipmentTasks, doneBy: doneByUser.name })
    .from(workOrderEquipmentTasks)
    .leftJoin(doneByUser, eq(doneByUser.id, workOrderEquipmentTasks.doneBy))
    .$dynamic();

async function taskById(db: DbOrTx, ctx: Ctx, id: number) {
  const [r] = await selectTasks(db).where(ofTenant(workOrderEquipmentTasks, ctx, eq(workOrderEquipmentTasks.id, id)));
  if (!r) throw notFound('Equipment task');
  return rowOf(r.t, r.doneBy);
}

/** `WorkOrder/{workOrderId}/equipmentTasks`: the equipment task list of a work order, by equipment, in the order added. */
export async function listEquipmentTasks(ctx: Ctx, access: Access, workOrderId: number): Promise<EquipmentTask[]> {
  await visibleWorkOrder(ctx.db, ctx, access, workOrderId);
  const rows = await selectTasks(ctx.db)
    .where(ofTenant(workOrderEquipmentTasks, ctx, eq(workOrderEquipmentTasks.workOrderId, workOrderId)))
    .orderBy(asc(workOrderEquipmentTasks.equipmentName), asc(workOrderEquipmentTasks.id));
  return rows.map((r) => rowOf(r.t, r.doneBy));
}

/**
 * `WorkOrder/equipmentTasks/add`: a task to do on one piece of equipment. A task that names a piece of the register
 * (at the work order's location) names that piece on the work order too.
 */
export async function addEquipmentTask(ctx: Ctx, access: Access, body: AddEquipmentTaskBody): Promise<EquipmentTask> {
  return ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, body.workOrderId);
    if (body.equipmentId != null) {
      await ensureEquipmentAtWorkOrder(tx, ctx, body.workOrderId, body.equipmentId);
      await linkEquipment(tx, ctx, body.workOrderId, body.equipmentId);
    }
    const [row] = await tx
      .insert(workOrderEquipmentTasks)
      .values({ subscriberId: ctx.actor.subscriberId, workOrderId: body.workOrderId, equipmentId: body.equipmentId ?? null, equipmentName: body.equipmentName, task: body.task })
      .returning();
    await recordAudit(tx, ctx, { entity: 'workOrderEquipmentTask', entityId: row.id, action: 'create', after: snapshot(row) });
    return taskById(tx, ctx, row.id);
  });
}

/**
 * `PUT WorkOrder/equipmentTasks/{taskId}`: ticks a task done (recording who and when) or opens it again. Ticking a
 * task that is already done keeps who did it first; nothing is written then.
 */
export async function setEquipmentTaskDone(ctx: Ctx, access: Access, id: number, isDone: boolean): Promise<EquipmentTask> {
  return ctx.db.transaction(async (tx) => {
    await workOrderOfItem(tx, ctx, access, workOrderEquipmentTasks, id, 'Equipment task');
    const [before] = await tx.select().from(workOrderEquipmentTasks).where(ofTenant(workOrderEquipmentTasks, ctx, eq(workOrderEquipmentTasks.id, id))).for('update');
    if (before.isDone !== isDone) {
      const [after] = await tx
        .update(workOrderEquipmentTasks)
        .set(isDone ? { isDone, doneBy: ctx.actor.userId, doneAt: ctx.now } : { isDone, doneBy: null, doneAt: null })
        .where(ofTenant(workOrderEquipmentTasks, ctx, eq(workOrderEquipmentTasks.id, id)))
        .returning();
      await recordAudit(tx, ctx, { entity: 'workOrderEquipmentTask', entityId: id, action: isDone ? 'done' : 'reopen', before: snapshot(before), after: snapshot(after) });
    }
    return taskById(tx, ctx, id);
  });
}

/** `DELETE WorkOrder/equipmentTasks/{taskId}`: the route requires the delete permission. */
export async function deleteEquipmentTask(ctx: Ctx, access: Access, id: number) {
  return ctx.db.transaction(async (tx) => {
    await workOrderOfItem(tx, ctx, access, workOrderEquipmentTasks, id, 'Equipment task');
    const [gone] = await tx.delete(workOrderEquipmentTasks).where(ofTenant(workOrderEquipmentTasks, ctx, eq(workOrderEquipmentTasks.id, id))).returning();
    await recordAudit(tx, ctx, { entity: 'workOrderEquipmentTask', entityId: id, action: 'delete', before: snapshot(gone) });
    return { message: 'Equipment task deleted.' };
  });
}
