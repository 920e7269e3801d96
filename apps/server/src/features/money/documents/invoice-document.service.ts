import { DEFAULT_DOCUMENT_EMAIL_MESSAGE, type DocumentEmailBody, type DocumentEmailDefaults, type Invoice, type InvoiceDisplayMode } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { recordAudit } from '../../platform/audit/audit.service';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { getInvoice, invoiceRow } from '../invoices/invoices.service';
import { companyNameOf, documentLookOf } from './document-templates.service';
import { documentParties, type DocumentParties } from './document-parties';
import { renderDocumentPdf, type DocumentContent, type DocumentTotal } from './pdf-document';

/** The lines every display mode ends with (invoice-display.ts): printed under the table rather than in it. */
const FOOTER_LABELS = new Set(['Subtotal', 'Tax %', 'Invoice Total', 'Credits Applied', 'Payments', 'Convenience Fee', 'Amount Due']);
const fileNameOf = (invoice: Invoice) => `Invoice-${invoice.invoiceNumber}.pdf`;

/** What the printed invoice says, in the display mode chosen: the charges in the table, the footer under it. */
function invoiceContent(invoice: Invoice, parties: DocumentParties, companyName: string): DocumentContent {
  const body = invoice.lines.filter((l) => !FOOTER_LABELS.has(l.label));
  const footer = invoice.lines.filter((l) => FOOTER_LABELS.has(l.label));
  return {
    number: String(invoice.invoiceNumber),
    date: invoice.invoiceDate.slice(0, 10),
    companyName,
    billTo: parties.billTo,
    serviceAt: parties.serviceAt,
    facts: [
      { label: 'Work Order', value: invoice.workOrderNumber },
      { label: 'Status', value: invoice.status },
      ...(invoice.totals.isTaxExempt ? [{ label: 'Tax', value: 'Exempt' }] : []),
    ],
    lines: body.map((l) => ({
      description: l.label,
      technician: l.technician ?? null,
      quantity: l.hours !== undefined ? `${l.hours} h` : l.quantity !== undefined ? String(l.quantity) : null,
      unitPrice: l.rate !== undefined ? String(l.rate) : null,
      discount: l.discount !== undefined ? String(l.discount) : null,
      amount: String(l.amount),
    })),
    totals: footer.map(
      (l): DocumentTotal => ({
        label: l.label === 'Tax %' ? `Tax % (${invoice.totals.isTaxExempt ? 'exempt' : l.rate ?? invoice.totals.taxRate})` : l.label,
        amount: String(l.amount),
        isEmphasised: l.kind === 'total',
      }),
    ),
  };
}

async function invoicePdfOf(ctx: Ctx, invoiceId: number, displayMode: InvoiceDisplayMode) {
  const invoice = await getInvoice(ctx, invoiceId, displayMode);
  const row = await invoiceRow(ctx.db, ctx, invoiceId);
  const parties = await documentParties(ctx.db, ctx, row.customerId, row.billingCustomerId);
  const { template, logo } = await documentLookOf(ctx.db, ctx, 'invoice');
  const pdf = await renderDocumentPdf(template, logo, invoiceContent(invoice, parties, await companyNameOf(ctx.db, ctx)));
  return { invoice, parties, pdf };
}

/** `GET Invoice/{invoiceId}/pdf`: the invoice as the customer receives it, in the company's template and the mode chosen. */
export async function invoicePdf(ctx: Ctx, invoiceId: number, displayMode: InvoiceDisplayMode): Promise<{ pdf: Buffer; fileName: string }> {
  const { invoice, pdf } = await invoicePdfOf(ctx, invoiceId, displayMode);
  return { pdf, fileName: fileNameOf(invoice) };
}

/** `GET Invoice/{invoiceId}/email`: the Email send form's first values for an invoice. */
export async function invoiceEmailDefaults(ctx: Ctx, invoiceId: number): Promise<DocumentEmailDefaults> {
  const row = await invoiceRow(ctx.db, ctx, invoiceId);
  const invoice = await getInvoice(ctx, invoiceId, 'summary');
  const parties = await documentParties(ctx.db, ctx, row.customerId, row.billingCustomerId);
  return {
    to: parties.email ? [parties.email] : [],
    subject: `Invoice ${invoice.invoiceNumber} for work order ${invoice.workOrderNumber} – ${invoice.customerName}`,
    message: `<p>${DEFAULT_DOCUMENT_EMAIL_MESSAGE.invoice}</p>`,
    fileName: fileNameOf(invoice),
    quoteSubmitted: null,
  };
}

/** `POST Invoice/{invoiceId}/email`: the invoice's PDF e-mailed through the outbox, recorded on the invoice's history. */
export async function emailInvoice(ctx: Ctx, invoiceId: number, displayMode: InvoiceDisplayMode, body: DocumentEmailBody): Promise<{ emailOutboxId: number }> {
  const { invoice, pdf } = await invoicePdfOf(ctx, invoiceId, displayMode);
  return ctx.db.transaction(async (tx) => {
    const queued = await enqueueEmail(tx, {
      subscriberId: ctx.actor.subscriberId,
      createdBy: ctx.actor.userId,
      to: body.to,
      cc: body.cc,
      subject: body.subject,
      html: body.message,
      attachments: [{ fileName: fileNameOf(invoice), contentType: 'application/pdf', content: pdf }],
    });
    await recordAudit(tx, ctx, { entity: 'invoice', entityId: invoiceId, action: 'email', after: { to: body.to, cc: body.cc, subject: body.subject, emailOutboxId: queued.emailOutboxId } });
    return { emailOutboxId: queued.emailOutboxId };
  });
}
