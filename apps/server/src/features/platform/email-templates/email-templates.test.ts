import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startOutboxWorker } from '../email-outbox/outbox-worker';
import { emailTemplates } from './email-templates.table';

let t: TestApp;
let sink: SmtpSink;
let worker: { stop(): Promise<void> };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: quiet, pollMs: 100 });
});
afterAll(async () => {
  await worker.stop();
  await sink.close();
  await t.close();
});

const URL = '/api/v1/EmailTemplates';
const template = (extra: Record<string, unknown> = {}) => ({
  name: 'Quote follow-up',
  purpose: 'quote',
  subject: 'Your quote from Lone Star',
  bodyHtml: '<p>Thanks for asking. <strong>The quote is valid for 30 days.</strong></p>',
  ...extra,
});
const create = async (as: string, extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', URL, as, template(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { emailTemplateId: number; name: string; bodyHtml: string; subject: string };
};
const outboxCount = async () => (await t.db.select({ n: count() }).from(emailOutbox))[0]!.n;
/** Waits for the worker to finish with every message, so that it writes nothing while a test compares the database. */
const outboxSettled = () =>
  waitUntil(async () => (await t.db.select({ n: count() }).from(emailOutbox).where(inArray(emailOutbox.status, ['queued', 'sending'])))[0]!.n === 0, 'the outbox to be sent', 15_000);

