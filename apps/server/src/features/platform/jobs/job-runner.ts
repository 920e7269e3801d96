import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { DbOrTx, Tx } from '../../../lib/context';
import { errorForLog, errorText } from '../../../lib/error-log';
import type { EventBus } from '../realtime/event-bus';
import { scheduledJobs } from './jobs.table';

export type ScheduledJob = typeof scheduledJobs.$inferSelect;

/**
 * What a job does, inside the transaction that marks it done. It may answer a function to call after the commit
 * (telling live clients), which never runs for a job that rolled back.
 */
export type JobHandler = (tx: Tx, job: ScheduledJob, env: JobEnv) => Promise<(() => void) | void>;

/** What a job may use besides its transaction: the bus that tells live clients (absent in scripts). */
export interface JobEnv {
  events?: Pick<EventBus, 'publish'>;
}

const handlers = new Map<string, JobHandler>();

/** Names what a kind of job does; one handler per kind, registered when its feature's module loads. */
export function defineJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

export interface NewJob {
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  subscriberId?: number | null;
  /** A job scheduled again under the same key replaces the one still waiting. */
  dedupeKey?: string;
}

/** Queues a job in the caller's transaction: it exists only if that change commits. Answers its id. */
export async function scheduleJob(tx: DbOrTx, job: NewJob): Promise<number> {
  if (job.dedupeKey) await cancelJob(tx, job.dedupeKey);
  const [row] = await tx
    .insert(scheduledJobs)
    .values({ kind: job.kind, runAt: job.runAt, payload: job.payload ?? {}, subscriberId: job.subscriberId ?? null, dedupeKey: job.dedupeKey ?? null })
    .returning({ id: scheduledJobs.id });
  return row.id;
}

/** Takes back the waiting job of a key, if any (a reminder removed or moved). */
export async function cancelJob(tx: DbOrTx, dedupeKey: string) {
  await tx
    .update(scheduledJobs)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(scheduledJobs.dedupeKey, dedupeKey), eq(scheduledJobs.status, 'queued')));
}

/** Waits after each failed attempt: 10 s, 1 min, 10 min, 1 h; the attempt after the last wait is the last. */
export const JOB_BACKOFF_MS: readonly number[] = [10_000, 60_000, 600_000, 3_600_000];

/** Jobs run by one call of `runDueJobs` unless told otherwise: a round of the runner. */
export const JOBS_A_ROUND = 50;

export interface RunOptions {
  /** The time jobs are due by (a test can fix it). */
  now?: Date;
  /** At most this many jobs in one call. */
  limit?: number;
  backoffMs?: readonly number[];
  onError?: (job: ScheduledJob, err: unknown) => void;
  events?: JobEnv['events'];
}

/**
 * Runs the jobs due by now, oldest first, each in its own transaction: the job's row is locked with SKIP LOCKED, so
 * runners in several processes never take the same job, and marked done in the transaction that made its effects.
 * A job whose handler throws is rolled back and tried again after a wait, then marked failed with the error's words.
 * Answers how many jobs ran to the end.
 */
export async function runDueJobs(db: Db, opts: RunOptions = {}): Promise<number> {
  const limit = opts.limit ?? JOBS_A_ROUND;
  const backoff = opts.backoffMs ?? JOB_BACKOFF_MS;
  let done = 0;
  for (let i = 0; i < limit; i++) {
    const now = opts.now ?? new Date();
    let claimed: ScheduledJob | undefined;
    try {
      const after = await db.transaction(async (tx) => {
        [claimed] = await tx
          .select()
          .from(scheduledJobs)
          .where(and(eq(scheduledJobs.status, 'queued'), sql`${scheduledJobs.runAt} <= ${now.toISOString()}::timestamptz`))
          .orderBy(scheduledJobs.runAt, scheduledJobs.id)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!claimed) return null;
        const handler = handlers.get(claimed.kind);
        if (!handler) throw new Error(`No job handler is defined for ${claimed.kind}.`);
        const afterCommit = await handler(tx, claimed, { events: opts.events });
        await tx
          .update(scheduledJobs)
          .set({ status: 'done', attempts: claimed.attempts + 1, finishedAt: now, lastError: null })
          .where(eq(scheduledJobs.id, claimed.id));
        return afterCommit ?? (() => undefined);
      });
      if (!after) return done;
      done++;
      after();
    } catch (err) {
      if (!claimed) throw err;
      opts.onError?.(claimed, err);
      const attempts = claimed.attempts + 1;
      const isLast = attempts > backoff.length;
      await db
        .update(scheduledJobs)
        .set({
          attempts,
          // The database's words, without the failed statement's parameters.
          lastError: errorText(err),
          ...(isLast ? { status: 'failed' as const, finishedAt: now } : { runAt: new Date(now.getTime() + backoff[attempts - 1]!) }),
        })
        .where(and(eq(scheduledJobs.id, claimed.id), eq(scheduledJobs.status, 'queued')));
    }
  }
  return done;
}

export interface JobLog {
  error(obj: object, msg: string): void;
}

/**
 * Runs due jobs every `pollMs` (default 1 s) until stopped; `stop()` waits for the round in hand. Jobs due while no
 * runner ran (the server was down) run on the first round. A round that ran as many jobs as a round may is followed
 * at once by the next, so a long chain of jobs (an import's batches) does not wait a poll every fifty jobs.
 */
export function startJobRunner(opts: { db: Db; log: JobLog; pollMs?: number; events?: JobEnv['events'] }): { stop(): Promise<void> } {
  const pollMs = opts.pollMs ?? 1000;
  let stopped = false;
  let round: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    let ran = 0;
    round = runDueJobs(opts.db, { events: opts.events, onError: (job, err) => opts.log.error({ jobId: job.id, kind: job.kind, err: errorForLog(err) }, 'A scheduled job failed') })
      .then((done) => (ran = done))
      .catch((err: unknown) => opts.log.error({ err: errorForLog(err) }, 'The job runner could not read its queue'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, ran >= JOBS_A_ROUND ? 0 : pollMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
