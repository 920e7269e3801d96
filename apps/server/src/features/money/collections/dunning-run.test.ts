import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, dunningEmails, scheduledJobs, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs/job-runner';
import { todayOf } from '../../platform/subscribers/company-time';
import { billingCustomer, invoiceOf, polarOf } from './collection-fixtures';
import { dunningKey } from './dunning.job';

let t: TestApp;
let polar: Awaited<ReturnType<typeof polarOf>>;
let coastal: { subscriberId: number; today: string };

const RUN = '/api/v1/Collection/dunning/run';
const template = (name: string, bucket: string) => ({ name, bucket, subject: 'Statement for {{customerName}}', body: 'Dear {{customerName}},\n\n{{pastDue}} is past due.', isActive: true });

/** A billing customer of the company with an e-mail address, owing `total` on an invoice dated `daysAgo` days ago. */
async function owing(subscriberId: number, today: string, termsId: number | null, name: string, daysAgo: number, total: string) {
  const c = await billingCustomer(t, subscriberId, name, termsId);
  await t.db.update(customers).set({ email: `${name.toLowerCase().replace(/\W+/g, '.')}@run-now.example` }).where(eq(customers.id, c.id));
  await invoiceOf(t, subscriberId, c.id, today, daysAgo, total);
  return c;
}

const sentTo = async (ids: number[]) => t.db.select().from(dunningEmails).where(inArray(dunningEmails.customerId, ids));

/** Asks for a run now as `who`, lets the job runner run what is due, and reads the run's answer. */
async function runNow(who = 'admin') {
  const asked = await t.call('POST', RUN, who);
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json()).toMatchObject({ status: 'queued', statementsQueued: null, finishedAt: null });
  const runId = asked.json().runId as number;
  while ((await runDueJobs(t.db)) > 0);
  const read = await t.call('GET', `/api/v1/Collection/dunning/runs/${runId}`, who);
  expect(read.statusCode, read.body).toBe(200);
  return read.json() as { runId: number; status: string; statementsQueued: number | null; finishedAt: string | null };
}

beforeAll(async () => {
  t = await createTestApp();
  polar = await polarOf(t);
  const [coastalAdmin] = await t.db.select().from(users).where(eq(users.userName, 'coastal.admin'));
  coastal = { subscriberId: coastalAdmin.subscriberId, today: await todayOf(t.db, coastalAdmin.subscriberId, new Date()) };
  for (const who of ['admin', 'coastal.admin']) {
    for (const [name, bucket] of [['Run now 1-30', 'days1to30'], ['Run now 31-60', 'days31to60']]) {
      const made = await t.call('POST', '/api/v1/CollectionTemplates', who, template(name, bucket));
      expect(made.statusCode, made.body).toBe(200);
    }
  }
});
afterAll(() => t.close());

describe('Send statements now', () => {
  it('sends one statement per past-due customer through the job, nothing on a second run, and leaves another company alone', async () => {
    // Everything past due before this test was dunned already: only this test's customers count below.
    await runNow();
    const early = await owing(polar.subscriberId, polar.today, polar.net30Id, 'Run Now Diner', 40, '45.10'); // 10 days past due
    const later = await owing(polar.subscriberId, polar.today, polar.net30Id, 'Run Now Bakery', 75, '80.00'); // 45 days past due
    const notDue = await owing(polar.subscriberId, polar.today, polar.net30Id, 'Run Now Not Due', 10, '12.00');
    const foreign = await owing(coastal.subscriberId, coastal.today, null, 'Run Now Coastal Cafe', 40, '33.00');
    const nightly = await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.dedupeKey, dunningKey(polar.subscriberId)), eq(scheduledJobs.status, 'queued')));

    const first = await runNow();
    expect(first).toMatchObject({ status: 'done', statementsQueued: 2 });
    expect(first.finishedAt).not.toBeNull();
    const rows = await sentTo([early.id, later.id, notDue.id, foreign.id]);
    expect(rows.map((r) => [r.customerId, r.bucket]).sort()).toEqual([[early.id, 'days1to30'], [later.id, 'days31to60']].sort());

    const second = await runNow();
    expect(second).toMatchObject({ status: 'done', statementsQueued: 0 });
    expect(await sentTo([early.id, later.id, notDue.id, foreign.id])).toHaveLength(2);
    // The nightly run still waits as it did.
    const stillNightly = await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.dedupeKey, dunningKey(polar.subscriberId)), eq(scheduledJobs.status, 'queued')));
    expect(stillNightly.map((j) => j.id)).toEqual(nightly.map((j) => j.id));

    // Coastal's own run sends Coastal's customer its statement, once.
    expect(await runNow('coastal.admin')).toMatchObject({ status: 'done', statementsQueued: 1 });
    expect((await sentTo([foreign.id])).map((r) => r.subscriberId)).toEqual([coastal.subscriberId]);
  });

  it('answers the run still waiting to whoever asks again before it ran, and one run only runs', async () => {
    const a = await t.call('POST', RUN, 'admin');
    const b = await t.call('POST', RUN, 'admin');
    expect(b.json().runId).toBe(a.json().runId);
    const waiting = await t.db.execute(sql`select count(*)::int as n from scheduled_jobs where dedupe_key = ${`dunning-now:${polar.subscriberId}`} and status = 'queued'`);
    expect((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    while ((await runDueJobs(t.db)) > 0);
    expect((await t.call('GET', `/api/v1/Collection/dunning/runs/${a.json().runId}`, 'admin')).json()).toMatchObject({ status: 'done' });
  });

  it('is refused to readers of Collections, and another company\'s run is missing', async () => {
    const tech = await t.call('POST', RUN, 'tech');
    expect(tech.statusCode).toBe(403);
    const coastalRun = await t.call('POST', RUN, 'coastal.admin');
    expect(coastalRun.statusCode).toBe(200);
    const peek = await t.call('GET', `/api/v1/Collection/dunning/runs/${coastalRun.json().runId}`, 'admin');
    expect(peek.statusCode).toBe(404);
    expect(peek.json().title).toBe('Dunning run was not found.');
    expect((await t.call('GET', '/api/v1/Collection/dunning/runs/abc', 'admin')).statusCode).toBe(400);
    while ((await runDueJobs(t.db)) > 0);
  });
});
