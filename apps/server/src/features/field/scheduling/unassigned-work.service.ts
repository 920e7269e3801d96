import { and, asc, count, desc, eq, exists, gt, gte, ilike, inArray, isNotNull, isNull, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { instantOf, wallClockOf, type Access, type UnassignedWorkAnswer, type UnassignedWorkOrder, type UnassignedWorkQuery } from '@sm/shared';
import { customers, users, workOrderStatuses, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { checkScheduleReferences, knownTimeZone, ownItemsOnly } from './schedule-lookups';
import { scheduleItems } from './schedule-items.table';
import { CLOSED_STATUS_IDS } from './scheduler-lookups.service';

/** `%` and `_` typed into a search are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Midnight that starts today in the time zone (the company's by default): work planned from then on counts as planned. */
async function startOfToday(ctx: Ctx, zone: string | undefined): Promise<Date> {
  const timeZone = zone ? knownTimeZone(zone) : await companyTimeZone(ctx);
  const wall = wallClockOf(ctx.now, timeZone);
  return instantOf(new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate())), timeZone);
}

/**
 * `Scheduler/unassigned`: the dispatcher board's list of work still to plan. Open work orders of the company (not
 * completed, billed, invoiced, cancelled or duplicate) that no live dispatcher item (kind 'service', not deleted)
 * visits from today on: a single visit starting today or later, or a series still repeating. Newest first, one
 * page at a time with the total, each with its customer, status and assigned technicians; the chosen technician's
 * work orders first. A caller who may plan only their own schedule sees only work orders they are assigned to; a
 * technician of another company is not found, as everywhere.
 */
export async function listUnassignedWork(ctx: Ctx, access: Access, query: UnassignedWorkQuery): Promise<UnassignedWorkAnswer> {
  await checkScheduleReferences(ctx, ctx.db, { workOrderId: null, technicianId: query.technicianId ?? null }, { anyTechnician: true });
  const today = await startOfToday(ctx, query.timeZone);
  const i = scheduleItems;
  const isPlanned = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(i)
      .where(
        ofTenant(
          i,
          ctx,
          eq(i.workOrderId, workOrders.id),
          eq(i.kind, 'service'),
          eq(i.isDeleted, false),
          or(gte(i.startAt, today), and(isNotNull(i.recurrenceRule), or(isNull(i.lastOccurrenceEnd), gt(i.lastOccurrenceEnd, today)))),
        ),
      ),
  );
  const assignedTo = (userId: number) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(workOrderTechnicians)
        .where(ofTenant(workOrderTechnicians, ctx, eq(workOrderTechnicians.workOrderId, workOrders.id), eq(workOrderTechnicians.userId, userId))),
    );
  const own = ownItemsOnly(ctx, access);
  const isOwn = own === null ? undefined : assignedTo(own);
  const search = query.search?.trim();
  const pattern = search ? `%${likeEscaped(search)}%` : '';
  const matches: SQL | undefined = search
    ? or(
        ilike(workOrders.workOrderNumber, pattern),
        ilike(customers.name, pattern),
        ilike(customers.address, pattern),
        ilike(customers.city, pattern),
        ilike(workOrders.problem, pattern),
      )
    : undefined;
  const where = ofTenant(workOrders, ctx, notInArray(workOrders.workOrderStatusId, CLOSED_STATUS_IDS), not(isPlanned), isOwn, matches);

  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        workOrderId: workOrders.id,
        workOrderNumber: workOrders.workOrderNumber,
        customerName: customers.name,
        customerAddress: customers.address,
        customerCity: customers.city,
        problem: workOrders.problem,
        workOrderStatusId: workOrders.workOrderStatusId,
        workOrderStatus: workOrderStatuses.name,
        createdAt: workOrders.createdAt,
      })
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
      .where(where)
      .orderBy(...(query.technicianId === undefined ? [] : [desc(assignedTo(query.technicianId))]), desc(workOrders.createdAt), desc(workOrders.id))
      .limit(query.take)
      .offset(query.skip),
    ctx.db.select({ total: count() }).from(workOrders).innerJoin(customers, eq(customers.id, workOrders.customerId)).where(where),
  ]);
  const assigned = await techniciansOf(ctx, rows.map((r) => r.workOrderId));
  const data: UnassignedWorkOrder[] = rows.map(({ createdAt, ...r }) => ({
    ...r,
    createdDate: createdAt.toISOString(),
    technicians: assigned.filter((a) => a.workOrderId === r.workOrderId).map((a) => ({ id: a.id, name: a.name })),
  }));
  return { data, total };
}

/** The technicians assigned to the work orders of a page, by name. */
async function techniciansOf(ctx: Ctx, workOrderIds: number[]) {
  if (workOrderIds.length === 0) return [];
  return ctx.db
    .select({ workOrderId: workOrderTechnicians.workOrderId, id: users.id, name: users.name })
    .from(workOrderTechnicians)
    .innerJoin(users, eq(users.id, workOrderTechnicians.userId))
    .where(ofTenant(workOrderTechnicians, ctx, inArray(workOrderTechnicians.workOrderId, workOrderIds)))
    .orderBy(asc(users.name), asc(users.id));
}
