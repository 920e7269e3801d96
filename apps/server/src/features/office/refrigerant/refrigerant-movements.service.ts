import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { wallClockOf, type Access, type AddRefrigerantMovementAnswer, type AddRefrigerantMovementParsed, type WorkOrderRefrigerant } from '@sm/shared';
import { equipment, equipmentCategories, leakRepairs, refrigerantMovements, refrigerants, refrigerantTechnicians, workOrderEquipment } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { companyTimeZone, companyToday } from '../../platform/subscribers/company-time';
import { ensureMayDeleteItems } from '../work-order-items/work-order-item-access';
import { visibleWorkOrder } from '../work-orders/work-order-visibility';
import { assessAddition, openLeakRepair, type LeakRulePiece } from './leak-assessment';
import { movementRows, repairRows } from './refrigerant-rows';

/** The certification number the caller gave last, if any. */
async function storedCertification(db: Ctx['db'] | Tx, ctx: Ctx): Promise<string | null> {
  const [row] = await db
    .select({ n: refrigerantTechnicians.certificationNumber })
    .from(refrigerantTechnicians)
    .where(ofTenant(refrigerantTechnicians, ctx, eq(refrigerantTechnicians.userId, ctx.actor.userId)));
  return row?.n ?? null;
}

/**
 * `GET WorkOrder/{workOrderId}/refrigerant`: the work order's refrigerant movements, the leak repairs of the pieces
 * it names (open ones, and those its own additions opened) and the caller's certification number to offer.
 */
export async function workOrderRefrigerant(ctx: Ctx, access: Access, workOrderId: number): Promise<WorkOrderRefrigerant> {
  await visibleWorkOrder(ctx.db, ctx, access, workOrderId);
  const movements = await movementRows(ctx.db, ctx, eq(refrigerantMovements.workOrderId, workOrderId));
  const named = sql`${leakRepairs.equipmentId} in (select ${workOrderEquipment.equipmentId} from ${workOrderEquipment} where ${workOrderEquipment.workOrderId} = ${workOrderId})`;
  const ownMovementIds = movements.map((m) => m.refrigerantMovementId);
  const repairs = await repairRows(
    ctx.db,
    ctx,
    or(and(named, isNull(leakRepairs.closedAt)), ownMovementIds.length > 0 ? inArray(leakRepairs.movementId, ownMovementIds) : undefined),
    await companyToday(ctx),
  );
  return { movements, leakRepairs: repairs, certificationNumber: await storedCertification(ctx.db, ctx) };
}

/** The piece as the leak rules read it, when the work order names it; another company's piece is a 404. */
async function pieceOnWorkOrder(tx: Tx, ctx: Ctx, workOrderId: number, equipmentId: number): Promise<LeakRulePiece> {
  const [piece] = await tx
    .select({
      equipmentId: equipment.id,
      name: equipment.name,
      customerId: equipment.customerId,
      refrigerantId: equipment.refrigerantId,
      chargePounds: equipment.chargePounds,
      chargeThresholdPounds: refrigerants.chargeThresholdPounds,
      applianceType: equipmentCategories.applianceType,
      categoryLeakRatePercent: equipmentCategories.leakRatePercent,
      named: workOrderEquipment.workOrderId,
    })
    .from(equipment)
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .leftJoin(refrigerants, eq(refrigerants.id, equipment.refrigerantId))
    .leftJoin(workOrderEquipment, and(eq(workOrderEquipment.equipmentId, equipment.id), eq(workOrderEquipment.workOrderId, workOrderId)))
    .where(ofTenant(equipment, ctx, eq(equipment.id, equipmentId)));
  if (!piece) throw notFound('Equipment');
  if (piece.named == null) throw new AppError(400, `${piece.name} is not on this work order. Add it to the work order's equipment first.`);
  return piece;
}

/** Keeps the certification number the technician gave, to offer it next time. */
async function rememberCertification(tx: Tx, ctx: Ctx, certificationNumber: string) {
  await tx
    .insert(refrigerantTechnicians)
    .values({ subscriberId: ctx.actor.subscriberId, userId: ctx.actor.userId, certificationNumber, updatedAt: ctx.now })
    .onConflictDoUpdate({ target: [refrigerantTechnicians.subscriberId, refrigerantTechnicians.userId], set: { certificationNumber, updatedAt: ctx.now } });
}

