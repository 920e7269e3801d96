import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { LABOR_APPROVAL_DAYS, type Access, type CreatedLaborApproval, type LaborApproval, type LaborDecisionBody, type PublicLaborApproval } from '@sm/shared';
import { customers, subscribers, users, workOrderLabor, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { escapeHtml } from '../../../lib/rich-text';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { visibleWorkOrderRow } from '../../office/work-orders/work-order-office.service';
import { laborApprovals } from './labor-approvals.table';

const DAY_MS = 86_400_000;
export const LABOR_APPROVAL_PATH = '/workOrderLaborApprove';
/** 32 random bytes: the link's token, written in 43 URL-safe characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const INVALID_LINK = 'This approval link is not valid. Ask the company that sent it for a new one.';

type Row = typeof laborApprovals.$inferSelect;
const statusOf = (row: Pick<Row, 'decision' | 'expiresAt'>, now: Date) =>
  (row.decision as 'Approved' | 'Disputed' | null) ?? (row.expiresAt.getTime() <= now.getTime() ? 'Expired' : 'Pending');

function answerOf(row: Row & { requestedByName: string }, now: Date): LaborApproval {
  return {
    laborApprovalId: row.id, status: statusOf(row, now), requestedByName: row.requestedByName, requestedAt: row.requestedAt.toISOString(), expiresAt: row.expiresAt.toISOString(),
    sentTo: row.sentTo, laborCount: row.laborIds.length, decidedAt: row.decidedAt?.toISOString() ?? null, approverName: row.approverName, comment: row.comment,
  };
}

/** `GET WorkOrder/laborApprovals/{workOrderId}`: the work order's requests, newest first. */
export async function listLaborApprovals(ctx: Ctx, access: Access, workOrderId: number): Promise<LaborApproval[]> {
  await visibleWorkOrderRow(ctx.db, ctx, access, workOrderId);
  const rows = await ctx.db
    .select({ row: laborApprovals, requestedByName: users.name })
    .from(laborApprovals)
    .innerJoin(users, eq(users.id, laborApprovals.requestedBy))
    .where(ofTenant(laborApprovals, ctx, eq(laborApprovals.workOrderId, workOrderId)))
    .orderBy(desc(laborApprovals.id));
  return rows.map((r) => answerOf({ ...r.row, requestedByName: r.requestedByName }, ctx.now));
}

/**
 * `POST WorkOrder/laborApprovals`: asks the customer to approve the work order's finished labor not approved yet; a
 * link still waiting expires. The link is answered once; with an address, it is e-mailed from the company (through the outbox) in the same
 * transaction. The link starts with `publicUrl` (PUBLIC_URL), never with the request's Host header, which anyone can write.
 */
export async function requestLaborApproval(ctx: Ctx, access: Access, input: { workOrderId: number; email: string | null }, publicUrl: string): Promise<CreatedLaborApproval> {
  const token = randomBytes(32).toString('base64url');
  const path = `${LABOR_APPROVAL_PATH}/${token}`;
  const row = await ctx.db.transaction(async (tx) => {
    const wo = await visibleWorkOrderRow(tx, ctx, access, input.workOrderId, { lock: true });
    const approved = await tx
      .select({ ids: laborApprovals.laborIds })
      .from(laborApprovals)
      .where(and(eq(laborApprovals.workOrderId, wo.id), eq(laborApprovals.decision, 'Approved')));
    const done = new Set(approved.flatMap((a) => a.ids));
    const finished = await tx.select({ id: workOrderLabor.id }).from(workOrderLabor).where(and(eq(workOrderLabor.workOrderId, wo.id), isNotNull(workOrderLabor.stoppedAt))).orderBy(asc(workOrderLabor.startedAt));
    const laborIds = finished.map((l) => l.id).filter((id) => !done.has(id));
    if (laborIds.length === 0) throw new AppError(409, `Work order ${wo.workOrderNumber} has no finished labor waiting for the customer's approval.`);
    // A new link replaces those still waiting: the customer answers the latest one only.
    await tx
      .update(laborApprovals)
      .set({ expiresAt: ctx.now })
      .where(and(eq(laborApprovals.workOrderId, wo.id), isNull(laborApprovals.decision), gt(laborApprovals.expiresAt, sql`${ctx.now.toISOString()}::timestamptz`)));
    const [created] = await tx
      .insert(laborApprovals)
      .values({ subscriberId: ctx.actor.subscriberId, workOrderId: wo.id, tokenHash: hashOf(token), laborIds, requestedBy: ctx.actor.userId, requestedAt: ctx.now, expiresAt: new Date(ctx.now.getTime() + LABOR_APPROVAL_DAYS * DAY_MS), sentTo: input.email })
      .returning();
    if (input.email) {
      const [company] = await tx.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId));
      const link = `${publicUrl}${path}`;
      await enqueueEmail(tx, {
        subscriberId: ctx.actor.subscriberId,
        createdBy: ctx.actor.userId,
        to: [input.email],
        subject: `Please approve the labor of work order ${wo.workOrderNumber}`,
        html: `<p>${escapeHtml(company.name)} asks you to review and approve the technicians' hours on work order ${escapeHtml(wo.workOrderNumber)}.</p><p><a href="${escapeHtml(link)}">Review the labor</a></p><p>The link works once, for ${LABOR_APPROVAL_DAYS} days.</p>`,
        text: `${company.name} asks you to review and approve the technicians' hours on work order ${wo.workOrderNumber}.\n\n${link}\n\nThe link works once, for ${LABOR_APPROVAL_DAYS} days.`,
        hasPersonalLink: true,
        secret: token,
      });
    }
    await recordAudit(tx, ctx, { entity: 'laborApproval', entityId: created.id, action: 'request', after: { workOrderId: wo.id, laborIds, sentTo: input.email } });
    return created;
  });
  const [who] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
  return { ...answerOf({ ...row, requestedByName: who.name }, ctx.now), workOrderLaborApprovalGuid: token, path };
}

