import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cancelJob, defineJob, JOBS_A_ROUND, runDueJobs, scheduleJob, startJobRunner } from './job-runner';
import { scheduledJobs } from './jobs.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table job_effects (job_id integer not null, note text not null)`);
});
afterAll(() => t.close());

type Effect = { job_id: number; note: string };
const effects = async () => ((await t.db.execute(sql`select job_id, note from job_effects order by job_id, note`)) as unknown as { rows: Effect[] }).rows;
const jobOf = async (id: number) => (await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, id)))[0]!;
const at = (iso: string) => new Date(iso);
let calls = 0;

// A job that writes its effect in the runner's transaction, and one that writes, then fails until told to succeed.
defineJob('test.note', async (tx, job) => {
  calls++;
  await tx.execute(sql`insert into job_effects (job_id, note) values (${job.id}, ${String(job.payload.note)})`);
});
let failuresLeft = 0;
defineJob('test.flaky', async (tx, job) => {
  await tx.execute(sql`insert into job_effects (job_id, note) values (${job.id}, 'half-done')`);
  if (failuresLeft-- > 0) throw new Error('The mail server did not answer.');
});

describe('the durable job runner', () => {
  it('runs a job once when it is due, not before, with its effect and its end in one transaction', async () => {
    const id = await scheduleJob(t.db, { kind: 'test.note', runAt: at('2026-11-26T10:00:00Z'), payload: { note: 'due at ten' } });
    expect(await runDueJobs(t.db, { now: at('2026-11-26T09:59:59Z') })).toBe(0);
    expect(await effects()).toEqual([]);
    expect(await runDueJobs(t.db, { now: at('2026-11-26T10:00:00Z') })).toBe(1);
    expect(await runDueJobs(t.db, { now: at('2026-11-26T11:00:00Z') })).toBe(0);
    expect(await effects()).toEqual([{ job_id: id, note: 'due at ten' }]);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('rolls a failed job back, tries it again after a wait, and marks it failed with the words after the last attempt', async () => {
    await t.db.execute(sql`delete from job_effects`);
    failuresLeft = 1;
    const id = await scheduleJob(t.db, { kind: 'test.flaky', runAt: at('2026-11-26T10:00:00Z') });
    expect(await runDueJobs(t.db, { now: at('2026-11-26T10:00:00Z'), backoffMs: [60_000] })).toBe(0);
    expect(await effects()).toEqual([]);
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'The mail server did not answer.', runAt: at('2026-11-26T10:01:00Z') });
    expect(await runDueJobs(t.db, { now: at('2026-11-26T10:00:30Z'), backoffMs: [60_000] })).toBe(0);
    expect(await runDueJobs(t.db, { now: at('2026-11-26T10:01:00Z'), backoffMs: [60_000] })).toBe(1);
    expect(await effects()).toEqual([{ job_id: id, note: 'half-done' }]);

    failuresLeft = 5;
    const doomed = await scheduleJob(t.db, { kind: 'test.flaky', runAt: at('2026-11-26T10:00:00Z') });
    await runDueJobs(t.db, { now: at('2026-11-26T10:00:00Z'), backoffMs: [1000] });
    await runDueJobs(t.db, { now: at('2026-11-26T10:00:01Z'), backoffMs: [1000] });
    expect(await jobOf(doomed)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'The mail server did not answer.' });
    expect((await effects()).filter((e) => e.job_id === doomed)).toEqual([]);
  });

  it('marks a job of a kind nobody defines as failed, in words', async () => {
    const id = await scheduleJob(t.db, { kind: 'test.unknown', runAt: at('2026-11-26T10:00:00Z') });
    await runDueJobs(t.db, { now: at('2026-11-26T10:00:00Z'), backoffMs: [] });
    expect(await jobOf(id)).toMatchObject({ status: 'failed', lastError: 'No job handler is defined for test.unknown.' });
  });

  it('keeps one waiting copy of a job scheduled again under its key, and a cancelled job never runs', async () => {
    await t.db.execute(sql`delete from job_effects`);
    const first = await scheduleJob(t.db, { kind: 'test.note', runAt: at('2026-11-26T12:00:00Z'), payload: { note: 'first' }, dedupeKey: 'reminder:1' });
    const moved = await scheduleJob(t.db, { kind: 'test.note', runAt: at('2026-11-26T12:30:00Z'), payload: { note: 'moved' }, dedupeKey: 'reminder:1' });
    expect(await jobOf(first)).toMatchObject({ status: 'cancelled' });
    const other = await scheduleJob(t.db, { kind: 'test.note', runAt: at('2026-11-26T12:00:00Z'), payload: { note: 'other' }, dedupeKey: 'reminder:2' });
    await cancelJob(t.db, 'reminder:2');
    await runDueJobs(t.db, { now: at('2026-11-26T13:00:00Z') });
    expect(await effects()).toEqual([{ job_id: moved, note: 'moved' }]);
    expect(await jobOf(other)).toMatchObject({ status: 'cancelled' });
  });

  it('never runs a job twice when runners compete for the queue', async () => {
    await t.db.execute(sql`delete from job_effects`);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await scheduleJob(t.db, { kind: 'test.note', runAt: at('2026-11-26T14:00:00Z'), payload: { note: `n${i}` } }));
    const now = at('2026-11-26T14:00:00Z');
    const ran = await Promise.all([runDueJobs(t.db, { now }), runDueJobs(t.db, { now }), runDueJobs(t.db, { now }), runDueJobs(t.db, { now })]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(40);
    const rows = await effects();
    expect(rows.map((r) => r.job_id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('runs jobs that fell due while no runner ran as soon as one starts', async () => {
    await t.db.execute(sql`delete from job_effects`);
    const id = await scheduleJob(t.db, { kind: 'test.note', runAt: new Date(Date.now() - 3600_000), payload: { note: 'missed while down' } });
    const runner = startJobRunner({ db: t.db, log: { error: () => undefined }, pollMs: 50 });
    try {
      await expect.poll(async () => (await jobOf(id)).status, { timeout: 5000 }).toBe('done');
    } finally {
      await runner.stop();
    }
    expect(await effects()).toEqual([{ job_id: id, note: 'missed while down' }]);
  });

  it('starts the next round at once after a full one, so a long queue does not wait a poll every round', async () => {
    await t.db.execute(sql`delete from job_effects`);
    const due = new Date(Date.now() - 1000);
    const ids: number[] = [];
    for (let i = 0; i < JOBS_A_ROUND + 5; i++) ids.push(await scheduleJob(t.db, { kind: 'test.note', runAt: due, payload: { note: `queued ${i}` } }));
    const runner = startJobRunner({ db: t.db, log: { error: () => undefined }, pollMs: 600_000 });
    try {
      await expect.poll(async () => (await jobOf(ids.at(-1)!)).status, { timeout: 20_000 }).toBe('done');
    } finally {
      await runner.stop();
    }
    expect((await effects()).length).toBe(JOBS_A_ROUND + 5);
  });
});
