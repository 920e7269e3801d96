import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Access, GridRequestParsed, TechnicianWorkOrderRow } from '@sm/shared';
import { customerRateSheets, customers, rateSheetLaborItems, rateSheetTrucks, users, workOrderStatuses, workOrderTechnicians, workOrders } from '../../../db/schema';
import { oncePerDatabase, type Db } from '../../../db/client';
import type { Ctx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { gridQuery, type GridColumns } from '../../../lib/grid';
import { ofTenant, ofTenantPrepared, tenantParams } from '../../../lib/tenancy';
import { auditOf } from '../../platform/audit/audit.service';
import { customerAddressLine, customerAddressOf } from '../customers/customer-address';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { laborEntriesOf, statusHistoryOf } from './work-order-history';
import { officeFactsOf } from './work-order-office.service';
import { instantSql, sheetInEffectSql } from '../rate-sheets/rate-sheet-in-effect';
import { assignedTo, visibleWorkOrders } from './work-order-visibility';

const columns: GridColumns = {
  workOrderNumber: { sql: workOrders.workOrderNumber, type: 'text' },
  status: { sql: workOrderStatuses.name, type: 'text' },
  workOrderStatusId: { sql: workOrders.workOrderStatusId, type: 'number' },
  problem: { sql: workOrders.problem, type: 'text' },
  customerName: { sql: customers.name, type: 'text' },
  address: { sql: customerAddressLine, type: 'text' },
  createdDate: { sql: workOrders.createdAt, type: 'date' },
};

/** A row of the technician's grid, with the total of the filtered set as a window count. */
const rowColumns = {
  workOrderId: workOrders.id,
  workOrderNumber: workOrders.workOrderNumber,
  status: workOrderStatuses.name,
  workOrderStatusId: workOrders.workOrderStatusId,
  problem: workOrders.problem,
  customerName: customers.name,
  address: customerAddressLine,
  createdAt: workOrders.createdAt,
  billingCompanyId: workOrders.billingCustomerId,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

const page = (db: Db) =>
  db
    .select(rowColumns)
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .$dynamic();

/**
 * The grid as My Work Orders and the home page open it (no filter, newest first), prepared once per database. The
 * page is chosen on the work orders alone, with its total as a window count; only its own rows are then joined to
 * their customer and status, instead of every work order of the technician.
 */
const firstPages = oncePerDatabase((db) => {
  const mine = db
    .select({ id: workOrders.id, number: workOrders.workOrderNumber, total: sql<number>`count(*) over ()`.as('total') })
    .from(workOrders)
    .where(ofTenantPrepared(workOrders, assignedTo(sql.placeholder('userId'))))
    .orderBy(desc(workOrders.workOrderNumber))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('mine');
  return db
    .select({ ...rowColumns, total: sql<number>`${mine.total}`.mapWith(Number) })
    .from(mine)
    .innerJoin(workOrders, eq(workOrders.id, mine.id))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .orderBy(desc(mine.number))
    .prepare('technician_work_orders_first_pages');
});

/**
 * `workOrder/technicianWorkOrders`: the caller's own work orders, paged, sorted and filtered on the server. The page
 * carries the total as a window count, so one statement answers both; only a page past the end asks again.
 */
export async function listTechnicianWorkOrders(ctx: Ctx, req: GridRequestParsed): Promise<{ data: TechnicianWorkOrderRow[]; total: number }> {
  const q = gridQuery(req, columns, { field: 'workOrderNumber', dir: 'desc' }, await companyTimeZone(ctx));
  // The usual request (no filter, default order) runs prepared, without building its conditions.
  const isFirstPages = !q.where && req.sort.length === 0;
  const where = () => ofTenant(workOrders, ctx, assignedTo(ctx.actor.userId), q.where);
  const rows = isFirstPages
    ? await firstPages(ctx.db).execute({ ...tenantParams(ctx), limit: q.limit, offset: q.offset })
    : await page(ctx.db).where(where()).orderBy(...q.orderBy).limit(q.limit).offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    [{ total }] = await ctx.db
      .select({ total: count() })
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
      .where(where());
  }
  return {
    total,
    data: rows.map(({ createdAt, total: _, ...r }) => ({ ...r, createdDate: createdAt.toISOString(), totalCount: total })),
  };
}

/** `WorkOrder/{workOrderNumber}`: one work order; without 'All WorkOrders' only one assigned to the caller. */
export async function getWorkOrderByNumber(ctx: Ctx, access: Access, workOrderNumber: string) {
  const [row] = await ctx.db
    .select()
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .where(
      ofTenant(workOrders, ctx, sql`lower(${workOrders.workOrderNumber}) = lower(${workOrderNumber})`, visibleWorkOrders(ctx, access)),
    );
  if (!row) throw notFound('Work order');
  const technicians = await ctx.db
    .select({ userId: users.id, name: users.name })
    .from(workOrderTechnicians)
    .innerJoin(users, eq(users.id, workOrderTechnicians.userId))
    .where(ofTenant(workOrderTechnicians, ctx, eq(workOrderTechnicians.workOrderId, row.work_orders.id)));
  const w = row.work_orders;
  const c = row.customers;
  const laborEntries = await laborEntriesOf(ctx, w.id, c);
  const [parent] = w.parentWorkOrderId
    ? await ctx.db.select({ workOrderNumber: workOrders.workOrderNumber }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, w.parentWorkOrderId)))
    : [];
  return {
    workOrderId: w.id,
    workOrderNumber: w.workOrderNumber,
    workOrderStatusId: w.workOrderStatusId,
    workOrderStatus: row.work_order_statuses.name,
    problem: w.problem,
    workDescription: w.workDescription,
    nte: w.nte,
    parentWorkOrderId: w.parentWorkOrderId,
    parentWorkOrderNumber: parent?.workOrderNumber ?? null,
    billingCustomerId: w.billingCustomerId,
    createdDate: w.createdAt.toISOString(),
    ...(await officeFactsOf(ctx, w)),
    customer: { customerId: c.id, name: c.name, ...customerAddressOf(c), latitude: c.latitude, longitude: c.longitude },
    technicians,
    laborEntries,
    statusHistory: await statusHistoryOf(ctx, w.id),
    auditTrail: [...(await auditOf(ctx, 'workOrder', [w.id])), ...(await auditOf(ctx, 'workOrderLabor', laborEntries.map((l) => l.workOrderLaborId)))].sort((a, b) => a.auditId - b.auditId),
  };
}

