import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/smtp-sink';
import { defineJob, runDueJobs, scheduleJob, startJobRunner } from './job-runner';
import { scheduledJobs } from './jobs.table';

/** A value that looks like a secret, sent as a query parameter. */
const LIVE_KEY = 'sk_live_51HqSecretLookingValue9x';

let t: TestApp;
const lines: string[] = [];
const logged = () => lines.join('');

defineJob('test.failingQuery', async (tx) => {
  await tx.execute(sql`select 1 / 0 where ${LIVE_KEY} <> ''`);
});

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a failed job and its query parameters', () => {
  it('keeps a failed job\'s parameters out of its recorded error and out of the job runner\'s log', async () => {
    const first = await scheduleJob(t.db, { kind: 'test.failingQuery', runAt: new Date(Date.now() - 1000) });
    await runDueJobs(t.db, { limit: 1, backoffMs: [] });
    const [job] = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, first));
    expect(job).toMatchObject({ status: 'failed' });
    expect(job.lastError).toContain('division by zero');
    expect(job.lastError).not.toContain(LIVE_KEY);

    lines.length = 0;
    const second = await scheduleJob(t.db, { kind: 'test.failingQuery', runAt: new Date(Date.now() - 1000) });
    // Any logger: what the runner hands it holds no parameter, whatever the logger's own serializers do.
    const log = { error: (obj: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(obj)}`) };
    const runner = startJobRunner({ db: t.db, log, pollMs: 50 });
    try {
      await waitUntil(() => lines.some((l) => l.includes('A scheduled job failed')), 'the job runner to log the failure', 10_000);
    } finally {
      await runner.stop();
    }
    const [again] = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, second));
    expect(again.lastError).toContain('division by zero');
    expect(again.lastError).not.toContain(LIVE_KEY);
    expect(logged()).toContain('division by zero');
    expect(logged()).toContain('select 1 / 0 where');
    expect(logged()).not.toContain(LIVE_KEY);
  });
});
