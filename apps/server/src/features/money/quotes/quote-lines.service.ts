import { eq, sql } from 'drizzle-orm';
import { profitFactorProblem, quoteTotals, type Access, type quoteLineBody, type QuoteView } from '@sm/shared';
import type { z } from 'zod';
import { quoteLines } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { pricedLineValues } from './priced-line-values';
import { ensureEditable, linesOf, quoteVersionOf, type QuoteVersionRef } from './quote-access';
import { viewOf } from './quotes.service';

type LineInput = z.output<typeof quoteLineBody>;
type Stored = typeof quoteLines.$inferSelect;

/** Where a line is: its quote's number and version, and for a change or removal its id. */
export interface LinePlace {
  quoteNumber: number;
  quoteVersion: number;
}

const snapshot = (l: Stored) => ({
  quoteVersionId: l.quoteVersionId, lineNumber: l.lineNumber, kind: l.kind, description: l.description, quantity: l.quantity, unitCost: l.unitCost,
  markupGroup: l.markupGroup, markupPercent: l.markupPercent, unitPrice: l.unitPrice, discountReason: l.discountReason, discount: l.discount,
});

/**
 * The minimum profit factor (spec platform 5.6) checked on the version's lines as they are after the change, inside
 * its transaction: a change that leaves the quote below it is refused with the sentence, and nothing is kept.
 */
async function ensureProfitFactor(tx: Tx, ctx: Ctx, ref: QuoteVersionRef) {
  const problem = profitFactorProblem(quoteTotals(await linesOf(tx, ctx, ref.version.id)));
  if (problem) throw new AppError(400, problem);
}

/** A line of the version, or the 404 of a missing one. */
async function lineOf(tx: Tx, ctx: Ctx, ref: QuoteVersionRef, quoteLineId: number) {
  const [line] = await tx.select().from(quoteLines).where(ofTenant(quoteLines, ctx, eq(quoteLines.id, quoteLineId), eq(quoteLines.quoteVersionId, ref.version.id)));
  if (!line) throw notFound('Quote line');
  return line;
}

/** `POST Quotes/{quoteNumber}/{quoteVersion}/lines`: a line at the end of an Open or Pending current version. */
export async function addQuoteLine(ctx: Ctx, access: Access, at: LinePlace, input: LineInput): Promise<QuoteView> {
  return ctx.db.transaction(async (tx) => {
    const ref = await quoteVersionOf(tx, ctx, access, at.quoteNumber, at.quoteVersion, { lock: true });
    ensureEditable(ref);
    const values = await pricedLineValues(tx, ctx, input);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${quoteLines.lineNumber}), 0) + 1` })
      .from(quoteLines)
      .where(ofTenant(quoteLines, ctx, eq(quoteLines.quoteVersionId, ref.version.id)));
    const [row] = await tx
      .insert(quoteLines)
      .values({ ...values, subscriberId: ctx.actor.subscriberId, quoteVersionId: ref.version.id, lineNumber: Number(next), createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning();
    await ensureProfitFactor(tx, ctx, ref);
    await recordAudit(tx, ctx, { entity: 'quoteLine', entityId: row.id, action: 'create', after: snapshot(row) });
    return viewOf(tx, ctx, ref);
  });
}

/** `PUT Quotes/{quoteNumber}/{quoteVersion}/lines/{quoteLineId}`: every field of the line again. */
export async function updateQuoteLine(ctx: Ctx, access: Access, at: LinePlace, quoteLineId: number, input: LineInput): Promise<QuoteView> {
  return ctx.db.transaction(async (tx) => {
    const ref = await quoteVersionOf(tx, ctx, access, at.quoteNumber, at.quoteVersion, { lock: true });
    const before = await lineOf(tx, ctx, ref, quoteLineId);
    ensureEditable(ref);
    const values = await pricedLineValues(tx, ctx, input, before);
    const [after] = await tx.update(quoteLines).set(values).where(ofTenant(quoteLines, ctx, eq(quoteLines.id, before.id))).returning();
    await ensureProfitFactor(tx, ctx, ref);
    await recordAudit(tx, ctx, { entity: 'quoteLine', entityId: before.id, action: 'update', before: snapshot(before), after: snapshot(after) });
    return viewOf(tx, ctx, ref);
  });
}

/**
 * `DELETE Quotes/{quoteNumber}/{quoteVersion}/lines/{quoteLineId}`. Removing a line is not refused for the profit
 * factor (what is left can always be corrected); approval checks the rule again.
 */
export async function deleteQuoteLine(ctx: Ctx, access: Access, at: LinePlace, quoteLineId: number): Promise<QuoteView> {
  return ctx.db.transaction(async (tx) => {
    const ref = await quoteVersionOf(tx, ctx, access, at.quoteNumber, at.quoteVersion, { lock: true });
    const line = await lineOf(tx, ctx, ref, quoteLineId);
    ensureEditable(ref);
    await tx.delete(quoteLines).where(ofTenant(quoteLines, ctx, eq(quoteLines.id, line.id)));
    await recordAudit(tx, ctx, { entity: 'quoteLine', entityId: line.id, action: 'delete', before: snapshot(line) });
    return viewOf(tx, ctx, ref);
  });
}
