import { eq } from 'drizzle-orm';
import { DECIDABLE_QUOTE_STATUSES, profitFactorProblem, QUOTE_WORK_ORDER_STATUS, quoteTotals, type Access, type QuoteStatus, type QuoteView } from '@sm/shared';
import { quoteLines, quoteStatusHistory, quoteVersions, quotes } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { setWorkOrderStatus } from '../../office/work-orders/work-order-office.service';
import { ensureCurrent, linesOf, quoteVersionOf, type QuoteVersionRef } from './quote-access';
import { announce, viewOf } from './quotes.service';

type Moved = { workOrderId: number; workOrderStatusId: number } | null;

/**
 * A version's new status with its history row and audit entry, and its work order moved to the matching status of
 * spec platform 4.9 (through the work orders' own status change, so the work order's history shows it too).
 */
async function moveStatus(tx: Tx, ctx: Ctx, ref: QuoteVersionRef, to: QuoteStatus, comment: string | null = null): Promise<Moved> {
  const from = ref.version.status as QuoteStatus;
  await tx.update(quoteVersions).set({ status: to }).where(ofTenant(quoteVersions, ctx, eq(quoteVersions.id, ref.version.id)));
  await tx.insert(quoteStatusHistory).values({ subscriberId: ctx.actor.subscriberId, quoteVersionId: ref.version.id, fromStatus: from, toStatus: to, comment, changedBy: ctx.actor.userId, changedAt: ctx.now });
  await recordAudit(tx, ctx, { entity: 'quote', entityId: ref.quote.id, action: 'status', before: { version: ref.version.version, status: from }, after: { version: ref.version.version, status: to }, reason: comment });
  const moved = await setWorkOrderStatus(tx, ctx, ref.workOrder, QUOTE_WORK_ORDER_STATUS[to]);
  return moved.changed ? { workOrderId: ref.workOrder.id, workOrderStatusId: moved.status.id } : null;
}

/** Approving or submitting needs lines, and lines that meet the minimum profit factor. */
async function ensureReadyToSend(tx: Tx, ctx: Ctx, ref: QuoteVersionRef) {
  const lines = await linesOf(tx, ctx, ref.version.id);
  if (lines.length === 0) throw new AppError(400, `Quote ${ref.quote.quoteNumber} has no lines yet: add the work, parts or items it offers first.`);
  const problem = profitFactorProblem(quoteTotals(lines));
  if (problem) throw new AppError(400, problem);
}

function ensureUndecided(ref: QuoteVersionRef) {
  if (!DECIDABLE_QUOTE_STATUSES.includes(ref.version.status as QuoteStatus)) {
    throw new AppError(409, `Quote ${ref.quote.quoteNumber} is already ${ref.version.status}. Make a new version to offer it again.`);
  }
}

/** Runs one status change of a version in a transaction, then tells the boards, and answers the version's view. */
export async function changing(ctx: Ctx, access: Access, quoteNumber: number, version: number, change: (tx: Tx, ref: QuoteVersionRef) => Promise<Moved>): Promise<QuoteView> {
  const { view, moved } = await ctx.db.transaction(async (tx) => {
    const ref = await quoteVersionOf(tx, ctx, access, quoteNumber, version, { lock: true });
    ensureCurrent(ref);
    const moved = await change(tx, ref);
    return { view: await viewOf(tx, ctx, await quoteVersionOf(tx, ctx, access, quoteNumber, version)), moved };
  });
  announce(ctx, moved);
  return view;
}

/**
 * `PUT Quotes/{quoteNumber}/{quoteVersion}/status`: Open, Pending or Submitted. A submitted version keeps the lines it
 * was sent with: it is approved, rejected or followed by a new version, never reopened. The same status changes nothing.
 */
export async function setQuoteStatus(ctx: Ctx, access: Access, quoteNumber: number, version: number, to: 'Open' | 'Pending' | 'Submitted') {
  return changing(ctx, access, quoteNumber, version, async (tx, ref) => {
    if (ref.version.status === to) return null;
    ensureUndecided(ref);
    if (ref.version.status === 'Submitted') throw new AppError(409, `Quote ${quoteNumber} was submitted as it is: make a new version to change it.`);
    if (to === 'Submitted') await ensureReadyToSend(tx, ctx, ref);
    return moveStatus(tx, ctx, ref, to);
  });
}

