import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  jsonNumberOf, moneyText, PM_CONTRACT_APPROVAL_DAYS, PM_CONTRACT_APPROVAL_PATH, PM_CONTRACT_PATH, type PmContractApproval, type PmContractDecisionBody, type PublicPmContract,
  type SentPmContract,
} from '@sm/shared';
import { auditLog, customers, equipment, equipmentCategories, pmContractApprovals, pmContractEquipment, pmContracts, subscribers, users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { escapeHtml } from '../../../lib/rich-text';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { customerAddressLine } from '../customers/customer-address';
import { queuePmGeneration } from './pm-generation.job';

const DAY_MS = 86_400_000;
/** 32 random bytes: the link's token, written in 43 URL-safe characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const INVALID_LINK = 'This approval link is not valid. Ask the company that sent it for a new one.';

type Row = typeof pmContractApprovals.$inferSelect;
const statusOf = (row: Pick<Row, 'decision' | 'expiresAt'>, now: Date) =>
  (row.decision as 'Approved' | 'Declined' | null) ?? (row.expiresAt.getTime() <= now.getTime() ? 'Expired' : 'Pending');

const answerOf = (row: Row & { requestedByName: string }, now: Date): PmContractApproval => ({
  pmContractApprovalId: row.id, status: statusOf(row, now), sentTo: row.sentTo, requestedByName: row.requestedByName, requestedAt: row.requestedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null, approverName: row.approverName, comment: row.comment,
});

/** A contract's approval requests and their answers, newest first. */
export async function pmApprovalsOf(db: DbOrTx, ctx: Ctx, contractId: number): Promise<PmContractApproval[]> {
  const rows = await db
    .select({ row: pmContractApprovals, requestedByName: users.name })
    .from(pmContractApprovals)
    .innerJoin(users, eq(users.id, pmContractApprovals.requestedBy))
    .where(ofTenant(pmContractApprovals, ctx, eq(pmContractApprovals.contractId, contractId)))
    .orderBy(desc(pmContractApprovals.id));
  return rows.map((r) => answerOf({ ...r.row, requestedByName: r.requestedByName }, ctx.now));
}

const priceLine = (price: string, basis: 'visit' | 'year') => `${moneyText(price)} per ${basis}`;

/**
 * `POST PmContract/{pmContractId}/sendForApproval`: e-mails the customer (through the outbox, in the same transaction)
 * a link to approve or decline the contract; a link still waiting expires, and the contract is marked sent. An approved
 * or cancelled contract is not sent. The link starts with PUBLIC_URL, never with the request's Host header.
 */
export async function sendPmContractForApproval(ctx: Ctx, id: number, email: string, publicUrl: string): Promise<SentPmContract> {
  const token = randomBytes(32).toString('base64url');
  const path = `${PM_CONTRACT_APPROVAL_PATH}/${token}`;
  const row = await ctx.db.transaction(async (tx) => {
    const [contract] = await tx.select().from(pmContracts).where(ofTenant(pmContracts, ctx, eq(pmContracts.id, id))).for('update');
    if (!contract) throw new AppError(404, 'PM contract was not found.');
    if (contract.status === 'approved') throw new AppError(409, `The contract "${contract.name}" is already approved.`);
    if (contract.status === 'cancelled') throw new AppError(409, `The contract "${contract.name}" is cancelled and cannot be sent.`);
    await tx
      .update(pmContractApprovals)
      .set({ expiresAt: ctx.now })
      .where(ofTenant(pmContractApprovals, ctx, eq(pmContractApprovals.contractId, id), isNull(pmContractApprovals.decision), gt(pmContractApprovals.expiresAt, sql`${ctx.now.toISOString()}::timestamptz`)));
    const [created] = await tx
      .insert(pmContractApprovals)
      .values({ subscriberId: ctx.actor.subscriberId, contractId: id, tokenHash: hashOf(token), requestedBy: ctx.actor.userId, requestedAt: ctx.now, expiresAt: new Date(ctx.now.getTime() + PM_CONTRACT_APPROVAL_DAYS * DAY_MS), sentTo: email })
      .returning();
    await tx.update(pmContracts).set({ status: 'sent', updatedAt: ctx.now }).where(ofTenant(pmContracts, ctx, eq(pmContracts.id, id)));
    const [[company], [site]] = await Promise.all([
      tx.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId)),
      tx.select({ name: customers.name }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, contract.customerId))),
    ]);
    const link = `${publicUrl}${path}`;
    const what = `the preventive-maintenance contract "${contract.name}" for ${site.name}, from ${contract.startsOn} to ${contract.endsOn}, at ${priceLine(contract.price, contract.priceBasis)}`;
    await enqueueEmail(tx, {
      subscriberId: ctx.actor.subscriberId,
      createdBy: ctx.actor.userId,
      to: [email],
      subject: `Please approve your maintenance contract from ${company.name}`,
      html: `<p>${escapeHtml(company.name)} asks you to review and approve ${escapeHtml(what)}.</p><p><a href="${escapeHtml(link)}">Review the contract</a></p><p>The link takes one answer, within ${PM_CONTRACT_APPROVAL_DAYS} days.</p>`,
      text: `${company.name} asks you to review and approve ${what}.\n\n${link}\n\nThe link takes one answer, within ${PM_CONTRACT_APPROVAL_DAYS} days.`,
      hasPersonalLink: true,
      secret: token,
    });
    await recordAudit(tx, ctx, { entity: 'pmContractApproval', entityId: created.id, action: 'request', after: { pmContractId: id, sentTo: email } });
    return created;
  });
  const [who] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
  return { ...answerOf({ ...row, requestedByName: who.name }, ctx.now), preventiveMaintenanceApprovalGuid: token, path };
}

