import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DECIDABLE_QUOTE_STATUSES, QUOTE_WORK_ORDER_STATUS, type Access, type createQuoteBody, type GridRequestParsed, type QuoteGridRow, type QuoteStatus, type QuoteView, type WorkOrderQuotes } from '@sm/shared';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { customers, quoteLines, quoteStatusHistory, quoteVersions, quotes, subscribers, users, workOrderStatuses, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import type { GridColumns } from '../../../lib/grid';
import { gridPage, type GridPageAnswer } from '../../../lib/grid-page';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { publishHubEvent } from '../../platform/realtime/publish';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { setWorkOrderStatus } from '../../office/work-orders/work-order-office.service';
import { amount, lineRowOf, linesOf, quoteVersionOf, textOrNull, totalsOf, visibleQuotes, type QuoteVersionRef } from './quote-access';

/** Quote numbers of a company start here. */
const FIRST_QUOTE_NUMBER = 1001;

/**
 * `Quotes/create`: a quote for a work order the caller may see, numbered next in the company, as version 1 with no
 * lines; the work order moves to Quote Open or Quote Pending (spec platform 4.9) with its status history.
 */
export async function createQuote(ctx: Ctx, access: Access, body: z.output<typeof createQuoteBody>) {
  const result = await ctx.db.transaction(async (tx) => {
    const [wo] = await tx
      .select({ id: workOrders.id, workOrderStatusId: workOrders.workOrderStatusId, customerId: workOrders.customerId })
      .from(workOrders)
      .where(ofTenant(workOrders, ctx, eq(workOrders.id, body.workOrderId), visibleQuotes(ctx, access)))
      .for('update');
    if (!wo) throw notFound('Work order');
    const { quoteId, quoteNumber, quoteVersion } = await insertQuote(tx, ctx, wo, { status: body.quoteStatus, title: body.title });
    const moved = await setWorkOrderStatus(tx, ctx, wo, QUOTE_WORK_ORDER_STATUS[body.quoteStatus]);
    return { answer: { quoteId, quoteNumber, quoteVersion }, moved: moved.changed ? { workOrderId: wo.id, workOrderStatusId: moved.status.id } : null };
  });
  announce(ctx, result.moved);
  return result.answer;
}

/**
 * A new quote of a work order the caller has found and locked, inside the caller's transaction: numbered next in the
 * company, version 1 with no lines, its status history and audit entry. Moving the work order's status is the caller's.
 */
export async function insertQuote(tx: Tx, ctx: Ctx, wo: { id: number; customerId: number }, body: { status: QuoteStatus; title?: string | null }) {
  // Quote creators of one company take turns for the next number; nothing else waits on this lock.
  await tx.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId)).for('no key update');
  const [{ last }] = await tx.select({ last: sql<number | null>`max(${quotes.quoteNumber})` }).from(quotes).where(ofTenant(quotes, ctx));
  const quoteNumber = last === null ? FIRST_QUOTE_NUMBER : Number(last) + 1;
  const [quote] = await tx
    .insert(quotes)
    .values({ subscriberId: ctx.actor.subscriberId, quoteNumber, workOrderId: wo.id, customerId: wo.customerId, createdBy: ctx.actor.userId, createdAt: ctx.now })
    .returning();
  const [version] = await tx
    .insert(quoteVersions)
    .values({ subscriberId: ctx.actor.subscriberId, quoteId: quote.id, version: 1, status: body.status, title: textOrNull(body.title), createdBy: ctx.actor.userId, createdAt: ctx.now })
    .returning();
  await tx.insert(quoteStatusHistory).values({ subscriberId: ctx.actor.subscriberId, quoteVersionId: version.id, fromStatus: null, toStatus: body.status, changedBy: ctx.actor.userId, changedAt: ctx.now });
  await recordAudit(tx, ctx, { entity: 'quote', entityId: quote.id, action: 'create', after: { quoteNumber, workOrderId: wo.id, status: body.status } });
  return { quoteId: quote.id, quoteNumber, quoteVersion: 1, quoteVersionId: version.id };
}

/** Tells the boards that a quote moved a work order's status, once the change is committed. */
export function announce(ctx: Ctx, moved: { workOrderId: number; workOrderStatusId: number } | null) {
  if (moved) publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderStatus', ...moved });
}

/** `GET Quotes/{quoteNumber}/{quoteVersion}`: one version as it is, older versions exactly as they were left. */
export async function getQuoteVersion(ctx: Ctx, access: Access, quoteNumber: number, version: number): Promise<QuoteView> {
  return viewOf(ctx.db, ctx, await quoteVersionOf(ctx.db, ctx, access, quoteNumber, version));
}