/** Submits the current version inside the caller's transaction (e-mailing it with Quote Submitted ticked). */
export async function submitQuote(tx: Tx, ctx: Ctx, ref: QuoteVersionRef): Promise<Moved> {
  if (ref.version.status === 'Submitted') return null;
  ensureUndecided(ref);
  await ensureReadyToSend(tx, ctx, ref);
  return moveStatus(tx, ctx, ref, 'Submitted');
}

/** `POST Quotes/{quoteNumber}/{quoteVersion}/approve`: the customer accepted this version; its work order is Quote Approved. */
export async function approveQuote(ctx: Ctx, access: Access, quoteNumber: number, version: number) {
  return changing(ctx, access, quoteNumber, version, async (tx, ref) => {
    ensureUndecided(ref);
    await ensureReadyToSend(tx, ctx, ref);
    return moveStatus(tx, ctx, ref, 'Approved');
  });
}

/** `POST Quotes/{quoteNumber}/{quoteVersion}/reject`: the customer declined, for the reason given; the work order needs a quote again. */
export async function rejectQuote(ctx: Ctx, access: Access, quoteNumber: number, version: number, reason: string) {
  return changing(ctx, access, quoteNumber, version, async (tx, ref) => {
    ensureUndecided(ref);
    return moveStatus(tx, ctx, ref, 'Rejected', reason);
  });
}

/**
 * The customer's own answer through the customer portal, inside the caller's transaction with the version locked: only
 * the current version as submitted to the customer is answered; approving still needs its lines to meet the minimum
 * profit factor. The quote and its work order move exactly as when the office records the answer.
 */
export async function answerSubmittedQuote(tx: Tx, ctx: Ctx, ref: QuoteVersionRef, decision: 'Approved' | 'Rejected', comment: string): Promise<Moved> {
  ensureCurrent(ref);
  if (ref.version.status !== 'Submitted') throw new AppError(409, `Quote ${ref.quote.quoteNumber} is already ${ref.version.status}.`);
  if (decision === 'Approved') await ensureReadyToSend(tx, ctx, ref);
  return moveStatus(tx, ctx, ref, decision, comment);
}

/**
 * `POST Quotes/{quoteNumber}/{quoteVersion}/newVersion`: the next version, Open, with a copy of the current version's
 * lines; the version it copies stays exactly as it is, readable at its own address. The work order is Quote Open again.
 */
export async function newQuoteVersion(ctx: Ctx, access: Access, quoteNumber: number, version: number): Promise<QuoteView> {
  const { next, moved } = await ctx.db.transaction(async (tx) => {
    const ref = await quoteVersionOf(tx, ctx, access, quoteNumber, version, { lock: true });
    ensureCurrent(ref);
    const next = ref.quote.currentVersion + 1;
    await tx.update(quotes).set({ currentVersion: next }).where(ofTenant(quotes, ctx, eq(quotes.id, ref.quote.id)));
    const [created] = await tx
      .insert(quoteVersions)
      .values({ subscriberId: ctx.actor.subscriberId, quoteId: ref.quote.id, version: next, status: 'Open', title: ref.version.title, notes: ref.version.notes, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning();
    const lines = await linesOf(tx, ctx, ref.version.id);
    if (lines.length > 0) {
      await tx.insert(quoteLines).values(
        lines.map(({ id: _id, quoteVersionId: _v, createdAt: _c, createdBy: _b, ...line }) => ({ ...line, quoteVersionId: created.id, createdBy: ctx.actor.userId, createdAt: ctx.now })),
      );
    }
    await tx.insert(quoteStatusHistory).values({ subscriberId: ctx.actor.subscriberId, quoteVersionId: created.id, fromStatus: null, toStatus: 'Open', comment: `Copied from version ${version}.`, changedBy: ctx.actor.userId, changedAt: ctx.now });
    await recordAudit(tx, ctx, { entity: 'quote', entityId: ref.quote.id, action: 'newVersion', before: { version }, after: { version: next } });
    const moved = await setWorkOrderStatus(tx, ctx, ref.workOrder, QUOTE_WORK_ORDER_STATUS.Open);
    return { next, moved: moved.changed ? { workOrderId: ref.workOrder.id, workOrderStatusId: moved.status.id } : null };
  });
  announce(ctx, moved);
  return viewOf(ctx.db, ctx, await quoteVersionOf(ctx.db, ctx, access, quoteNumber, next));
}
