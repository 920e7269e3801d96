import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { quoteTotals, type PortalQuote } from '@sm/shared';
import { customers, quoteLines, quoteVersions, quotes, workOrders } from '../../../db/schema';
import type { DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { answerSubmittedQuote } from '../../money/quotes/quote-status.service';
import { announce } from '../../money/quotes/quotes.service';
import { pricedLineAnswer } from '../../money/quotes/priced-line-values';
import { amount } from '../../money/quotes/quote-access';
import type { PortalScope } from './portal-links.service';
import { locationColumns, workOrdersOf } from './portal-read.service';

/** What the customer has been sent: a draft (Open or Pending) is the office's own and stays hidden. */
const SENT_STATUSES = ['Submitted', 'Approved', 'Rejected'] as const;

/** The current versions of the billing customer's quotes that were sent to it, or the one asked for. */
function sentQuotes(db: DbOrTx, p: PortalScope, only?: number, opts: { lock?: boolean } = {}) {
  const query = db
    .select({ quote: quotes, version: quoteVersions, workOrder: { id: workOrders.id, workOrderNumber: workOrders.workOrderNumber, workOrderStatusId: workOrders.workOrderStatusId }, location: locationColumns })
    .from(quotes)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)))
    .innerJoin(workOrders, eq(workOrders.id, quotes.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(and(eq(quotes.subscriberId, p.subscriberId), workOrdersOf(p), inArray(quoteVersions.status, [...SENT_STATUSES]), only === undefined ? undefined : eq(quotes.quoteNumber, only)))
    .orderBy(desc(quotes.quoteNumber))
    .limit(200);
  return opts.lock ? query.for('update', { of: [quotes, quoteVersions, workOrders] }) : query;
}

type SentQuote = Awaited<ReturnType<typeof sentQuotes>>[number];

/** Quotes as the customer reads them: the price of each line and the totals, never a cost, markup or margin. */
async function answersOf(p: PortalScope, rows: SentQuote[]): Promise<PortalQuote[]> {
  const ids = rows.map((r) => r.version.id);
  const lines = ids.length === 0 ? [] : await p.ctx.db
    .select()
    .from(quoteLines)
    .where(and(eq(quoteLines.subscriberId, p.subscriberId), inArray(quoteLines.quoteVersionId, ids)))
    .orderBy(asc(quoteLines.lineNumber));
  return rows.map((r) => {
    const own = lines.filter((l) => l.quoteVersionId === r.version.id);
    const totals = quoteTotals(own);
    return {
      quoteNumber: r.quote.quoteNumber, quoteVersion: r.version.version, title: r.version.title, status: r.version.status, isWaiting: r.version.status === 'Submitted',
      workOrderNumber: r.workOrder.workOrderNumber, location: r.location,
      lines: own.map((l) => {
        const a = pricedLineAnswer(l);
        return { lineNumber: a.lineNumber, description: a.description, quantity: a.quantity, unitPrice: a.unitPrice, discount: a.discount, lineTotal: a.lineTotal };
      }),
      subtotal: amount(totals.subtotal), totalDiscount: amount(totals.totalDiscount), total: amount(totals.total),
    };
  });
}

/** `GET CustomerPortal/{id}/quotes`: the quotes sent to the billing customer, those waiting for an answer first. */
export async function listPortalQuotes(p: PortalScope): Promise<PortalQuote[]> {
  const answers = await answersOf(p, await sentQuotes(p.ctx.db, p));
  return answers.sort((a, b) => Number(b.isWaiting) - Number(a.isWaiting));
}

/** `GET CustomerPortal/{id}/quotes/{quoteNumber}`: one quote sent to the billing customer; any other is a 404. */
export async function readPortalQuote(p: PortalScope, quoteNumber: number): Promise<PortalQuote> {
  const rows = await sentQuotes(p.ctx.db, p, quoteNumber);
  if (rows.length === 0) throw notFound('Quote');
  return (await answersOf(p, rows))[0];
}

/**
 * `POST CustomerPortal/{id}/quotes/{quoteNumber}/{quoteVersion}/approve` and `.../decline`: the contact answers the
 * version they were shown, once. The quote and its work order move as in the office (Quote Approved, or Need Quote
 * with the reason in the history); the boards hear the work order's status, and the office users who sent the link
 * and made the quote are told on the notifications hub.
 */
export async function answerPortalQuote(p: PortalScope, quoteNumber: number, version: number, decision: 'Approved' | 'Rejected', reason: string | null): Promise<PortalQuote> {
  const ctx = p.ctx;
  const { moved, notify } = await ctx.db.transaction(async (tx) => {
    const [ref] = await sentQuotes(tx, p, quoteNumber, { lock: true });
    if (!ref || ref.version.version !== version) throw notFound('Quote');
    const said = decision === 'Approved' ? `Approved by ${p.contactName} in the customer portal.` : `Declined by ${p.contactName} in the customer portal: ${reason}`;
    const moved = await answerSubmittedQuote(tx, ctx, ref, decision, said);
    const [site] = await tx.select({ name: customers.name }).from(customers).where(and(eq(customers.subscriberId, p.subscriberId), eq(customers.id, p.billingCustomerId)));
    const people = [...new Set([...p.officeUserIds, ref.quote.createdBy].filter((id): id is number => id !== null))];
    return { moved, notify: { people, payload: { kind: 'quoteAnswer' as const, quoteNumber, quoteVersion: version, customerName: site.name, contactName: p.contactName, decision } } };
  });
  announce(ctx, moved);
  ctx.events?.publish({ subscriberId: p.subscriberId, event: 'notice', payload: notify.payload, userIds: notify.people });
  return readPortalQuote(p, quoteNumber);
}
