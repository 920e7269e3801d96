import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Access, ScheduleHistoryEntry, ScheduleItem, ScheduleRangeQuery, TaskColor } from '@sm/shared';
import { customers, users, workOrderLabor, workOrderStatuses, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { auditOf } from '../../platform/audit/audit.service';
import { byStart, mayOverlap, occurrencesOf, rangeOfQuery, seriesAnswerOf } from './calendar-entries';
import { checkScheduleReferences, ownItemsOnly, visibleItem } from './schedule-lookups';
import { scheduleItems } from './schedule-items.table';

const technician = alias(users, 'technician');
const creator = alias(users, 'creator');
const parentWorkOrder = alias(workOrders, 'parent_work_order');

/**
 * `Scheduler/items`: the items overlapping the range, series expanded into their occurrences (each with its own
 * start and end and the series' id), oldest first. Without the grid permission a caller sees only their own items;
 * a technician or work order of another company is not found, as everywhere.
 */
export async function listScheduleItems(ctx: Ctx, access: Access, query: ScheduleRangeQuery): Promise<ScheduleItem[]> {
  const own = ownItemsOnly(ctx, access);
  if (own !== null && query.technicianId !== undefined && query.technicianId !== own) {
    throw new AppError(403, 'You can only see your own schedule.');
  }
  await checkScheduleReferences(ctx, ctx.db, { workOrderId: query.workOrderId ?? null, technicianId: query.technicianId ?? null }, { anyTechnician: true });
  const { from, to } = await rangeOfQuery(ctx, query);
  const technicianId = own ?? query.technicianId;
  const i = scheduleItems;
  const rows = await ctx.db
    .select({
      item: i,
      technicianName: technician.name,
      createdByName: creator.name,
      workOrder: { number: workOrders.workOrderNumber, problem: workOrders.problem, statusId: workOrders.workOrderStatusId },
      parentNumber: parentWorkOrder.workOrderNumber,
      status: workOrderStatuses.name,
      customer: { id: customers.id, name: customers.name, address: customers.address, city: customers.city, phone: customers.phone },
    })
    .from(i)
    .leftJoin(technician, eq(technician.id, i.technicianUserId))
    .leftJoin(creator, eq(creator.id, i.createdBy))
    .leftJoin(workOrders, eq(workOrders.id, i.workOrderId))
    .leftJoin(parentWorkOrder, eq(parentWorkOrder.id, workOrders.parentWorkOrderId))
    .leftJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .leftJoin(customers, eq(customers.id, workOrders.customerId))
    .where(
      ofTenant(
        i,
        ctx,
        eq(i.kind, 'service'),
        eq(i.isDeleted, false),
        technicianId === undefined ? undefined : eq(i.technicianUserId, technicianId),
        query.workOrderId === undefined ? undefined : eq(i.workOrderId, query.workOrderId),
        mayOverlap(from, to),
      ),
    );
  const labor = await laborOf(ctx, [...new Set(rows.map((r) => r.item.workOrderId).filter((id): id is number => id !== null))]);
  const answer: ScheduleItem[] = [];
  for (const r of rows) {
    const it = r.item;
    const onWorkOrder = labor.filter((l) => l.workOrderId === it.workOrderId);
    const ofTechnician = onWorkOrder.find((l) => l.userId === it.technicianUserId);
    const mine = onWorkOrder.find((l) => l.userId === ctx.actor.userId);
    const base = {
      id: it.id,
      schedulerId: it.id,
      task: it.task,
      durationHours: it.durationHours,
      totalHours: it.workOrderId && it.technicianUserId ? (ofTechnician?.hours ?? 0) : null,
      isAllDay: it.isAllDay,
      isAppointment: it.isAppointment,
      noVisitRequired: it.noVisitRequired,
      ...seriesAnswerOf(it),
      colorClass: it.color as TaskColor,
      createdDate: it.createdAt.toISOString(),
      createdBy: r.createdByName,
      technicianId: it.technicianUserId,
      technician: it.technicianUserId && r.technicianName ? { id: it.technicianUserId, name: r.technicianName } : null,
      workOrderId: it.workOrderId,
      workOrderNumber: r.workOrder?.number ?? null,
      parentWorkOrderNumber: r.parentNumber,
      isSubWO: r.parentNumber !== null,
      workOrderProblem: r.workOrder?.problem ?? null,
      workOrderStatus: r.status,
      workOrderStatusId: r.workOrder?.statusId ?? null,
      workOrderCustomer: r.customer?.name ?? null,
      customer: r.customer ? { id: r.customer.id, name: r.customer.name } : null,
      customerAddress: r.customer?.address ?? null,
      customerCity: r.customer?.city ?? null,
      phone: r.customer?.phone ?? null,
      isStarted: !!ofTechnician?.isOpen,
      isShowStartStop: it.workOrderId !== null && it.technicianUserId === ctx.actor.userId,
      anyOpenLabor: onWorkOrder.some((l) => l.isOpen),
      isOpenLaborMine: !!mine?.isOpen,
      anyEnrouteLaborMine: !!mine?.isEnRoute,
    };
    answer.push(...occurrencesOf(it, base, from, to));
  }
  return answer.sort(byStart);
}

/** Labor on the work orders, per person: hours so far, and whether an entry is open (on site or on the way). */
async function laborOf(ctx: Ctx, workOrderIds: number[]) {
  if (workOrderIds.length === 0) return [];
  const l = workOrderLabor;
  const now = ctx.now.toISOString();
  return ctx.db
    .select({
      workOrderId: l.workOrderId,
      userId: l.userId,
      hours: sql<number>`round(sum(extract(epoch from coalesce(${l.stoppedAt}, ${now}::timestamptz) - ${l.startedAt})) / 3600.0, 2)`.mapWith(Number),
      isOpen: sql<boolean>`bool_or(${l.stoppedAt} is null)`,
      isEnRoute: sql<boolean>`bool_or(${l.stoppedAt} is null and not ${l.isReachedAtSite})`,
    })
    .from(l)
    .where(ofTenant(l, ctx, inArray(l.workOrderId, workOrderIds)))
    .groupBy(l.workOrderId, l.userId)
    .orderBy(asc(l.workOrderId));
}

/** `Scheduler/{schedulerId}/history`: every change of the item, oldest first, with who, when, what and why. */
export async function scheduleItemHistory(ctx: Ctx, access: Access, schedulerId: number): Promise<ScheduleHistoryEntry[]> {
  await visibleItem(ctx, access, schedulerId, ctx.db, { withDeleted: true });
  const entries = await auditOf(ctx, 'scheduleItem', [schedulerId]);
  return entries.map(({ auditId, action, before, after, reason, changedBy, changedAt }) => ({ auditId, action, before, after, reason, changedBy, changedAt }));
}
