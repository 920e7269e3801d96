import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import { hasFunctionality, WORK_ORDER_STATUS, type Access } from '@sm/shared';
import { auditLog, customerRateSheets, perDiemTypes, rateSheetLaborItems, rateSheetTrucks, users, workOrderFlags, workOrderStatusHistory, workOrderTechnicians, workOrders } from '../../db/schema';
import type { Ctx, Tx } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { ofTenant } from '../../lib/tenancy';
import type { AuditEntity } from '../audit/audit.service';
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

/**
 * What a clock-in needs to know of the caller, in one statement: the work order where labor is still open, when
 * they last clocked out (a new entry may not start before it, so entries never overlap), and whether they have a
 * rate sheet set up at all (any labor item on any of the company's rate sheets).
 */
export async function callerClockState(ctx: Ctx, db: Reader = ctx.db) {
  const { subscriberId, userId } = ctx.actor;
  const [row] = await db
    .select({
      openWorkOrderNumber: sql<string | null>`(select w.work_order_number from ${workOrderLabor} l join ${workOrders} w on w.id = l.work_order_id
        where l.subscriber_id = ${subscriberId} and l.user_id = ${userId} and l.stopped_at is null)`,
      lastClockOut: sql<Date | null>`(select max(l.stopped_at) from ${workOrderLabor} l
        where l.subscriber_id = ${subscriberId} and l.user_id = ${userId} and l.stopped_at is not null)`.mapWith(workOrderLabor.stoppedAt),
      hasRateSheet: sql<boolean>`exists (select 1 from ${rateSheetLaborItems} i where i.subscriber_id = ${subscriberId} and i.technician_user_id = ${userId})`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.subscriberId, subscriberId)));
  return { openWorkOrderNumber: row?.openWorkOrderNumber ?? null, lastClockOut: row?.lastClockOut ?? null, hasRateSheet: !!row?.hasRateSheet };
}
export type CallerClockState = Awaited<ReturnType<typeof callerClockState>>;

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

/**
 * Sets a work order's status, records who changed it from what, and audits it: one statement, in the caller's
 * transaction; the history and the audit entry are written only when the work order was updated.
 */
export async function changeWorkOrderStatus(tx: Tx, ctx: Ctx, workOrderId: number, fromStatusId: number, toStatusId: number) {
  if (fromStatusId === toStatusId) return;
  const { subscriberId, userId } = ctx.actor;
  const now = ctx.now.toISOString();
  await tx.execute(sql`
    with changed as (
      update ${workOrders} set work_order_status_id = ${toStatusId}::int where subscriber_id = ${subscriberId} and id = ${workOrderId} returning id
    ), history as (
      insert into ${workOrderStatusHistory} (subscriber_id, work_order_id, from_status_id, to_status_id, changed_by, changed_at)
      select ${subscriberId}::int, id, ${fromStatusId}::int, ${toStatusId}::int, ${userId}::int, ${now}::timestamptz from changed
    )
    insert into ${auditLog} (subscriber_id, entity, entity_id, action, before, after, changed_by, changed_at)
    select ${subscriberId}::int, ${'workOrder' satisfies AuditEntity}, id, 'status', ${JSON.stringify({ workOrderStatusId: fromStatusId })}::jsonb,
           ${JSON.stringify({ workOrderStatusId: toStatusId })}::jsonb, ${userId}::int, ${now}::timestamptz from changed`);
}

/** The status a work order takes when a technician arrives (Onsite) or is on the way (En Route). */
export const arrivalStatus = (isReachedAtSite: boolean) => (isReachedAtSite ? WORK_ORDER_STATUS.Onsite : WORK_ORDER_STATUS.EnRoute);
