import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { jsonNumberOf, RATE_SHEET_APPROVAL_DAYS, RATE_SHEET_APPROVAL_PATH, RATE_SHEET_PATH, type PublicRateSheet, type RateSheetApproval, type RateSheetDecisionBody, type SentRateSheet } from '@sm/shared';
import { auditLog, customerRateSheets, customers, itemRateTypes, perDiemTypes, rateSheetLaborItems, rateSheetStandardItems, rateSheetTrucks, subscribers, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { escapeHtml } from '../../../lib/rich-text';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { billingCustomerOf, versionRow } from './rate-sheet-versions';
import { rateSheetApprovals, rateSheetPerDiems } from './rate-sheets.table';

const DAY_MS = 86_400_000;
/** 32 random bytes: the link's token, written in 43 URL-safe characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const INVALID_LINK = 'This approval link is not valid. Ask the company that sent it for a new one.';

type Row = typeof rateSheetApprovals.$inferSelect;
const statusOf = (row: Pick<Row, 'decision' | 'expiresAt'>, now: Date) =>
  (row.decision as 'Approved' | 'Declined' | null) ?? (row.expiresAt.getTime() <= now.getTime() ? 'Expired' : 'Pending');

const answerOf = (row: Row & { requestedByName: string }, now: Date): RateSheetApproval => ({
  rateSheetApprovalId: row.id, status: statusOf(row, now), sentTo: row.sentTo, requestedByName: row.requestedByName, requestedAt: row.requestedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null, approverName: row.approverName, reason: row.reason,
});

/** A version's approval requests and their answers, newest first. */
export async function approvalsOf(ctx: Ctx, customerRateSheetId: number): Promise<RateSheetApproval[]> {
  const rows = await ctx.db
    .select({ row: rateSheetApprovals, requestedByName: users.name })
    .from(rateSheetApprovals)
    .innerJoin(users, eq(users.id, rateSheetApprovals.requestedBy))
    .where(ofTenant(rateSheetApprovals, ctx, eq(rateSheetApprovals.customerRateSheetId, customerRateSheetId)))
    .orderBy(desc(rateSheetApprovals.id));
  return rows.map((r) => answerOf({ ...r.row, requestedByName: r.requestedByName }, ctx.now));
}

/**
 * `POST RateSheet/{customerRateSheetId}/sendForApproval`: e-mails a billing-customer contact (through the outbox, in
 * the same transaction) a link to approve or decline the version; a link still waiting expires. An approved version is
 * not sent again. The link starts with PUBLIC_URL, never with the request's Host header, which anyone can write.
 */
export async function sendRateSheetForApproval(ctx: Ctx, id: number, email: string, publicUrl: string): Promise<SentRateSheet> {
  const token = randomBytes(32).toString('base64url');
  const path = `${RATE_SHEET_APPROVAL_PATH}/${token}`;
  const row = await ctx.db.transaction(async (tx) => {
    const version = await versionRow(tx, ctx, id, { lock: true });
    if (version.status === 'approved') throw new AppError(409, `Rate sheet "${version.name}" is already approved: make a new version to change the rates.`);
    const customer = await billingCustomerOf(tx, ctx, version.billingCustomerId);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(rateSheetLaborItems).where(ofTenant(rateSheetLaborItems, ctx, eq(rateSheetLaborItems.customerRateSheetId, id)));
    const [{ k }] = await tx.select({ k: sql<number>`count(*)::int` }).from(rateSheetStandardItems).where(and(eq(rateSheetStandardItems.subscriberId, ctx.actor.subscriberId), eq(rateSheetStandardItems.customerRateSheetId, id)));
    if (n + k === 0) throw new AppError(409, `Rate sheet "${version.name}" has no rates yet: add labor rates or items before sending it.`);
    await tx
      .update(rateSheetApprovals)
      .set({ expiresAt: ctx.now })
      .where(ofTenant(rateSheetApprovals, ctx, eq(rateSheetApprovals.customerRateSheetId, id), isNull(rateSheetApprovals.decision), gt(rateSheetApprovals.expiresAt, sql`${ctx.now.toISOString()}::timestamptz`)));
    const [created] = await tx
      .insert(rateSheetApprovals)
      .values({ subscriberId: ctx.actor.subscriberId, customerRateSheetId: id, tokenHash: hashOf(token), requestedBy: ctx.actor.userId, requestedAt: ctx.now, expiresAt: new Date(ctx.now.getTime() + RATE_SHEET_APPROVAL_DAYS * DAY_MS), sentTo: email })
      .returning();
    await tx.update(customerRateSheets).set({ status: 'sent', updatedAt: ctx.now }).where(ofTenant(customerRateSheets, ctx, eq(customerRateSheets.id, id)));
    const [company] = await tx.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId));
    const link = `${publicUrl}${path}`;
    const what = `the rates of ${customer.name}, effective ${version.effectiveFrom}`;
    await enqueueEmail(tx, {
      subscriberId: ctx.actor.subscriberId,
      createdBy: ctx.actor.userId,
      to: [email],
      subject: `Please approve your rate sheet from ${company.name}`,
      html: `<p>${escapeHtml(company.name)} asks you to review and approve ${escapeHtml(what)} (${escapeHtml(version.name)}).</p><p><a href="${escapeHtml(link)}">Review the rate sheet</a></p><p>The link takes one answer, within ${RATE_SHEET_APPROVAL_DAYS} days.</p>`,
      text: `${company.name} asks you to review and approve ${what} (${version.name}).\n\n${link}\n\nThe link takes one answer, within ${RATE_SHEET_APPROVAL_DAYS} days.`,
      hasPersonalLink: true,
      secret: token,
    });
    await recordAudit(tx, ctx, { entity: 'rateSheetApproval', entityId: created.id, action: 'request', after: { customerRateSheetId: id, sentTo: email } });
    return created;
  });
  const [who] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
  return { ...answerOf({ ...row, requestedByName: who.name }, ctx.now), customerRateSheetApprovalGuid: token, path };
}

