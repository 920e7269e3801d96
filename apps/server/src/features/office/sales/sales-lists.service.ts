import { and, count, desc, eq, exists, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasFunctionality, jsonNumberOf, type Access, type SalesListQuery, type SalesWorkOrderRow } from '@sm/shared';
import { customers, invoices, quotes, quoteVersions, salesTagLinks, users, workOrders, workOrderStatuses } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';

const payer = alias(customers, 'sales_payer');
const seller = alias(users, 'sales_seller');

/** Whether the caller reads every sales person's lists (All Sales Reports) or only his own. */
export const allSales = (access: Access) => hasFunctionality(access, 'Reports', 'All Sales Reports');

/** Who sold a work order: its own sales person, or its billing customer's when it names none. */
const soldBy = sql`coalesce(${workOrders.salesPersonId}, ${payer.salesPersonId})`;
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `GET Sales/workOrders` (/sales/work-order): the work orders the caller sold, newest first, with their status and
 * invoice; everyone's with All Sales Reports. Filters by a part of the number or the customer's name, and by a tag.
 */
export async function listSalesWorkOrders(ctx: Ctx, access: Access, query: SalesListQuery): Promise<{ data: SalesWorkOrderRow[]; total: number }> {
  const site = customers;
  const where = ofTenant(
    workOrders,
    ctx,
    allSales(access) ? undefined : sql`${soldBy} = ${ctx.actor.userId}`,
    query.search ? or(ilike(workOrders.workOrderNumber, like(query.search)), ilike(site.name, like(query.search)), ilike(payer.name, like(query.search))) : undefined,
    query.salesTagId ? exists(ctx.db.select({ id: salesTagLinks.id }).from(salesTagLinks).where(and(eq(salesTagLinks.workOrderId, workOrders.id), eq(salesTagLinks.salesTagId, query.salesTagId)))) : undefined,
  );
  const rows = await ctx.db
      .select({ w: workOrders, site: site.name, payer: payer.name, status: workOrderStatuses.name, seller: seller.name, invoiceNumber: invoices.invoiceNumber, invoiceTotal: invoices.total })
      .from(workOrders)
      .innerJoin(site, eq(site.id, workOrders.customerId))
      .leftJoin(payer, eq(payer.id, workOrders.billingCustomerId))
      .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
      .leftJoin(seller, sql`${seller.id} = ${soldBy}`)
      .leftJoin(invoices, eq(invoices.workOrderId, workOrders.id))
      .where(where).orderBy(desc(workOrders.createdAt), desc(workOrders.id)).limit(query.take).offset(query.skip);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(workOrders)
    .innerJoin(site, eq(site.id, workOrders.customerId))
    .leftJoin(payer, eq(payer.id, workOrders.billingCustomerId))
    .where(where);
  return {
    total: n,
    data: rows.map((r) => ({
      workOrderId: r.w.id, workOrderNumber: r.w.workOrderNumber, customerName: r.site, billingCustomerName: r.payer, status: r.status, salesPerson: r.seller,
      isCommissionable: r.w.isCommissionable, invoiceNumber: r.invoiceNumber, invoiceTotal: r.invoiceTotal === null ? null : jsonNumberOf(r.invoiceTotal), createdAt: r.w.createdAt.toISOString(),
    })),
  };
}

/**
 * `GET Sales/quotes` (/sales/quotes): the quotes of the customers whose billing customer the caller sells to, newest
 * first, at their current version; everyone's with All Sales Reports.
 */
export async function listSalesQuotes(ctx: Ctx, access: Access, query: SalesListQuery) {
  const site = customers;
  const where = ofTenant(
    quotes,
    ctx,
    allSales(access) ? undefined : eq(payer.salesPersonId, ctx.actor.userId),
    query.search ? or(ilike(site.name, like(query.search)), ilike(workOrders.workOrderNumber, like(query.search)), ilike(quoteVersions.title, like(query.search))) : undefined,
  );
  const rows = await ctx.db
      .select({ q: quotes, v: quoteVersions, site: site.name, number: workOrders.workOrderNumber })
      .from(quotes)
      .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)))
      .innerJoin(site, eq(site.id, quotes.customerId))
      .innerJoin(payer, eq(payer.id, sql`coalesce(${site.billingCustomerId}, ${site.id})`))
      .innerJoin(workOrders, eq(workOrders.id, quotes.workOrderId))
      .where(where).orderBy(desc(quotes.createdAt), desc(quotes.id)).limit(query.take).offset(query.skip);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(quotes)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)))
    .innerJoin(site, eq(site.id, quotes.customerId))
    .innerJoin(payer, eq(payer.id, sql`coalesce(${site.billingCustomerId}, ${site.id})`))
    .innerJoin(workOrders, eq(workOrders.id, quotes.workOrderId))
    .where(where);
  return {
    total: n,
    data: rows.map((r) => ({
      quoteId: r.q.id, quoteNumber: r.q.quoteNumber, version: r.v.version, title: r.v.title, status: r.v.status, customerName: r.site, workOrderNumber: r.number, createdAt: r.q.createdAt.toISOString(),
    })),
  };
}
