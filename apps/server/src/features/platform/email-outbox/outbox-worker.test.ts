import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, subscribers } from '../../../db/schema';
import { startHangingUpSmtp, startSmtpSink, waitUntil, type SmtpSink, type SmtpSinkOptions } from '../../../test/smtp-sink';
import { freePort } from '../../../test/server-process';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { enqueueEmail, type EnqueueEmailInput } from './enqueue-email.service';
import { claimDueMessages, INTERRUPTED_SENTENCE } from './outbox-queue';
import { startOutboxWorker, type OutboxWorkerOptions } from './outbox-worker';

let t: TestApp;
let subscriberId: number;
let companyName: string;
const running: { stop(): Promise<void> }[] = [];
const sinks: SmtpSink[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
  [{ id: subscriberId, name: companyName }] = await t.db.select({ id: subscribers.id, name: subscribers.name }).from(subscribers).orderBy(subscribers.id).limit(1);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  await Promise.all(sinks.splice(0).map((s) => s.close()));
  await t.db.delete(emailOutbox);
});
afterAll(() => t.close());

async function sink(opts?: SmtpSinkOptions) {
  const s = await startSmtpSink(opts);
  sinks.push(s);
  return s;
}

function worker(server: { url: string }, opts: Partial<OutboxWorkerOptions> = {}) {
  const w = startOutboxWorker({ db: t.db, smtpUrl: server.url, log: quiet, pollMs: 100, backoffMs: [100, 200, 300], ...opts });
  running.push(w);
  return w;
}

const message = (n: number, extra: Partial<EnqueueEmailInput> = {}): EnqueueEmailInput => ({
  subscriberId,
  to: [`customer${n}@lonestar.example`],
  subject: `Invoice ${n}`,
  html: `<p>Invoice <strong>${n}</strong> is attached.</p>`,
  ...extra,
});

const rowOf = async (id: number) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
const statusOf = async (id: number) => (await rowOf(id)).status;