/** The request of a link, or the one sentence every unknown, malformed or foreign link gets. */
async function requestOf(db: Ctx['db'], token: string) {
  if (!TOKEN_PATTERN.test(token)) throw new AppError(404, INVALID_LINK);
  const [row] = await db.select().from(laborApprovals).where(eq(laborApprovals.tokenHash, hashOf(token)));
  if (!row) throw new AppError(404, INVALID_LINK);
  return row;
}

/** `GET WorkOrderLaborApproval/{guid}` (no sign-in): the work order and the labor the customer is asked to approve. */
export async function readLaborApproval(db: Ctx['db'], token: string, now: Date): Promise<PublicLaborApproval> {
  const row = await requestOf(db, token);
  const [wo] = await db
    .select({ number: workOrders.workOrderNumber, problem: workOrders.problem, siteName: customers.name, siteZone: customers.timeZone, companyName: subscribers.name, companyZone: subscribers.timeZone })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(subscribers, eq(subscribers.id, workOrders.subscriberId))
    .where(eq(workOrders.id, row.workOrderId));
  const labor = await db
    .select({ technicianName: users.name, startedAt: workOrderLabor.startedAt, stoppedAt: workOrderLabor.stoppedAt, description: workOrderLabor.description })
    .from(workOrderLabor)
    .innerJoin(users, eq(users.id, workOrderLabor.userId))
    .where(and(eq(workOrderLabor.subscriberId, row.subscriberId), inArray(workOrderLabor.id, row.laborIds)))
    .orderBy(asc(workOrderLabor.startedAt));
  const lines = labor.map((l) => {
    const stoppedAt = l.stoppedAt ?? l.startedAt;
    return { technicianName: l.technicianName, startedAt: l.startedAt.toISOString(), stoppedAt: stoppedAt.toISOString(), minutes: Math.round((stoppedAt.getTime() - l.startedAt.getTime()) / 60_000), description: l.description };
  });
  return {
    companyName: wo.companyName, workOrderNumber: wo.number, siteName: wo.siteName, problem: wo.problem, status: statusOf(row, now), expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null, approverName: row.approverName, timeZone: wo.siteZone ?? wo.companyZone, totalMinutes: lines.reduce((a, l) => a + l.minutes, 0), labor: lines,
  };
}

/**
 * `POST WorkOrderLaborApproval/{guid}` (no sign-in): the customer approves or disputes the labor, once, before the
 * link expires. The decision is written only while the request is still open, in one statement, so two answers at
 * once cannot both count.
 */
export async function decideLaborApproval(db: Ctx['db'], token: string, body: LaborDecisionBody, now: Date, from: string): Promise<PublicLaborApproval> {
  const row = await requestOf(db, token);
  const [done] = await db
    .update(laborApprovals)
    .set({ decision: body.decision, decidedAt: now, approverName: body.approverName.trim(), comment: body.comment?.trim() || null, decidedFrom: from })
    .where(and(eq(laborApprovals.id, row.id), isNull(laborApprovals.decision), gt(laborApprovals.expiresAt, sql`${now.toISOString()}::timestamptz`)))
    .returning({ id: laborApprovals.id });
  if (!done) {
    const [now2] = await db.select().from(laborApprovals).where(eq(laborApprovals.id, row.id));
    if (now2.decision) throw new AppError(409, `This labor was already ${now2.decision.toLowerCase()} by ${now2.approverName} on ${now2.decidedAt!.toISOString().slice(0, 10)}.`);
    throw new AppError(410, 'This approval link has expired. Ask the company that sent it for a new one.');
  }
  return readLaborApproval(db, token, now);
}
