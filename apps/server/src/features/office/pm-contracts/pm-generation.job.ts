import { sql } from 'drizzle-orm';
import { addDays, instantOf } from '@sm/shared';
import type { Db } from '../../../db/client';
import { scheduledJobs, subscribers } from '../../../db/schema';
import type { DbOrTx, Tx } from '../../../lib/context';
import { defineJob, scheduleJob, type ScheduledJob } from '../../platform/jobs/job-runner';
import { dateIn } from '../../platform/subscribers/company-time';
import { generatePmBatch, PM_GENERATION_BATCH, type GenerationResult } from './pm-generation.service';

export const PM_GENERATION_JOB = 'pm-generate';

/** The one waiting generation job of a company: the next batch, or the next day's run. */
export const pmGenerationKey = (subscriberId: number) => `pm-generate:${subscriberId}`;

/** Minutes after the company's midnight the daily run starts: the new day's visits are generated early. */
const DAILY_AT_MINUTES = 5;

/** When the company's next daily run is due: a few minutes after its next midnight, in its zone. */
export function nextDailyRun(now: Date, timeZone: string): Date {
  const tomorrow = addDays(dateIn(now, timeZone), 1);
  return new Date(instantOf(new Date(`${tomorrow}T00:00:00Z`), timeZone).getTime() + DAILY_AT_MINUTES * 60_000);
}

/**
 * One batch of a company's generation as a job, in the job's transaction: the batch's visits, then the next batch
 * queued at once, or, after the last, the next day's run. A process that dies mid-batch leaves the job queued and
 * nothing of the batch written; the next runner does the batch again.
 */
export async function runPmGeneration(tx: Tx, job: Pick<ScheduledJob, 'subscriberId' | 'payload'>, now = new Date(), limit = PM_GENERATION_BATCH): Promise<GenerationResult> {
  const subscriberId = job.subscriberId!;
  const afterContractId = Number(job.payload.afterContractId ?? 0);
  const result = await generatePmBatch(tx, { subscriberId, now, afterContractId, limit });
  const [company] = await tx.select({ timeZone: subscribers.timeZone }).from(subscribers).where(sql`${subscribers.id} = ${subscriberId}`);
  if (!company) return result;
  await scheduleJob(tx, {
    kind: PM_GENERATION_JOB,
    subscriberId,
    dedupeKey: pmGenerationKey(subscriberId),
    ...(result.nextAfterContractId !== null
      ? { runAt: now, payload: { afterContractId: result.nextAfterContractId, limit } }
      : { runAt: nextDailyRun(now, company.timeZone), payload: { afterContractId: 0, limit } }),
  });
  return result;
}

// A run generates as of its due time, or of now when it runs late (the server was down).
defineJob(PM_GENERATION_JOB, async (tx, job) => {
  const limit = Number(job.payload.limit ?? PM_GENERATION_BATCH);
  const now = new Date(Math.max(Date.now(), job.runAt.getTime()));
  await runPmGeneration(tx, job, now, Number.isSafeInteger(limit) && limit > 0 ? limit : PM_GENERATION_BATCH);
});

/**
 * Makes sure every company has its generation job waiting (at server start): a company without one gets its next
 * daily run, a few minutes after its next midnight (a run missed while the server was down waits queued and runs at
 * once). One statement, and the unique key of waiting jobs, so servers starting together queue one each at most.
 */
export async function ensurePmGenerationJobs(db: DbOrTx, now = new Date()) {
  await db.execute(sql`insert into ${scheduledJobs} (kind, run_at, payload, subscriber_id, dedupe_key)
    select ${PM_GENERATION_JOB}, ((${now.toISOString()}::timestamptz at time zone s.time_zone)::date + 1 + make_interval(mins => ${DAILY_AT_MINUTES})) at time zone s.time_zone,
           '{"afterContractId":0}'::jsonb, s.id, ${'pm-generate:'} || s.id
      from ${subscribers} s
     where not exists (select 1 from ${scheduledJobs} j where j.dedupe_key = ${'pm-generate:'} || s.id and j.status = 'queued')
    on conflict (dedupe_key) where status = 'queued' and dedupe_key is not null do nothing`);
}

/** Queues a company's generation now (a contract just approved, or the office's "Generate now" in the background). */
export async function queuePmGeneration(db: Db | Tx, subscriberId: number, now = new Date()) {
  await scheduleJob(db, { kind: PM_GENERATION_JOB, runAt: now, subscriberId, dedupeKey: pmGenerationKey(subscriberId), payload: { afterContractId: 0 } });
}
