import { and, desc, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { hasFunctionality, WORK_ORDER_STATUS, type Access } from '@sm/shared';
import { customerRateSheets, perDiemTypes, rateSheetLaborItems, rateSheetTrucks, workOrderFlags, workOrderStatusHistory, workOrderTechnicians, workOrders } from '../../db/schema';
import type { Ctx, Tx } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { ofTenant } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { workOrderLabor } from './labor.table';

type Reader = Ctx['db'] | Tx;

/** A work order the caller may clock on: their company's, and assigned to them unless they see all work orders. */
export async function clockableWorkOrder(ctx: Ctx, access: Access, workOrderId: number, db: Reader = ctx.db) {
  const seeAll = hasFunctionality(access, 'Work Orders', 'All WorkOrders');
  const assigned = exists(
    db
      .select({ one: sql`1` })
      .from(workOrderTechnicians)
      .where(and(eq(workOrderTechnicians.workOrderId, workOrders.id), eq(workOrderTechnicians.userId, ctx.actor.userId))),
  );
  const [row] = await db
    .select()
    .from(workOrders)
    .where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId), seeAll ? undefined : assigned));
  if (!row) throw notFound('Work order');
  return row;
}

/** The caller's open labor entry, if any, with its work order number. */
export async function openLaborOfCaller(ctx: Ctx, db: Reader = ctx.db) {
  const [row] = await db
    .select({ labor: workOrderLabor, workOrderNumber: workOrders.workOrderNumber })
    .from(workOrderLabor)
    .innerJoin(workOrders, eq(workOrders.id, workOrderLabor.workOrderId))
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.userId, ctx.actor.userId), isNull(workOrderLabor.stoppedAt)));
  return row ?? null;
}

/** When the caller last clocked out: a new entry may not start before it, so entries never overlap. */
export async function lastClockOut(ctx: Ctx, db: Reader = ctx.db): Promise<Date | null> {
  const [row] = await db
    .select({ stoppedAt: workOrderLabor.stoppedAt })
    .from(workOrderLabor)
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.userId, ctx.actor.userId), isNotNull(workOrderLabor.stoppedAt)))
    .orderBy(desc(workOrderLabor.stoppedAt))
    .limit(1);
  return row?.stoppedAt ?? null;
}

/** Whether the caller has a rate sheet set up at all (any labor item on any of the company's rate sheets). */
export async function callerHasRateSheet(ctx: Ctx, db: Reader = ctx.db): Promise<boolean> {
  const rows = await db
    .select({ id: rateSheetLaborItems.id })
    .from(rateSheetLaborItems)
    .where(ofTenant(rateSheetLaborItems, ctx, eq(rateSheetLaborItems.technicianUserId, ctx.actor.userId)))
    .limit(1);
  return rows.length > 0;
}

/** The caller's labor items (Employee Types) on a billing customer's rate sheets. */
export async function callerRateSheetItems(ctx: Ctx, billingCustomerId: number | null, db: Reader = ctx.db) {
  if (!billingCustomerId) return [];
  const rows = await db
    .select({ item: rateSheetLaborItems })
    .from(rateSheetLaborItems)
    .innerJoin(customerRateSheets, eq(customerRateSheets.id, rateSheetLaborItems.customerRateSheetId))
    .where(
      ofTenant(rateSheetLaborItems, ctx, eq(rateSheetLaborItems.technicianUserId, ctx.actor.userId), eq(customerRateSheets.billingCustomerId, billingCustomerId)),
    );
  return rows.map((r) => r.item);
}

/** Refuses a per-diem type, flag or truck that is not the caller's company's (or not on the customer's sheet). */
export async function checkReferences(
  ctx: Ctx,
  billingCustomerId: number | null,
  refs: { perDiemTypeId?: number | null; workOrderFlagId?: number | null; rateSheetTruckTypeId?: number | null },
) {
  if (refs.perDiemTypeId) {
    const [row] = await ctx.db
      .select({ id: perDiemTypes.id })
      .from(perDiemTypes)
      .where(and(eq(perDiemTypes.id, refs.perDiemTypeId), or(isNull(perDiemTypes.subscriberId), eq(perDiemTypes.subscriberId, ctx.actor.subscriberId))));
    if (!row) throw new AppError(400, 'Per diem type was not found.');
  }
  if (refs.workOrderFlagId) {
    const [row] = await ctx.db.select({ id: workOrderFlags.id }).from(workOrderFlags).where(ofTenant(workOrderFlags, ctx, eq(workOrderFlags.id, refs.workOrderFlagId)));
    if (!row) throw new AppError(400, 'Work order flag was not found.');
  }
  if (refs.rateSheetTruckTypeId) {
    const [row] = await ctx.db
      .select({ id: rateSheetTrucks.id })
      .from(rateSheetTrucks)
      .innerJoin(customerRateSheets, eq(customerRateSheets.id, rateSheetTrucks.customerRateSheetId))
      .where(ofTenant(rateSheetTrucks, ctx, eq(rateSheetTrucks.id, refs.rateSheetTruckTypeId), eq(customerRateSheets.billingCustomerId, billingCustomerId ?? 0)));
    if (!row) throw new AppError(400, "Truck type is not on this customer's rate sheet.");
  }
}

/** Sets a work order's status and records who changed it from what, in the caller's transaction. */
export async function changeWorkOrderStatus(tx: Tx, ctx: Ctx, workOrderId: number, fromStatusId: number, toStatusId: number) {
  if (fromStatusId === toStatusId) return;
  await tx.update(workOrders).set({ workOrderStatusId: toStatusId }).where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId)));
  await tx.insert(workOrderStatusHistory).values({
    subscriberId: ctx.actor.subscriberId,
    workOrderId,
    fromStatusId,
    toStatusId,
    changedBy: ctx.actor.userId,
    changedAt: ctx.now,
  });
  await recordAudit(tx, ctx, { entity: 'workOrder', entityId: workOrderId, action: 'status', before: { workOrderStatusId: fromStatusId }, after: { workOrderStatusId: toStatusId } });
}

/** The status a work order takes when a technician arrives (Onsite) or is on the way (En Route). */
export const arrivalStatus = (isReachedAtSite: boolean) => (isReachedAtSite ? WORK_ORDER_STATUS.Onsite : WORK_ORDER_STATUS.EnRoute);