/** The request of a link, or the one sentence every unknown, malformed or foreign link gets. */
async function requestOf(db: Ctx['db'], token: string) {
  if (!TOKEN_PATTERN.test(token)) throw new AppError(404, INVALID_LINK);
  const [row] = await db.select().from(pmContractApprovals).where(eq(pmContractApprovals.tokenHash, hashOf(token)));
  if (!row) throw new AppError(404, INVALID_LINK);
  return row;
}

/** `GET PreventiveMaintenanceApproval/{guid}` (no sign-in): the company, the location, the equipment and tasks, the frequency, price and term. */
export async function readPmContractApproval(db: Ctx['db'], token: string, now: Date): Promise<PublicPmContract> {
  const row = await requestOf(db, token);
  const sid = row.subscriberId;
  const [[head], pieces] = await Promise.all([
    db
      .select({ c: pmContracts, customerName: customers.name, customerAddress: customerAddressLine, companyName: subscribers.name })
      .from(pmContracts)
      .innerJoin(customers, eq(customers.id, pmContracts.customerId))
      .innerJoin(subscribers, eq(subscribers.id, pmContracts.subscriberId))
      .where(and(eq(pmContracts.subscriberId, sid), eq(pmContracts.id, row.contractId))),
    db
      .select({ name: equipment.name, categoryName: equipmentCategories.name, serialNumber: equipment.serialNumber, tasks: pmContractEquipment.tasks })
      .from(pmContractEquipment)
      .innerJoin(equipment, eq(equipment.id, pmContractEquipment.equipmentId))
      .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
      .where(and(eq(pmContractEquipment.subscriberId, sid), eq(pmContractEquipment.contractId, row.contractId)))
      .orderBy(asc(equipment.name), asc(equipment.id)),
  ]);
  const c = head.c;
  return {
    companyName: head.companyName, customerName: head.customerName, customerAddress: head.customerAddress, name: c.name, frequencyName: c.frequencyName, recurrenceRule: c.recurrenceRule,
    price: jsonNumberOf(c.price), priceBasis: c.priceBasis, startsOn: c.startsOn, endsOn: c.endsOn, renewsAutomatically: c.renewsAutomatically, status: statusOf(row, now),
    expiresAt: row.expiresAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null, approverName: row.approverName, comment: row.comment, equipment: pieces,
  };
}

