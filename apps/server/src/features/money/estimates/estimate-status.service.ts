import { eq } from 'drizzle-orm';
import { CONVERTIBLE_ESTIMATE_STATUS, ESTIMATE_STATUS_SOURCES, type Access, type estimateStatusBody, type EstimateView } from '@sm/shared';
import type { z } from 'zod';
import { customerEstimates } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { publishHubEvent } from '../../platform/realtime/publish';
import { insertWorkOrder } from '../../office/work-orders/work-order-create.service';
import { estimateOf, linesOf, viewOf, type Estimate } from './estimate-access';
import { ensureProfitFactor } from './estimate-lines.service';

type StatusInput = z.output<typeof estimateStatusBody>;

/** Sending or accepting needs lines, and lines that meet the minimum profit factor. */
async function ensureReadyToSend(tx: Tx, ctx: Ctx, e: Estimate) {
  const lines = await linesOf(tx, ctx, e.id);
  if (lines.length === 0) throw new AppError(400, `Estimate ${e.estimateNumber} has no lines yet: add the work, parts or items it offers first.`);
  await ensureProfitFactor(tx, ctx, e);
}

/** The sentence refusing a status an estimate can no longer take. */
function refusal(e: Estimate, to: string) {
  if (e.status === 'Converted') return new AppError(409, `Estimate ${e.estimateNumber} has already become a work order: its status can no longer change.`);
  return new AppError(409, `Estimate ${e.estimateNumber} is ${e.status}: it can no longer be marked ${to}.`);
}

/**
 * `POST CustomerEstimates/{id}/status`: Sent (from Open), Accepted (from Open or Sent), or Declined with the
 * customer's reason (from Open, Sent or Accepted). Sending and accepting need lines that meet the minimum profit
 * factor. The same status again changes nothing.
 */
export async function setEstimateStatus(ctx: Ctx, access: Access, customerEstimateId: number, input: StatusInput): Promise<EstimateView> {
  return ctx.db.transaction(async (tx) => {
    const e = await estimateOf(tx, ctx, access, customerEstimateId, { lock: true });
    const to = input.status;
    if (e.status === to) return viewOf(tx, ctx, e);
    if (!ESTIMATE_STATUS_SOURCES[to].includes(e.status)) throw refusal(e, to);
    if (to !== 'Declined') await ensureReadyToSend(tx, ctx, e);
    const declineReason = to === 'Declined' ? input.declineReason!.trim() : null;
    const [after] = await tx
      .update(customerEstimates)
      .set({ status: to, declineReason, updatedAt: ctx.now })
      .where(ofTenant(customerEstimates, ctx, eq(customerEstimates.id, e.id)))
      .returning();
    await recordAudit(tx, ctx, { entity: 'customerEstimate', entityId: e.id, action: 'status', before: { status: e.status }, after: { status: to }, reason: declineReason });
    return viewOf(tx, ctx, after);
  });
}

/** The problem of the work order an estimate becomes: its title, and its description below. */
export const problemOf = (e: Pick<Estimate, 'title' | 'description'>) => (e.description ? `${e.title}\n\n${e.description}` : e.title);

/**
 * `POST CustomerEstimates/{id}/convert`: an accepted estimate becomes a work order for its customer, whose problem is
 * the estimate's title and description. The work order is made (numbered, in ToDo or Credit Hold, with its history and
 * audit entry) and the estimate marked Converted with it, in one transaction: its lines no longer change.
 */
export async function convertEstimate(ctx: Ctx, access: Access, customerEstimateId: number): Promise<EstimateView> {
  const { view, workOrderId } = await ctx.db.transaction(async (tx) => {
    const e = await estimateOf(tx, ctx, access, customerEstimateId, { lock: true });
    if (e.status === 'Converted') throw new AppError(409, `Estimate ${e.estimateNumber} has already become a work order.`);
    if (e.status !== CONVERTIBLE_ESTIMATE_STATUS) throw new AppError(409, `Estimate ${e.estimateNumber} is ${e.status}: only an accepted estimate becomes a work order.`);
    const wo = await insertWorkOrder(tx, ctx, access, { customerId: e.customerId, problem: problemOf(e), priority: 'Normal', poNumber: null, providerReference: null, technicianIds: [] });
    const [after] = await tx
      .update(customerEstimates)
      .set({ status: 'Converted', workOrderId: wo.workOrderId, updatedAt: ctx.now })
      .where(ofTenant(customerEstimates, ctx, eq(customerEstimates.id, e.id)))
      .returning();
    await recordAudit(tx, ctx, { entity: 'customerEstimate', entityId: e.id, action: 'convert', before: { status: e.status }, after: { status: 'Converted', workOrderId: wo.workOrderId, workOrderNumber: wo.workOrderNumber } });
    return { view: await viewOf(tx, ctx, after), workOrderId: wo.workOrderId };
  });
  publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderCreated', workOrderId });
  return view;
}
