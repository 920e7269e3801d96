import { asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jsonNumberOf, poundsOuncesText, type LeakRateMethod, type LeakRepair, type RefrigerantMovement } from '@sm/shared';
import { customers, equipment, leakRepairs, refrigerantMovements, refrigerants, users, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';

/**
 * Reading the refrigerant log and the leak repairs as the API answers them: names beside ids, amounts as exact JSON
 * numbers and text, and a repair's overdue flag against the company's date today.
 */

const numberOrNull = (v: string | null) => (v == null ? null : jsonNumberOf(v));

/** Movements matching `where` (already scoped by the caller), oldest first. */
export async function movementRows(db: DbOrTx, ctx: Ctx, where: SQL | undefined): Promise<RefrigerantMovement[]> {
  const rows = await db
    .select({ m: refrigerantMovements, workOrderNumber: workOrders.workOrderNumber, equipmentName: equipment.name, refrigerantName: refrigerants.name, technicianName: users.name })
    .from(refrigerantMovements)
    .innerJoin(workOrders, eq(workOrders.id, refrigerantMovements.workOrderId))
    .innerJoin(equipment, eq(equipment.id, refrigerantMovements.equipmentId))
    .innerJoin(refrigerants, eq(refrigerants.id, refrigerantMovements.refrigerantId))
    .innerJoin(users, eq(users.id, refrigerantMovements.technicianId))
    .where(ofTenant(refrigerantMovements, ctx, where))
    .orderBy(asc(refrigerantMovements.occurredAt), asc(refrigerantMovements.id));
  return rows.map(({ m, ...names }) => ({
    refrigerantMovementId: m.id,
    workOrderId: m.workOrderId,
    workOrderNumber: names.workOrderNumber,
    equipmentId: m.equipmentId,
    equipmentName: names.equipmentName,
    kind: m.kind as RefrigerantMovement['kind'],
    refrigerantId: m.refrigerantId,
    refrigerantName: names.refrigerantName,
    amountOunces: jsonNumberOf(m.amountOunces),
    amountText: poundsOuncesText(m.amountOunces),
    cylinder: m.cylinder,
    technicianName: names.technicianName,
    certificationNumber: m.certificationNumber,
    occurredAt: m.occurredAt.toISOString(),
    occurredOn: m.occurredOn,
    leakRateMethod: m.leakRateMethod as LeakRateMethod | null,
    leakRatePercent: numberOrNull(m.leakRatePercent),
    leakThresholdPercent: numberOrNull(m.leakThresholdPercent),
    isLeakRateExceeded: m.isLeakRateExceeded,
  }));
}

const verificationOrders = alias(workOrders, 'verification_orders');

/** Leak repairs matching `where` (already scoped by the caller), soonest due first; overdue when open past `today`. */
export async function repairRows(db: DbOrTx, ctx: Ctx, where: SQL | undefined, today: string): Promise<LeakRepair[]> {
  const rows = await db
    .select({
      r: leakRepairs,
      equipmentName: equipment.name,
      customerId: customers.id,
      customerName: customers.name,
      leakRatePercent: refrigerantMovements.leakRatePercent,
      leakThresholdPercent: refrigerantMovements.leakThresholdPercent,
      verificationWorkOrderNumber: verificationOrders.workOrderNumber,
    })
    .from(leakRepairs)
    .innerJoin(equipment, eq(equipment.id, leakRepairs.equipmentId))
    .innerJoin(customers, eq(customers.id, equipment.customerId))
    .innerJoin(refrigerantMovements, eq(refrigerantMovements.id, leakRepairs.movementId))
    .leftJoin(verificationOrders, eq(verificationOrders.id, leakRepairs.verificationWorkOrderId))
    .where(ofTenant(leakRepairs, ctx, where))
    .orderBy(asc(leakRepairs.dueOn), asc(leakRepairs.id));
  return rows.map(({ r, ...more }) => ({
    leakRepairId: r.id,
    equipmentId: r.equipmentId,
    equipmentName: more.equipmentName,
    customerId: more.customerId,
    customerName: more.customerName,
    leakRatePercent: jsonNumberOf(more.leakRatePercent ?? '0'),
    leakThresholdPercent: jsonNumberOf(more.leakThresholdPercent ?? '0'),
    openedOn: r.openedOn,
    dueOn: r.dueOn,
    isOverdue: r.closedAt == null && (r.repairedOn ?? today) > r.dueOn,
    isIndustrialShutdown: r.isIndustrialShutdown,
    verificationWorkOrderId: r.verificationWorkOrderId,
    verificationWorkOrderNumber: more.verificationWorkOrderNumber,
    repairedOn: r.repairedOn,
    initialTestOn: r.initialTestOn,
    initialTestPassed: r.initialTestPassed,
    followUpTestOn: r.followUpTestOn,
    followUpTestPassed: r.followUpTestPassed,
    isClosed: r.closedAt != null,
  }));
}
