import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, customers, dunningEmails, emailOutbox, emailOutboxAttachments, scheduledJobs } from '../../../db/schema';
import { pdfText } from '../../../test/pdf-text';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startOutboxWorker } from '../../platform/email-outbox/outbox-worker';
import { runDueJobs, scheduleJob } from '../../platform/jobs/job-runner';
import { billingCustomer, invoiceOf, polarOf } from './collection-fixtures';
import { DUNNING_JOB, dunningKey, runDunning } from './dunning.job';

let t: TestApp;
let sink: SmtpSink;
let worker: { stop(): Promise<void> };
let polar: Awaited<ReturnType<typeof polarOf>>;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: quiet, pollMs: 100 });
  polar = await polarOf(t);
});
afterAll(async () => {
  await worker.stop();
  await sink.close();
  await t.close();
});

const URL = '/api/v1/CollectionTemplates';
const template = (extra: Record<string, unknown> = {}) => ({
  name: 'Second notice',
  bucket: 'days31to60',
  subject: '{{companyName}}: {{ customerName }} is {{oldestDaysPastDue}} days past due',
  body: 'Dear {{customerName}},\n\nWe show {{pastDue}} past due of {{balance}} as of {{statementDate}}.\nThe statement is attached.',
  ...extra,
});

/** A Net 30 billing customer with an e-mail address, owing `total` on an invoice dated `daysAgo` days ago. */
async function owing(name: string, daysAgo: number, total: string, email: string | null = `${name.toLowerCase().replace(/\W+/g, '.')}@dunning.example`) {
  const c = await billingCustomer(t, polar.subscriberId, name, polar.net30Id);
  if (email) await t.db.update(customers).set({ email }).where(eq(customers.id, c.id));
  const invoice = await invoiceOf(t, polar.subscriberId, c.id, polar.today, daysAgo, total);
  return { ...c, email, invoice };
}

/** The dunning job as the runner runs it, due at `at`. */
async function runJob(at = new Date()) {
  await scheduleJob(t.db, { kind: DUNNING_JOB, runAt: at, subscriberId: polar.subscriberId, dedupeKey: dunningKey(polar.subscriberId) });
  expect(await runDueJobs(t.db, { now: at })).toBeGreaterThanOrEqual(1);
}

const sentTo = async (customerIds: number[]) =>
  t.db.select().from(dunningEmails).where(and(eq(dunningEmails.subscriberId, polar.subscriberId), inArray(dunningEmails.customerId, customerIds)));
const outboxTo = async (address: string) => (await t.db.execute(sql`select id, subject, text from email_outbox where ${address} = any("to")`)) as unknown as { rows: { id: number; subject: string; text: string }[] };