/** `WorkOrder/rateSheetLaborItems/{billingCustomerId}`: technicians' rates on the customer's rate sheet version in effect today. */
export async function listRateSheetLaborItems(ctx: Ctx, billingCustomerId: number) {
  await ensureBillingCustomer(ctx, billingCustomerId);
  const rows = await ctx.db
    .select({ item: rateSheetLaborItems, sheet: customerRateSheets })
    .from(rateSheetLaborItems)
    .innerJoin(customerRateSheets, eq(customerRateSheets.id, rateSheetLaborItems.customerRateSheetId))
    .where(ofTenant(customerRateSheets, ctx, eq(customerRateSheets.id, sheetInEffectSql(ctx.actor.subscriberId, billingCustomerId, instantSql(ctx.now)))))
    .orderBy(asc(rateSheetLaborItems.id));
  return rows.map(({ item, sheet }) => ({
    serviceTechnicianId: item.id,
    employeeType: item.name,
    technicianUserId: item.technicianUserId,
    apprenticeRate: item.apprenticeRate,
    customerRateSheetId: sheet.id,
    rateSheetName: sheet.name,
    dailyRate: item.dailyRate,
    hourlyRate: item.hourlyRate,
    otHourlyRate: item.otHourlyRate,
    standByRate: item.standByRate,
  }));
}

/** `WorkOrder/rateSheetTrucks/{billingCustomerId}`: truck types billable to the customer, on the version in effect today. */
export async function listRateSheetTrucks(ctx: Ctx, billingCustomerId: number) {
  await ensureBillingCustomer(ctx, billingCustomerId);
  const rows = await ctx.db
    .select({ truck: rateSheetTrucks })
    .from(rateSheetTrucks)
    .innerJoin(customerRateSheets, eq(customerRateSheets.id, rateSheetTrucks.customerRateSheetId))
    .where(ofTenant(customerRateSheets, ctx, eq(customerRateSheets.id, sheetInEffectSql(ctx.actor.subscriberId, billingCustomerId, instantSql(ctx.now)))))
    .orderBy(asc(rateSheetTrucks.id));
  return rows.map(({ truck }) => ({
    rateSheetTruckTypeId: truck.id,
    customerRateSheetId: truck.customerRateSheetId,
    name: truck.name,
    hourlyRate: truck.hourlyRate,
    tripCharge: truck.tripCharge,
  }));
}

async function ensureBillingCustomer(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, id)));
  if (!row) throw notFound('Billing customer');
}
