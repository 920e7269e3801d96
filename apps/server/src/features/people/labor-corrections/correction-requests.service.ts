import { and, asc, eq } from 'drizzle-orm';
import {
  wallClockOf, WORK_ORDER_STATUSES, type Access, type LaborCorrectionRequest, type laborCorrectionDecisionBody, type laborCorrectionRequestBody, type NoticePayload,
  type PendingLaborCorrection,
} from '@sm/shared';
import type { z } from 'zod';
import { users, workOrderLabor, workOrders } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { activeUsersWithGrant } from '../../platform/users/users.service';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { setWorkOrderStatus } from '../../office/work-orders/work-order-office.service';
import { announceCorrection, applyCorrection, changesOf, checkCorrection, lockedLabor, type LaborRow } from './labor-correction.service';
import { requestAnswer, requestsWithNames } from './labor-values';
import { laborCorrectionRequests } from './labor-corrections.table';

/** Work order status 12, Fix Time (spec platform 4.9): a technician's time waits for the office. */
export const FIX_TIME_STATUS = WORK_ORDER_STATUSES.find((s) => s.workOrderStatus === 'Fix Time')!.workOrderStatusId;

/** Who answers corrections: those who may correct labor (Lock Timesheet), and Super Admins. */
const answerers = (tx: Tx, ctx: Ctx) => activeUsersWithGrant(tx, ctx, { area: 'Timesheet', functionality: 'Lock Timesheet' });

/** The technician's name and the work order's number and status, for notices and the status change. */
async function factsOf(tx: Tx, ctx: Ctx, labor: LaborRow) {
  const [row] = await tx
    .select({ technicianName: users.name, workOrderNumber: workOrders.workOrderNumber, workOrderStatusId: workOrders.workOrderStatusId })
    .from(workOrders)
    .innerJoin(users, eq(users.id, labor.userId))
    .where(ofTenant(workOrders, ctx, eq(workOrders.id, labor.workOrderId)));
  return row;
}

/** A notice on the notifications hub, sent once the transaction committed. */
const noticeTo = (ctx: Ctx, userIds: number[], payload: NoticePayload) => () => {
  const to = userIds.filter((id) => id !== ctx.actor.userId);
  if (to.length > 0) ctx.events?.publish({ subscriberId: ctx.actor.subscriberId, event: 'notice', payload, userIds: to });
};

async function requestById(ctx: Ctx, id: number) {
  const [row] = await requestsWithNames(ctx.db).where(ofTenant(laborCorrectionRequests, ctx, eq(laborCorrectionRequests.id, id)));
  if (!row) throw notFound('Correction request');
  return requestAnswer(row);
}

/**
 * `POST WorkOrderLabor/{workOrderLaborId}/correctionRequests`: a technician asks for his own labor's start and stop to
 * be corrected. The proposal meets the office's rules now, so an impossible one is refused at once; the work order
 * moves to Fix Time and the office hears of it.
 */
export async function requestLaborCorrection(ctx: Ctx, access: Access, workOrderLaborId: number, body: z.output<typeof laborCorrectionRequestBody>): Promise<LaborCorrectionRequest> {
  const { id, announce } = await ctx.db.transaction(async (tx) => {
    const labor = await lockedLabor(tx, ctx, workOrderLaborId);
    // Someone else's labor is not the caller's to see.
    if (labor.userId !== ctx.actor.userId) throw notFound('Labor entry');
    const [waiting] = await tx.select({ id: laborCorrectionRequests.id }).from(laborCorrectionRequests).where(and(eq(laborCorrectionRequests.workOrderLaborId, labor.id), eq(laborCorrectionRequests.status, 'Pending')));
    if (waiting) throw new AppError(409, 'A correction of this labor already waits for an answer.');
    const proposal = { ...changesOf(labor), startedAt: new Date(body.startTime), stoppedAt: body.stopTime ? new Date(body.stopTime) : null };
    await checkCorrection(tx, ctx, access, labor, proposal);
    const facts = await factsOf(tx, ctx, labor);
    const [row] = await tx
      .insert(laborCorrectionRequests)
      .values({
        subscriberId: ctx.actor.subscriberId, workOrderLaborId: labor.id, proposedStartedAt: proposal.startedAt, proposedStoppedAt: proposal.stoppedAt, reason: body.reason,
        workOrderStatusIdBefore: facts.workOrderStatusId, requestedBy: ctx.actor.userId, requestedAt: ctx.now,
      })
      .returning({ id: laborCorrectionRequests.id });
    await setWorkOrderStatus(tx, ctx, { id: labor.workOrderId, workOrderStatusId: facts.workOrderStatusId }, FIX_TIME_STATUS);
    await recordAudit(tx, ctx, { entity: 'laborCorrectionRequest', entityId: row.id, action: 'request', after: { workOrderLaborId: labor.id, startTime: body.startTime, stopTime: body.stopTime ?? null }, reason: body.reason });
    const payload: NoticePayload = { kind: 'laborCorrection', laborCorrectionRequestId: row.id, workOrderNumber: facts.workOrderNumber, technicianName: facts.technicianName, status: 'Pending' };
    return { id: row.id, announce: noticeTo(ctx, await answerers(tx, ctx), payload) };
  });
  announce();
  return requestById(ctx, id);
}

