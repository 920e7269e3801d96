import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { canWrite, hasFunctionality, type Access } from '@sm/shared';
import { customers, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/** The billing customer of a customer row, joined beside it. */
export const billingCustomers = alias(customers, 'billing_customers');

/**
 * Whether the caller sees every customer of the company: with "All Customers", or with write on Customers (whoever
 * adds and edits customers works with all of them, and must be able to open the customer just added).
 */
export const seesAllCustomers = (access: Access) => hasFunctionality(access, 'Customers', 'All Customers') || canWrite(access, 'Customers');

/** Whether the caller may read and set the credit limit and the credit hold. */
export const seesCredit = (access: Access) => hasFunctionality(access, 'Customers', 'Access Customer Credit Limit & OnHold');

/**
 * The one visibility rule of customers: with "All Customers" or write on Customers every customer of the company;
 * otherwise only the sites
 * and billing customers of work orders assigned to the caller. Answers the condition to add to a query on
 * `customers` (none when all are visible); a hidden customer is reported as missing (404), like another company's.
 */
export function visibleCustomers(ctx: Pick<Ctx, 'actor'>, access: Access): SQL | undefined {
  if (seesAllCustomers(access)) return undefined;
  return sql`exists (select 1 from ${workOrders} inner join ${workOrderTechnicians} on ${workOrderTechnicians.workOrderId} = ${workOrders.id}
    where ${workOrderTechnicians.userId} = ${ctx.actor.userId}
      and (${workOrders.customerId} = ${customers.id} or ${workOrders.billingCustomerId} = ${customers.id}))`;
}

/** A customer of the caller's company that the caller may see, locked for update inside a transaction when asked. */
export async function visibleCustomer(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, access: Access, customerId: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(customers).where(ofTenant(customers, ctx, eq(customers.id, customerId), visibleCustomers(ctx, access)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Customer');
  return row;
}

/** Customers of the caller's company among `ids` (locked for update when asked), by id. */
export async function companyCustomers(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, ids: number[], opts: { lock?: boolean } = {}) {
  if (ids.length === 0) return new Map<number, typeof customers.$inferSelect>();
  const query = db.select().from(customers).where(and(ofTenant(customers, ctx), inArray(customers.id, ids))).orderBy(customers.id);
  const rows = opts.lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [r.id, r]));
}

/** `lower(text) like %search%` with the search's own wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