/** The request of a link, or the one sentence every unknown, malformed or foreign link gets. */
async function requestOf(db: Ctx['db'], token: string) {
  if (!TOKEN_PATTERN.test(token)) throw new AppError(404, INVALID_LINK);
  const [row] = await db.select().from(rateSheetApprovals).where(eq(rateSheetApprovals.tokenHash, hashOf(token)));
  if (!row) throw new AppError(404, INVALID_LINK);
  return row;
}

/** `GET CustomerRateSheetApproval/{guid}` (no sign-in): the company, the customer, the effective date and every rate. */
export async function readRateSheetApproval(db: Ctx['db'], token: string, now: Date): Promise<PublicRateSheet> {
  const row = await requestOf(db, token);
  const sid = row.subscriberId;
  const sheetId = row.customerRateSheetId;
  const [[head], labor, trucks, perDiems, items] = await Promise.all([
    db
      .select({ name: customerRateSheets.name, effectiveFrom: customerRateSheets.effectiveFrom, customerName: customers.name, companyName: subscribers.name })
      .from(customerRateSheets)
      .innerJoin(customers, eq(customers.id, customerRateSheets.billingCustomerId))
      .innerJoin(subscribers, eq(subscribers.id, customerRateSheets.subscriberId))
      .where(and(eq(customerRateSheets.subscriberId, sid), eq(customerRateSheets.id, sheetId))),
    db
      .select({ l: rateSheetLaborItems, technicianName: users.name })
      .from(rateSheetLaborItems)
      .innerJoin(users, eq(users.id, rateSheetLaborItems.technicianUserId))
      .where(and(eq(rateSheetLaborItems.subscriberId, sid), eq(rateSheetLaborItems.customerRateSheetId, sheetId)))
      .orderBy(asc(users.name), asc(rateSheetLaborItems.id)),
    db.select().from(rateSheetTrucks).where(and(eq(rateSheetTrucks.subscriberId, sid), eq(rateSheetTrucks.customerRateSheetId, sheetId))).orderBy(asc(rateSheetTrucks.id)),
    db
      .select({ amount: rateSheetPerDiems.amount, perDiemTypeName: perDiemTypes.name })
      .from(rateSheetPerDiems)
      .innerJoin(perDiemTypes, eq(perDiemTypes.id, rateSheetPerDiems.perDiemTypeId))
      .where(and(eq(rateSheetPerDiems.subscriberId, sid), eq(rateSheetPerDiems.customerRateSheetId, sheetId)))
      .orderBy(asc(rateSheetPerDiems.id)),
    db
      .select({ name: rateSheetStandardItems.name, price: rateSheetStandardItems.price, itemRateTypeName: itemRateTypes.name })
      .from(rateSheetStandardItems)
      .innerJoin(itemRateTypes, eq(itemRateTypes.id, rateSheetStandardItems.itemRateTypeId))
      .where(and(eq(rateSheetStandardItems.subscriberId, sid), eq(rateSheetStandardItems.customerRateSheetId, sheetId)))
      .orderBy(asc(rateSheetStandardItems.id)),
  ]);
  return {
    companyName: head.companyName, customerName: head.customerName, name: head.name, effectiveFrom: head.effectiveFrom, status: statusOf(row, now),
    expiresAt: row.expiresAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null, approverName: row.approverName, reason: row.reason,
    labor: labor.map(({ l, technicianName }) => ({ technicianName, employeeType: l.name, hourlyRate: l.hourlyRate, otHourlyRate: l.otHourlyRate, standByRate: l.standByRate, apprenticeRate: l.apprenticeRate, dailyRate: l.dailyRate })),
    trucks: trucks.map((t) => ({ name: t.name, hourlyRate: t.hourlyRate, tripCharge: t.tripCharge })),
    perDiems: perDiems.map((p) => ({ perDiemTypeName: p.perDiemTypeName, amount: jsonNumberOf(p.amount) })),
    standardItems: items.map((s) => ({ name: s.name, itemRateTypeName: s.itemRateTypeName, price: jsonNumberOf(s.price) })),
  };
}

