import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, emailOutboxAttachments, subscribers, users } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { enqueueEmail, type EnqueueEmailInput } from './enqueue-email.service';

let t: TestApp;
let subscriberId: number;
let companyName: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select({ id: users.id, subscriberId: users.subscriberId }).from(users).where(eq(users.userName, 'admin'));
  [adminId, subscriberId] = [admin.id, admin.subscriberId];
  [{ name: companyName }] = await t.db.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, subscriberId));
});
beforeEach(async () => {
  await t.db.delete(emailOutbox);
});
afterAll(() => t.close());

const quote = (extra: Partial<EnqueueEmailInput> = {}): EnqueueEmailInput => ({
  subscriberId,
  createdBy: adminId,
  to: ['store14@lonestar.example'],
  subject: 'Quote 1042',
  html: '<p>Please find the attached quote.</p>',
  attachments: [{ fileName: 'Quote-1042.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 quote') }],
  ...extra,
});
const stored = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(emailOutbox))[0].n;
const refusal = async (input: EnqueueEmailInput) => {
  const err = await enqueueEmail(t.db, input).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).status, message: (err as AppError).message };
};

describe('enqueueEmail', () => {
  it('writes the message only when the transaction that causes it commits', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, quote());
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await stored()).toBe(0);
    expect((await t.db.select().from(emailOutboxAttachments)).length).toBe(0);

    const { emailOutboxId, messageId } = await t.db.transaction((tx) => enqueueEmail(tx, quote()));
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailOutboxId));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, fromAddress: 'no-reply@localhost', fromName: companyName, to: ['store14@lonestar.example'], cc: [], createdBy: adminId });
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    const [file] = await t.db.select().from(emailOutboxAttachments).where(eq(emailOutboxAttachments.outboxId, emailOutboxId));
    expect(file.fileName).toBe('Quote-1042.pdf');
    expect(file.content.toString()).toBe('%PDF-1.4 quote');
  });

  it('keeps the HTML through the allowlist sanitiser and one subject line, and drops repeated recipients', async () => {
    const { emailOutboxId } = await enqueueEmail(t.db, quote({
      to: [' Store14@lonestar.example ', 'store14@lonestar.example'],
      cc: ['store14@LONESTAR.example', 'office@lonestar.example'],
      subject: 'Quote\r\nBcc: everyone@example.com',
      html: '<p onclick="steal()">Hello<script>alert(1)</script><img src="javascript:alert(1)"></p>',
    }));
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailOutboxId));
    expect(row.to).toEqual(['Store14@lonestar.example']);
    expect(row.cc).toEqual(['office@lonestar.example']);
    expect(row.subject).toBe('Quote Bcc: everyone@example.com');
    expect(row.html).toBe('<p>Hello</p>');
  });

  it('refuses bad addresses, no recipient, an empty subject or body with a sentence, and writes nothing', async () => {
    const before = await dbFingerprint(t.db);
    expect(await refusal(quote({ to: ['not-an-address'] }))).toEqual({ status: 400, message: 'not-an-address is not a valid e-mail address.' });
    expect(await refusal(quote({ to: ['ok@lonestar.example'], cc: ['bob@'] }))).toEqual({ status: 400, message: 'bob@ is not a valid e-mail address.' });
    expect(await refusal(quote({ to: [] }))).toEqual({ status: 400, message: 'To field is required' });
    expect(await refusal(quote({ to: ['  '] }))).toEqual({ status: 400, message: 'To field is required' });
    expect(await refusal(quote({ subject: '  \n ' }))).toEqual({ status: 400, message: 'Subject field is required!' });
    expect(await refusal(quote({ subject: 'x'.repeat(251) }))).toEqual({ status: 400, message: 'Subject must be at most 250 characters.' });
    expect(await refusal(quote({ html: '<script>only a script</script>' }))).toEqual({ status: 400, message: 'Message field is required!' });
    expect(await refusal(quote({ to: Array.from({ length: 51 }, (_, i) => `r${i}@lonestar.example`) }))).toEqual({ status: 400, message: 'A message may have at most 50 recipients.' });
    expect(await refusal(quote({ attachments: [{ fileName: '  ', contentType: 'text/plain', content: Buffer.from('x') }] }))).toEqual({ status: 400, message: 'Attachment name field is required!' });
    expect(await refusal(quote({ attachments: [{ fileName: 'big.bin', contentType: 'application/octet-stream', content: Buffer.alloc(25 * 1024 * 1024 + 1) }] }))).toEqual({
      status: 400,
      message: 'Attachments must add up to at most 25 MB.',
    });
    expect(await refusal(quote({ subscriberId: 999_999 }))).toEqual({ status: 404, message: 'Company was not found.' });
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('keeps an attachment of its own, whatever happens to the file it came from', async () => {
    const content = Buffer.from('original bytes');
    const { emailOutboxId } = await enqueueEmail(t.db, quote({ attachments: [{ fileName: '../../etc/Invoice 7.pdf', contentType: 'bogus type', content }] }));
    content.fill(0);
    const [file] = await t.db.select().from(emailOutboxAttachments).where(eq(emailOutboxAttachments.outboxId, emailOutboxId));
    expect(file).toMatchObject({ fileName: 'Invoice 7.pdf', contentType: 'application/octet-stream' });
    expect(file.content.toString()).toBe('original bytes');
  });
});

