import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailOutbox, workOrders } from '../../../db/schema';
import { pdfText } from '../../../test/pdf-text';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startOutboxWorker } from '../../platform/email-outbox/outbox-worker';
import { knownBody, knownWorkOrder } from '../invoices/invoice-fixtures';
import { workOrdersOf } from '../../office/work-order-items/item-fixtures';

let t: TestApp;
let sink: SmtpSink;
let worker: { stop(): Promise<void> };
let polarWo: number[];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: quiet, pollMs: 100 });
  polarWo = (await workOrdersOf(t, 'tech')).map((w) => w.id);
});
afterAll(async () => {
  await worker.stop();
  await sink.close();
  await t.close();
});

const queued = async () => (await t.db.select({ n: count() }).from(emailOutbox))[0]!.n;
const woStatus = async (id: number) => (await t.db.select({ s: workOrders.workOrderStatusId }).from(workOrders).where(eq(workOrders.id, id)))[0]!.s;
const mail = { to: ['facilities@freshmart.example'], cc: [], subject: 'Your quote', message: '<p>Please find the attached quote.</p>' };

/** A quote of the work order with one material line (cost 100 at 60 % markup: 160.00). */
async function quoteWithLine(workOrderId: number) {
  const created = await t.call('POST', '/api/v1/Quotes/create', 'dispatcher', { workOrderId, title: 'Replace condenser fan motor' });
  expect(created.statusCode, created.body).toBe(200);
  const { quoteNumber } = created.json() as { quoteNumber: number };
  const line = await t.call('POST', `/api/v1/Quotes/${quoteNumber}/1/lines`, 'dispatcher', { kind: 'material', description: 'Condenser fan motor 1/3 HP', quantity: 1, unitCost: 100, markupPercent: 60 });
  expect(line.statusCode, line.body).toBe(200);
  return quoteNumber;
}

