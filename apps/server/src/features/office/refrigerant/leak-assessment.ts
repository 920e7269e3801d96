import { eq, isNull } from 'drizzle-orm';
import {
  addDaysTo, isLeakRateExceeded, isLeakRuleAppliance, leakRatePercent, poundsOfOunces, WORK_ORDER_STATUS, type Access, type LeakRateMethod,
} from '@sm/shared';
import { leakRepairs, refrigerantMovements, workOrders } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { getSettingsForm } from '../../platform/settings-forms/settings-forms.service';
import { linkEquipment } from '../equipment/work-order-equipment.service';
import { insertWorkOrder } from '../work-orders/work-order-create.service';
import { setWorkOrderStatus } from '../work-orders/work-order-office.service';

/** Days to repair a leak, and with an industrial process shutdown (40 CFR 82.157(d) and (i)). */
export const REPAIR_DAYS = 30;
export const SHUTDOWN_REPAIR_DAYS = 120;

/** What the leak rules need to know of a piece: its full charge, its refrigerant's threshold, its category's rate. */
export interface LeakRulePiece {
  equipmentId: number;
  name: string;
  customerId: number;
  refrigerantId: number | null;
  chargePounds: string | null;
  chargeThresholdPounds: number | null;
  applianceType: string;
  categoryLeakRatePercent: string | null;
}

export interface LeakAssessment {
  fullChargePounds: string;
  leakRateMethod: LeakRateMethod;
  leakRatePercent: string;
  leakThresholdPercent: string;
  isLeakRateExceeded: boolean;
}

/**
 * The leak rate of an addition, when the leak rules apply: refrigerant of the piece's own kind added to an appliance
 * whose full charge is at or above the refrigerant's threshold, in a category with a leak rate. Reads the company's
 * method and the piece's earlier additions in the caller's transaction.
 */
export async function assessAddition(tx: Tx, ctx: Ctx, piece: LeakRulePiece, addition: { refrigerantId: number; on: string; ounces: string }): Promise<LeakAssessment | null> {
  if (addition.refrigerantId !== piece.refrigerantId || piece.applianceType === 'none' || piece.categoryLeakRatePercent == null) return null;
  if (!isLeakRuleAppliance(piece.chargePounds, piece.chargeThresholdPounds)) return null;
  const settings = await getSettingsForm(ctx, 'subscriberSettings', tx);
  const method: LeakRateMethod = settings.leakRateMethod === 'rollingAverage' ? 'rollingAverage' : 'annualizing';
  const earlier = await tx
    .select({ on: refrigerantMovements.occurredOn, ounces: refrigerantMovements.amountOunces })
    .from(refrigerantMovements)
    .where(ofTenant(refrigerantMovements, ctx, eq(refrigerantMovements.equipmentId, piece.equipmentId), eq(refrigerantMovements.kind, 'added')));
  const rate = leakRatePercent({
    method,
    addition: { on: addition.on, pounds: poundsOfOunces(addition.ounces) },
    earlier: earlier.map((e) => ({ on: e.on, pounds: poundsOfOunces(e.ounces) })),
    fullChargePounds: piece.chargePounds!,
  });
  return {
    fullChargePounds: piece.chargePounds!,
    leakRateMethod: method,
    leakRatePercent: rate,
    leakThresholdPercent: piece.categoryLeakRatePercent,
    isLeakRateExceeded: isLeakRateExceeded(rate, piece.categoryLeakRatePercent),
  };
}

/**
 * Opens the leak repair an exceeded addition calls for, unless the piece has one open: due 30 days after the
 * addition, with a work order in Leak Test at the piece's location naming the piece, for its verification tests.
 * Answers the new repair's id, or null.
 */
export async function openLeakRepair(tx: Tx, ctx: Ctx, access: Access, piece: LeakRulePiece, movement: { id: number; on: string; rate: string; threshold: string }): Promise<number | null> {
  const [open] = await tx.select({ id: leakRepairs.id }).from(leakRepairs).where(ofTenant(leakRepairs, ctx, eq(leakRepairs.equipmentId, piece.equipmentId), isNull(leakRepairs.closedAt)));
  if (open) return null;
  const dueOn = addDaysTo(movement.on, REPAIR_DAYS);
  const created = await insertWorkOrder(tx, ctx, access, {
    customerId: piece.customerId,
    problem: `Leak verification tests for ${piece.name}: leak rate ${movement.rate} % is above ${movement.threshold} %. Repair by ${dueOn}, then an initial and a follow-up verification test.`,
    priority: 'High',
    technicianIds: [],
    poNumber: null,
    providerReference: null,
  });
  const [wo] = await tx.select({ id: workOrders.id, workOrderStatusId: workOrders.workOrderStatusId }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, created.workOrderId)));
  await setWorkOrderStatus(tx, ctx, wo, WORK_ORDER_STATUS.LeakTest);
  await linkEquipment(tx, ctx, created.workOrderId, piece.equipmentId);
  const [repair] = await tx
    .insert(leakRepairs)
    .values({ subscriberId: ctx.actor.subscriberId, equipmentId: piece.equipmentId, movementId: movement.id, openedOn: movement.on, dueOn, verificationWorkOrderId: created.workOrderId, updatedBy: ctx.actor.userId })
    .returning();
  await recordAudit(tx, ctx, { entity: 'leakRepair', entityId: repair.id, action: 'open', after: { equipmentId: piece.equipmentId, movementId: movement.id, dueOn, verificationWorkOrderId: created.workOrderId } });
  return repair.id;
}

