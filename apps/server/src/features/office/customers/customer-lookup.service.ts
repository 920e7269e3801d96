import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizePhone, type Access, type CustomerGridRow, type CustomerLookupParsed, type CustomerLookupRow, type GridRequestParsed } from '@sm/shared';
import { customers, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { gridQuery, type GridColumns } from '../../../lib/grid';
import { ofTenant } from '../../../lib/tenancy';
import { customerAddressColumns } from './customer-address';
import { billingCustomers, containsPattern, visibleCustomers } from './customer-visibility';

/** A flag as the grid sorts and filters it: 1 or 0. */
const flag = (column: AnyPgColumn) => sql<number>`(case when ${column} then 1 else 0 end)`;
const workOrderCount = sql<number>`(select count(*)::int from ${workOrders} where ${workOrders.customerId} = ${customers.id})`;
/** The phone's digits, for a search typed any common way. */
const phoneDigits = sql`replace(coalesce(${customers.phone}, ''), '-', '')`;

const lookupColumns = {
  customerId: customers.id,
  name: customers.name,
  ...customerAddressColumns,
  isBillingCustomer: customers.isBillingCustomer,
  billingCustomerId: customers.billingCustomerId,
  billingCustomerName: billingCustomers.name,
  isOnCreditHold: customers.isOnCreditHold,
  timeZone: customers.timeZone,
};

/**
 * `Customer/lookup`: customers for a picker, best matches first. A match is a name, an address (with its city) or a
 * phone containing what was typed; a phone typed with dashes, spaces, parentheses or +1 matches its stored form.
 * The picker's current choice comes first, then names equal to the search, names starting with it, other name
 * matches, phones, addresses. Same visibility as the grid.
 */
export async function lookupCustomers(ctx: Ctx, access: Access, query: CustomerLookupParsed): Promise<CustomerLookupRow[]> {
  const search = query.search?.trim() ?? '';
  const lower = search.toLowerCase();
  const pattern = containsPattern(search);
  // A leading country code 1 typed without its + is dropped too.
  const digits = normalizePhone(search).replace(/^1(?=\d{10}$)/, '');
  const phoneMatch = /^\d{3,10}$/.test(digits) ? sql`${phoneDigits} like ${`%${digits}%`}` : sql`false`;
  const nameMatch = sql`lower(${customers.name}) like ${pattern}`;
  const addressMatch = sql`lower(${customers.address} || ' ' || ${customers.city}) like ${pattern}`;
  const chosen = query.customerId === undefined ? sql`false` : eq(customers.id, query.customerId);
  const rank = sql`(case when ${chosen} then 0
    when ${search ? sql`lower(${customers.name}) = ${lower}` : sql`true`} then 1
    when lower(${customers.name}) like ${pattern.slice(1)} then 2
    when ${nameMatch} then 3 when ${phoneMatch} then 4 else 5 end)`;
  const matches = search ? sql`(${chosen} or ${nameMatch} or ${addressMatch} or ${phoneMatch})` : undefined;
  return ctx.db
    .select(lookupColumns)
    .from(customers)
    .leftJoin(billingCustomers, eq(billingCustomers.id, customers.billingCustomerId))
    .where(
      ofTenant(
        customers,
        ctx,
        matches,
        query.billingOnly ? and(eq(customers.isBillingCustomer, true), isNull(customers.billingCustomerId)) : undefined,
        query.excludeCustomerId === undefined ? undefined : ne(customers.id, query.excludeCustomerId),
        visibleCustomers(ctx, access),
      ),
    )
    .orderBy(rank, asc(customers.name), asc(customers.id))
    .limit(query.take)
    .offset(query.skip);
}

const gridColumns: GridColumns = {
  customerId: { sql: customers.id, type: 'number' },
  name: { sql: customers.name, type: 'text' },
  address: { sql: customers.address, type: 'text' },
  city: { sql: customers.city, type: 'text' },
  state: { sql: customers.state, type: 'text' },
  zip: { sql: customers.zip, type: 'text' },
  phone: { sql: customers.phone, type: 'text' },
  email: { sql: customers.email, type: 'text' },
  isBillingCustomer: { sql: flag(customers.isBillingCustomer), type: 'number' },
  billingCustomerName: { sql: billingCustomers.name, type: 'text' },
  isOnCreditHold: { sql: flag(customers.isOnCreditHold), type: 'number' },
  isTaxExempt: { sql: flag(customers.isTaxExempt), type: 'number' },
  workOrderCount: { sql: workOrderCount, type: 'number' },
};

/**
 * `Customer/customers`: the customers grid, paged, sorted and filtered on the server on every column; the page
 * carries the total as a window count. Without "All Customers" only the caller's work orders' customers.
 */
export async function listCustomers(ctx: Ctx, access: Access, req: GridRequestParsed): Promise<{ data: CustomerGridRow[]; total: number }> {
  const q = gridQuery(req, gridColumns, { field: 'name', dir: 'asc' });
  const where = ofTenant(customers, ctx, q.where, visibleCustomers(ctx, access));
  const rows = await ctx.db
    .select({
      customerId: customers.id,
      name: customers.name,
      ...customerAddressColumns,
      email: customers.email,
      isBillingCustomer: customers.isBillingCustomer,
      billingCustomerName: billingCustomers.name,
      isOnCreditHold: customers.isOnCreditHold,
      isTaxExempt: customers.isTaxExempt,
      workOrderCount,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(customers)
    .leftJoin(billingCustomers, eq(billingCustomers.id, customers.billingCustomerId))
    .where(where)
    .orderBy(...q.orderBy, asc(customers.id))
    .limit(q.limit)
    .offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    [{ total }] = await ctx.db.select({ total: count() }).from(customers).leftJoin(billingCustomers, eq(billingCustomers.id, customers.billingCustomerId)).where(where);
  }
  return { total, data: rows.map(({ total: _, ...r }) => ({ ...r, workOrderCount: Number(r.workOrderCount) })) };
}