describe('the outbox worker, against a real SMTP server', () => {
  it('sends a message with its recipients, subject, Message-ID and attachment bytes, then marks it sent', async () => {
    const s = await sink();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256))]);
    const { emailOutboxId, messageId } = await enqueueEmail(t.db, message(1, { cc: ['office@lonestar.example'], text: 'Invoice 1 is attached.', attachments: [{ fileName: 'Invoice-1.pdf', contentType: 'application/pdf', content: pdf }] }));
    worker(s);
    await waitUntil(async () => (await statusOf(emailOutboxId)) === 'sent', 'the message to be sent');
    expect(s.received).toHaveLength(1);
    const mail = s.received[0];
    expect(mail.messageId).toBe(messageId);
    expect(mail.subject).toBe('Invoice 1');
    expect(mail.from?.value[0]).toMatchObject({ address: 'no-reply@localhost', name: companyName });
    expect([mail.to].flat().flatMap((a) => a!.value.map((v) => v.address))).toEqual(['customer1@lonestar.example']);
    expect([mail.cc].flat().flatMap((a) => a!.value.map((v) => v.address))).toEqual(['office@lonestar.example']);
    expect(mail.html).toContain('<strong>1</strong>');
    expect(mail.text?.trim()).toBe('Invoice 1 is attached.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'Invoice-1.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
    const row = await rowOf(emailOutboxId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('sends to the recipients the server takes, and keeps its words on the one it refused', async () => {
    const s = await sink({ recipient: (address) => (address.startsWith('gone') ? { code: 550, message: '5.1.1 Mailbox gone' } : null) });
    const { emailOutboxId } = await enqueueEmail(t.db, message(12, { to: ['gone@lonestar.example', 'office@lonestar.example'] }));
    worker(s);
    await waitUntil(async () => (await statusOf(emailOutboxId)) === 'sent', 'the message to be sent');
    expect(s.received).toHaveLength(1);
    expect((await rowOf(emailOutboxId)).lastError).toBe('Sent, but not to gone@lonestar.example: 550 5.1.1 Mailbox gone');
  });

  it('is woken by an enqueue in its own process, long before its next poll', async () => {
    const s = await sink();
    worker(s, { pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const { emailOutboxId } = await t.db.transaction((tx) => enqueueEmail(tx, message(2)));
    await waitUntil(async () => (await statusOf(emailOutboxId)) === 'sent', 'the woken worker to send', 5000);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('tries again with growing waits while the server answers 4xx, and sends once it accepts', async () => {
    const s = await sink({ answer: (_mail, attempt) => (attempt <= 2 ? { code: 451, message: '4.3.0 Mailbox busy, try again later' } : null) });
    const { emailOutboxId, messageId } = await enqueueEmail(t.db, message(3));
    // The wait after the second refusal is long, so the state between is read however busy the machine is; then the
    // message is made due at once, as that wait ending would.
    worker(s, { backoffMs: [100, 60 * 60_000, 300] });
    await waitUntil(async () => (await rowOf(emailOutboxId)).attempts === 2 && (await statusOf(emailOutboxId)) === 'queued', 'the second refusal');
    const between = await rowOf(emailOutboxId);
    expect(between.lastError).toContain('451 4.3.0 Mailbox busy, try again later');
    expect(between.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(50 * 60_000);
    await t.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, emailOutboxId));
    await waitUntil(async () => (await statusOf(emailOutboxId)) === 'sent', 'the third attempt to be accepted');
    expect(s.offered.get(messageId)).toBe(3);
    expect(s.receivedCount(messageId)).toBe(1);
    expect(await rowOf(emailOutboxId)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('waits the backoff between attempts', async () => {
    const s = await sink({ answer: () => ({ code: 421, message: '4.7.0 Too many connections' }) });
    const { emailOutboxId } = await enqueueEmail(t.db, message(4));
    worker(s, { backoffMs: [60_000] });
    await waitUntil(async () => (await rowOf(emailOutboxId)).attempts === 1 && (await statusOf(emailOutboxId)) === 'queued', 'the first refusal');
    const [{ waitSeconds }] = await t.db
      .select({ waitSeconds: sql<number>`extract(epoch from ${emailOutbox.nextAttemptAt} - now())`.mapWith(Number) })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, emailOutboxId));
    expect(waitSeconds).toBeGreaterThan(50);
    expect(waitSeconds).toBeLessThanOrEqual(60);
    await new Promise((r) => setTimeout(r, 400));
    expect((await rowOf(emailOutboxId)).attempts).toBe(1);
  });

  it('gives up after the last attempt with the server\'s words', async () => {
    const s = await sink({ answer: () => ({ code: 450, message: '4.2.1 Mailbox temporarily unavailable' }) });
    const { emailOutboxId, messageId } = await enqueueEmail(t.db, message(5));
    worker(s, { backoffMs: [50, 50] });
    await waitUntil(async () => (await statusOf(emailOutboxId)) === 'failed', 'the message to fail');
    expect(s.offered.get(messageId)).toBe(3);
    expect(await rowOf(emailOutboxId)).toMatchObject({ attempts: 3, lastError: expect.stringContaining('450 4.2.1 Mailbox temporarily unavailable') });
  });

  it('fails at once on a permanent 5xx answer, keeping the server\'s words, and sends nothing', async () => {
    const s = await sink({ answer: () => ({ code: 550, message: '5.1.1 No such user here' }) });
    const { emailOutboxId, messageId } = await enqueueEmail(t.db, message(6));
    worker(s);
    await waitUntil(async () => (await statusOf(emailOutboxId)) === 'failed', 'the message to fail');
    await new Promise((r) => setTimeout(r, 300));
    expect(s.offered.get(messageId)).toBe(1);
    expect(s.received).toHaveLength(0);
    expect(await rowOf(emailOutboxId)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('550 5.1.1 No such user here') });
  });

  it('tries again when the mail server cannot be reached, since nothing was handed over', async () => {
    const { emailOutboxId } = await enqueueEmail(t.db, message(7));
    worker({ url: `smtp://127.0.0.1:${await freePort()}` }, { backoffMs: [60_000] });
    await waitUntil(async () => (await rowOf(emailOutboxId)).attempts === 1 && (await statusOf(emailOutboxId)) === 'queued', 'the failed connection to be recorded');
    expect((await rowOf(emailOutboxId)).lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('marks a message uncertain when the server hangs up after the whole message arrived, and tries again when it hangs up before', async () => {
    const afterBody = await startHangingUpSmtp('body');
    const beforeBody = await startHangingUpSmtp('rcpt');
    try {
      const lost = await enqueueEmail(t.db, message(10));
      worker(afterBody, { backoffMs: [60_000] });
      await waitUntil(async () => (await statusOf(lost.emailOutboxId)) === 'uncertain', 'the message handed over to be flagged');
      expect(afterBody.bodies()).toBe(1);
      expect((await rowOf(lost.emailOutboxId)).lastError).toMatch(/^The connection to the mail server failed after the message was handed over, so it may or may not have been delivered/);
      await Promise.all(running.splice(0).map((w) => w.stop()));

      const early = await enqueueEmail(t.db, message(11));
      worker(beforeBody, { backoffMs: [60_000] });
      await waitUntil(async () => (await rowOf(early.emailOutboxId)).attempts === 1 && (await statusOf(early.emailOutboxId)) === 'queued', 'the early hang-up to be retried');
      expect(await statusOf(lost.emailOutboxId)).toBe('uncertain');
    } finally {
      await afterBody.close();
      await beforeBody.close();
    }
  });

  it('never sends one message twice with two workers on one database: 50 messages, each received once', async () => {
    // Each worker sends to a server of its own, so the two servers together show who sent what.
    const [a, b] = [await sink({ delayMs: 20 }), await sink({ delayMs: 20 })];
    const ids = await t.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let n = 0; n < 50; n++) out.push((await enqueueEmail(tx, message(100 + n))).messageId);
      return out;
    });
    worker(a, { batchSize: 3 });
    worker(b, { batchSize: 3 });
    await waitUntil(async () => {
      const [{ n }] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
      return n === 50;
    }, 'all 50 messages to be sent', 25_000);
    const received = [...a.received, ...b.received];
    expect(received).toHaveLength(50);
    for (const id of ids) expect(a.receivedCount(id) + b.receivedCount(id), id).toBe(1);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(50);
    expect(a.received.length, 'the first worker sent some').toBeGreaterThan(0);
    expect(b.received.length, 'the second worker sent some').toBeGreaterThan(0);
    const attempts = await t.db.select({ attempts: emailOutbox.attempts }).from(emailOutbox).where(inArray(emailOutbox.messageId, ids));
    expect(attempts.every((x) => x.attempts === 1)).toBe(true);
    console.info(`two workers: ${a.received.length} and ${b.received.length} of 50 messages, none twice`);
  });

  it('claims no more than asked, the oldest due first, and nothing that is not yet due', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 6; n++) ids.push((await enqueueEmail(t.db, message(200 + n))).emailOutboxId);
    await t.db.update(emailOutbox).set({ nextAttemptAt: sql`now() + interval '1 hour'` }).where(eq(emailOutbox.id, ids[0]));
    const first = await claimDueMessages(t.db, 3, 60_000);
    expect(first.map((m) => m.id)).toEqual(ids.slice(1, 4));
    expect(first[0]).toMatchObject({ to: ['customer201@lonestar.example'], cc: [], subject: 'Invoice 201', attempts: 1, fromAddress: 'no-reply@localhost' });
    expect((await claimDueMessages(t.db, 3, 60_000)).map((m) => m.id)).toEqual(ids.slice(4));
    expect(await claimDueMessages(t.db, 3, 60_000)).toEqual([]);
    expect(await statusOf(ids[0])).toBe('queued');
  });

  it('marks a message whose sender died mid-send uncertain, and never sends it on its own', async () => {
    const s = await sink();
    const { emailOutboxId, messageId } = await enqueueEmail(t.db, message(8));
    // A process claimed it, then died: the row is sending, and its lease runs out.
    await t.db.update(emailOutbox).set({ status: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 second'` }).where(eq(emailOutbox.id, emailOutboxId));
    const live = await enqueueEmail(t.db, message(9));
    await t.db.update(emailOutbox).set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 hour'` }).where(eq(emailOutbox.id, live.emailOutboxId));
    worker(s);
    await waitUntil(async () => (await statusOf(emailOutboxId)) === 'uncertain', 'the interrupted message to be flagged');
    await new Promise((r) => setTimeout(r, 400));
    expect(await rowOf(emailOutboxId)).toMatchObject({ status: 'uncertain', attempts: 1, lockedUntil: null, lastError: INTERRUPTED_SENTENCE });
    expect(s.offered.has(messageId)).toBe(false);
    // Another process's message whose lease still runs is left alone.
    expect(await statusOf(live.emailOutboxId)).toBe('sending');
    expect(s.offered.has(live.messageId)).toBe(false);
  });
});
