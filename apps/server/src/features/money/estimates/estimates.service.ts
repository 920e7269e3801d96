import { and, eq, sql } from 'drizzle-orm';
import type { Access, EstimateGridRow, EstimateView, estimateBody, GridRequestParsed, WorkOrderEstimate } from '@sm/shared';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { customerEstimateLines, customerEstimates, customers, users, workOrders } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import type { GridColumns } from '../../../lib/grid';
import { gridPage, type GridPageAnswer } from '../../../lib/grid-page';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { visibleCustomer } from '../../office/customers/customer-visibility';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { visibleWorkOrder } from '../../office/work-orders/work-order-visibility';
import { amount, ensureEditable, estimateOf, textOrNull, viewOf, visibleEstimates, type Estimate } from './estimate-access';

type HeaderInput = z.output<typeof estimateBody>;

/** Estimate numbers of a company start here. */
const FIRST_ESTIMATE_NUMBER = 1001;
/** The first key of the advisory lock that numbers estimates; the second is the company. */
const NUMBERING_LOCK = 0x4345; // "CE"

/**
 * The company's next estimate number: its highest plus one, read after an advisory lock on the company that two
 * creates cannot hold at once (PGlite and PostgreSQL both have it). The unique index on the number is the backstop.
 */
async function nextNumber(tx: Tx, ctx: Ctx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK}::int, ${ctx.actor.subscriberId}::int)`);
  const [{ last }] = await tx.select({ last: sql<number | null>`max(${customerEstimates.estimateNumber})` }).from(customerEstimates).where(ofTenant(customerEstimates, ctx));
  return last === null ? FIRST_ESTIMATE_NUMBER : Number(last) + 1;
}

/** The stored values of a header: text trimmed, empty text as nothing. */
const headerValues = (input: HeaderInput) => ({
  customerId: input.customerId,
  title: input.title,
  description: textOrNull(input.description),
  validUntil: input.validUntil ?? null,
});

const snapshot = (e: Estimate) => ({ estimateNumber: e.estimateNumber, customerId: e.customerId, title: e.title, description: e.description, validUntil: e.validUntil, status: e.status });

/**
 * `POST CustomerEstimates`: an Open estimate with no lines for a customer the caller may see, numbered next in the
 * company.
 */
export async function createEstimate(ctx: Ctx, access: Access, input: HeaderInput) {
  return ctx.db.transaction(async (tx) => {
    await visibleCustomer(tx, ctx, access, input.customerId);
    const estimateNumber = await nextNumber(tx, ctx);
    const [row] = await tx
      .insert(customerEstimates)
      .values({ ...headerValues(input), subscriberId: ctx.actor.subscriberId, estimateNumber, status: 'Open', createdBy: ctx.actor.userId, createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    await recordAudit(tx, ctx, { entity: 'customerEstimate', entityId: row.id, action: 'create', after: snapshot(row) });
    return { customerEstimateId: row.id, estimateNumber };
  });
}

/** `GET CustomerEstimates/{id}`: the estimate with its lines and totals. */
export async function getEstimate(ctx: Ctx, access: Access, customerEstimateId: number): Promise<EstimateView> {
  return viewOf(ctx.db, ctx, await estimateOf(ctx.db, ctx, access, customerEstimateId));
}

/** `PUT CustomerEstimates/{id}`: the customer, title, description and valid-until date again, while Open or Sent. */
export async function updateEstimate(ctx: Ctx, access: Access, customerEstimateId: number, input: HeaderInput): Promise<EstimateView> {
  return ctx.db.transaction(async (tx) => {
    const before = await estimateOf(tx, ctx, access, customerEstimateId, { lock: true });
    ensureEditable(before);
    if (input.customerId !== before.customerId) await visibleCustomer(tx, ctx, access, input.customerId);
    const [after] = await tx
      .update(customerEstimates)
      .set({ ...headerValues(input), updatedAt: ctx.now })
      .where(ofTenant(customerEstimates, ctx, eq(customerEstimates.id, before.id)))
      .returning();
    await recordAudit(tx, ctx, { entity: 'customerEstimate', entityId: before.id, action: 'update', before: snapshot(before), after: snapshot(after) });
    return viewOf(tx, ctx, after);
  });
}

/** An estimate's total in SQL numeric arithmetic: each line rounded to the cent, less its discount, as the helpers do. */
const estimateTotal = sql<string>`coalesce((select sum(round(l.quantity * l.unit_price, 2) - l.discount) from ${customerEstimateLines} l where l.estimate_id = ${customerEstimates.id}), 0)`;

const COLUMNS: GridColumns = {
  estimateNumber: { sql: customerEstimates.estimateNumber, type: 'number' },
  status: { sql: customerEstimates.status, type: 'text' },
  title: { sql: customerEstimates.title, type: 'text' },
  customerName: { sql: customers.name, type: 'text' },
  validUntil: { sql: customerEstimates.validUntil, type: 'day' },
  total: { sql: estimateTotal, type: 'number' },
  workOrderNumber: { sql: workOrders.workOrderNumber, type: 'text' },
  createdBy: { sql: users.name, type: 'text' },
  createdAt: { sql: customerEstimates.createdAt, type: 'date' },
};

/**
 * `CustomerEstimates/list`: the estimates grid (spec platform 2.1 /estimates), paged, sorted and filtered on the server
 * (by status among others); with 'All Quotes' every estimate of the company, otherwise those of the customers the
 * caller may see.
 */
export async function listEstimates(ctx: Ctx, access: Access, req: GridRequestParsed): Promise<GridPageAnswer<EstimateGridRow>> {
  const spec = {
    request: req,
    columns: COLUMNS,
    defaultSort: { field: 'estimateNumber', dir: 'desc' } as const,
    timeZone: () => companyTimeZone(ctx),
    table: customerEstimates,
    id: customerEstimates.id,
    where: and(ofTenant(customerEstimates, ctx), visibleEstimates(ctx, access)),
    join: (query: PgSelect) =>
      query
        .innerJoin(customers, eq(customers.id, customerEstimates.customerId))
        .leftJoin(workOrders, eq(workOrders.id, customerEstimates.workOrderId))
        .leftJoin(users, eq(users.id, customerEstimates.createdBy)) as PgSelect,
    select: {
      customerEstimateId: customerEstimates.id,
      estimateNumber: customerEstimates.estimateNumber,
      status: customerEstimates.status,
      title: customerEstimates.title,
      customerName: customers.name,
      validUntil: customerEstimates.validUntil,
      total: estimateTotal,
      workOrderNumber: workOrders.workOrderNumber,
      createdBy: users.name,
      createdAt: customerEstimates.createdAt,
    },
  };
  return gridPage(ctx.db, spec, (rows) => rows.map((r) => ({ ...r, total: amount(String(r.total)), createdAt: r.createdAt.toISOString() })));
}

/** `GET CustomerEstimates/workOrder/{workOrderId}`: the estimate a work order the caller may see was made from, if any. */
export async function workOrderEstimate(ctx: Ctx, access: Access, workOrderId: number): Promise<WorkOrderEstimate> {
  const wo = await visibleWorkOrder(ctx.db, ctx, access, workOrderId);
  const [row] = await ctx.db
    .select({ customerEstimateId: customerEstimates.id, estimateNumber: customerEstimates.estimateNumber })
    .from(customerEstimates)
    .innerJoin(customers, eq(customers.id, customerEstimates.customerId))
    .where(ofTenant(customerEstimates, ctx, eq(customerEstimates.workOrderId, wo.workOrderId), visibleEstimates(ctx, access)));
  return row ?? { customerEstimateId: null, estimateNumber: null };
}