describe('e-mail templates', () => {
  it('are created, listed, filtered, read, changed and deleted', async () => {
    const made = await create('admin', { name: 'Welcome letter', purpose: 'general', isActive: true });
    expect(made).toMatchObject({ name: 'Welcome letter', purpose: 'general', isActive: true, updatedByName: 'Alicia Moreno' });
    const invoice = await create('admin', { name: 'Invoice reminder', purpose: 'invoice', isActive: false });

    const all = (await t.call('GET', URL, 'admin')).json() as { name: string }[];
    expect(all.map((x) => x.name)).toEqual(expect.arrayContaining(['Welcome letter', 'Invoice reminder']));
    const general = (await t.call('GET', `${URL}?purpose=general`, 'admin')).json() as { purpose: string }[];
    expect(general.length).toBeGreaterThan(0);
    expect(general.every((x) => x.purpose === 'general')).toBe(true);
    const active = (await t.call('GET', `${URL}?isActive=true`, 'admin')).json() as { emailTemplateId: number }[];
    expect(active.some((x) => x.emailTemplateId === invoice.emailTemplateId)).toBe(false);
    expect((await t.call('GET', `${URL}?isActive=maybe`, 'admin')).json().title).toBe('Active must be true or false.');

    const one = await t.call('GET', `${URL}/${made.emailTemplateId}`, 'admin');
    expect(one.json()).toMatchObject({ emailTemplateId: made.emailTemplateId, subject: 'Your quote from Lone Star' });
    const changed = await t.call('PUT', `${URL}/${made.emailTemplateId}`, 'admin', template({ name: 'Welcome', purpose: 'estimate', subject: 'Welcome\r\naboard', isActive: false }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Welcome', purpose: 'estimate', subject: 'Welcome aboard', isActive: false });

    const removed = await t.call('DELETE', `${URL}/${made.emailTemplateId}`, 'admin');
    expect(removed.json()).toEqual({ emailTemplateId: made.emailTemplateId });
    const gone = await t.call('GET', `${URL}/${made.emailTemplateId}`, 'admin');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().title).toBe('Email template was not found.');
  });

  it('refuses a name the company already uses, whatever its case, with a sentence', async () => {
    const first = await create('admin', { name: 'Seasonal check' });
    const other = await create('admin', { name: 'Seasonal check 2' });
    const before = await dbFingerprint(t.db);
    const again = await t.call('POST', URL, 'admin', template({ name: 'SEASONAL CHECK' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe('An e-mail template named SEASONAL CHECK already exists.');
    const rename = await t.call('PUT', `${URL}/${other.emailTemplateId}`, 'admin', template({ name: 'seasonal check' }));
    expect(rename.statusCode).toBe(409);
    expect(rename.json().title).toBe('An e-mail template named seasonal check already exists.');
    expect(await dbFingerprint(t.db)).toBe(before);
    // Another company may use the same name, and a template keeps its own.
    await create('coastal.admin', { name: 'Seasonal check' });
    expect((await t.call('PUT', `${URL}/${first.emailTemplateId}`, 'admin', template({ name: 'Seasonal check' }))).statusCode).toBe(200);
  });

  it('keeps the message through the allowlist sanitiser, and refuses one with nothing left', async () => {
    const made = await create('admin', {
      name: 'Sanitised',
      bodyHtml: '<p onclick="steal()">Hello <strong>there</strong><script>alert(1)</script><img src="javascript:alert(1)"><style>p{}</style></p>',
    });
    expect(made.bodyHtml).toBe('<p>Hello <strong>there</strong></p>');
    const [row] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, made.emailTemplateId));
    expect(row!.bodyHtml).toBe('<p>Hello <strong>there</strong></p>');

    const before = await dbFingerprint(t.db);
    for (const [input, sentence] of [
      [template({ name: 'Empty', bodyHtml: '<script>alert(1)</script>' }), 'Message field is required!'],
      [template({ name: '   ' }), 'Name field is required!'],
      [template({ name: 'Bad purpose', purpose: 'receipt' }), 'Purpose must be general, quote, invoice or estimate.'],
      [template({ name: 'No subject', subject: '' }), 'Subject field is required!'],
      [template({ name: 'x'.repeat(101) }), 'Name must be at most 100 characters.'],
    ] as const) {
      const res = await t.call('POST', URL, 'admin', input);
      expect(res.statusCode, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it("sends from a template: the outbox row carries the template's sanitised text, and a real SMTP server receives it", async () => {
    const made = await create('admin', { name: 'Sent one', subject: 'Your quote, as promised', bodyHtml: '<p>Here it is: <em>quote 1042</em>.<script>x()</script></p>' });
    const before = sink.received.length;
    const res = await t.call('POST', `${URL}/send`, 'admin', { emailTemplateId: made.emailTemplateId, to: ['store14@lonestar.example'], cc: ['office@lonestar.example'] });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, res.json().emailOutboxId));
    expect(row).toMatchObject({ subject: 'Your quote, as promised', html: '<p>Here it is: <em>quote 1042</em>.</p>', to: ['store14@lonestar.example'], cc: ['office@lonestar.example'] });

    await waitUntil(() => sink.received.length === before + 1, 'the message to reach the SMTP server', 15_000);
    const mail = sink.received.at(-1)!;
    expect(mail.subject).toBe('Your quote, as promised');
    expect(mail.html).toContain('<em>quote 1042</em>');
    expect(mail.html).not.toContain('script');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('store14@lonestar.example');
  });

  it('sends a message written freely, its own subject and text over the template, sanitised', async () => {
    const made = await create('admin', { name: 'Overridden' });
    const res = await t.call('POST', `${URL}/send`, 'admin', { emailTemplateId: made.emailTemplateId, to: ['a@lonestar.example'], subject: 'Changed', message: '<p>Edited <b>text</b><iframe src="x"></iframe></p>' });
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, res.json().emailOutboxId));
    expect(row).toMatchObject({ subject: 'Changed', html: '<p>Edited <b>text</b></p>' });
    const free = await t.call('POST', `${URL}/send`, 'admin', { to: ['a@lonestar.example'], subject: 'No template', message: '<p>Hello</p>' });
    expect(free.statusCode, free.body).toBe(200);
    await outboxSettled();
  });

  it('refuses a message without a recipient, subject or text with the form\'s sentences, and queues nothing', async () => {
    const made = await create('admin', { name: 'For refusals' });
    const queuedBefore = await outboxCount();
    for (const [body, sentence] of [
      [{ emailTemplateId: made.emailTemplateId }, 'To field is required'],
      [{ emailTemplateId: made.emailTemplateId, to: [] }, 'To field is required'],
      [{ emailTemplateId: made.emailTemplateId, to: ['  '] }, 'To field is required'],
      [{ to: ['a@lonestar.example'], message: '<p>Hi</p>' }, 'Subject field is required!'],
      [{ to: ['a@lonestar.example'], subject: 'Hi' }, 'Template field is required!'],
      [{ to: ['a@lonestar.example'], subject: 'Hi', message: '<script>alert(1)</script>' }, 'Template field is required!'],
      [{ to: ['not-an-address'], subject: 'Hi', message: '<p>Hi</p>' }, 'not-an-address is not a valid e-mail address.'],
    ] as const) {
      const res = await t.call('POST', `${URL}/send`, 'admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect(await outboxCount()).toBe(queuedBefore);
  });

  it("answers 404 for another company's template and changes or sends nothing", async () => {
    const theirs = await create('coastal.admin', { name: 'Coastal only' });
    const before = await dbFingerprint(t.db);
    const calls = [
      t.call('GET', `${URL}/${theirs.emailTemplateId}`, 'admin'),
      t.call('PUT', `${URL}/${theirs.emailTemplateId}`, 'admin', template({ name: 'Taken over' })),
      t.call('DELETE', `${URL}/${theirs.emailTemplateId}`, 'admin'),
      t.call('POST', `${URL}/send`, 'admin', { emailTemplateId: theirs.emailTemplateId, to: ['a@lonestar.example'] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().title).toBe('Email template was not found.');
    }
    expect(await dbFingerprint(t.db)).toBe(before);
    const mine = (await t.call('GET', URL, 'admin')).json() as { name: string }[];
    expect(mine.some((x) => x.name === 'Coastal only')).toBe(false);
  });

  it('is closed to those without the Templates permission', async () => {
    const made = await create('admin', { name: 'Guarded' });
    // Signing in writes (the session): done before the database is compared.
    await Promise.all([t.token('dispatcher'), t.token('tech')]);
    const before = await dbFingerprint(t.db);
    for (const res of [
      await t.call('GET', URL, 'dispatcher'),
      await t.call('GET', `${URL}/${made.emailTemplateId}`, 'tech'),
      await t.call('POST', URL, 'dispatcher', template({ name: 'Not allowed' })),
      await t.call('PUT', `${URL}/${made.emailTemplateId}`, 'dispatcher', template()),
      await t.call('DELETE', `${URL}/${made.emailTemplateId}`, 'tech'),
      await t.call('POST', `${URL}/send`, 'dispatcher', { emailTemplateId: made.emailTemplateId, to: ['a@lonestar.example'] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().title).toBe("You don't have permission to access this resource.");
    }
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});
