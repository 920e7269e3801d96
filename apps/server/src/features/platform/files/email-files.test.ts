import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../db/schema';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startOutboxWorker } from '../email-outbox/outbox-worker';
import { auditCount, workOrdersOf } from '../../office/work-order-items/item-fixtures';
import { picture, upload } from './file-fixtures';

let t: TestApp;
let sink: SmtpSink;
let worker: { stop(): Promise<void> };
let mine: number;
let coastalWo: number;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: quiet, pollMs: 100 });
  [{ id: mine }] = await workOrdersOf(t, 'tech');
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
});
afterAll(async () => {
  await worker.stop();
  await sink.close();
  await t.close();
});

const send = (as: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/Files/email', as, { folder: `workOrders/${mine}`, to: ['facilities@freshmart.example'], subject: 'Photos of the condenser', message: '<p>Please find the attached photos.</p>', ...body });
const queued = async () => (await t.db.select({ n: count() }).from(emailOutbox))[0]!.n;

describe('e-mailing a work order\'s files', () => {
  it('delivers the message with the photo attached, byte for byte, and notes it in the work order\'s history', async () => {
    const photo = await picture('jpeg', 200, 150);
    expect((await upload(t, 'tech', `workOrders/${mine}`, [{ name: 'Coil.jpg', content: photo }])).statusCode).toBe(200);
    const before = await auditCount(t, 'workOrder', mine);
    const res = await send('dispatcher', { fileNames: ['Coil.jpg'], cc: ['office@lonestar.example'], message: '<p>Please find the attached photos.</p><script>x()</script>' });
    expect(res.statusCode, res.body).toBe(200);
    await waitUntil(() => sink.received.length === 1, 'the message to reach the SMTP server', 15_000);
    const mail = sink.received[0]!;
    expect(mail.subject).toBe('Photos of the condenser');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('facilities@freshmart.example');
    expect(mail.html).toContain('Please find the attached photos.');
    expect(mail.html).not.toContain('script');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['Coil.jpg', 'image/jpeg']]);
    expect(Buffer.compare(mail.attachments[0]!.content, photo)).toBe(0);
    expect(await auditCount(t, 'workOrder', mine)).toBe(before + 1);
    // The worker marks the message sent once the server has answered: on a busy machine that may come a moment after
    // the sink has the whole message.
    const statusOf = async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, res.json().emailOutboxId)))[0]!.status;
    await waitUntil(async () => (await statusOf()) !== 'sending', 'the worker to record the answer', 15_000);
    expect(await statusOf()).toBe('sent');
  });

  it('sends a file named in any script under its own name', async () => {
    const name = 'Отчёт 報告 تقرير.pdf';
    const content = Buffer.from('%PDF-1.4\n% report\n%%EOF\n');
    const up = await upload(t, 'tech', `workOrders/${mine}`, [{ name, content }]);
    expect(up.json()[0]?.name, up.body).toBe(name);
    const before = sink.received.length;
    const res = await send('dispatcher', { fileNames: [name], subject: 'Report' });
    expect(res.statusCode, res.body).toBe(200);
    await waitUntil(() => sink.received.length === before + 1, 'the message to reach the SMTP server', 15_000);
    const mail = sink.received.at(-1)!;
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[name, 'application/pdf']]);
    expect(Buffer.compare(mail.attachments[0]!.content, content)).toBe(0);
  });

  it('queues nothing when the input is bad, a file is missing, or the work order is another company\'s', async () => {
    const before = await queued();
    const cases: [Record<string, unknown>, string, number][] = [
      [{ fileNames: ['Coil.jpg'], to: [] }, 'To field is required', 400],
      [{ fileNames: ['Coil.jpg'], to: ['not an address'] }, 'not an address is not a valid e-mail address.', 400],
      [{ fileNames: ['Coil.jpg'], subject: '  ' }, 'Subject field is required!', 400],
      [{ fileNames: [] }, 'Choose at least one file to send.', 400],
      [{ fileNames: ['Missing.jpg'] }, 'The file Missing.jpg was not found.', 404],
      [{ fileNames: ['../Coil.jpg'] }, 'The file ../Coil.jpg was not found.', 404],
      [{ fileNames: ['Coil.jpg'], folder: `workOrders/${coastalWo}` }, 'Work order was not found.', 404],
    ];
    for (const [body, title, status] of cases) {
      const res = await send('dispatcher', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().title, JSON.stringify(body)).toBe(title);
    }
    expect(await queued()).toBe(before);
  });
});
