import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AccountingSystemName, Posting, PostingDetail, PostingState, PostingStatus } from '@sm/shared';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { scheduleJob } from '../../platform/jobs/job-runner';
import { accountingPostingAttempts, accountingPostings } from './accounting.table';
import { accountingSystemName, isPostingToAccounting } from './accounting-system-of';

/** The job that sends one posting (accounting-worker.ts). */
export const POSTING_JOB = 'accounting.post';

export type PostingRow = typeof accountingPostings.$inferSelect;

/** A document to post, named by the number it carries in both systems. */
export type NewPosting =
  | { documentKind: 'invoice'; documentNumber: string; invoiceId: number }
  | { documentKind: 'payment'; documentNumber: string; invoiceId: number; paymentId: number }
  | { documentKind: 'creditMemo'; documentNumber: string; creditMemoId: number };

/** An invoice's document number in the accounting system: its own number. */
export const invoiceDocumentNumber = (invoiceNumber: number) => String(invoiceNumber);
/** A payment's: the invoice's number and the payment's id, so two payments of one invoice never share one. */
export const paymentDocumentNumber = (invoiceNumber: number, paymentId: number) => `${invoiceNumber}-P${paymentId}`;
/** A credit memo's. */
export const creditMemoDocumentNumber = (creditMemoId: number) => `CM-${creditMemoId}`;

/**
 * Writes a posting in the transaction of the change that caused it (a submitted invoice, a payment, a credit memo) and
 * queues the job that sends it, when the company posts to an accounting system; otherwise nothing. Both stand or fall with the
 * change: an invoice that rolled back is never posted, and one that committed always has its posting.
 */
export async function enqueuePosting(tx: Tx, ctx: Ctx, doc: NewPosting): Promise<void> {
  if (!(await isPostingToAccounting(tx, ctx.actor.subscriberId))) return;
  const [row] = await tx
    .insert(accountingPostings)
    .values({
      subscriberId: ctx.actor.subscriberId,
      documentKind: doc.documentKind,
      documentNumber: doc.documentNumber,
      system: await accountingSystemName(tx, ctx.actor.subscriberId),
      invoiceId: 'invoiceId' in doc ? doc.invoiceId : null,
      paymentId: 'paymentId' in doc ? doc.paymentId : null,
      creditMemoId: 'creditMemoId' in doc ? doc.creditMemoId : null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: accountingPostings.id });
  await scheduleJob(tx, { kind: POSTING_JOB, runAt: ctx.now, subscriberId: ctx.actor.subscriberId, payload: { postingId: row.id } });
}

/**
 * When the worker sends a posting next: the run time of its job still waiting, as ISO text (the same on both drivers),
 * or null when none waits (posted, failed). The outer row is named in full: Drizzle writes a lone table's columns
 * unqualified, which inside this subquery would name the job's own.
 */
const nextAttemptAt = sql<string | null>`(select to_char(min(j.run_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from scheduled_jobs j
  where j.subscriber_id = accounting_postings.subscriber_id and j.kind = ${POSTING_JOB} and j.status = 'queued'
    and j.payload->>'postingId' = accounting_postings.id::text)`;

/** Where an invoice stands in accounting (its own posting, not its payments'); null when it was never queued. */
export async function invoicePostingState(db: DbOrTx, ctx: Ctx, invoiceId: number): Promise<PostingState | null> {
  const [found] = await db
    .select({ row: accountingPostings, nextAttemptAt })
    .from(accountingPostings)
    .where(ofTenant(accountingPostings, ctx, and(eq(accountingPostings.invoiceId, invoiceId), eq(accountingPostings.documentKind, 'invoice'))));
  if (!found) return null;
  const { row } = found;
  return {
    postingId: row.id, system: row.system as AccountingSystemName, status: row.status as PostingStatus, message: row.message, documentNumber: row.documentNumber, recordNo: row.recordNo, postedAt: row.postedAt?.toISOString() ?? null,
    nextAttemptAt: isWaiting(row) ? found.nextAttemptAt : null,
  };
}

const isWaiting = (r: PostingRow) => r.status === 'queued' || r.status === 'retrying';