/**
 * `POST CustomerRateSheetApproval/{guid}` (no sign-in): the customer approves the version, or declines it with a
 * reason, once, before the link expires. The decision is written only while the request is still open, in one
 * statement, so two answers at once cannot both count; the version takes the answer, with its audit entry, and the
 * office user who sent it is told by e-mail, in the same transaction.
 */
export async function decideRateSheetApproval(db: Ctx['db'], token: string, body: RateSheetDecisionBody, now: Date, from: string, publicUrl: string): Promise<PublicRateSheet> {
  const row = await requestOf(db, token);
  const approverName = body.approverName.trim();
  const reason = body.reason?.trim() || null;
  const done = await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(rateSheetApprovals)
      .set({ decision: body.decision, decidedAt: now, approverName, reason, decidedFrom: from })
      .where(and(eq(rateSheetApprovals.id, row.id), isNull(rateSheetApprovals.decision), gt(rateSheetApprovals.expiresAt, sql`${now.toISOString()}::timestamptz`)))
      .returning({ id: rateSheetApprovals.id });
    if (!decided) return false;
    const status = body.decision === 'Approved' ? 'approved' : 'declined';
    const [sheet] = await tx
      .update(customerRateSheets)
      .set({ status, updatedAt: now })
      .where(and(eq(customerRateSheets.subscriberId, row.subscriberId), eq(customerRateSheets.id, row.customerRateSheetId)))
      .returning();
    await tx.insert(auditLog).values({
      subscriberId: row.subscriberId, entity: 'customerRateSheet', entityId: sheet.id, action: status, before: null,
      after: { decision: body.decision, approverName, reason, rateSheetApprovalId: row.id }, reason, changedBy: null, changedAt: now,
    });
    const [[office], [customer]] = await Promise.all([
      tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.requestedBy)),
      tx.select({ name: customers.name }).from(customers).where(eq(customers.id, sheet.billingCustomerId)),
    ]);
    const link = `${publicUrl}${RATE_SHEET_PATH}?customer=${sheet.billingCustomerId}&version=${sheet.id}`;
    const said = body.decision === 'Approved' ? 'approved' : `declined: "${reason}"`;
    await enqueueEmail(tx, {
      subscriberId: row.subscriberId,
      to: [office.email],
      subject: `${customer.name} ${body.decision.toLowerCase()} rate sheet "${sheet.name}"`,
      html: `<p>${escapeHtml(approverName)} of ${escapeHtml(customer.name)} ${escapeHtml(said)} the rate sheet "${escapeHtml(sheet.name)}", effective ${escapeHtml(sheet.effectiveFrom)}.</p><p><a href="${escapeHtml(link)}">Open the rate sheet</a></p>`,
      text: `${approverName} of ${customer.name} ${said} the rate sheet "${sheet.name}", effective ${sheet.effectiveFrom}.\n\n${link}`,
    });
    return true;
  });
  if (!done) {
    const [again] = await db.select().from(rateSheetApprovals).where(eq(rateSheetApprovals.id, row.id));
    if (again.decision) throw new AppError(409, `This rate sheet was already ${again.decision.toLowerCase()} by ${again.approverName} on ${again.decidedAt!.toISOString().slice(0, 10)}.`);
    throw new AppError(410, 'This approval link has expired. Ask the company that sent it for a new one.');
  }
  return readRateSheetApproval(db, token, now);
}
