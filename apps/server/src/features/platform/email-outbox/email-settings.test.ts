import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../../db/schema';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { enqueueEmail } from './enqueue-email.service';
import { startOutboxWorker } from './outbox-worker';

let t: TestApp;
let subscriberId: number;
let sink: SmtpSink;
let worker: { stop(): Promise<void> } | null = null;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const SETTINGS = {
  fromName: 'Polar Billing',
  replyTo: 'office@polar.example',
  signature: 'Polar <Mechanical> & Sons\n214-555-0100',
  bccAddress: 'records@polar.example',
};

const saveSettings = async (body: Record<string, unknown>) => {
  const res = await t.call('PUT', '/api/v1/Settings/emailSettings', 'admin', body);
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  [{ subscriberId }] = await t.db.select({ subscriberId: users.subscriberId }).from(users).where(eq(users.userName, 'admin'));
  sink = await startSmtpSink();
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  await t.db.delete(emailOutbox);
});
afterAll(async () => {
  await sink.close();
  await t.close();
});

const addressesOf = (field: unknown) => [field].flat().filter(Boolean).flatMap((a) => (a as { value: { address: string }[] }).value.map((v) => v.address));

describe("the company's e-mail settings on what it sends", () => {
  it('sends with the Reply-To, the signature under both bodies, and a blind copy only in the envelope', async () => {
    await saveSettings(SETTINGS);
    const { emailOutboxId, messageId } = await enqueueEmail(t.db, {
      subscriberId, to: ['store14@lonestar.example'], cc: ['manager@lonestar.example'], subject: 'Invoice 14', html: '<p>Invoice <strong>14</strong> is attached.</p>', text: 'Invoice 14 is attached.\n',
    });
    // Saved after the message was written: the message leaves as it was written.
    await saveSettings({ ...SETTINGS, replyTo: 'later@polar.example', signature: 'Changed later', bccAddress: 'later@polar.example' });
    worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: quiet, pollMs: 100 });
    await waitUntil(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailOutboxId)))[0].status === 'sent', 'the message to be sent');
    const mail = sink.received.find((m) => m.messageId === messageId)!;
    expect(mail.from?.value[0]).toMatchObject({ name: 'Polar Billing' });
    expect(addressesOf(mail.replyTo)).toEqual(['office@polar.example']);
    expect(mail.text?.trim()).toBe('Invoice 14 is attached.\n\nPolar <Mechanical> & Sons\n214-555-0100');
    expect(mail.html).toContain('<p>Invoice <strong>14</strong> is attached.</p><p>Polar &#60;Mechanical&#62; &#38; Sons<br>214-555-0100</p>');
    expect(sink.envelopeRecipients.get(messageId)!.sort()).toEqual(['manager@lonestar.example', 'records@polar.example', 'store14@lonestar.example']);
    expect(mail.headers.has('bcc')).toBe(false);
    expect([...addressesOf(mail.to), ...addressesOf(mail.cc)]).not.toContain('records@polar.example');
    expect(mail.headerLines.map((h) => h.line).join('\n')).not.toContain('records@polar.example');
  });

  it('sends as before when the company set none of them', async () => {
    await saveSettings({});
    const { emailOutboxId, messageId } = await enqueueEmail(t.db, { subscriberId, to: ['store15@lonestar.example'], subject: 'Invoice 15', html: '<p>Invoice 15.</p>', text: 'Invoice 15.' });
    worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: quiet, pollMs: 100 });
    await waitUntil(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailOutboxId)))[0].status === 'sent', 'the message to be sent');
    const mail = sink.received.find((m) => m.messageId === messageId)!;
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text?.trim()).toBe('Invoice 15.');
    expect(mail.html).toBe('<p>Invoice 15.</p>');
    expect(sink.envelopeRecipients.get(messageId)).toEqual(['store15@lonestar.example']);
  });

  it('keeps a password reset link out of the blind copy, and copies a recipient only once', async () => {
    await saveSettings(SETTINGS);
    const reset = await t.call('POST', '/api/v1/Account/forgotPassword', null, { userNameOrEmail: 'admin' });
    expect(reset.statusCode, reset.body).toBe(200);
    const [link] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(link.subject).toMatch(/password/i);
    expect(link).toMatchObject({ bcc: [], replyTo: 'office@polar.example' });
    const { emailOutboxId } = await enqueueEmail(t.db, { subscriberId, to: ['Records@Polar.example'], subject: 'Copy', html: '<p>Copy.</p>' });
    const [copy] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailOutboxId));
    expect(copy.bcc).toEqual([]);
    expect(copy.text).toBeNull();
    expect(copy.html).toBe('<p>Copy.</p><p>Polar &#60;Mechanical&#62; &#38; Sons<br>214-555-0100</p>');
  });
});