const postingOf = (r: PostingRow, next: string | null): Posting => ({
  postingId: r.id,
  documentKind: r.documentKind as Posting['documentKind'],
  documentNumber: r.documentNumber,
  system: r.system as AccountingSystemName,
  invoiceId: r.invoiceId,
  status: r.status as PostingStatus,
  message: r.message,
  attempts: r.attempts,
  recordNo: r.recordNo,
  createdAt: r.createdAt.toISOString(),
  postedAt: r.postedAt?.toISOString() ?? null,
  nextAttemptAt: isWaiting(r) ? next : null,
});

/** `GET Intacct/syncLog`: the company's postings (each naming the system it went to), newest first, of one status or one invoice when asked. */
export async function listSyncLog(ctx: Ctx, query: { status?: PostingStatus; invoiceId?: number; take: number; skip: number }): Promise<{ data: Posting[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(accountingPostings.status, query.status));
  if (query.invoiceId) filters.push(eq(accountingPostings.invoiceId, query.invoiceId));
  const where = ofTenant(accountingPostings, ctx, ...filters);
  const rows = await ctx.db
    .select({ row: accountingPostings, nextAttemptAt })
    .from(accountingPostings)
    .where(where)
    .orderBy(desc(accountingPostings.createdAt), desc(accountingPostings.id))
    .limit(query.take)
    .offset(query.skip);
  const [{ total }] = await ctx.db.select({ total: count() }).from(accountingPostings).where(where);
  return { data: rows.map((r) => postingOf(r.row, r.nextAttemptAt)), total };
}

async function postingRow(db: DbOrTx, ctx: Ctx, postingId: number, opts: { lock?: boolean } = {}): Promise<PostingRow> {
  const query = db.select().from(accountingPostings).where(ofTenant(accountingPostings, ctx, eq(accountingPostings.id, postingId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Posting');
  return row;
}

/** `GET Intacct/syncLog/{postingId}`: one posting with every attempt and how it ended. */
export async function getPosting(ctx: Ctx, postingId: number): Promise<PostingDetail> {
  const row = await postingRow(ctx.db, ctx, postingId);
  const [{ next }] = await ctx.db.select({ next: nextAttemptAt }).from(accountingPostings).where(ofTenant(accountingPostings, ctx, eq(accountingPostings.id, row.id)));
  const history = await ctx.db
    .select()
    .from(accountingPostingAttempts)
    .where(ofTenant(accountingPostingAttempts, ctx, eq(accountingPostingAttempts.postingId, postingId)))
    .orderBy(asc(accountingPostingAttempts.id));
  return { ...postingOf(row, next), history: history.map((h) => ({ attempt: h.attempt, outcome: h.outcome, message: h.message, at: h.at.toISOString() })) };
}

/**
 * `POST Intacct/syncLog/{postingId}/resend`: sends a failed posting again (after the mapping was completed or the
 * period reopened). A posted document is never sent again, and one still waiting needs no resend: both are a 409.
 * The same document number goes again, so the accounting system can never hold it twice.
 */
export async function resendPosting(ctx: Ctx, postingId: number): Promise<PostingDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await postingRow(tx, ctx, postingId, { lock: true });
    if (row.status === 'posted') throw new AppError(409, `Document ${row.documentNumber} is already posted to ${row.system}; it is not sent twice.`);
    if (row.status !== 'failed') throw new AppError(409, `Document ${row.documentNumber} is still waiting to be posted; it is sent without a resend.`);
    await tx
      .update(accountingPostings)
      .set({ status: 'queued', message: null, updatedAt: ctx.now })
      .where(ofTenant(accountingPostings, ctx, eq(accountingPostings.id, postingId)));
    await tx.insert(accountingPostingAttempts).values({ subscriberId: ctx.actor.subscriberId, postingId, attempt: row.attempts, outcome: 'resent', message: `Sent again by ${ctx.actor.userName}.`, at: ctx.now });
    await scheduleJob(tx, { kind: POSTING_JOB, runAt: ctx.now, subscriberId: ctx.actor.subscriberId, payload: { postingId } });
    await recordAudit(tx, ctx, { entity: 'accountingPosting', entityId: postingId, action: 'resend', before: { status: row.status, message: row.message }, after: { status: 'queued' } });
  });
  return getPosting(ctx, postingId);
}
