import { eq, ilike, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { GRID_TOTAL_CAP, type Access, type AllWorkOrdersRow, type GridFilter, type GridRequestParsed } from '@sm/shared';
import { customers, users, workOrderClasses, workOrderStatuses, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { compareColumn, type GridColumns } from '../../../lib/grid';
import { gridPageAround, type GridPageAnswer, type GridPageIds } from '../../../lib/grid-page';
import { ofTenant, ofTenantByOtherIndex } from '../../../lib/tenancy';
import { customerAddressLine } from '../customers/customer-address';
import { billingCustomers } from '../customers/customer-visibility';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { visibleWorkOrders } from './work-order-visibility';

/** The tables a column needs beside `work_orders`; a page or count joins only what its filters and sort name. */
type Join = 'customer' | 'billing' | 'status' | 'class';

const lower = (column: SQL | AnyColumn) => sql`lower(${column})`;

/** The technicians of a work order, by name, as one text: for sorting and comparing on the aggregate. */
const technicianNames = sql<string>`(select string_agg(u.name, ', ' order by u.name) from ${workOrderTechnicians} t
  join ${users} u on u.id = t.user_id where t.work_order_id = ${workOrders.id})`;

/**
 * Every column sorts and filters on the server. Text columns compare in lower case: that is the expression of the
 * trigram indexes on the number, the problem and the customer name, and of the (company, number) index that orders
 * the numbers.
 */
const COLUMNS: GridColumns<Join> = {
  workOrderNumber: { sql: lower(workOrders.workOrderNumber), type: 'text' },
  status: { sql: workOrderStatuses.name, type: 'text', join: 'status' },
  workOrderStatusId: { sql: workOrders.workOrderStatusId, type: 'number' },
  priority: { sql: workOrders.priority, type: 'text' },
  workOrderClass: { sql: workOrderClasses.name, type: 'text', join: 'class' },
  customerName: { sql: lower(customers.name), type: 'text', join: 'customer' },
  address: { sql: lower(customerAddressLine), type: 'text', join: 'customer' },
  billingCustomerName: { sql: lower(billingCustomers.name), type: 'text', join: 'billing' },
  technicians: { sql: technicianNames, type: 'text', condition: (f) => (isTechnicianMatch(f) ? technicianCondition(f) : undefined) },
  problem: { sql: lower(workOrders.problem), type: 'text' },
  nte: { sql: workOrders.nte, type: 'number' },
  poNumber: { sql: lower(workOrders.poNumber), type: 'text' },
  createdDate: { sql: workOrders.createdAt, type: 'date' },
};

const DEFAULT_SORT = { field: 'createdDate', dir: 'desc' } as const;

/**
 * A filter on the technicians as "some technician's name contains / is / is not": an EXISTS over the assignments
 * that the planner can start from the few matching people, instead of building every work order's list of names.
 */
function technicianCondition(f: GridFilter): SQL {
  if (f.value === null) throw new AppError(400, `Filter on ${f.field} needs a value.`);
  const text = String(f.value).toLowerCase();
  const match = f.operator === 'contains' ? ilike(users.name, `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : sql`lower(${users.name}) = ${text}`;
  const exists = sql`exists (select 1 from ${workOrderTechnicians} join ${users} on ${users.id} = ${workOrderTechnicians.userId}
    where ${workOrderTechnicians.workOrderId} = ${workOrders.id} and ${match})`;
  return f.operator === 'neq' ? sql`not ${exists}` : exists;
}

const isTechnicianMatch = (f: GridFilter) => f.field === 'technicians' && ['contains', 'eq', 'neq'].includes(f.operator);

/** The company's customers a name filter looks through, apart from the customers joined for showing and sorting. */
const named = alias(customers, 'named_customers');

/**
 * A filter on the site's or the billing customer's name as "the work order's customer is one of the company's
 * customers so named": those customers are found first, through the trigram index on the company's names (the
 * company compared as that index holds it), and the work orders of those few read by customer, instead of the name
 * of every work order's customer read and compared. The same rows as comparing the joined name.
 */
function byCustomerName(ctx: Ctx, customerOf: PgColumn) {
  return (f: GridFilter): SQL => {
    // Equality on lower(name) itself, the expression the index holds (pg_trgm answers = too).
    const name = f.operator === 'eq' ? sql`lower(${named.name}) = lower(${String(f.value)})` : compareColumn(f, { sql: lower(named.name), type: 'text' }, undefined);
    return inArray(customerOf, ctx.db.select({ id: named.id }).from(named).where(ofTenantByOtherIndex(named, ctx, name)));
  };
}

/** The columns, with the customers' names filtered through the caller's company. */
const columnsOf = (ctx: Ctx): GridColumns<Join> => ({
  ...COLUMNS,
  customerName: { ...COLUMNS.customerName, condition: byCustomerName(ctx, workOrders.customerId) },
  billingCustomerName: { ...COLUMNS.billingCustomerName, condition: byCustomerName(ctx, workOrders.billingCustomerId) },
});

/** `work_orders` with the joins a statement needs (each join keeps one row per work order), each within the company. */
function joined(query: PgSelect, ctx: Ctx, joins: ReadonlySet<Join>): PgSelect {
  let q = query;
  if (joins.has('customer')) q = q.innerJoin(customers, ofTenant(customers, ctx, eq(customers.id, workOrders.customerId))) as PgSelect;
  if (joins.has('billing')) q = q.leftJoin(billingCustomers, ofTenant(billingCustomers, ctx, eq(billingCustomers.id, workOrders.billingCustomerId))) as PgSelect;
  if (joins.has('status')) q = q.innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId)) as PgSelect;
  if (joins.has('class')) q = q.leftJoin(workOrderClasses, eq(workOrderClasses.id, workOrders.workOrderClassId)) as PgSelect;
  return q;
}

/**
 * `WorkOrder/allWorkOrders`: every work order of the company, paged, sorted and filtered on the server on every column.
 * Two statements: the page chosen on the work orders' ids (joining only what the filters and sort name, so that the
 * default newest-first page walks the (company, created) index and stops, and a page by customer name walks the
 * company's customers in the order of their names) with its rows read around it, and the count of the filtered set,
 * asked only when the page does not tell it and stopped at `GRID_TOTAL_CAP` (a million work orders are not counted to
 * show "10,000+").
 */
export async function listAllWorkOrders(ctx: Ctx, access: Access, req: GridRequestParsed): Promise<GridPageAnswer<AllWorkOrdersRow>> {
  const spec = {
    request: req,
    columns: columnsOf(ctx),
    defaultSort: DEFAULT_SORT,
    timeZone: () => companyTimeZone(ctx),
    table: workOrders,
    id: workOrders.id,
    where: ofTenant(workOrders, ctx, visibleWorkOrders(ctx, access)),
    join: (query: PgSelect, joins: ReadonlySet<Join>) => joined(query, ctx, joins),
    totalCap: GRID_TOTAL_CAP,
  };
  return gridPageAround(ctx.db, spec, (page) => rowsAround(ctx, page));
}

/**
 * The grid rows of the page's work orders, in its order, each with its technicians' names: read around the page in
 * the same statement, so that only the page's 25 rows are joined to their customers, status and class.
 */
async function rowsAround(ctx: Ctx, page: GridPageIds): Promise<AllWorkOrdersRow[]> {
  const names = sql<string>`coalesce((select string_agg(u.name, ', ' order by u.name) from ${workOrderTechnicians} t
    join ${users} u on u.id = t.user_id where t.work_order_id = ${workOrders.id} and t.subscriber_id = ${ctx.actor.subscriberId}), '')`;
  const rows = await ctx.db
    .select({
      workOrderId: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      status: workOrderStatuses.name,
      workOrderStatusId: workOrders.workOrderStatusId,
      priority: workOrders.priority,
      workOrderClass: workOrderClasses.name,
      customerName: customers.name,
      address: customerAddressLine,
      billingCustomerName: billingCustomers.name,
      technicians: names,
      problem: workOrders.problem,
      nte: workOrders.nte,
      poNumber: workOrders.poNumber,
      createdAt: workOrders.createdAt,
    })
    .from(page)
    .innerJoin(workOrders, ofTenant(workOrders, ctx, eq(workOrders.id, page.id)))
    .innerJoin(customers, ofTenant(customers, ctx, eq(customers.id, workOrders.customerId)))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .leftJoin(billingCustomers, ofTenant(billingCustomers, ctx, eq(billingCustomers.id, workOrders.billingCustomerId)))
    .leftJoin(workOrderClasses, eq(workOrderClasses.id, workOrders.workOrderClassId))
    .orderBy(page.ordinal);
  return rows.map(({ createdAt, ...r }) => ({ ...r, createdDate: createdAt.toISOString() }));
}