/**
 * `POST PreventiveMaintenanceApproval/{guid}` (no sign-in): the customer approves the contract with their name, or
 * declines it with a comment, once, before the link expires. The decision is written only while the request is still
 * open, in one statement, so two answers at once cannot both count; the contract takes the answer with its audit entry,
 * and the office user who sent it is told by e-mail, in the same transaction.
 */
export async function decidePmContractApproval(db: Ctx['db'], token: string, body: PmContractDecisionBody, now: Date, from: string, publicUrl: string): Promise<PublicPmContract> {
  const row = await requestOf(db, token);
  await decideApprovalRequest(db, row, body, now, from, publicUrl);
  return readPmContractApproval(db, token, now);
}

/**
 * The customer's answer to one approval request (through its e-mailed link, or the customer portal): written once,
 * while the request is open, with the contract's status, its audit entry and the e-mail to the office user who sent it.
 * A request answered already is a 409 naming who answered; an expired one a 410.
 */
export async function decideApprovalRequest(db: Ctx['db'], row: Row, body: PmContractDecisionBody, now: Date, from: string, publicUrl: string): Promise<void> {
  const approverName = body.approverName.trim();
  const comment = body.comment?.trim() || null;
  const done = await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(pmContractApprovals)
      .set({ decision: body.decision, decidedAt: now, approverName, comment, decidedFrom: from })
      .where(and(eq(pmContractApprovals.id, row.id), isNull(pmContractApprovals.decision), gt(pmContractApprovals.expiresAt, sql`${now.toISOString()}::timestamptz`)))
      .returning({ id: pmContractApprovals.id });
    if (!decided) return false;
    const isApproved = body.decision === 'Approved';
    const [contract] = await tx
      .update(pmContracts)
      .set(isApproved ? { status: 'approved', approvedAt: now, approverName, updatedAt: now } : { status: 'declined', updatedAt: now })
      .where(and(eq(pmContracts.subscriberId, row.subscriberId), eq(pmContracts.id, row.contractId)))
      .returning();
    // An approved contract's first visits are generated now, not at the company's next daily run.
    if (isApproved) await queuePmGeneration(tx, row.subscriberId, now);
    await tx.insert(auditLog).values({
      subscriberId: row.subscriberId, entity: 'pmContract', entityId: contract.id, action: contract.status, before: null,
      after: { decision: body.decision, approverName, comment, pmContractApprovalId: row.id }, reason: comment, changedBy: null, changedAt: now,
    });
    const [[office], [site]] = await Promise.all([
      tx.select({ email: users.email }).from(users).where(eq(users.id, row.requestedBy)),
      tx.select({ name: customers.name }).from(customers).where(eq(customers.id, contract.customerId)),
    ]);
    const link = `${publicUrl}${PM_CONTRACT_PATH}?id=${contract.id}`;
    const said = isApproved ? 'approved' : `declined: "${comment}"`;
    await enqueueEmail(tx, {
      subscriberId: row.subscriberId,
      to: [office.email],
      subject: `${site.name} ${body.decision.toLowerCase()} the maintenance contract "${contract.name}"`,
      html: `<p>${escapeHtml(approverName)} of ${escapeHtml(site.name)} ${escapeHtml(said)} the preventive-maintenance contract "${escapeHtml(contract.name)}".</p><p><a href="${escapeHtml(link)}">Open the contract</a></p>`,
      text: `${approverName} of ${site.name} ${said} the preventive-maintenance contract "${contract.name}".\n\n${link}`,
    });
    return true;
  });
  if (!done) {
    const [again] = await db.select().from(pmContractApprovals).where(eq(pmContractApprovals.id, row.id));
    if (again.decision) throw new AppError(409, `This contract was already ${again.decision.toLowerCase()} by ${again.approverName} on ${again.decidedAt!.toISOString().slice(0, 10)}.`);
    throw new AppError(410, 'This approval link has expired. Ask the company that sent it for a new one.');
  }
}
