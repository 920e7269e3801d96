import { and, eq, exists, inArray } from 'drizzle-orm';
import { hasFunctionality, hasRole, ROLE, type Access } from '@sm/shared';
import { customers, scheduleItems, userRoles, users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/** Roles whose people do sales tasks: the sales person and every sales role above it. */
export const SALES_ROLES = [
  ROLE['Sales Person'],
  ROLE['Sales Manager'],
  ROLE['Business Development Manager'],
  ROLE['Territory Sales'],
  ROLE['Area Sales Manager'],
  ROLE['Regional Manager'],
] as const;

/** The sales roles that lead other sales people (the default matrix gives them the sales-manager rights). */
const SALES_MANAGER_ROLES = [ROLE['Sales Manager'], ROLE['Business Development Manager'], ROLE['Area Sales Manager'], ROLE['Regional Manager']];

/**
 * Whose sales tasks the caller may see and plan: everyone's for a sales manager (spec platform 6.2: sales manager,
 * business development manager, and the area and regional managers the matrix treats alike), for someone with the
 * Users area's "All Users" and for Super Admin; otherwise only their own, the way "All WorkOrders" widens the work
 * orders. The 'Sales Scheduler' area has no functionality of its own to say this. Answers the sales person to narrow
 * to, or null for the whole company.
 */
export function ownSalesTasksOnly(ctx: Ctx, access: Access): number | null {
  const isManager = SALES_MANAGER_ROLES.some((role) => hasRole(access, role));
  return isManager || hasFunctionality(access, 'Users', 'All Users') ? null : ctx.actor.userId;
}

/**
 * A sales task the caller may see, locked for update inside a transaction when `lock` is set; another company's,
 * another sales person's (for someone who plans only their own), a service item and a deleted task are all "not
 * found".
 */
export async function visibleSalesTask(ctx: Ctx, access: Access, id: number, db: DbOrTx, opts: { lock?: boolean } = {}) {
  const own = ownSalesTasksOnly(ctx, access);
  const t = scheduleItems;
  const query = db
    .select()
    .from(t)
    .where(ofTenant(t, ctx, eq(t.id, id), eq(t.kind, 'sales'), eq(t.isDeleted, false), own === null ? undefined : eq(t.salesPersonUserId, own)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Sales task');
  return row;
}

/** Whether a user holds one of the sales roles, as a condition on `users`. */
export const isSalesPerson = (ctx: Ctx) =>
  exists(
    ctx.db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.subscriberId, ctx.actor.subscriberId), eq(userRoles.userId, users.id), inArray(userRoles.roleId, [...SALES_ROLES]))),
  );

/**
 * Refuses a customer or sales person that is not the caller's company's, exactly as a missing one (404). A task is
 * given only to an active user with a sales role; reading (`anyone`) may name a former one.
 */
export async function checkSalesReferences(
  ctx: Ctx,
  db: DbOrTx,
  refs: { customerId: number | null; salesPersonId: number | null },
  opts: { anyone?: boolean } = {},
) {
  if (refs.customerId) {
    const [row] = await db.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, refs.customerId)));
    if (!row) throw notFound('Customer');
  }
  if (refs.salesPersonId) {
    const [row] = await db
      .select({ id: users.id, isActive: users.isActive, isSales: isSalesPerson(ctx) })
      .from(users)
      .where(ofTenant(users, ctx, eq(users.id, refs.salesPersonId)));
    if (!row || (!opts.anyone && !row.isActive)) throw notFound('Sales person');
    if (!opts.anyone && !row.isSales) throw new AppError(400, 'That user is not a sales person.');
  }
}