/** The full view of a version: its lines and totals, every version's status and total, and its status history. */
export async function viewOf(db: DbOrTx, ctx: Ctx, ref: QuoteVersionRef): Promise<QuoteView> {
  const [head] = await db
    .select({ workOrderStatus: workOrderStatuses.name, customerName: customers.name, createdBy: users.name })
    .from(workOrders)
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .innerJoin(customers, eq(customers.id, ref.quote.customerId))
    .leftJoin(users, eq(users.id, ref.version.createdBy ?? -1))
    .where(ofTenant(workOrders, ctx, eq(workOrders.id, ref.quote.workOrderId)));
  const versions = await db.select().from(quoteVersions).where(ofTenant(quoteVersions, ctx, eq(quoteVersions.quoteId, ref.quote.id))).orderBy(asc(quoteVersions.version));
  const allLines = await db.select().from(quoteLines).where(ofTenant(quoteLines, ctx, inArray(quoteLines.quoteVersionId, versions.map((v) => v.id))));
  const lines = await linesOf(db, ctx, ref.version.id);
  const history = await db
    .select({ h: quoteStatusHistory, changedBy: users.name })
    .from(quoteStatusHistory)
    .leftJoin(users, eq(users.id, quoteStatusHistory.changedBy))
    .where(ofTenant(quoteStatusHistory, ctx, eq(quoteStatusHistory.quoteVersionId, ref.version.id)))
    .orderBy(asc(quoteStatusHistory.changedAt), asc(quoteStatusHistory.id));
  const status = ref.version.status as QuoteStatus;
  return {
    quoteId: ref.quote.id,
    quoteNumber: ref.quote.quoteNumber,
    quoteVersion: ref.version.version,
    currentVersion: ref.quote.currentVersion,
    isEditable: ref.version.version === ref.quote.currentVersion && (status === 'Open' || status === 'Pending'),
    status,
    title: ref.version.title,
    workOrderId: ref.quote.workOrderId,
    workOrderNumber: ref.workOrder.workOrderNumber,
    workOrderStatus: head.workOrderStatus,
    customerId: ref.quote.customerId,
    customerName: head.customerName,
    createdBy: head.createdBy,
    createdAt: ref.version.createdAt.toISOString(),
    lines: lines.map(lineRowOf),
    totals: totalsOf(lines),
    versions: versions.map((v) => ({
      quoteVersion: v.version,
      status: v.status,
      total: totalsOf(allLines.filter((l) => l.quoteVersionId === v.id)).total,
      createdAt: v.createdAt.toISOString(),
    })),
    statusHistory: history.map(({ h, changedBy }) => ({
      fromStatus: h.fromStatus as QuoteStatus | null,
      toStatus: h.toStatus as QuoteStatus,
      comment: h.comment,
      changedBy,
      changedAt: h.changedAt.toISOString(),
    })),
  };
}

/** A version's total in SQL numeric arithmetic: each line rounded to the cent, less its discount, as the helpers do. */
const versionTotal = sql<string>`coalesce((select sum(round(l.quantity * l.unit_price, 2) - l.discount) from ${quoteLines} l where l.quote_version_id = ${quoteVersions.id}), 0)`;

const COLUMNS: GridColumns = {
  quoteNumber: { sql: quotes.quoteNumber, type: 'number' },
  quoteVersion: { sql: quoteVersions.version, type: 'number' },
  status: { sql: quoteVersions.status, type: 'text' },
  title: { sql: quoteVersions.title, type: 'text' },
  workOrderNumber: { sql: workOrders.workOrderNumber, type: 'text' },
  customerName: { sql: customers.name, type: 'text' },
  total: { sql: versionTotal, type: 'number' },
  createdBy: { sql: users.name, type: 'text' },
  createdAt: { sql: quotes.createdAt, type: 'date' },
};

/**
 * `Quotes/list`: the quotes grid (spec platform 2.1 /quotes, /quotes/all), each quote at its current version, paged,
 * sorted and filtered on the server, all of them or only those still waiting for an answer; with 'All Quotes' every quote of the company, otherwise those of the work orders
 * the caller may see.
 */
export async function listQuotes(ctx: Ctx, access: Access, req: GridRequestParsed & { isOpenOnly: boolean }): Promise<GridPageAnswer<QuoteGridRow>> {
  const spec = {
    request: req,
    columns: COLUMNS,
    defaultSort: { field: 'quoteNumber', dir: 'desc' } as const,
    timeZone: () => companyTimeZone(ctx),
    table: quotes,
    id: quotes.id,
    where: and(ofTenant(quotes, ctx), req.isOpenOnly ? inArray(quoteVersions.status, [...DECIDABLE_QUOTE_STATUSES]) : undefined, visibleQuotes(ctx, access)),
    join: (query: PgSelect) =>
      query
        .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)))
        .innerJoin(workOrders, eq(workOrders.id, quotes.workOrderId))
        .innerJoin(customers, eq(customers.id, quotes.customerId))
        .leftJoin(users, eq(users.id, quotes.createdBy)) as PgSelect,
    select: {
      quoteId: quotes.id,
      quoteNumber: quotes.quoteNumber,
      quoteVersion: quoteVersions.version,
      status: quoteVersions.status,
      title: quoteVersions.title,
      workOrderId: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      customerName: customers.name,
      total: versionTotal,
      createdBy: users.name,
      createdAt: quotes.createdAt,
    },
  };
  return gridPage(ctx.db, spec, (rows) => rows.map((r) => ({ ...r, total: amount(String(r.total)), createdAt: r.createdAt.toISOString() })));
}

/** `GET Quotes/workOrder/{workOrderId}`: a work order the caller may quote on, and its quotes at their current versions. */
export async function workOrderQuotes(ctx: Ctx, access: Access, workOrderId: number): Promise<WorkOrderQuotes> {
  const [wo] = await ctx.db
    .select({ id: workOrders.id, workOrderNumber: workOrders.workOrderNumber, problem: workOrders.problem, status: workOrderStatuses.name, customerName: customers.name })
    .from(workOrders)
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId), visibleQuotes(ctx, access)));
  if (!wo) throw notFound('Work order');
  const list = await ctx.db
    .select({ quoteNumber: quotes.quoteNumber, quoteVersion: quoteVersions.version, status: quoteVersions.status, total: versionTotal })
    .from(quotes)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)))
    .where(ofTenant(quotes, ctx, eq(quotes.workOrderId, wo.id)))
    .orderBy(asc(quotes.quoteNumber));
  return {
    workOrderId: wo.id,
    workOrderNumber: wo.workOrderNumber,
    workOrderStatus: wo.status,
    customerName: wo.customerName,
    problem: wo.problem,
    quotes: list.map((r) => ({ ...r, total: amount(String(r.total)) })),
  };
}
