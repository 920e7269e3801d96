import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { RESENDABLE_EMAIL_STATUSES, type EmailOutboxDetail, type EmailOutboxRow, type EmailOutboxSettings, type GridRequestParsed } from '@sm/shared';
import { emailOutbox, emailOutboxAttachments, subscribers, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { mailFromAddress } from '../../../lib/env';
import { AppError } from '../../../lib/errors';
import { gridQuery, type GridColumns } from '../../../lib/grid';
import { escapeHtml } from '../../../lib/rich-text';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import { companyTimeZone } from '../subscribers/company-time';
import { enqueueEmail, senderOf } from './enqueue-email.service';
import { signalOutbox } from './outbox-signal';

const columns: GridColumns = {
  emailOutboxId: { sql: emailOutbox.id, type: 'number' },
  status: { sql: emailOutbox.status, type: 'text' },
  createdAt: { sql: emailOutbox.createdAt, type: 'date' },
  createdByName: { sql: users.name, type: 'text' },
  to: { sql: sql`array_to_string(${emailOutbox.to}, ', ')`, type: 'text' },
  cc: { sql: sql`array_to_string(${emailOutbox.cc}, ', ')`, type: 'text' },
  subject: { sql: emailOutbox.subject, type: 'text' },
  attempts: { sql: emailOutbox.attempts, type: 'number' },
  nextAttemptAt: { sql: emailOutbox.nextAttemptAt, type: 'date' },
  lastError: { sql: emailOutbox.lastError, type: 'text' },
  sentAt: { sql: emailOutbox.sentAt, type: 'date' },
  messageId: { sql: emailOutbox.messageId, type: 'text' },
};

const rowColumns = {
  emailOutboxId: emailOutbox.id,
  status: emailOutbox.status,
  createdAt: emailOutbox.createdAt,
  createdByName: users.name,
  to: emailOutbox.to,
  cc: emailOutbox.cc,
  subject: emailOutbox.subject,
  attempts: emailOutbox.attempts,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  lastError: emailOutbox.lastError,
  sentAt: emailOutbox.sentAt,
  messageId: emailOutbox.messageId,
};

type StoredRow = Omit<EmailOutboxRow, 'status' | 'createdAt' | 'nextAttemptAt' | 'sentAt'> & { status: string; createdAt: Date; nextAttemptAt: Date; sentAt: Date | null };

function rowOf(r: StoredRow): EmailOutboxRow {
  return {
    ...r,
    status: r.status as EmailOutboxRow['status'],
    createdAt: r.createdAt.toISOString(),
    // Only a queued message has a next attempt; the column keeps the last one's time otherwise.
    nextAttemptAt: r.status === 'queued' ? r.nextAttemptAt.toISOString() : null,
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

/** `EmailOutbox/list`: the company's messages, newest first unless sorted otherwise, paged and filtered (by status). */
export async function listOutbox(ctx: Ctx, req: GridRequestParsed): Promise<{ data: EmailOutboxRow[]; total: number }> {
  const q = gridQuery(req, columns, { field: 'createdAt', dir: 'desc' }, await companyTimeZone(ctx));
  const where = ofTenant(emailOutbox, ctx, q.where);
  const rows = await ctx.db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(emailOutbox)
    .leftJoin(users, eq(users.id, emailOutbox.createdBy))
    .where(where)
    // Messages written in the same instant keep the order of the first sort.
    .orderBy(...q.orderBy, req.sort[0]?.dir === 'asc' ? asc(emailOutbox.id) : desc(emailOutbox.id))
    .limit(q.limit)
    .offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    [{ total }] = await ctx.db.select({ total: count() }).from(emailOutbox).leftJoin(users, eq(users.id, emailOutbox.createdBy)).where(where);
  }
  return { total, data: rows.map(({ total: _, ...r }) => rowOf(r)) };
}

/** `EmailOutbox/{id}`: one message of the company with its bodies, and its attachments' names and sizes (not their bytes). */
export async function getOutboxMessage(ctx: Ctx, id: number): Promise<EmailOutboxDetail> {
  const [found] = await ctx.db
    .select({ ...rowColumns, fromAddress: emailOutbox.fromAddress, fromName: emailOutbox.fromName, html: emailOutbox.html, text: emailOutbox.text })
    .from(emailOutbox)
    .leftJoin(users, eq(users.id, emailOutbox.createdBy))
    .where(ofTenant(emailOutbox, ctx, eq(emailOutbox.id, id)));
  const { fromAddress, fromName, html, text, ...row } = foundOrThrow(found, 'Message');
  const attachments = await ctx.db
    .select({
      fileName: emailOutboxAttachments.fileName,
      contentType: emailOutboxAttachments.contentType,
      size: sql<number>`octet_length(${emailOutboxAttachments.content})`.mapWith(Number),
    })
    .from(emailOutboxAttachments)
    .where(eq(emailOutboxAttachments.outboxId, id))
    .orderBy(asc(emailOutboxAttachments.ordinal));
  return { ...rowOf(row), fromAddress, fromName, html, text, attachments };
}

/**
 * `EmailOutbox/{id}/resend`: an administrator sends a failed or uncertain message again, with its Message-ID, so a
 * receiver that got it before can tell the copy. It starts over with the full number of attempts.
 */
export async function resendOutboxMessage(ctx: Ctx, id: number): Promise<EmailOutboxDetail> {
  const [updated] = await ctx.db
    .update(emailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(ofTenant(emailOutbox, ctx, eq(emailOutbox.id, id), inArray(emailOutbox.status, [...RESENDABLE_EMAIL_STATUSES])))
    .returning({ id: emailOutbox.id });
  if (!updated) {
    const current = await getOutboxMessage(ctx, id);
    throw new AppError(409, `Only a failed or uncertain message can be sent again; this one is ${current.status}.`);
  }
  signalOutbox();
  return getOutboxMessage(ctx, id);
}

/** `EmailOutbox/test`: a short message from the company to one address, to see that e-mail reaches people. */
export async function sendTestEmail(ctx: Ctx, to: string): Promise<EmailOutboxDetail> {
  const [company] = await ctx.db.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId));
  const [user] = await ctx.db.select({ name: users.name }).from(users).where(and(eq(users.id, ctx.actor.userId), eq(users.subscriberId, ctx.actor.subscriberId)));
  const who = escapeHtml(user?.name ?? ctx.actor.userName);
  const { emailOutboxId } = await enqueueEmail(ctx.db, {
    subscriberId: ctx.actor.subscriberId,
    createdBy: ctx.actor.userId,
    to: [to],
    subject: `Test e-mail from ${company.name}`,
    html: `<p>This is a test e-mail from ${escapeHtml(company.name)}, sent by ${who} to check that messages reach their recipients.</p><p>No answer is needed.</p>`,
    text: `This is a test e-mail from ${company.name}, sent by ${user?.name ?? ctx.actor.userName} to check that messages reach their recipients.\n\nNo answer is needed.`,
  });
  return getOutboxMessage(ctx, emailOutboxId);
}

/** `EmailOutbox/settings`: whether a mail server is configured, and the sender the company's messages carry. */
export async function outboxSettings(ctx: Ctx, isSmtpConfigured: boolean): Promise<EmailOutboxSettings> {
  const company = (await senderOf(ctx.db, ctx.actor.subscriberId))!;
  return { isSmtpConfigured, from: mailFromAddress(), fromName: company.fromName ?? company.name };
}
