import { asc, eq, type SQL } from 'drizzle-orm';
import { addressLineOf, EDITABLE_ESTIMATE_STATUSES, hasFunctionality, type Access, type EstimateLineRow, type EstimateStatus, type EstimateView } from '@sm/shared';
import { customerEstimateLines, customerEstimates, customers, users, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { visibleCustomers } from '../../office/customers/customer-visibility';
import { totalsOf } from '../quotes/quote-access';
import { pricedLineAnswer } from '../quotes/priced-line-values';

export { amount, textOrNull } from '../../office/work-order-items/work-order-item-access';

/**
 * The one visibility rule of estimates: with 'All Quotes' every estimate of the company, otherwise the estimates of
 * the customers the caller may see. A condition on a query that joins `customers`; what it hides is a 404.
 */
export function visibleEstimates(ctx: Pick<Ctx, 'actor'>, access: Access): SQL | undefined {
  return hasFunctionality(access, 'Quotes', 'All Quotes') ? undefined : visibleCustomers(ctx, access);
}

export type Estimate = typeof customerEstimates.$inferSelect;
type StoredLine = typeof customerEstimateLines.$inferSelect;

/**
 * An estimate the caller may see, or the 404 of a missing one. Writers pass `lock`: the estimate row stays locked until
 * the transaction ends, so two changes to the same estimate take turns and each sees the other's result.
 */
export async function estimateOf(db: DbOrTx, ctx: Ctx, access: Access, customerEstimateId: number, opts: { lock?: boolean } = {}): Promise<Estimate> {
  const query = db
    .select({ estimate: customerEstimates })
    .from(customerEstimates)
    .innerJoin(customers, eq(customers.id, customerEstimates.customerId))
    .where(ofTenant(customerEstimates, ctx, eq(customerEstimates.id, customerEstimateId), visibleEstimates(ctx, access)));
  const [row] = opts.lock ? await query.for('update', { of: customerEstimates }) : await query;
  if (!row) throw notFound('Estimate');
  return row.estimate;
}

/** Whether the estimate's header and lines may still change: until the customer answers it. */
export const isEditable = (e: Pick<Estimate, 'status'>) => EDITABLE_ESTIMATE_STATUSES.includes(e.status as EstimateStatus);

/** Refuses a change to an estimate the customer has answered, or that is already a work order. */
export function ensureEditable(e: Estimate) {
  if (!isEditable(e)) throw new AppError(409, `Estimate ${e.estimateNumber} is ${e.status}: it can no longer change.`);
}

/** A stored line as answers carry it, its totals from the shared helpers. */
export function lineRowOf(l: StoredLine): EstimateLineRow {
  return { customerEstimateLineId: l.id, ...pricedLineAnswer(l) };
}

/** The lines of an estimate in their order. */
export async function linesOf(db: DbOrTx, ctx: Ctx, estimateId: number) {
  return db.select().from(customerEstimateLines).where(ofTenant(customerEstimateLines, ctx, eq(customerEstimateLines.estimateId, estimateId))).orderBy(asc(customerEstimateLines.lineNumber));
}

/** The full view of an estimate: its customer, lines and exact totals, and its work order once converted. */
export async function viewOf(db: DbOrTx, ctx: Ctx, e: Estimate): Promise<EstimateView> {
  const [head] = await db
    .select({ customer: { name: customers.name, address: customers.address, city: customers.city, state: customers.state, zip: customers.zip }, createdBy: users.name, workOrderNumber: workOrders.workOrderNumber })
    .from(customerEstimates)
    .innerJoin(customers, eq(customers.id, customerEstimates.customerId))
    .leftJoin(users, eq(users.id, customerEstimates.createdBy))
    .leftJoin(workOrders, eq(workOrders.id, customerEstimates.workOrderId))
    .where(ofTenant(customerEstimates, ctx, eq(customerEstimates.id, e.id)));
  const lines = await linesOf(db, ctx, e.id);
  return {
    customerEstimateId: e.id,
    estimateNumber: e.estimateNumber,
    status: e.status,
    isEditable: isEditable(e),
    title: e.title,
    description: e.description,
    validUntil: e.validUntil,
    customerId: e.customerId,
    customerName: head.customer.name,
    customerAddress: addressLineOf(head.customer) || null,
    declineReason: e.declineReason,
    workOrderId: e.workOrderId,
    workOrderNumber: head.workOrderNumber,
    createdBy: head.createdBy,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    lines: lines.map(lineRowOf),
    totals: totalsOf(lines),
  };
}
