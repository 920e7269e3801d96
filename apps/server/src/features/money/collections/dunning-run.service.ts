import { and, eq, sql } from 'drizzle-orm';
import type { DunningRun } from '@sm/shared';
import { scheduledJobs } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import type { ScheduledJob } from '../../platform/jobs/job-runner';
import { DUNNING_JOB, dunningNowKey } from './dunning.job';

const answerOf = (job: ScheduledJob): DunningRun => ({
  runId: job.id,
  // A run is never cancelled (nothing replaces a run asked for now), so the three states are all there is.
  status: job.status === 'done' ? 'done' : job.status === 'queued' ? 'queued' : 'failed',
  statementsQueued: job.status === 'done' ? Number(job.payload.statementsQueued ?? 0) : null,
  finishedAt: job.finishedAt?.toISOString() ?? null,
});

/**
 * `POST Collection/dunning/run`: the company's dunning, as the nightly run does it, queued to run at once through the
 * durable job runner (the runner's next round, within a second or two). A run asked for while one still waits is that
 * one: the waiting key admits one, so two people pressing together queue a single run. The nightly run keeps waiting.
 */
export async function runDunningNow(ctx: Ctx): Promise<DunningRun> {
  const subscriberId = ctx.actor.subscriberId;
  const key = dunningNowKey(subscriberId);
  // A waiting run that ends between the insert that found it and the read that looks for it is done: queue another.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [made] = await ctx.db
      .insert(scheduledJobs)
      .values({ kind: DUNNING_JOB, runAt: ctx.now, subscriberId, dedupeKey: key, payload: { requestedBy: ctx.actor.userId } })
      .onConflictDoNothing({ target: scheduledJobs.dedupeKey, where: sql`${scheduledJobs.status} = 'queued' and ${scheduledJobs.dedupeKey} is not null` })
      .returning();
    if (made) return answerOf(made);
    const [waiting] = await ctx.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.dedupeKey, key), eq(scheduledJobs.status, 'queued')));
    if (waiting) return answerOf(waiting);
  }
  throw new Error('The dunning run could not be queued.');
}

/** `GET Collection/dunning/runs/{runId}`: where a run asked for now stands; another company's run is missing. */
export async function getDunningRun(ctx: Ctx, runId: number): Promise<DunningRun> {
  const [job] = await ctx.db
    .select()
    .from(scheduledJobs)
    .where(ofTenant(scheduledJobs, ctx, eq(scheduledJobs.id, runId), eq(scheduledJobs.kind, DUNNING_JOB), eq(scheduledJobs.dedupeKey, dunningNowKey(ctx.actor.subscriberId))));
  return answerOf(foundOrThrow(job, 'Dunning run'));
}
