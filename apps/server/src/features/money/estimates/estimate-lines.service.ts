import { eq, sql } from 'drizzle-orm';
import { profitFactorProblem, quoteTotals, type Access, type estimateLineBody, type EstimateView } from '@sm/shared';
import type { z } from 'zod';
import { customerEstimateLines, customerEstimates } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { pricedLineValues } from '../quotes/priced-line-values';
import { ensureEditable, estimateOf, linesOf, viewOf, type Estimate } from './estimate-access';

type LineInput = z.output<typeof estimateLineBody>;
type Stored = typeof customerEstimateLines.$inferSelect;

const snapshot = (l: Stored) => ({
  estimateId: l.estimateId, lineNumber: l.lineNumber, kind: l.kind, description: l.description, quantity: l.quantity, unitCost: l.unitCost,
  markupGroup: l.markupGroup, markupPercent: l.markupPercent, unitPrice: l.unitPrice, discountReason: l.discountReason, discount: l.discount,
});

/**
 * The minimum profit factor (spec platform 5.6) checked on the estimate's lines as they are after the change, inside
 * its transaction, as for quotes: a change that leaves the estimate below it is refused, and nothing is kept.
 */
export async function ensureProfitFactor(tx: Tx, ctx: Ctx, e: Estimate) {
  const problem = profitFactorProblem(quoteTotals(await linesOf(tx, ctx, e.id)), 'An estimate');
  if (problem) throw new AppError(400, problem);
}

/** A line of the estimate, or the 404 of a missing one (a line of another estimate is missing here too). */
async function lineOf(tx: Tx, ctx: Ctx, e: Estimate, customerEstimateLineId: number) {
  const [line] = await tx.select().from(customerEstimateLines).where(ofTenant(customerEstimateLines, ctx, eq(customerEstimateLines.id, customerEstimateLineId), eq(customerEstimateLines.estimateId, e.id)));
  if (!line) throw notFound('Estimate line');
  return line;
}

/** Marks the estimate changed, for the grid and the view. */
async function touch(tx: Tx, ctx: Ctx, e: Estimate) {
  const [after] = await tx.update(customerEstimates).set({ updatedAt: ctx.now }).where(ofTenant(customerEstimates, ctx, eq(customerEstimates.id, e.id))).returning();
  return after;
}

/** `POST CustomerEstimates/{id}/lines`: a line at the end of an Open or Sent estimate. */
export async function addEstimateLine(ctx: Ctx, access: Access, customerEstimateId: number, input: LineInput): Promise<EstimateView> {
  return ctx.db.transaction(async (tx) => {
    const e = await estimateOf(tx, ctx, access, customerEstimateId, { lock: true });
    ensureEditable(e);
    const values = await pricedLineValues(tx, ctx, input);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${customerEstimateLines.lineNumber}), 0) + 1` })
      .from(customerEstimateLines)
      .where(ofTenant(customerEstimateLines, ctx, eq(customerEstimateLines.estimateId, e.id)));
    const [row] = await tx.insert(customerEstimateLines).values({ ...values, subscriberId: ctx.actor.subscriberId, estimateId: e.id, lineNumber: Number(next) }).returning();
    await ensureProfitFactor(tx, ctx, e);
    await recordAudit(tx, ctx, { entity: 'customerEstimateLine', entityId: row.id, action: 'create', after: snapshot(row) });
    return viewOf(tx, ctx, await touch(tx, ctx, e));
  });
}

/** `PUT CustomerEstimates/{id}/lines/{lineId}`: every field of the line again. */
export async function updateEstimateLine(ctx: Ctx, access: Access, customerEstimateId: number, customerEstimateLineId: number, input: LineInput): Promise<EstimateView> {
  return ctx.db.transaction(async (tx) => {
    const e = await estimateOf(tx, ctx, access, customerEstimateId, { lock: true });
    const before = await lineOf(tx, ctx, e, customerEstimateLineId);
    ensureEditable(e);
    const values = await pricedLineValues(tx, ctx, input, before);
    const [after] = await tx.update(customerEstimateLines).set(values).where(ofTenant(customerEstimateLines, ctx, eq(customerEstimateLines.id, before.id))).returning();
    await ensureProfitFactor(tx, ctx, e);
    await recordAudit(tx, ctx, { entity: 'customerEstimateLine', entityId: before.id, action: 'update', before: snapshot(before), after: snapshot(after) });
    return viewOf(tx, ctx, await touch(tx, ctx, e));
  });
}

/**
 * `DELETE CustomerEstimates/{id}/lines/{lineId}`. Removing a line is not refused for the profit factor (what is left
 * can always be corrected); sending and accepting check the rule again.
 */
export async function deleteEstimateLine(ctx: Ctx, access: Access, customerEstimateId: number, customerEstimateLineId: number): Promise<EstimateView> {
  return ctx.db.transaction(async (tx) => {
    const e = await estimateOf(tx, ctx, access, customerEstimateId, { lock: true });
    const line = await lineOf(tx, ctx, e, customerEstimateLineId);
    ensureEditable(e);
    await tx.delete(customerEstimateLines).where(ofTenant(customerEstimateLines, ctx, eq(customerEstimateLines.id, line.id)));
    await recordAudit(tx, ctx, { entity: 'customerEstimateLine', entityId: line.id, action: 'delete', before: snapshot(line) });
    return viewOf(tx, ctx, await touch(tx, ctx, e));
  });
}