describe('collection templates', () => {
  it('are created, listed, changed and deleted; one active per bucket, merge fields checked', async () => {
    const made = await t.call('POST', URL, 'admin', template({ name: 'Scratch notice', bucket: 'days61to90' }));
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().collectionTemplateId as number;
    expect(made.json()).toMatchObject({ name: 'Scratch notice', bucket: 'days61to90', isActive: true });
    const again = await t.call('POST', URL, 'admin', template({ name: 'Another scratch', bucket: 'days61to90' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe('Another collection template is already active for 61-90 days: make it inactive first.');
    const sameName = await t.call('POST', URL, 'admin', template({ name: 'SCRATCH NOTICE', bucket: 'over90', isActive: false }));
    expect(sameName.statusCode).toBe(409);
    const unknown = await t.call('POST', URL, 'admin', template({ name: 'Typo', body: 'Dear {{customer}}' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().title).toContain('{{customer}} is not a merge field');
    expect((await t.call('POST', URL, 'admin', template({ name: 'Bad bucket', bucket: 'current' }))).statusCode).toBe(400);

    const changed = await t.call('PUT', `${URL}/${id}`, 'admin', template({ name: 'Scratch notice', bucket: 'days61to90', subject: 'Changed\r\nsubject', isActive: false }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ subject: 'Changed subject', isActive: false });
    expect(((await t.call('GET', URL, 'admin')).json() as { collectionTemplateId: number }[]).some((x) => x.collectionTemplateId === id)).toBe(true);
    expect((await t.call('POST', URL, 'tech', template({ name: 'Tech' }))).statusCode).toBe(403);
    expect((await t.call('DELETE', `${URL}/${id}`, 'admin')).statusCode).toBe(200);
    expect((await t.call('GET', `${URL}/${id}`, 'admin')).statusCode).toBe(404);
    // Saving a template queues the company's nightly run.
    const waiting = await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.dedupeKey, dunningKey(polar.subscriberId)), eq(scheduledJobs.status, 'queued')));
    expect(waiting).toHaveLength(1);
  });
});

describe('the dunning job', () => {
  let second: number;
  let final: number;
  beforeAll(async () => {
    second = (await t.call('POST', URL, 'admin', template())).json().collectionTemplateId;
    final = (await t.call('POST', URL, 'admin', template({ name: 'Final notice', bucket: 'over90', subject: 'Final notice for {{customerName}}' }))).json().collectionTemplateId;
    expect(second).toBeGreaterThan(0);
    expect(final).toBeGreaterThan(0);
  });

  it('e-mails the template of the oldest bucket once with the statement attached, read from a real SMTP server, and not on a second run', async () => {
    const late = await owing('Dunning Bistro', 75, '120.45'); // 45 days past due: 31-60
    await invoiceOf(t, polar.subscriberId, late.id, polar.today, 35, '10.05'); // 5 days past due beside it
    const older = await owing('Dunning Grocer', 130, '99.99', null); // 100 days past due; only its contact has an address
    await t.db.insert(contacts).values({ subscriberId: polar.subscriberId, customerId: older.id, name: 'Pat Payables', email: 'pat@grocer.example', isPrimary: true });
    const noAddress = await owing('Dunning No Mail', 75, '50.00', null);
    const notDue = await owing('Dunning Not Due', 20, '70.00');
    const noTemplate = await owing('Dunning Sixty', 100, '70.00'); // 70 days: 61-90 has no active template

    await runJob();
    const rows = await sentTo([late.id, older.id, noAddress.id, notDue.id, noTemplate.id]);
    expect(rows.map((r) => [r.customerId, r.templateId, r.bucket, r.to]).sort()).toEqual(
      [[late.id, second, 'days31to60', [late.email]], [older.id, final, 'over90', ['pat@grocer.example']]].sort(),
    );
    expect(rows.find((r) => r.customerId === late.id)!.balance).toBe('130.50');

    await waitUntil(() => sink.received.some((m) => m.to && JSON.stringify(m.to).includes(late.email!)), 'the dunning e-mail to reach the SMTP server', 15_000);
    const mail = sink.received.find((m) => JSON.stringify(m.to).includes(late.email!))!;
    expect(mail.subject).toMatch(/^\S.*: Dunning Bistro is 45 days past due$/);
    expect(mail.text).toContain('We show $130.50 past due of $130.50');
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    const text = pdfText(mail.attachments[0]!.content);
    expect(text.some((s) => s.includes('Dunning Bistro'))).toBe(true);
    expect(text.some((s) => s.includes('Balance due: $130.50'))).toBe(true);
    expect(text).toContain(String(late.invoice.invoiceNumber));

    // The next run (the same night again, or the next day in the same bucket) sends nothing more.
    await runJob();
    await runJob(new Date(Date.now() + DAY));
    expect(await sentTo([late.id, older.id])).toHaveLength(2);
    expect((await outboxTo(late.email!)).rows).toHaveLength(1);
    expect((await outboxTo('pat@grocer.example')).rows).toHaveLength(1);

    // The collection view lists it.
    const history = await t.call('GET', `/api/v1/Collection/customers/${late.id}/dunning`, 'admin');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toMatchObject([{ templateName: 'Second notice', bucket: 'days31to60', to: [late.email], balance: 130.5 }]);
  });

  it('sends once per customer after a run interrupted between customers, whether its work was kept or rolled back', async () => {
    const first = await owing('Dunning Interrupted A', 80, '10.10');
    const next = await owing('Dunning Interrupted B', 80, '20.20');
    const stop = new Error('the process stops here');
    // A run that dies after the first customer: nothing of it is kept.
    await expect(t.db.transaction((tx) => runDunning(tx, polar.subscriberId, new Date(), { afterCustomer: (id) => { if (id === first.id) throw stop; } }))).rejects.toBe(stop);
    expect(await sentTo([first.id, next.id])).toHaveLength(0);
    // A run whose first customer's e-mail was committed before it stopped.
    await t.db.transaction(async (tx) => {
      await runDunning(tx, polar.subscriberId, new Date(), { afterCustomer: (id) => { if (id === first.id) throw stop; } }).catch((e: unknown) => expect(e).toBe(stop));
    });
    expect((await sentTo([first.id, next.id])).map((r) => r.customerId)).toEqual([first.id]);
    await runJob();
    await runJob();
    expect((await sentTo([first.id, next.id])).map((r) => r.customerId).sort()).toEqual([first.id, next.id].sort());
    expect((await outboxTo(first.email!)).rows).toHaveLength(1);
    expect((await outboxTo(next.email!)).rows).toHaveLength(1);
    const attached = await t.db.select().from(emailOutboxAttachments).where(eq(emailOutboxAttachments.outboxId, (await outboxTo(next.email!)).rows[0]!.id));
    expect(attached.map((a) => a.contentType)).toEqual(['application/pdf']);
  });

  it('stops once a payment clears the balance, while a customer still owing gets the next bucket', async () => {
    const payer = await owing('Dunning Payer', 75, '64.20');
    const owes = await owing('Dunning Still Owing', 75, '64.20');
    await runJob();
    expect(await sentTo([payer.id, owes.id])).toHaveLength(2);
    const paid = await t.call('POST', `/api/v1/Invoice/${payer.invoice.id}/payments`, 'admin', { amount: 64.2, paymentMethod: 'Check', paidOn: polar.today });
    expect(paid.statusCode, paid.body).toBe(200);
    // Fifty days later both would be over 90 days past due; only the one still owing is e-mailed the final notice.
    await runJob(new Date(Date.now() + 50 * DAY));
    const rows = await sentTo([payer.id, owes.id]);
    expect(rows.filter((r) => r.customerId === payer.id).map((r) => r.bucket)).toEqual(['days31to60']);
    expect(rows.filter((r) => r.customerId === owes.id).map((r) => r.bucket).sort()).toEqual(['days31to60', 'over90']);
    const outbox = await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(sql`${payer.email} = any(${emailOutbox.to})`);
    expect(outbox[0]!.n).toBe(1);
  });
});
