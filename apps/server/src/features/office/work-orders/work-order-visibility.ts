import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { hasFunctionality, type Access } from '@sm/shared';
import { workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/** Work orders the given user is assigned to (a value, or a placeholder in a prepared statement). */
export const assignedTo = (userId: number | Placeholder) =>
  sql`exists (select 1 from ${workOrderTechnicians} t where t.work_order_id = ${workOrders}.id and t.user_id = ${userId})`;

/**
 * The one visibility rule of work orders: a user with 'All WorkOrders' sees every work order of the company, anyone
 * else only those assigned to them. Answers the condition to add to a query on `work_orders` (none when all are
 * visible); what it hides is reported as missing (404), exactly like another company's work order.
 */
export function visibleWorkOrders(ctx: Pick<Ctx, 'actor'>, access: Access): SQL | undefined {
  return hasFunctionality(access, 'Work Orders', 'All WorkOrders') ? undefined : assignedTo(ctx.actor.userId);
}

/**
 * A work order of the caller's company that the caller may see, by id, or the 404 that a missing one gets. Every
 * route that reads or writes something of a work order starts here, inside its transaction when it writes.
 */
export async function visibleWorkOrder(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, access: Access, workOrderId: number) {
  const [row] = await db
    .select({ workOrderId: workOrders.id, workOrderNumber: workOrders.workOrderNumber, billingCustomerId: workOrders.billingCustomerId })
    .from(workOrders)
    .where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId), visibleWorkOrders(ctx, access)));
  if (!row) throw notFound('Work order');
  return row;
}
