import { and, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Access, AllWorkOrdersRow, GridFilter, GridRequestParsed } from '@sm/shared';
import { customers, users, workOrderClasses, workOrderStatuses, workOrderTechnicians, workOrders } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { gridQuery, type GridColumns } from '../../lib/grid';
import { ofTenant } from '../../lib/tenancy';
import { billingCustomers } from '../customers/customer-visibility';
import { companyTimeZone } from '../scheduling/schedule-lookups';
import { visibleWorkOrders } from './work-order-visibility';

/** The tables a column needs beside `work_orders`; a page or count joins only what its filters and sort name. */
type Join = 'customer' | 'billing' | 'status' | 'class';

const address = sql<string>`${customers.address} || ', ' || ${customers.city} || ', ' || ${customers.state} || ' ' || ${customers.zip}`;
const lower = (column: SQL | AnyColumn) => sql`lower(${column})`;

/** The technicians of a work order, by name, as one text: for sorting and comparing on the aggregate. */
const technicianNames = sql<string>`(select string_agg(u.name, ', ' order by u.name) from ${workOrderTechnicians} t
  join ${users} u on u.id = t.user_id where t.work_order_id = ${workOrders.id})`;

/**
 * Every column sorts and filters on the server. Text columns compare in lower case: that is the expression of the
 * trigram indexes on the number, the problem and the customer name, and of the (company, number) index that orders
 * the numbers.
 */
const COLUMNS: Record<string, GridColumns[string] & { join?: Join }> = {
  workOrderNumber: { sql: lower(workOrders.workOrderNumber), type: 'text' },
  status: { sql: workOrderStatuses.name, type: 'text', join: 'status' },
  workOrderStatusId: { sql: workOrders.workOrderStatusId, type: 'number' },
  priority: { sql: workOrders.priority, type: 'text' },
  workOrderClass: { sql: workOrderClasses.name, type: 'text', join: 'class' },
  customerName: { sql: lower(customers.name), type: 'text', join: 'customer' },
  address: { sql: lower(address), type: 'text', join: 'customer' },
  billingCustomerName: { sql: lower(billingCustomers.name), type: 'text', join: 'billing' },
  technicians: { sql: technicianNames, type: 'text' },
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

/** The grid request as WHERE and ORDER BY over the work orders, and the tables they need; dates are the company's days. */
function planOf(req: GridRequestParsed, timeZone: string) {
  const filters = req.filter?.filters ?? [];
  const logic = req.filter?.logic ?? 'and';
  const special = filters.filter(isTechnicianMatch);
  const rest = filters.filter((f) => !isTechnicianMatch(f));
  const q = gridQuery({ ...req, filter: { logic, filters: rest } }, COLUMNS, DEFAULT_SORT, timeZone);
  const parts = [q.where, ...special.map(technicianCondition)].filter((p): p is SQL => p !== undefined);
  const where = parts.length === 0 ? undefined : logic === 'or' ? or(...parts) : and(...parts);
  const joinsOf = (fields: string[]) => new Set(fields.map((f) => COLUMNS[f]?.join).filter((j): j is Join => j !== undefined));
  const filterFields = rest.map((f) => f.field);
  const sortFields = (req.sort.length > 0 ? req.sort : [DEFAULT_SORT]).map((s) => s.field);
  return { where, orderBy: q.orderBy, limit: q.limit, offset: q.offset, countJoins: joinsOf(filterFields), pageJoins: joinsOf([...filterFields, ...sortFields]) };
}

/** `work_orders` with the joins a statement needs (each join keeps one row per work order). */
function joined<T extends PgSelect>(query: T, joins: Set<Join>): T {
  // Joins change the type of a dynamic query; the statements here select their own fields, so the type stays theirs.
  let q = query as PgSelect;
  if (joins.has('customer')) q = q.innerJoin(customers, eq(customers.id, workOrders.customerId)) as PgSelect;
  if (joins.has('billing')) q = q.leftJoin(billingCustomers, eq(billingCustomers.id, workOrders.billingCustomerId)) as PgSelect;
  if (joins.has('status')) q = q.innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId)) as PgSelect;
  if (joins.has('class')) q = q.leftJoin(workOrderClasses, eq(workOrderClasses.id, workOrders.workOrderClassId)) as PgSelect;
  return q as T;
}

/**
 * `WorkOrder/allWorkOrders`: every work order of the company, paged, sorted and filtered on the server on every column.
 * Three short statements instead of one wide one: the page's ids (joining only what the filters and sort name, so the
 * default newest-first page walks the (company, created) index and stops), the page's rows with their technicians
 * aggregated for those ids only, and the count of the filtered set, asked only when the page does not tell it.
 */
export async function listAllWorkOrders(ctx: Ctx, access: Access, req: GridRequestParsed): Promise<{ data: AllWorkOrdersRow[]; total: number }> {
  const plan = planOf(req, await companyTimeZone(ctx));
  const where = ofTenant(workOrders, ctx, plan.where, visibleWorkOrders(ctx, access));
  const ids = (
    await joined(ctx.db.select({ id: workOrders.id }).from(workOrders).$dynamic(), plan.pageJoins)
      .where(where)
      .orderBy(...plan.orderBy, desc(workOrders.id))
      .limit(plan.limit)
      .offset(plan.offset)
  ).map((r) => r.id);
  const isLastPage = ids.length > 0 && ids.length < plan.limit;
  const total =
    isLastPage || (ids.length === 0 && plan.offset === 0)
      ? plan.offset + ids.length
      : (await joined(ctx.db.select({ n: count() }).from(workOrders).$dynamic(), plan.countJoins).where(where))[0].n;
  return { total, data: await rowsOf(ctx, ids) };
}

/** The grid rows of the given work orders, in the given order, with their technicians' names. */
async function rowsOf(ctx: Ctx, ids: number[]): Promise<AllWorkOrdersRow[]> {
  if (ids.length === 0) return [];
  const names = ctx.db
    .select({
      workOrderId: workOrderTechnicians.workOrderId,
      names: sql<string>`string_agg(${users.name}, ', ' order by ${users.name})`.as('names'),
    })
    .from(workOrderTechnicians)
    .innerJoin(users, eq(users.id, workOrderTechnicians.userId))
    .where(ofTenant(workOrderTechnicians, ctx, inArray(workOrderTechnicians.workOrderId, ids)))
    .groupBy(workOrderTechnicians.workOrderId)
    .as('names');
  const rows = await ctx.db
    .select({
      workOrderId: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      status: workOrderStatuses.name,
      workOrderStatusId: workOrders.workOrderStatusId,
      priority: workOrders.priority,
      workOrderClass: workOrderClasses.name,
      customerName: customers.name,
      address,
      billingCustomerName: billingCustomers.name,
      technicians: names.names,
      problem: workOrders.problem,
      nte: workOrders.nte,
      poNumber: workOrders.poNumber,
      createdAt: workOrders.createdAt,
    })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .leftJoin(billingCustomers, eq(billingCustomers.id, workOrders.billingCustomerId))
    .leftJoin(workOrderClasses, eq(workOrderClasses.id, workOrders.workOrderClassId))
    .leftJoin(names, eq(names.workOrderId, workOrders.id))
    .where(ofTenant(workOrders, ctx, inArray(workOrders.id, ids)));
  const byId = new Map(rows.map(({ createdAt, technicians, ...r }) => [r.workOrderId, { ...r, technicians: technicians ?? '', createdDate: createdAt.toISOString() }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
