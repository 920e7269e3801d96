import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { hasFunctionality, WORK_ORDER_STATUS, type Access } from '@sm/shared';
import { perDiemTypes, rateSheetLaborItems, rateSheetTrucks, scheduleItems, users, workOrderFlags, workOrderStatusHistory, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { andGuard, type Param, type Writer } from '../../../lib/statement';
import { ofTenant } from '../../../lib/tenancy';
import { instantSql, sheetInEffectSql } from '../../office/rate-sheets/rate-sheet-in-effect';
import { auditJson, auditPart } from '../../platform/audit/audit.service';
import { workOrderLabor } from './labor.table';

/** The work order of that id if the caller may clock on it: their company's, and assigned to them unless they see all. */
export function clockable(q: { subscriberId: Param<number>; userId: Param<number>; workOrderId: Param<number> }, seeAll: boolean): SQL {
  const assigned = sql`exists (select 1 from ${workOrderTechnicians} t where t.work_order_id = ${workOrders.id} and t.user_id = ${q.userId})`;
  return and(eq(workOrders.subscriberId, q.subscriberId), eq(workOrders.id, q.workOrderId), seeAll ? undefined : assigned) as SQL;
}

/** Whether the caller may clock on any work order of the company, not only those assigned to them. */
export const seesAllWorkOrders = (access: Access) => hasFunctionality(access, 'Work Orders', 'All WorkOrders');

/** A work order the caller may clock on: their company's, and assigned to them unless they see all work orders. */
export async function clockableWorkOrder(ctx: Ctx, access: Access, workOrderId: number, db: DbOrTx = ctx.db) {
  const [row] = await db.select().from(workOrders).where(clockable({ ...ctx.actor, workOrderId }, seesAllWorkOrders(access)));
  if (!row) throw notFound('Work order');
  return row;
}

/** The caller's open labor entry, if any, with its work order number. */
export async function openLaborOfCaller(ctx: Ctx, db: DbOrTx = ctx.db) {
  const [row] = await db
    .select({ labor: workOrderLabor, workOrderNumber: workOrders.workOrderNumber })
    .from(workOrderLabor)
    .innerJoin(workOrders, eq(workOrders.id, workOrderLabor.workOrderId))
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.userId, ctx.actor.userId), isNull(workOrderLabor.stoppedAt)));
  return row ?? null;
}

/**
 * What a clock-in needs to know of the caller, in one statement: the work order where labor is still open, when
 * they last clocked out (a new entry may not start before it, so entries never overlap), and whether they work on
 * rate sheets (the user's "Works on rate sheets" flag, set on the users page).
 */
export async function callerClockState(ctx: Ctx, db: DbOrTx = ctx.db) {
  const [row] = await db
    .select(clockStateColumns(ctx.actor))
    .from(users)
    .where(and(eq(users.id, ctx.actor.userId), eq(users.subscriberId, ctx.actor.subscriberId)));
  return clockStateOf(row);
}

/** The clock state from a row read with `clockStateColumns` (none: a user who is not there). */
export const clockStateOf = (row: { openWorkOrderNumber: string | null; lastClockOut: Date | null; hasRateSheet: boolean } | undefined) => ({
  openWorkOrderNumber: row?.openWorkOrderNumber ?? null,
  lastClockOut: row?.lastClockOut ?? null,
  hasRateSheet: !!row?.hasRateSheet,
});

/** The columns of `callerClockState`, for a statement reading the caller's row of `users` (the rate-sheet flag is on it). */
export function clockStateColumns({ subscriberId, userId }: { subscriberId: Param<number>; userId: Param<number> }) {
  return {
    openWorkOrderNumber: sql<string | null>`(select w.work_order_number from ${workOrderLabor} l join ${workOrders} w on w.id = l.work_order_id
      where l.subscriber_id = ${subscriberId} and l.user_id = ${userId} and l.stopped_at is null)`,
    lastClockOut: sql<Date | null>`(select max(l.stopped_at) from ${workOrderLabor} l
      where l.subscriber_id = ${subscriberId} and l.user_id = ${userId} and l.stopped_at is not null)`.mapWith(workOrderLabor.stoppedAt),
    hasRateSheet: users.worksOnRateSheets,
  };
}

