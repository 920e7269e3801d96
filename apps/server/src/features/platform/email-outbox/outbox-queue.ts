import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { emailOutbox, emailOutboxAttachments } from '../../../db/schema';

/**
 * The outbox's state changes, each one statement, so that whatever moment a process dies the row says what is known:
 * queued (not handed to the mail server), sending (handed over by a process that holds the lease), sent, failed,
 * or uncertain (the lease ran out while sending). Every change after the claim names the attempt it belongs to, so
 * a late answer of an attempt that was overtaken (marked uncertain, resent) changes nothing.
 */

/** The sentence an interrupted message carries. */
export const INTERRUPTED_SENTENCE =
  'The server stopped while sending this message, so it may or may not have been delivered. Check with the recipient before sending it again.';

/** A message this process claimed, with what it needs to send it. */
export interface ClaimedMessage {
  id: number;
  fromAddress: string;
  fromName: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  html: string;
  text: string | null;
  messageId: string;
  /** This attempt's number, from 1. */
  attempts: number;
}

/**
 * Claims up to `limit` due queued messages for this process: they become `sending`, with a lease of `leaseMs` and one
 * more attempt. SKIP LOCKED lets processes claim side by side, each message by one of them only. The due rows are
 * picked once, in a materialised CTE: as `id IN (subquery)` the planner may scan the subquery again for each row,
 * and each scan skips the rows this very statement just updated and hands over the next ones, past the limit.
 */
export async function claimDueMessages(db: Db, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const result = await db.execute(sql`
    with due as materialized (
      select id from email_outbox
       where status = 'queued' and next_attempt_at <= now()
       order by next_attempt_at, id
       limit ${Math.round(limit)}::integer
         for update skip locked)
    update email_outbox
       set status = 'sending', locked_until = now() + ${Math.round(leaseMs)}::integer * interval '1 millisecond', attempts = email_outbox.attempts + 1
      from due
     where email_outbox.id = due.id and email_outbox.status = 'queued'
    returning email_outbox.id, from_address as "fromAddress", from_name as "fromName", "to", cc, bcc, reply_to as "replyTo", subject, html, "text",
              message_id as "messageId", attempts`);
  return (result as unknown as { rows: ClaimedMessage[] }).rows;
}

/** The files of a message, in their order. */
export function attachmentsOf(db: Db, outboxId: number) {
  return db
    .select({ fileName: emailOutboxAttachments.fileName, contentType: emailOutboxAttachments.contentType, content: emailOutboxAttachments.content })
    .from(emailOutboxAttachments)
    .where(eq(emailOutboxAttachments.outboxId, outboxId))
    .orderBy(asc(emailOutboxAttachments.ordinal));
}

/**
 * Messages whose sender died while sending (their lease ran out) become uncertain: the mail server may have taken
 * them, so sending them again could deliver them twice, and dropping them could lose them. An administrator decides.
 */
export async function markInterrupted(db: Db): Promise<number[]> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'uncertain', lockedUntil: null, lastError: INTERRUPTED_SENTENCE })
    .where(and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.lockedUntil, sql`now()`)))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

const attempt = (id: number, attempts: number) => and(eq(emailOutbox.id, id), eq(emailOutbox.attempts, attempts));

/** A body with the message's secret struck out: what the database keeps of a personal link once it has been sent. */
const struck = (body: typeof emailOutbox.html | typeof emailOutbox.text) =>
  sql`case when ${emailOutbox.secret} is null then ${body} else replace(${body}, ${emailOutbox.secret}, '[link removed once sent]') end`;

/**
 * The mail server accepted the message (also after the lease ran out: delivered is what it is). `note` keeps the
 * server's words on recipients it refused while it took the message for the others. The
 * message's secret (a personal link's token) is struck from it.
 */
export async function markSent(db: Db, id: number, attempts: number, note: string | null = null): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: note, html: struck(emailOutbox.html), text: struck(emailOutbox.text), secret: null })
    .where(and(attempt(id, attempts), inArray(emailOutbox.status, ['sending', 'uncertain'])));
}

/** A passing failure: queued again, tried after `delayMs`, with the server's words kept. */
export async function markRetry(db: Db, id: number, attempts: number, delayMs: number, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'queued', lockedUntil: null, lastError: error, nextAttemptAt: sql`now() + ${Math.round(delayMs)}::integer * interval '1 millisecond'` })
    .where(and(attempt(id, attempts), eq(emailOutbox.status, 'sending')));
}

/** A permanent failure, or the last attempt failed: never sent again without an administrator. */
export async function markEnded(db: Db, id: number, attempts: number, status: 'failed' | 'uncertain', error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status, lockedUntil: null, lastError: error })
    .where(and(attempt(id, attempts), eq(emailOutbox.status, 'sending')));
}
