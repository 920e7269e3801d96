import { eq, gt, ne, sql } from 'drizzle-orm';
import { WORK_ORDER_STATUS } from '@sm/shared';
import { workOrderStatusHistory, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, ConflictError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/** Statuses after which no one starts work on a work order. */
const CLOSED = new Set<number>([WORK_ORDER_STATUS.Completed, WORK_ORDER_STATUS.Billed, WORK_ORDER_STATUS.InvoiceSubmitted]);

const changedWhileOffline = (number: string, what: string) =>
  new ConflictError('workOrderChanged', `Work order ${number} ${what} while your phone was offline, so this was not recorded. The office has been told and will sort it out.`);

/**
 * Why a clock action cannot find its work order. Sent at once: it does not exist for the caller (404). Kept on the
 * phone and sent later: when the work order is the company's, it was reassigned meanwhile, a conflict for the office.
 */
export async function missingWorkOrder(ctx: Ctx, workOrderId: number): Promise<AppError> {
  if (!ctx.deviceTime) return notFound('Work order');
  const [row] = await ctx.db.select({ number: workOrders.workOrderNumber }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId)));
  return row ? changedWhileOffline(row.number, 'was assigned to someone else') : notFound('Work order');
}

/** Refuses a kept clock-in on a work order someone else closed after the device's time (a conflict for the office). */
export async function checkNotClosedSince(ctx: Ctx, workOrder: { id: number; workOrderNumber: string; workOrderStatusId: number }) {
  if (!ctx.deviceTime || !CLOSED.has(workOrder.workOrderStatusId)) return;
  const [change] = await ctx.db
    .select({ id: workOrderStatusHistory.id })
    .from(workOrderStatusHistory)
    .where(
      ofTenant(
        workOrderStatusHistory,
        ctx,
        eq(workOrderStatusHistory.workOrderId, workOrder.id),
        gt(workOrderStatusHistory.changedAt, ctx.deviceTime),
        ne(workOrderStatusHistory.changedBy, ctx.actor.userId),
      ),
    )
    .limit(1);
  if (change) throw changedWhileOffline(workOrder.workOrderNumber, 'was closed');
}

/**
 * The device's time of a clock action and the server's time of its arrival, as values of a prepared statement (a
 * cast placeholder: the device's time is null for an action sent at once). `keptTimeValues` binds them.
 */
export const keptTimeColumns = (end: 'start' | 'stop') => ({
  [`${end}DeviceTime`]: sql`${sql.placeholder('deviceTime')}::timestamptz`,
  [`${end}ReceivedAt`]: sql`${sql.placeholder('receivedAt')}::timestamptz`,
});

export const keptTimeValues = (ctx: Ctx) => ({ deviceTime: ctx.deviceTime?.toISOString() ?? null, receivedAt: (ctx.receivedAt ?? ctx.now).toISOString() });