/**
 * `POST WorkOrder/{workOrderId}/refrigerant`: refrigerant added to, recovered from or recycled into a piece the work
 * order names, by the caller with his certification number (the one he gave last when he gives none). An addition to
 * an appliance under the leak rules gets its leak rate; one above its category's rate opens a leak repair with its
 * leak-test work order. One transaction, audited.
 */
export async function addRefrigerantMovement(ctx: Ctx, access: Access, workOrderId: number, body: AddRefrigerantMovementParsed): Promise<AddRefrigerantMovementAnswer> {
  const timeZone = await companyTimeZone(ctx);
  return ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, workOrderId);
    const piece = await pieceOnWorkOrder(tx, ctx, workOrderId, body.equipmentId);
    const refrigerantId = body.refrigerantId ?? piece.refrigerantId;
    if (refrigerantId == null) throw new AppError(400, `${piece.name} has no refrigerant on record. Choose the refrigerant.`);
    const [gas] = await tx.select({ id: refrigerants.id }).from(refrigerants).where(ofTenant(refrigerants, ctx, eq(refrigerants.id, refrigerantId)));
    if (!gas) throw notFound('Refrigerant');
    const certificationNumber = body.certificationNumber || (await storedCertification(tx, ctx));
    if (!certificationNumber) throw new AppError(400, 'Certification Number field is required!');
    const occurredAt = body.occurredAt ? new Date(body.occurredAt) : ctx.now;
    if (occurredAt.getTime() > ctx.now.getTime() + 5 * 60_000) throw new AppError(400, 'When must not be in the future.');
    const on = wallClockOf(occurredAt, timeZone).toISOString().slice(0, 10);
    const ounces = new Decimal(body.pounds).times(16).plus(String(body.ounces)).toFixed(2);
    const assessment = body.kind === 'added' ? await assessAddition(tx, ctx, piece, { refrigerantId, on, ounces }) : null;
    await rememberCertification(tx, ctx, certificationNumber);
    const [row] = await tx
      .insert(refrigerantMovements)
      .values({
        subscriberId: ctx.actor.subscriberId, workOrderId, equipmentId: piece.equipmentId, kind: body.kind, refrigerantId, amountOunces: ounces,
        cylinder: body.cylinder || null, technicianId: ctx.actor.userId, certificationNumber, occurredAt, occurredOn: on, createdAt: ctx.now,
        fullChargePounds: piece.chargePounds, ...(assessment ?? {}),
      })
      .returning();
    await recordAudit(tx, ctx, { entity: 'refrigerantMovement', entityId: row.id, action: 'create', after: { ...body, amountOunces: ounces, ...(assessment ?? {}) } });
    const repairId = assessment?.isLeakRateExceeded
      ? await openLeakRepair(tx, ctx, access, piece, { id: row.id, on, rate: assessment.leakRatePercent, threshold: assessment.leakThresholdPercent })
      : null;
    const [movement] = await movementRows(tx, ctx, eq(refrigerantMovements.id, row.id));
    const [leakRepair] = repairId ? await repairRows(tx, ctx, eq(leakRepairs.id, repairId), await companyToday(ctx, tx)) : [null];
    return { movement, leakRepair };
  });
}

/**
 * `DELETE WorkOrder/{workOrderId}/refrigerant/{refrigerantMovementId}`: a movement entered by mistake, with the
 * "Delete Labor Standard Items & Equipments" permission; refused (409) when its addition opened a leak repair.
 */
export async function deleteRefrigerantMovement(ctx: Ctx, access: Access, workOrderId: number, movementId: number) {
  ensureMayDeleteItems(access);
  return ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, workOrderId);
    const where = ofTenant(refrigerantMovements, ctx, eq(refrigerantMovements.id, movementId), eq(refrigerantMovements.workOrderId, workOrderId));
    const [found] = await tx.select().from(refrigerantMovements).where(where).for('update');
    if (!found) throw notFound('Refrigerant entry');
    const [repair] = await tx.select({ id: leakRepairs.id }).from(leakRepairs).where(ofTenant(leakRepairs, ctx, eq(leakRepairs.movementId, movementId)));
    if (repair) throw new AppError(409, 'This addition opened a leak repair, so it stays in the log.');
    await tx.delete(refrigerantMovements).where(where);
    await recordAudit(tx, ctx, { entity: 'refrigerantMovement', entityId: movementId, action: 'delete', before: { ...found, occurredAt: found.occurredAt.toISOString() } });
    return { message: 'Refrigerant entry deleted.' };
  });
}