/** The caller's labor items (Employee Types) on a billing customer's rate sheet version in effect on the day of `at`. */
export async function callerRateSheetItems(ctx: Ctx, billingCustomerId: number | null, at: Date, db: DbOrTx = ctx.db) {
  if (!billingCustomerId) return [];
  return db
    .select()
    .from(rateSheetLaborItems)
    .where(
      ofTenant(
        rateSheetLaborItems,
        ctx,
        eq(rateSheetLaborItems.technicianUserId, ctx.actor.userId),
        eq(rateSheetLaborItems.customerRateSheetId, sheetInEffectSql(ctx.actor.subscriberId, billingCustomerId, instantSql(at))),
      ),
    )
    .orderBy(rateSheetLaborItems.id);
}

/**
 * Refuses a schedule item (the visit a clock form was opened from) that is not the caller's company's, as one that
 * does not exist: a labor entry keeps its id, so another company's item would be named in this company's labor.
 * None (0 or absent) is fine.
 */
export async function checkScheduleItem(ctx: Ctx, schedulerId: number | null | undefined) {
  if (!schedulerId) return;
  const [row] = await ctx.db.select({ id: scheduleItems.id }).from(scheduleItems).where(ofTenant(scheduleItems, ctx, eq(scheduleItems.id, schedulerId), eq(scheduleItems.kind, 'service')));
  if (!row) throw notFound('Schedule item');
}

/**
 * Refuses a schedule item, per-diem type, flag or truck that is not the caller's company's (or not on the customer's
 * rate sheet version in effect on the day of `at`, the labor's start).
 */
export async function checkReferences(
  ctx: Ctx,
  billingCustomerId: number | null,
  at: Date,
  refs: { schedulerId?: number | null; perDiemTypeId?: number | null; workOrderFlagId?: number | null; rateSheetTruckTypeId?: number | null },
) {
  await checkScheduleItem(ctx, refs.schedulerId);
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
      .where(
        ofTenant(rateSheetTrucks, ctx, eq(rateSheetTrucks.id, refs.rateSheetTruckTypeId), eq(rateSheetTrucks.customerRateSheetId, sheetInEffectSql(ctx.actor.subscriberId, billingCustomerId ?? 0, instantSql(at)))),
      );
    if (!row) throw new AppError(400, "Truck type is not on this customer's rate sheet.");
  }
}

/**
 * A work order's new status, who changed it from what, and its audit entry, as parts of one statement
 * (lib/statement.ts): nothing is written when the status stays; the history and the audit entry are written only
 * when the work order was updated. `statusChangeValues` binds the placeholders.
 */
export function workOrderStatusParts(by: Writer, guard?: SQL): SQL[] {
  const [workOrderId, from, to] = ['woId', 'woFromStatusId', 'woToStatusId'].map((n) => sql.placeholder(n));
  return [
    sql`wo_changed as (
      update ${workOrders} set work_order_status_id = ${to}::int
       where subscriber_id = ${by.subscriberId} and id = ${workOrderId} and ${from}::int <> ${to}::int${andGuard(guard)} returning id)`,
    sql`wo_history as (
      insert into ${workOrderStatusHistory} (subscriber_id, work_order_id, from_status_id, to_status_id, changed_by, changed_at)
      select ${by.subscriberId}::int, id, ${from}::int, ${to}::int, ${by.userId}::int, ${by.now}::timestamptz from wo_changed)`,
    auditPart('wo_audit', by, 'wo_changed', { entity: 'workOrder', action: 'status', before: sql.placeholder('woBefore'), after: sql.placeholder('woAfter') }),
  ];
}

/** The values of `workOrderStatusParts`: the work order, and its status before and after. */
export const statusChangeValues = (workOrderId: number, fromStatusId: number, toStatusId: number) => ({
  woId: workOrderId,
  woFromStatusId: fromStatusId,
  woToStatusId: toStatusId,
  woBefore: auditJson({ workOrderStatusId: fromStatusId }),
  woAfter: auditJson({ workOrderStatusId: toStatusId }),
});

/** The status a work order takes when a technician arrives (Onsite) or is on the way (En Route). */
export const arrivalStatus = (isReachedAtSite: boolean) => (isReachedAtSite ? WORK_ORDER_STATUS.Onsite : WORK_ORDER_STATUS.EnRoute);