describe('the outbox API', () => {
  it('sends a test e-mail from the company: queued, without a mail server, and shown in the grid and the detail', async () => {
    const settings = await t.call('GET', '/api/v1/EmailOutbox/settings', 'admin');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ isSmtpConfigured: false, from: 'no-reply@localhost', fromName: companyName });

    const sent = await t.call('POST', '/api/v1/EmailOutbox/test', 'admin', { to: ' office@lonestar.example ' });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json();
    expect(message).toMatchObject({
      status: 'queued',
      to: ['office@lonestar.example'],
      subject: `Test e-mail from ${companyName}`,
      createdByName: 'Alicia Moreno',
      attempts: 0,
      fromName: companyName,
      attachments: [],
    });
    expect(message.html).toContain('sent by Alicia Moreno');

    const page = await t.call('POST', '/api/v1/EmailOutbox/list', 'admin', { take: 10 });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 1, data: [{ emailOutboxId: message.emailOutboxId, status: 'queued' }] });
    const detail = await t.call('GET', `/api/v1/EmailOutbox/${message.emailOutboxId}`, 'admin');
    expect(detail.json()).toEqual(message);
  });

  it('shows attachments by name and size, never their bytes', async () => {
    const { emailOutboxId } = await enqueueEmail(t.db, quote());
    const res = await t.call('GET', `/api/v1/EmailOutbox/${emailOutboxId}`, 'admin');
    expect(res.json().attachments).toEqual([{ fileName: 'Quote-1042.pdf', contentType: 'application/pdf', size: 14 }]);
    expect(res.body).not.toContain('quote"');
  });

  it('pages, sorts and filters the grid by status, newest first', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) ids.push((await enqueueEmail(t.db, quote({ subject: `Invoice ${n}`, attachments: [] }))).emailOutboxId);
    await t.db.update(emailOutbox).set({ status: 'failed', lastError: '550 5.1.1 No such user here' }).where(eq(emailOutbox.id, ids[1]));
    const all = (await t.call('POST', '/api/v1/EmailOutbox/list', 'admin', { take: 2, skip: 0 })).json();
    expect(all.total).toBe(5);
    expect(all.data.map((r: { emailOutboxId: number }) => r.emailOutboxId)).toEqual([ids[4], ids[3]]);
    const failed = (await t.call('POST', '/api/v1/EmailOutbox/list', 'admin', { filter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'failed' }] } })).json();
    expect(failed).toMatchObject({ total: 1, data: [{ emailOutboxId: ids[1], lastError: '550 5.1.1 No such user here', nextAttemptAt: null }] });
    const bySubject = (await t.call('POST', '/api/v1/EmailOutbox/list', 'admin', { sort: [{ field: 'subject', dir: 'asc' }], filter: { logic: 'and', filters: [{ field: 'to', operator: 'contains', value: 'store14' }] } })).json();
    expect(bySubject.data.map((r: { subject: string }) => r.subject)).toEqual(['Invoice 0', 'Invoice 1', 'Invoice 2', 'Invoice 3', 'Invoice 4']);
    const bad = await t.call('POST', '/api/v1/EmailOutbox/list', 'admin', { sort: [{ field: 'html', dir: 'asc' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('html cannot be sorted.');
  });

  it('sends a failed or uncertain message again by hand, and refuses to resend one that is queued or sent', async () => {
    const { emailOutboxId } = await enqueueEmail(t.db, quote());
    const queued = await t.call('POST', `/api/v1/EmailOutbox/${emailOutboxId}/resend`, 'admin');
    expect(queued.statusCode).toBe(409);
    expect(queued.json().title).toBe('Only a failed or uncertain message can be sent again; this one is queued.');
    for (const status of ['failed', 'uncertain'] as const) {
      await t.db.update(emailOutbox).set({ status, attempts: 5, lastError: 'words' }).where(eq(emailOutbox.id, emailOutboxId));
      const res = await t.call('POST', `/api/v1/EmailOutbox/${emailOutboxId}/resend`, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    }
    await t.db.update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(emailOutbox.id, emailOutboxId));
    expect((await t.call('POST', `/api/v1/EmailOutbox/${emailOutboxId}/resend`, 'admin')).json().title).toBe('Only a failed or uncertain message can be sent again; this one is sent.');
  });

  it('answers another company\'s messages as ones that do not exist, and changes nothing', async () => {
    const { emailOutboxId } = await enqueueEmail(t.db, quote());
    await t.db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, emailOutboxId));
    const before = await dbFingerprint(t.db);
    for (const [method, url] of [['GET', `/api/v1/EmailOutbox/${emailOutboxId}`], ['POST', `/api/v1/EmailOutbox/${emailOutboxId}/resend`]] as const) {
      const res = await t.call(method, url, 'coastal.admin');
      expect(res.statusCode, url).toBe(404);
      expect(res.json().title).toBe('Message was not found.');
    }
    expect((await t.call('POST', '/api/v1/EmailOutbox/list', 'coastal.admin', {})).json()).toEqual({ data: [], total: 0 });
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('is for those with Email Settings only: read to look, write to send', async () => {
    const { emailOutboxId } = await enqueueEmail(t.db, quote());
    const before = await dbFingerprint(t.db);
    const calls = [
      ['GET', '/api/v1/EmailOutbox/settings', undefined],
      ['POST', '/api/v1/EmailOutbox/list', {}],
      ['GET', `/api/v1/EmailOutbox/${emailOutboxId}`, undefined],
      ['POST', `/api/v1/EmailOutbox/${emailOutboxId}/resend`, undefined],
      ['POST', '/api/v1/EmailOutbox/test', { to: 'office@lonestar.example' }],
    ] as const;
    for (const [method, url, body] of calls) {
      for (const user of ['tech', 'dispatcher', 'leader']) expect((await t.call(method, url, user, body)).statusCode, `${method} ${url} as ${user}`).toBe(403);
      expect((await t.call(method, url, null, body)).statusCode, `${method} ${url} anonymously`).toBe(401);
    }
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('refuses a bad test recipient with a sentence and queues nothing', async () => {
    const before = await dbFingerprint(t.db);
    const cases: [unknown, string][] = [
      [{}, 'To field is required'],
      [{ to: '' }, 'To field is required'],
      [{ to: 'office@lonestar' }, 'To is not a valid e-mail address.'],
      [{ to: 'a@b.example, c@d.example' }, 'To is not a valid e-mail address.'],
      [{ to: 42 }, 'To field is required'],
    ];
    for (const [body, sentence] of cases) {
      const res = await t.call('POST', '/api/v1/EmailOutbox/test', 'admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title, JSON.stringify(body)).toBe(sentence);
    }
    expect((await t.call('GET', '/api/v1/EmailOutbox/0', 'admin')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/EmailOutbox/12abc', 'admin')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/EmailOutbox/999999', 'admin')).statusCode).toBe(404);
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});
