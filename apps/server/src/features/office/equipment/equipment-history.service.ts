import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { jsonNumberOf, type Access, type EquipmentHistory } from '@sm/shared';
import { refrigerantMovements, users, workOrderEquipment, workOrderLabor, workOrderMaterials, workOrderStatuses, workOrders, workOrderTechnicians } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { visibleWorkOrders } from '../work-orders/work-order-visibility';
import { movementRows } from '../refrigerant/refrigerant-rows';
import { equipmentById } from './equipment-read.service';

/** Groups rows by their work order. */
function byWorkOrder<T extends { workOrderId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const r of rows) map.set(r.workOrderId, [...(map.get(r.workOrderId) ?? []), r]);
  return map;
}

/**
 * `GET Equipment/{equipmentId}/history`: the piece and every work order the caller may see that named it, newest
 * first, each with its status, technicians, hours of finished labor (to the hundredth) and the materials used, and the
 * refrigerant logged on the piece on those work orders with each addition's leak rate.
 */
export async function equipmentHistory(ctx: Ctx, access: Access, equipmentId: number): Promise<EquipmentHistory> {
  const piece = await equipmentById(ctx.db, ctx, access, equipmentId);
  const orders = await ctx.db
    .select({
      workOrderId: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      createdAt: workOrders.createdAt,
      workOrderStatus: workOrderStatuses.name,
      problem: workOrders.problem,
    })
    .from(workOrderEquipment)
    .innerJoin(workOrders, eq(workOrders.id, workOrderEquipment.workOrderId))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .where(ofTenant(workOrderEquipment, ctx, eq(workOrderEquipment.equipmentId, equipmentId), visibleWorkOrders(ctx, access)))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id));
  const ids = orders.map((o) => o.workOrderId);
  if (ids.length === 0) return { equipment: piece, workOrders: [], refrigerant: [] };
  const refrigerant = await movementRows(ctx.db, ctx, and(eq(refrigerantMovements.equipmentId, equipmentId), inArray(refrigerantMovements.workOrderId, ids)));
  const technicians = await ctx.db
    .select({ workOrderId: workOrderTechnicians.workOrderId, name: users.name })
    .from(workOrderTechnicians)
    .innerJoin(users, eq(users.id, workOrderTechnicians.userId))
    .where(ofTenant(workOrderTechnicians, ctx, inArray(workOrderTechnicians.workOrderId, ids)))
    .orderBy(asc(users.name));
  const labor = await ctx.db
    .select({
      workOrderId: workOrderLabor.workOrderId,
      hours: sql<string>`round(sum(extract(epoch from ${workOrderLabor.stoppedAt} - ${workOrderLabor.startedAt})) / 3600, 2)::text`,
    })
    .from(workOrderLabor)
    .where(ofTenant(workOrderLabor, ctx, inArray(workOrderLabor.workOrderId, ids), isNotNull(workOrderLabor.stoppedAt)))
    .groupBy(workOrderLabor.workOrderId);
  const materials = await ctx.db
    .select({ workOrderId: workOrderMaterials.workOrderId, description: workOrderMaterials.description, quantity: workOrderMaterials.quantity })
    .from(workOrderMaterials)
    .where(and(ofTenant(workOrderMaterials, ctx, inArray(workOrderMaterials.workOrderId, ids))))
    .orderBy(asc(workOrderMaterials.id));
  const techsOf = byWorkOrder(technicians);
  const hoursOf = new Map(labor.map((l) => [l.workOrderId, l.hours]));
  const materialsOf = byWorkOrder(materials);
  return {
    equipment: piece,
    refrigerant,
    workOrders: orders.map((o) => ({
      ...o,
      createdAt: o.createdAt.toISOString(),
      technicians: (techsOf.get(o.workOrderId) ?? []).map((t) => t.name),
      laborHours: jsonNumberOf(hoursOf.get(o.workOrderId) ?? '0'),
      materials: (materialsOf.get(o.workOrderId) ?? []).map((m) => ({ description: m.description, quantity: jsonNumberOf(m.quantity) })),
    })),
  };
}
