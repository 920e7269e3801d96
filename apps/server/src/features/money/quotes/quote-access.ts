import { and, asc, eq, type SQL } from 'drizzle-orm';
import { EDITABLE_QUOTE_STATUSES, hasFunctionality, quoteTotals, type Access, type QuoteLineRow, type QuoteStatus } from '@sm/shared';
import { quoteLines, quoteVersions, quotes, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { amount } from '../../office/work-order-items/work-order-item-access';
import { pricedLineAnswer } from './priced-line-values';
import { visibleWorkOrders } from '../../office/work-orders/work-order-visibility';

/**
 * The one visibility rule of quotes: with 'All Quotes' every quote of the company, otherwise only the quotes of work
 * orders the caller may see. A condition on a query that joins `work_orders`; what it hides is a 404.
 */
export function visibleQuotes(ctx: Pick<Ctx, 'actor'>, access: Access): SQL | undefined {
  return hasFunctionality(access, 'Quotes', 'All Quotes') ? undefined : visibleWorkOrders(ctx, access);
}

export { amount, textOrNull } from '../../office/work-order-items/work-order-item-access';

export type QuoteVersionRef = Awaited<ReturnType<typeof quoteVersionOf>>;

/**
 * One version of a quote the caller may see, with its quote and work order, or the 404 of a missing one. Writers pass
 * `lock`: the quote, the version and the work order rows stay locked until the transaction ends, so two changes to the
 * same quote or work order take turns.
 */
export async function quoteVersionOf(db: DbOrTx, ctx: Ctx, access: Access, quoteNumber: number, version: number, opts: { lock?: boolean } = {}) {
  const query = db
    .select({ quote: quotes, version: quoteVersions, workOrder: { id: workOrders.id, workOrderNumber: workOrders.workOrderNumber, workOrderStatusId: workOrders.workOrderStatusId } })
    .from(quotes)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, version)))
    .innerJoin(workOrders, eq(workOrders.id, quotes.workOrderId))
    .where(and(ofTenant(quotes, ctx, eq(quotes.quoteNumber, quoteNumber)), ofTenant(workOrders, ctx), visibleQuotes(ctx, access)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Quote');
  return row;
}

/** Refuses a change to a version that is not the quote's current one, with the version to use instead. */
export function ensureCurrent(ref: QuoteVersionRef) {
  if (ref.version.version !== ref.quote.currentVersion) {
    throw new AppError(409, `Version ${ref.version.version} of quote ${ref.quote.quoteNumber} can no longer change: version ${ref.quote.currentVersion} is the current one.`);
  }
}

/** Refuses a change to the lines of a version that is not current, or is no longer Open or Pending. */
export function ensureEditable(ref: QuoteVersionRef) {
  ensureCurrent(ref);
  if (!EDITABLE_QUOTE_STATUSES.includes(ref.version.status as QuoteStatus)) {
    throw new AppError(409, `Quote ${ref.quote.quoteNumber} is ${ref.version.status}: its lines can no longer change. Make a new version to change them.`);
  }
}

type StoredLine = typeof quoteLines.$inferSelect;

/** A stored line as answers carry it, its totals from the shared helpers. */
export function lineRowOf(l: StoredLine): QuoteLineRow {
  return { quoteLineId: l.id, ...pricedLineAnswer(l) };
}

/** The lines of a version in their order. */
export async function linesOf(db: DbOrTx, ctx: Ctx, quoteVersionId: number) {
  return db.select().from(quoteLines).where(ofTenant(quoteLines, ctx, eq(quoteLines.quoteVersionId, quoteVersionId))).orderBy(asc(quoteLines.lineNumber));
}

/** The exact totals of stored lines (of a quote, or of an estimate priced the same way), as JSON numbers. */
export function totalsOf(lines: Parameters<typeof quoteTotals>[0]) {
  const t = quoteTotals(lines);
  return {
    subtotal: amount(t.subtotal),
    totalDiscount: amount(t.totalDiscount),
    total: amount(t.total),
    totalCost: amount(t.totalCost),
    profit: amount(t.profit),
    profitFactor: t.profitFactor === null ? null : amount(t.profitFactor),
    minimumProfitFactor: t.minimumProfitFactor,
    isProfitFactorMet: t.isProfitFactorMet,
  };
}
