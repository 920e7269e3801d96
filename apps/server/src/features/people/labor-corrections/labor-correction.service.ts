import { eq, ne, sql } from 'drizzle-orm';
import { LOCKED_LABOR_MESSAGE, type Access, type laborCorrectionBody } from '@sm/shared';
import type { z } from 'zod';
import { itemRateTypes, payPeriodLocks, rateSheetLaborItems, users, workOrders } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { publishHubEvent } from '../../platform/realtime/publish';
import { checkReferences } from '../../field/clock/clock-lookups';
import { workOrderLabor } from '../../field/clock/labor.table';
import { instantSql, sheetInEffectSql } from '../../office/rate-sheets/rate-sheet-in-effect';
import { assignedTo, visibleWorkOrders } from '../../office/work-orders/work-order-visibility';
import { CORRECT_ACTION, laborValuesOf } from './labor-values';

export type LaborRow = typeof workOrderLabor.$inferSelect;
export type LaborCorrectionInput = z.output<typeof laborCorrectionBody>;

/** What a correction may change of a labor entry: its columns. */
export interface LaborChanges {
  startedAt: Date;
  stoppedAt: Date | null;
  workOrderId: number;
  rateSheetLaborItemId: number | null;
  perDiemTypeId: number | null;
  itemRateTypeId: number | null;
  rateSheetTruckId: number | null;
  workOrderFlagId: number | null;
  isOvertime: boolean;
  isApprenticeRateApplied: boolean;
}
const FIELDS = ['startedAt', 'stoppedAt', 'workOrderId', 'rateSheetLaborItemId', 'perDiemTypeId', 'itemRateTypeId', 'rateSheetTruckId', 'workOrderFlagId', 'isOvertime', 'isApprenticeRateApplied'] as const;

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);
const changedFields = (labor: LaborRow, changes: LaborChanges) => FIELDS.filter((f) => !same(labor[f], changes[f]));

/** The labor entry of the caller's company, held until the transaction ends; 404 otherwise. */
export async function lockedLabor(tx: Tx, ctx: Ctx, workOrderLaborId: number): Promise<LaborRow> {
  const [row] = await tx.select().from(workOrderLabor).where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.id, workOrderLaborId))).for('update');
  if (!row) throw notFound('Labor entry');
  return row;
}

/** The entry's columns as they are: what a request changes only the times of. */
export const changesOf = (labor: LaborRow): LaborChanges => Object.fromEntries(FIELDS.map((f) => [f, labor[f]])) as unknown as LaborChanges;

/** The columns a correction body asks for. */
export const changesFromBody = (body: LaborCorrectionInput): LaborChanges => ({
  startedAt: new Date(body.startTime),
  stoppedAt: body.stopTime ? new Date(body.stopTime) : null,
  workOrderId: body.workOrderId,
  rateSheetLaborItemId: body.serviceTechnicianId ?? null,
  perDiemTypeId: body.perDiemTypeId ?? null,
  itemRateTypeId: body.itemRateTypeId ?? null,
  rateSheetTruckId: body.rateSheetTruckTypeId ?? null,
  workOrderFlagId: body.workOrderFlagId ?? null,
  isOvertime: body.isOvertime,
  isApprenticeRateApplied: body.isApprenticeRateApplied,
});

/** Whether a locked pay period holds any of this time (the rule of the trigger `locked_pay_period_guard`). */
async function isInLockedPeriod(db: DbOrTx, ctx: Ctx, from: Date, to: Date | null) {
  const end = to ? instantSql(to) : sql`'infinity'::timestamptz`;
  const [row] = await db
    .select({ id: payPeriodLocks.id })
    .from(payPeriodLocks)
    .where(ofTenant(payPeriodLocks, ctx, sql`${instantSql(from)} < ${payPeriodLocks.endsAt}`, sql`(${end} > ${payPeriodLocks.startsAt} or ${instantSql(from)} >= ${payPeriodLocks.startsAt})`))
    .limit(1);
  return !!row;
}

/**
 * Checks a correction of a labor entry against every rule, in the order a person fixes them: open labor changes only
 * its start; times not in the future, stop after start; nothing in a locked pay period (the entry as it was and as it
 * would be); a work order of the company that the caller sees or the technician is on; no overlap with the technician's
 * other labor; rate inputs of the billing customer's rate sheet in effect on the new start. Answers what changes.
 */
