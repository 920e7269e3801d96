import { asc, desc, eq, exists, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { TECHNICIAN_ROLES, WORK_ORDER_STATUS, type Access, type SchedulerTechnician, type SchedulerWorkOrder, type SchedulerWorkOrdersQuery } from '@sm/shared';
import { customers, userRoles, users, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { checkScheduleReferences, ownItemsOnly } from './schedule-lookups';

/** Work orders that need no more visits: finished, billed, invoiced, cancelled or duplicates (spec platform 4.9). */
export const CLOSED_STATUS_IDS = [WORK_ORDER_STATUS.Completed, WORK_ORDER_STATUS.Billed, WORK_ORDER_STATUS.InvoiceSubmitted, 22, 25];

/** `%` and `_` typed into a search are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `Scheduler/technicians`: who the schedule form and filter offer, by name: the company's active technicians (the
 * plumber roles too). A caller who may plan only their own schedule is offered only themselves.
 */
export async function listSchedulerTechnicians(ctx: Ctx, access: Access): Promise<SchedulerTechnician[]> {
  const own = ownItemsOnly(ctx, access);
  const technicians = ctx.db.select({ id: userRoles.userId }).from(userRoles).where(ofTenant(userRoles, ctx, inArray(userRoles.roleId, [...TECHNICIAN_ROLES])));
  return ctx.db
    .select({ technicianId: users.id, name: users.name })
    .from(users)
    .where(ofTenant(users, ctx, eq(users.isActive, true), own === null ? inArray(users.id, technicians) : eq(users.id, own)))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * `Scheduler/workOrders`: the schedule form's work order picker. Open work orders of the company matching the search
 * (number, customer or problem); the chosen one first whatever its status, then the technician's own, then the
 * newest. A caller who may plan only their own schedule sees only work orders they are assigned to. A technician or
 * work order of another company is not found, as everywhere.
 */
export async function listSchedulerWorkOrders(ctx: Ctx, access: Access, query: SchedulerWorkOrdersQuery): Promise<SchedulerWorkOrder[]> {
  await checkScheduleReferences(ctx, ctx.db, { workOrderId: query.workOrderId ?? null, technicianId: query.technicianId ?? null }, { anyTechnician: true });
  const own = ownItemsOnly(ctx, access);
  const search = query.search?.trim();
  const assignedTo = (userId: number) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(workOrderTechnicians)
        .where(ofTenant(workOrderTechnicians, ctx, eq(workOrderTechnicians.workOrderId, workOrders.id), eq(workOrderTechnicians.userId, userId))),
    );
  const isOpen = notInArray(workOrders.workOrderStatusId, CLOSED_STATUS_IDS);
  const isChosen = query.workOrderId === undefined ? undefined : eq(workOrders.id, query.workOrderId);
  const pattern = search ? `%${likeEscaped(search)}%` : '';
  const matches: SQL | undefined = search
    ? or(ilike(workOrders.workOrderNumber, pattern), ilike(customers.name, pattern), ilike(workOrders.problem, pattern))
    : undefined;
  const order: SQL[] = [];
  if (isChosen) order.push(desc(isChosen));
  if (query.technicianId !== undefined) order.push(desc(assignedTo(query.technicianId)));
  order.push(desc(workOrders.createdAt), desc(workOrders.id));
  return ctx.db
    .select({ workOrderId: workOrders.id, workOrderNumber: workOrders.workOrderNumber, customerName: customers.name, problem: workOrders.problem })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(ofTenant(workOrders, ctx, isChosen ? or(isOpen, isChosen) : isOpen, own === null ? undefined : assignedTo(own), matches))
    .orderBy(...order)
    .limit(query.take)
    .offset(query.skip);
}
