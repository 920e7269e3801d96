import { expect, test } from './fixtures';
import { pdfText } from '../../apps/server/src/test/pdf-text';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../apps/server/src/test/smtp-sink';
import { techWorked } from './labor';
import { openAs } from './session';

// The money of one work order from quote to payment, as an office user handles it at a desk: a quote built on the
// work order, e-mailed as a PDF with Quote Submitted ticked (the message is read back from a real SMTP server this test
// starts where the server of this group sends its mail), then approved; after the technician's labor, the work invoiced,
// the invoice e-mailed as a PDF, and a partial payment taken. Runs in its own group: the only server with a mail server.
const WORK_ORDER = '240016';
const ADDRESS = 'manager@lonestar.example';

let sink: SmtpSink;
test.beforeAll(async ({}, info) => {
  const port = Number(new URL(info.project.use.baseURL!).port) + 2;
  sink = await startSmtpSink({ port });
});
test.afterAll(async () => {
  await sink?.close();
});

test.use({ viewport: { width: 1366, height: 900 } });

test('an office user quotes a work order, e-mails it as submitted, approves it, invoices the labor and takes a partial payment', async ({ page }) => {
  await openAs(page, 'admin', `/workOrder/${WORK_ORDER}/edit`);
  await page.getByRole('link', { name: 'Create Quote' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Replace walk-in door gasket');
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+\/1\/view$/);
  const quoteNumber = new URL(page.url()).pathname.split('/')[2];

  await page.getByRole('button', { name: 'Add Line' }).click();
  const line = page.getByRole('dialog', { name: 'Add Line' });
  await line.getByRole('textbox', { name: 'Description' }).fill('Walk-in door gasket');
  await line.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await line.getByRole('textbox', { name: 'Unit Cost' }).fill('80');
  await line.getByRole('textbox', { name: 'Markup %' }).fill('60');
  await line.getByRole('button', { name: 'Add Line' }).click();
  await expect(line).toBeHidden();
  await expect(page.getByTestId('quote-total')).toHaveText('$128.00');

  // The Email send form: the PDF attached, the spec's message, To required; Bishop Arts is billed to Lone Star, so
  // Quote Submitted starts unticked (4.6).
  await page.getByRole('button', { name: 'E-mail' }).click();
  const form = page.getByRole('dialog', { name: 'E-mail quote' });
  await expect(form.getByRole('button', { name: `Quote-${quoteNumber}-v1.pdf` })).toBeVisible();
  await expect(form.getByText('Please find the attached quote. Thanks for the opportunity to service your location!')).toBeVisible();
  const submitted = form.getByRole('checkbox', { name: 'Quote Submitted' });
  await expect(submitted).not.toBeChecked();
  await expect(submitted).toBeEnabled();
  const to = form.getByRole('combobox', { name: 'To' });
  for (const tag of await form.getByRole('button', { name: /^Remove / }).all()) await tag.click();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('To field is required', { exact: true })).toBeVisible();
  await to.fill(ADDRESS);
  await to.press('Enter');
  await submitted.check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('quote-status')).toHaveText('Submitted');
  await expect(page.getByTestId('quote-work-order-status')).toHaveText('Quote Submitted');

  await waitUntil(() => sink.received.some((m) => m.attachments.some((a) => a.filename === `Quote-${quoteNumber}-v1.pdf`)), 'the quote to reach the mail server', 30_000);
  const mail = sink.received.find((m) => m.attachments.some((a) => a.filename === `Quote-${quoteNumber}-v1.pdf`))!;
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(ADDRESS);
  expect(mail.html).toContain('Please find the attached quote.');
  const printed = pdfText(mail.attachments[0]!.content);
  for (const shown of ['Walk-in door gasket (Material)', '$128.00', 'Quote Total', 'Bishop Arts Cafe', 'Lone Star Restaurant Group']) {
    expect(printed.some((s) => s.includes(shown)), shown).toBe(true);
  }

  // Sent as submitted: the form now keeps Quote Submitted off.
  await page.getByRole('button', { name: 'E-mail' }).click();
  await expect(page.getByRole('dialog', { name: 'E-mail quote' }).getByRole('checkbox', { name: 'Quote Submitted' })).toBeDisabled();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('quote-status')).toHaveText('Approved');
  await expect(page.getByTestId('quote-work-order-status')).toHaveText('Quote Approved');

  // Tech works two hours (2.00 h at $115.00; Texas taxes no labor); the office invoices it and e-mails the invoice.
  await techWorked(page, WORK_ORDER, 120);
  await openAs(page, 'admin', `/workOrder/${WORK_ORDER}/edit`);
  const section = page.getByTestId('invoice-section');
  await expect(section.getByTestId('preview-total')).toHaveText('$230.00');
  await section.getByRole('button', { name: 'Submit Invoice' }).click();
  await page.getByRole('dialog', { name: 'Submit Invoice' }).getByRole('button', { name: 'Submit Invoice' }).click();
  await expect(section.getByTestId('invoice-amount-due')).toHaveText('$230.00');
  const invoiceNumber = (await section.getByTestId('invoice-number').textContent())!;

  await section.getByRole('button', { name: 'E-mail' }).click();
  const invoiceForm = page.getByRole('dialog', { name: 'E-mail invoice' });
  await expect(invoiceForm.getByText('Please find the attached Invoice. Thanks for the opportunity to service your location!')).toBeVisible();
  await expect(invoiceForm.getByRole('checkbox', { name: 'Quote Submitted' })).toHaveCount(0);
  const invoiceTo = invoiceForm.getByRole('combobox', { name: 'To' });
  await invoiceTo.fill(ADDRESS);
  await invoiceTo.press('Enter');
  await invoiceForm.getByRole('button', { name: 'Send' }).click();
  await expect(invoiceForm).toBeHidden();
  const invoiceFile = `Invoice-${invoiceNumber}.pdf`;
  await waitUntil(() => sink.received.some((m) => m.attachments.some((a) => a.filename === invoiceFile)), 'the invoice to reach the mail server', 30_000);
  const invoiceMail = sink.received.find((m) => m.attachments.some((a) => a.filename === invoiceFile))!;
  const invoicePrinted = pdfText(invoiceMail.attachments[0]!.content);
  for (const shown of ['Regular', 'Invoice Total', '$230.00', 'Amount Due']) expect(invoicePrinted.some((s) => s.includes(shown)), shown).toBe(true);

  // A partial payment: the balance falls by exactly that much.
  await section.getByRole('button', { name: 'Process Payment' }).click();
  const payment = page.getByRole('dialog', { name: `Process Payment — Invoice ${invoiceNumber}` });
  await payment.getByRole('textbox', { name: 'Amount' }).fill('80.10');
  await payment.getByRole('button', { name: 'Process Payment' }).click();
  await expect(payment).toBeHidden();
  await expect(section.getByTestId('invoice-paid')).toHaveText('$80.10');
  await expect(section.getByTestId('invoice-amount-due')).toHaveText('$149.90');
});