/**
 * `POST WorkOrderLabor/correctionRequests/{laborCorrectionRequestId}/decision`: the office approves a request (the
 * correction is applied by the same rules, with the request's reason) or declines it with its own reason. The work
 * order leaves Fix Time for the status it had, unless someone moved it since; the technician hears the answer.
 */
export async function decideLaborCorrection(ctx: Ctx, access: Access, requestId: number, body: z.output<typeof laborCorrectionDecisionBody>): Promise<LaborCorrectionRequest> {
  const { announce, correction } = await ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(laborCorrectionRequests).where(ofTenant(laborCorrectionRequests, ctx, eq(laborCorrectionRequests.id, requestId))).for('update');
    if (!request) throw notFound('Correction request');
    if (request.status !== 'Pending') throw new AppError(409, `This request was already ${request.status.toLowerCase()}.`);
    const labor = await lockedLabor(tx, ctx, request.workOrderLaborId);
    let applied: Parameters<typeof announceCorrection>[2] | null = null;
    if (body.decision === 'Approved') {
      applied = { ...changesOf(labor), startedAt: request.proposedStartedAt, stoppedAt: request.proposedStoppedAt };
      await checkCorrection(tx, ctx, access, labor, applied);
      await applyCorrection(tx, ctx, labor, applied, body.reason ? `${request.reason} (approved: ${body.reason})` : request.reason);
    }
    await tx
      .update(laborCorrectionRequests)
      .set({ status: body.decision, decidedBy: ctx.actor.userId, decidedAt: ctx.now, declineReason: body.decision === 'Declined' ? body.reason : null })
      .where(eq(laborCorrectionRequests.id, request.id));
    const facts = await factsOf(tx, ctx, labor);
    if (facts.workOrderStatusId === FIX_TIME_STATUS && request.workOrderStatusIdBefore) {
      await setWorkOrderStatus(tx, ctx, { id: labor.workOrderId, workOrderStatusId: FIX_TIME_STATUS }, request.workOrderStatusIdBefore);
    }
    await recordAudit(tx, ctx, { entity: 'laborCorrectionRequest', entityId: request.id, action: body.decision === 'Approved' ? 'approve' : 'decline', reason: body.reason ?? null });
    const payload: NoticePayload = { kind: 'laborCorrection', laborCorrectionRequestId: request.id, workOrderNumber: facts.workOrderNumber, technicianName: facts.technicianName, status: body.decision };
    return { announce: noticeTo(ctx, [request.requestedBy], payload), correction: applied && { labor, applied } };
  });
  announce();
  if (correction) announceCorrection(ctx, correction.labor, correction.applied);
  return requestById(ctx, requestId);
}

/** `GET WorkOrderLabor/correctionRequests`: the requests waiting for the office, oldest first, with the entries as they are. */
export async function pendingLaborCorrections(ctx: Ctx): Promise<PendingLaborCorrection[]> {
  const rows = await ctx.db
    .select({ r: laborCorrectionRequests, technicianName: users.name, workOrderNumber: workOrders.workOrderNumber, startedAt: workOrderLabor.startedAt, stoppedAt: workOrderLabor.stoppedAt })
    .from(laborCorrectionRequests)
    .innerJoin(workOrderLabor, eq(workOrderLabor.id, laborCorrectionRequests.workOrderLaborId))
    .innerJoin(workOrders, eq(workOrders.id, workOrderLabor.workOrderId))
    // A request is always of the requester's own labor: he is the technician.
    .innerJoin(users, eq(users.id, laborCorrectionRequests.requestedBy))
    .where(ofTenant(laborCorrectionRequests, ctx, eq(laborCorrectionRequests.status, 'Pending')))
    .orderBy(asc(laborCorrectionRequests.requestedAt), asc(laborCorrectionRequests.id));
  const timeZone = await companyTimeZone(ctx);
  return rows.map(({ r, technicianName, workOrderNumber, startedAt, stoppedAt }) => ({
    ...requestAnswer({ r, requestedByName: technicianName, decidedByName: null }),
    userId: r.requestedBy,
    technicianName,
    workDate: wallClockOf(startedAt, timeZone).toISOString().slice(0, 10),
    timeZone,
    workOrderNumber,
    startTime: startedAt.toISOString(),
    stopTime: stoppedAt?.toISOString() ?? null,
  }));
}