describe('a quote as a PDF and by e-mail', () => {
  it('prints the quote in the company template, and e-mails it with Quote Submitted: the quote and work order move, the PDF arrives', async () => {
    const n = await quoteWithLine(polarWo[0]!);
    const pdf = await t.call('GET', `/api/v1/Quotes/${n}/1/pdf`, 'dispatcher');
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const shown of ['Quote', `No. ${n} v1`, 'Condenser fan motor 1/3 HP (Material)', '$160.00', 'Quote Total', 'This quote is valid for 30 days from its date.']) {
      expect(text.some((s) => s.includes(shown)), shown).toBe(true);
    }

    const defaults = await t.call('GET', `/api/v1/Quotes/${n}/1/email`, 'dispatcher');
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json()).toMatchObject({
      fileName: `Quote-${n}-v1.pdf`,
      message: '<p>Please find the attached quote. Thanks for the opportunity to service your location!</p>',
      quoteSubmitted: { isDisabled: false },
    });

    const before = sink.received.length;
    const sent = await t.call('POST', `/api/v1/Quotes/${n}/1/email`, 'dispatcher', { ...mail, isQuoteSubmitted: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await woStatus(polarWo[0]!)).toBe(45);
    expect((await t.call('GET', `/api/v1/Quotes/${n}/1`, 'dispatcher')).json().status).toBe('Submitted');
    await waitUntil(() => sink.received.length === before + 1, 'the quote to reach the SMTP server', 15_000);
    const received = sink.received.at(-1)!;
    expect(received.subject).toBe('Your quote');
    expect(received.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Quote-${n}-v1.pdf`, 'application/pdf']]);
    expect(pdfText(received.attachments[0]!.content).some((s) => s.includes('$160.00'))).toBe(true);

    // Now submitted: the tick box is disabled, and ticking it anyway is refused with nothing queued.
    expect((await t.call('GET', `/api/v1/Quotes/${n}/1/email`, 'dispatcher')).json().quoteSubmitted).toEqual({ isDisabled: true, isTickedAtFirst: false });
    const queuedBefore = await queued();
    const refused = await t.call('POST', `/api/v1/Quotes/${n}/1/email`, 'dispatcher', { ...mail, isQuoteSubmitted: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('cannot be marked Quote Submitted');
    expect(await queued()).toBe(queuedBefore);
    // Without the tick it goes, and the quote stays as it is.
    expect((await t.call('POST', `/api/v1/Quotes/${n}/1/email`, 'dispatcher', mail)).statusCode).toBe(200);
    expect(await queued()).toBe(queuedBefore + 1);
  });

  it('ticks Quote Submitted at first only for a customer billed as itself', async () => {
    const n = await quoteWithLine(polarWo[1]!);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, polarWo[1]!));
    const [site] = await t.db.select().from(customers).where(eq(customers.id, wo!.customerId));
    const own = site!.billingCustomerId === null;
    expect((await t.call('GET', `/api/v1/Quotes/${n}/1/email`, 'dispatcher')).json().quoteSubmitted).toEqual({ isDisabled: false, isTickedAtFirst: own });
  });

  it('sends nothing and moves nothing on bad input, for a technician, or for another company', async () => {
    const n = await quoteWithLine(polarWo[2]!);
    const status = await woStatus(polarWo[2]!);
    const before = await queued();
    for (const [body, message] of [
      [{ ...mail, to: [] }, 'To field is required'],
      [{ ...mail, to: ['nobody'] }, 'nobody is not a valid e-mail address.'],
      [{ ...mail, subject: ' ' }, 'Subject field is required!'],
      [{ ...mail, isQuoteSubmitted: 'yes' }, 'Quote Submitted must be ticked or not (true or false).'],
    ] as const) {
      const res = await t.call('POST', `/api/v1/Quotes/${n}/1/email`, 'dispatcher', { ...body, isQuoteSubmitted: 'isQuoteSubmitted' in body ? body.isQuoteSubmitted : true });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await t.call('POST', `/api/v1/Quotes/${n}/1/email`, 'tech', mail)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/v1/Quotes/${n}/1/email`, 'coastal.admin', mail)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/Quotes/${n}/1/pdf`, 'coastal.admin')).statusCode).toBe(404);
    expect(await queued()).toBe(before);
    expect(await woStatus(polarWo[2]!)).toBe(status);
  });
});

describe('an invoice as a PDF and by e-mail', () => {
  it('prints the frozen totals in the display mode chosen, and e-mails the PDF', async () => {
    const { workOrder, laborIds } = await knownWorkOrder(t, '249901');
    const submitted = await t.call('POST', '/api/v1/Invoice/submit', 'admin', knownBody(workOrder.id, laborIds[0]!));
    expect(submitted.statusCode, submitted.body).toBe(200);
    const invoice = submitted.json() as { invoiceId: number; invoiceNumber: number; totals: { total: number; totalDue: number } };
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(invoice.totals.total);

    const summary = pdfText((await t.call('GET', `/api/v1/Invoice/${invoice.invoiceId}/pdf`, 'admin')).rawPayload);
    for (const shown of ['Invoice', `No. ${invoice.invoiceNumber}`, 'Regular', 'Overtime', 'Trip Charges', 'Freight', 'Subtotal', 'Invoice Total', total, 'Amount Due']) {
      expect(summary.some((s) => s.includes(shown)), shown).toBe(true);
    }
    const details = pdfText((await t.call('GET', `/api/v1/Invoice/${invoice.invoiceId}/pdf?displayMode=details`, 'admin')).rawPayload);
    expect(details.some((s) => s.includes('R-404A refrigerant, lb'))).toBe(true);
    expect(summary.some((s) => s.includes('R-404A refrigerant, lb'))).toBe(false);
    expect((await t.call('GET', `/api/v1/Invoice/${invoice.invoiceId}/pdf?displayMode=fancy`, 'admin')).statusCode).toBe(400);

    const defaults = await t.call('GET', `/api/v1/Invoice/${invoice.invoiceId}/email`, 'admin');
    expect(defaults.json()).toMatchObject({
      fileName: `Invoice-${invoice.invoiceNumber}.pdf`,
      message: '<p>Please find the attached Invoice. Thanks for the opportunity to service your location!</p>',
      quoteSubmitted: null,
    });
    const before = sink.received.length;
    const sent = await t.call('POST', `/api/v1/Invoice/${invoice.invoiceId}/email`, 'admin', { ...mail, subject: 'Your invoice' });
    expect(sent.statusCode, sent.body).toBe(200);
    await waitUntil(() => sink.received.length === before + 1, 'the invoice to reach the SMTP server', 15_000);
    const received = sink.received.at(-1)!;
    expect(received.attachments.map((a) => a.filename)).toEqual([`Invoice-${invoice.invoiceNumber}.pdf`]);
    expect(pdfText(received.attachments[0]!.content).some((s) => s.includes(total))).toBe(true);

    expect((await t.call('GET', `/api/v1/Invoice/${invoice.invoiceId}/pdf`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('POST', `/api/v1/Invoice/${invoice.invoiceId}/email`, 'tech', mail)).statusCode).toBe(403);
  });
});
