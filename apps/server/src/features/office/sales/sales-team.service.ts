import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasFunctionality, type Access, type SalesTeam, type SalesTeamBody, type WorkOrderSale, type WorkOrderSaleBody } from '@sm/shared';
import { companyListRows, customers, users, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { checkSalesReferences, isSalesPerson } from '../../field/sales-scheduling/sales-task-lookups';

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const [sp, mgr, prev, terr] = ['sp', 'mgr', 'prev', 'terr'].map((n) => alias(users, `team_${n}`));

/** `GET Sales/customers/{customerId}/team`: a billing customer's sales person, manager, previous and territory. */
export async function getSalesTeam(ctx: Ctx, db: DbOrTx, customerId: number): Promise<SalesTeam> {
  const c = customers;
  const [row] = await db
    .select({ c, sp: sp.name, mgr: mgr.name, prev: prev.name, terr: terr.name })
    .from(c)
    .leftJoin(sp, eq(sp.id, c.salesPersonId))
    .leftJoin(mgr, eq(mgr.id, c.salesManagerId))
    .leftJoin(prev, eq(prev.id, c.previousSalesPersonId))
    .leftJoin(terr, eq(terr.id, c.territorySalesId))
    .where(ofTenant(c, ctx, eq(c.id, customerId)));
  if (!row) throw notFound('Customer');
  return {
    customerId: row.c.id,
    customerName: row.c.name,
    salesPerson: person(row.c.salesPersonId, row.sp),
    salesManager: person(row.c.salesManagerId, row.mgr),
    previousSalesPerson: person(row.c.previousSalesPersonId, row.prev),
    territorySales: person(row.c.territorySalesId, row.terr),
  };
}

/**
 * `PUT Sales/customers/{customerId}/team` (Change SalesPerson): the billing customer's whole team, each an active user
 * with a sales role. A new sales person moves the one before to Previous Sales Person, unless the body names the
 * previous one. Audited with the team before and after. A site is refused: its billing customer carries the team.
 */
export async function setSalesTeam(ctx: Ctx, customerId: number, body: SalesTeamBody): Promise<SalesTeam> {
  await ctx.db.transaction(async (tx) => {
    const [c] = await tx.select().from(customers).where(ofTenant(customers, ctx, eq(customers.id, customerId))).for('update');
    if (!c) throw notFound('Customer');
    if (c.billingCustomerId !== null && c.billingCustomerId !== c.id) throw new AppError(400, 'The sales team is set on the billing customer, not on a site.');
    const before = { salesPersonId: c.salesPersonId, salesManagerId: c.salesManagerId, previousSalesPersonId: c.previousSalesPersonId, territorySalesId: c.territorySalesId };
    const previousSalesPersonId =
      body.previousSalesPersonId !== undefined ? body.previousSalesPersonId : body.salesPersonId !== c.salesPersonId && c.salesPersonId !== null ? c.salesPersonId : c.previousSalesPersonId;
    const after = { salesPersonId: body.salesPersonId, salesManagerId: body.salesManagerId, previousSalesPersonId, territorySalesId: body.territorySalesId };
    for (const field of Object.keys(after) as (keyof typeof after)[]) {
      // Only a new name is checked: the previous sales person (moved there) may have left the sales roles since.
      const id = after[field];
      if (id !== null && id !== before[field] && !(field === 'previousSalesPersonId' && id === c.salesPersonId)) await checkSalesReferences(ctx, tx, { customerId: null, salesPersonId: id });
    }
    await tx.update(customers).set(after).where(ofTenant(customers, ctx, eq(customers.id, c.id)));
    await recordAudit(tx, ctx, { entity: 'customer', entityId: c.id, action: 'salesTeam', before, after });
  });
  return getSalesTeam(ctx, ctx.db, customerId);
}

/** A work order's sale as the pages show it. */
export async function getWorkOrderSale(ctx: Ctx, db: DbOrTx, workOrderId: number): Promise<WorkOrderSale> {
  const [row] = await db
    .select({ w: workOrders, sp: sp.name, item: companyListRows.name })
    .from(workOrders)
    .leftJoin(sp, eq(sp.id, workOrders.salesPersonId))
    .leftJoin(companyListRows, eq(companyListRows.id, workOrders.salesItemId))
    .where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId)));
  if (!row) throw notFound('Work order');
  return {
    workOrderId: row.w.id, workOrderNumber: row.w.workOrderNumber, salesPerson: person(row.w.salesPersonId, row.sp),
    salesItem: person(row.w.salesItemId, row.item), isCommissionable: row.w.isCommissionable,
  };
}

/**
 * `PUT Sales/workOrders/{workOrderId}`: who sold the work order (Change SalesPerson), what was sold, and whether it
 * earns commissions (Change Commissionable). Only what is sent changes; the change is audited before and after. An
 * invoice already submitted keeps the commissions it froze.
 */
export async function setWorkOrderSale(ctx: Ctx, access: Access, workOrderId: number, body: WorkOrderSaleBody): Promise<WorkOrderSale> {
  if ((body.salesPersonId !== undefined || body.salesItemId !== undefined) && !hasFunctionality(access, 'Customers', 'Change SalesPerson')) {
    throw new AppError(403, 'You need Change SalesPerson to change who sold a work order.');
  }
  if (body.isCommissionable !== undefined && !hasFunctionality(access, 'Customers', 'Change Commissionable')) {
    throw new AppError(403, 'You need Change Commissionable to change whether a work order earns commissions.');
  }
  await ctx.db.transaction(async (tx) => {
    const [w] = await tx.select().from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId))).for('update');
    if (!w) throw notFound('Work order');
    if (body.salesPersonId) await checkSalesReferences(ctx, tx, { customerId: null, salesPersonId: body.salesPersonId });
    if (body.salesItemId) {
      const [item] = await tx.select({ id: companyListRows.id, isActive: companyListRows.isActive }).from(companyListRows)
        .where(ofTenant(companyListRows, ctx, eq(companyListRows.id, body.salesItemId), eq(companyListRows.listKey, 'salesItems')));
      if (!item) throw notFound('Sales item');
      if (!item.isActive && item.id !== w.salesItemId) throw new AppError(400, 'That sales item is retired.');
    }
    const before = { salesPersonId: w.salesPersonId, salesItemId: w.salesItemId, isCommissionable: w.isCommissionable };
    const after = {
      salesPersonId: body.salesPersonId === undefined ? w.salesPersonId : body.salesPersonId,
      salesItemId: body.salesItemId === undefined ? w.salesItemId : body.salesItemId,
      isCommissionable: body.isCommissionable ?? w.isCommissionable,
    };
    await tx.update(workOrders).set(after).where(ofTenant(workOrders, ctx, eq(workOrders.id, w.id)));
    await recordAudit(tx, ctx, { entity: 'workOrder', entityId: w.id, action: 'sale', before, after });
  });
  return getWorkOrderSale(ctx, ctx.db, workOrderId);
}

/** `GET Sales/people`: the company's active users with a sales role, by name, for the pickers. */
export async function listSalesPeople(ctx: Ctx) {
  return ctx.db.select({ id: users.id, name: users.name }).from(users).where(ofTenant(users, ctx, and(eq(users.isActive, true), isSalesPerson(ctx)))).orderBy(asc(users.name));
}
