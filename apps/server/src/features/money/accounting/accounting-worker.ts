import { eq } from 'drizzle-orm';
import type { AccountingSystemName } from '@sm/shared';
import type { Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { defineJob, scheduleJob, type ScheduledJob } from '../../platform/jobs/job-runner';
import { AccountingError, type AccountingSystem, type Posted } from './accounting-system';
import { accountingPostingAttempts, accountingPostings } from './accounting.table';
import { POSTING_JOB, type PostingRow } from './accounting-outbox.service';
import { accountingSystemOf } from './accounting-system-of';
import { creditMemoDocument, invoiceDocument, paymentDocument } from './posting-documents';

/** Waits after each passing failure: 1 minute, 5, 30, then 2 hours; the attempt after the last wait is the last. */
export const POSTING_BACKOFF_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];

/** How one attempt ended, as the posting and its history keep it. */
interface Outcome {
  status: 'posted' | 'retrying' | 'failed';
  attemptOutcome: 'posted' | 'alreadyPosted' | 'retry' | 'refused' | 'failed';
  message: string | null;
  recordNo?: string;
  retryInMs?: number;
}

/**
 * A payment: its convenience-fee invoice first (posted by its own number, so a run after a crash finds it there and
 * takes its record), then the payment applied to its invoice and to the fee invoice.
 */
async function sendPayment(tx: Tx, system: AccountingSystem, posting: PostingRow): Promise<Posted> {
  const { payment, fee } = await paymentDocument(tx, posting, system.name);
  if (!fee) return system.postPayment(payment);
  const feeInvoice = await system.postInvoice(fee.invoice);
  return system.postPayment({ ...payment, applications: [...payment.applications, { recordNo: feeInvoice.recordNo, amount: fee.amount }] });
}

async function send(tx: Tx, system: AccountingSystem, posting: PostingRow): Promise<Posted> {
  switch (posting.documentKind) {
    case 'invoice':
      return system.postInvoice(await invoiceDocument(tx, posting, system.name));
    case 'payment':
      return sendPayment(tx, system, posting);
    case 'creditMemo':
      return system.postCreditMemo(await creditMemoDocument(tx, posting, system.name));
    default:
      throw new AppError(422, `A posting of kind ${posting.documentKind} cannot be sent.`);
  }
}

/**
 * Decides from a failure: a passing one (no answer, a server error, a rate limit, a payment whose invoice is not
 * posted yet) is tried again after the next wait, and fails with the last sentence when no wait is left; a refusal
 * (a closed period, an unknown account, a mapping gap, refused credentials) stops at once with its sentence, until an
 * administrator fixes the cause and sends it again. Anything else is a fault of ours and goes to the job runner.
 */
function outcomeOfFailure(err: unknown, attempt: number): Outcome {
  if (err instanceof AccountingError && err.isRetryable) {
    const wait = POSTING_BACKOFF_MS[attempt - 1];
    if (wait === undefined) return { status: 'failed', attemptOutcome: 'failed', message: `${err.message} Gave up after ${attempt} attempts; send it again from the sync log.` };
    return { status: 'retrying', attemptOutcome: 'retry', message: err.message, retryInMs: wait };
  }
  if (err instanceof AppError) return { status: 'failed', attemptOutcome: 'refused', message: err.message };
  throw err;
}

/**
 * Sends one posting, inside the job's transaction: the row is locked, so two runners never send it at once, and its
 * new state commits with the job's end. A process killed after Intacct took the document but before the commit
 * leaves the posting queued; the next run sends the same document number, which Intacct answers as a duplicate, and
 * the posting is marked posted: never twice.
 */
export async function runPosting(tx: Tx, postingId: number, now = new Date()): Promise<void> {
  const [posting] = await tx.select().from(accountingPostings).where(eq(accountingPostings.id, postingId)).for('update');
  if (!posting || posting.status === 'posted' || posting.status === 'failed') return;
  const attempt = posting.attempts + 1;
  let outcome: Outcome;
  // The system it goes to: the one the company posts to now, else the one it was queued for (named by the refusal).
  let systemName = posting.system as AccountingSystemName;
  try {
    const system = await accountingSystemOf(tx, posting.subscriberId, systemName);
    systemName = system.name;
    const posted = await send(tx, system, posting);
    outcome = posted.isAlreadyThere
      ? { status: 'posted', attemptOutcome: 'alreadyPosted', recordNo: posted.recordNo, message: `${system.name} already had document ${posting.documentNumber} (record ${posted.recordNo}); it was not posted again.` }
      : { status: 'posted', attemptOutcome: 'posted', recordNo: posted.recordNo, message: null };
  } catch (err) {
    outcome = outcomeOfFailure(err, attempt);
  }
  await tx
    .update(accountingPostings)
    .set({
      status: outcome.status,
      system: systemName,
      message: outcome.message,
      attempts: attempt,
      updatedAt: now,
      ...(outcome.recordNo ? { recordNo: outcome.recordNo, postedAt: now } : {}),
    })
    .where(eq(accountingPostings.id, posting.id));
  await tx.insert(accountingPostingAttempts).values({ subscriberId: posting.subscriberId, postingId: posting.id, attempt, outcome: outcome.attemptOutcome, message: outcome.message, at: now });
  if (outcome.retryInMs !== undefined) {
    await scheduleJob(tx, { kind: POSTING_JOB, runAt: new Date(now.getTime() + outcome.retryInMs), subscriberId: posting.subscriberId, payload: { postingId: posting.id } });
  }
}

defineJob(POSTING_JOB, async (tx, job: ScheduledJob) => {
  const postingId = job.payload.postingId;
  if (typeof postingId === 'number') await runPosting(tx, postingId);
});