export async function checkCorrection(tx: Tx, ctx: Ctx, access: Access, labor: LaborRow, changes: LaborChanges) {
  const changed = changedFields(labor, changes);
  if (!labor.stoppedAt && changed.some((f) => f !== 'startedAt')) throw new AppError(400, 'Open labor can only have its start corrected; the technician clocks out first.');
  if (labor.stoppedAt && !changes.stoppedAt) throw new AppError(400, 'Stop field is required!');
  if (changed.length === 0) throw new AppError(400, 'Nothing to correct: the labor entry already has these values.');
  if (changes.startedAt > ctx.now) throw new AppError(400, 'Start cannot be in the future.');
  if (changes.stoppedAt && changes.stoppedAt > ctx.now) throw new AppError(400, 'Stop cannot be in the future.');
  if (changes.stoppedAt && changes.stoppedAt <= changes.startedAt) throw new AppError(400, 'Stop must be after Start.');
  if ((await isInLockedPeriod(tx, ctx, labor.startedAt, labor.stoppedAt)) || (await isInLockedPeriod(tx, ctx, changes.startedAt, changes.stoppedAt))) {
    throw new AppError(409, LOCKED_LABOR_MESSAGE);
  }
  const [workOrder] = await tx
    .select({ id: workOrders.id, billingCustomerId: sql<number>`coalesce(${workOrders.billingCustomerId}, ${workOrders.customerId})` })
    .from(workOrders)
    .where(
      ofTenant(workOrders, ctx, eq(workOrders.id, changes.workOrderId), changes.workOrderId === labor.workOrderId ? undefined : sql`(${visibleWorkOrders(ctx, access) ?? sql`true`} or ${assignedTo(labor.userId)})`),
    );
  if (!workOrder) throw notFound('Work order');
  const [overlap] = await tx
    .select({ workOrderNumber: workOrders.workOrderNumber })
    .from(workOrderLabor)
    .innerJoin(workOrders, eq(workOrders.id, workOrderLabor.workOrderId))
    .where(
      ofTenant(
        workOrderLabor, ctx, eq(workOrderLabor.userId, labor.userId), ne(workOrderLabor.id, labor.id),
        sql`${workOrderLabor.startedAt} < ${changes.stoppedAt ? instantSql(changes.stoppedAt) : sql`'infinity'::timestamptz`}`,
        sql`coalesce(${workOrderLabor.stoppedAt}, 'infinity'::timestamptz) > ${instantSql(changes.startedAt)}`,
      ),
    )
    .limit(1);
  if (overlap) throw new AppError(409, `The corrected time overlaps the technician's other labor on work order ${overlap.workOrderNumber}.`);
  await checkRateInputs(tx, ctx, labor.userId, workOrder.billingCustomerId, changes);
  return changed;
}

/** The Employee Type is the technician's on the customer's sheet of the labor's day, with an apprentice rate when applied. */
async function checkRateInputs(tx: Tx, ctx: Ctx, technicianId: number, billingCustomerId: number, changes: LaborChanges) {
  const [item] = changes.rateSheetLaborItemId
    ? await tx
        .select({ apprenticeRate: rateSheetLaborItems.apprenticeRate })
        .from(rateSheetLaborItems)
        .where(
          ofTenant(
            rateSheetLaborItems, ctx, eq(rateSheetLaborItems.id, changes.rateSheetLaborItemId), eq(rateSheetLaborItems.technicianUserId, technicianId),
            eq(rateSheetLaborItems.customerRateSheetId, sheetInEffectSql(ctx.actor.subscriberId, billingCustomerId, instantSql(changes.startedAt))),
          ),
        )
    : [];
  if (changes.rateSheetLaborItemId && !item) throw new AppError(400, "Employee Type is not on this customer's rate sheet.");
  if (changes.isApprenticeRateApplied && item?.apprenticeRate == null) throw new AppError(400, item ? 'This Employee Type has no apprentice rate.' : 'The apprentice rate needs an Employee Type.');
  if (changes.itemRateTypeId) {
    const [type] = await tx.select({ id: itemRateTypes.id }).from(itemRateTypes).where(eq(itemRateTypes.id, changes.itemRateTypeId));
    if (!type) throw new AppError(400, 'Item rate type was not found.');
  }
  // Read in the transaction: the checks see what it holds.
  await checkReferences({ ...ctx, db: tx as unknown as Db }, billingCustomerId, changes.startedAt, {
    perDiemTypeId: changes.perDiemTypeId,
    workOrderFlagId: changes.workOrderFlagId,
    rateSheetTruckTypeId: changes.rateSheetTruckId,
  });
}

const isLockRefusal = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.cause?.code ?? err.code) === 'SMLCK';
};

/**
 * Writes a checked correction inside the caller's transaction, with its audit entry (before, after, reason). The
 * database's guard of locked periods still stands behind the check: a lock that won a race refuses the same way.
 */
export async function applyCorrection(tx: Tx, ctx: Ctx, labor: LaborRow, changes: LaborChanges, reason: string) {
  const before = await laborValuesOf(tx, ctx, labor.id);
  try {
    await tx.update(workOrderLabor).set(changes).where(eq(workOrderLabor.id, labor.id));
  } catch (e) {
    if (isLockRefusal(e)) throw new AppError(409, LOCKED_LABOR_MESSAGE);
    throw e;
  }
  const after = await laborValuesOf(tx, ctx, labor.id);
  await recordAudit(tx, ctx, { entity: 'workOrderLabor', entityId: labor.id, action: CORRECT_ACTION, before, after, reason });
}

/** Boards and timesheets follow: the work orders the labor left and joined. */
export function announceCorrection(ctx: Ctx, labor: LaborRow, changes: LaborChanges) {
  for (const workOrderId of new Set([labor.workOrderId, changes.workOrderId])) {
    publishHubEvent(ctx, 'gridUpdate', { action: 'laborCorrected', userId: labor.userId, workOrderId, workOrderLaborId: labor.id });
  }
}

/**
 * `PUT WorkOrderLabor/{workOrderLaborId}`: the office corrects a labor entry with a reason, in one transaction, audited
 * before and after; refused with nothing changed when a rule fails or a locked pay period holds the time.
 */
export async function correctLabor(ctx: Ctx, access: Access, workOrderLaborId: number, body: LaborCorrectionInput) {
  const changes = changesFromBody(body);
  const labor = await ctx.db.transaction(async (tx) => {
    const row = await lockedLabor(tx, ctx, workOrderLaborId);
    // The technician's row is held, so two corrections of his time cannot both pass the overlap check.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
    await checkCorrection(tx, ctx, access, row, changes);
    await applyCorrection(tx, ctx, row, changes, body.reason);
    return row;
  });
  announceCorrection(ctx, labor, changes);
  return { workOrderLaborId, values: await laborValuesOf(ctx.db, ctx, workOrderLaborId) };
}
