import { and, eq, sql } from 'drizzle-orm';
import type { Access, Equipment } from '@sm/shared';
import { equipment, refrigerantMovements, workOrderEquipment, workOrderEquipmentTasks, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { visibleWorkOrder } from '../work-orders/work-order-visibility';
import { allEquipment } from './equipment-read.service';

/** The pieces a work order names, by name (the work order's visibility was checked by the caller). */
async function namedOn(db: DbOrTx, ctx: Ctx, workOrderId: number): Promise<Equipment[]> {
  return allEquipment(db, ctx, sql`exists (select 1 from ${workOrderEquipment} where ${workOrderEquipment.equipmentId} = ${equipment.id} and ${workOrderEquipment.workOrderId} = ${workOrderId})`);
}

/** `GET WorkOrder/{workOrderId}/equipments`: the equipment the work order touches. */
export async function listWorkOrderEquipment(ctx: Ctx, access: Access, workOrderId: number): Promise<Equipment[]> {
  await visibleWorkOrder(ctx.db, ctx, access, workOrderId);
  return namedOn(ctx.db, ctx, workOrderId);
}

/**
 * A piece the work order may name: of the caller's company (404 otherwise, as a missing one), standing at the work
 * order's location and in service (400 with the reason otherwise).
 */
export async function ensureEquipmentAtWorkOrder(tx: Tx, ctx: Ctx, workOrderId: number, equipmentId: number) {
  const [row] = await tx
    .select({ id: equipment.id, name: equipment.name, isActive: equipment.isActive, customerId: equipment.customerId, siteId: workOrders.customerId })
    .from(equipment)
    .innerJoin(workOrders, and(eq(workOrders.id, workOrderId), eq(workOrders.subscriberId, equipment.subscriberId)))
    .where(ofTenant(equipment, ctx, eq(equipment.id, equipmentId)));
  if (!row) throw notFound('Equipment');
  if (row.customerId !== row.siteId) throw new AppError(400, `${row.name} is not at this work order's location.`);
  if (!row.isActive) throw new AppError(400, `${row.name} is retired. Reactivate it first.`);
  return row;
}

/** Names a piece on a work order once; naming it again changes nothing. */
export async function linkEquipment(tx: Tx, ctx: Ctx, workOrderId: number, equipmentId: number) {
  const added = await tx
    .insert(workOrderEquipment)
    .values({ subscriberId: ctx.actor.subscriberId, workOrderId, equipmentId, addedBy: ctx.actor.userId })
    .onConflictDoNothing()
    .returning({ equipmentId: workOrderEquipment.equipmentId });
  if (added.length > 0) await recordAudit(tx, ctx, { entity: 'workOrderEquipment', entityId: workOrderId, action: 'add', after: { equipmentId } });
}

/** `POST WorkOrder/{workOrderId}/equipments`: names a piece at the work order's location on it. */
export async function addWorkOrderEquipment(ctx: Ctx, access: Access, workOrderId: number, equipmentId: number): Promise<Equipment[]> {
  return ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, workOrderId);
    await ensureEquipmentAtWorkOrder(tx, ctx, workOrderId, equipmentId);
    await linkEquipment(tx, ctx, workOrderId, equipmentId);
    return namedOn(tx, ctx, workOrderId);
  });
}

/** `DELETE WorkOrder/{workOrderId}/equipments/{equipmentId}`: takes a piece off the work order, unless a task or the refrigerant log names it. */
export async function removeWorkOrderEquipment(ctx: Ctx, access: Access, workOrderId: number, equipmentId: number): Promise<Equipment[]> {
  return ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, workOrderId);
    const [task] = await tx
      .select({ id: workOrderEquipmentTasks.id })
      .from(workOrderEquipmentTasks)
      .where(ofTenant(workOrderEquipmentTasks, ctx, eq(workOrderEquipmentTasks.workOrderId, workOrderId), eq(workOrderEquipmentTasks.equipmentId, equipmentId)))
      .limit(1);
    if (task) throw new AppError(409, 'A task of the equipment task list is on this piece. Remove the task first.');
    const [logged] = await tx
      .select({ id: refrigerantMovements.id })
      .from(refrigerantMovements)
      .where(ofTenant(refrigerantMovements, ctx, eq(refrigerantMovements.workOrderId, workOrderId), eq(refrigerantMovements.equipmentId, equipmentId)))
      .limit(1);
    if (logged) throw new AppError(409, 'Refrigerant is logged on this piece on this work order, so it stays on the work order.');
    const gone = await tx
      .delete(workOrderEquipment)
      .where(ofTenant(workOrderEquipment, ctx, eq(workOrderEquipment.workOrderId, workOrderId), eq(workOrderEquipment.equipmentId, equipmentId)))
      .returning({ equipmentId: workOrderEquipment.equipmentId });
    if (gone.length === 0) throw notFound('Equipment');
    await recordAudit(tx, ctx, { entity: 'workOrderEquipment', entityId: workOrderId, action: 'remove', before: { equipmentId } });
    return namedOn(tx, ctx, workOrderId);
  });
}
