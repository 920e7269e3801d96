import { DEFAULT_DOCUMENT_EMAIL_MESSAGE, QUOTE_LINE_KIND_LABELS, quoteSubmittedChoice, type Access, type DocumentEmailBody, type DocumentEmailDefaults, type QuoteView } from '@sm/shared';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { recordAudit } from '../../platform/audit/audit.service';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { quoteVersionOf, type QuoteVersionRef } from '../quotes/quote-access';
import { changing, submitQuote } from '../quotes/quote-status.service';
import { viewOf } from '../quotes/quotes.service';
import { companyNameOf, documentLookOf } from './document-templates.service';
import { documentParties, type DocumentParties } from './document-parties';
import { renderDocumentPdf, type DocumentContent } from './pdf-document';

const fileNameOf = (q: { quoteNumber: number; quoteVersion: number }) => `Quote-${q.quoteNumber}-v${q.quoteVersion}.pdf`;
const subjectOf = (view: QuoteView) => `Quote ${view.quoteNumber} for work order ${view.workOrderNumber} – ${view.customerName}`;

/** What the printed quote says: its lines and totals as the quote page shows them, the parties and the work order. */
function quoteContent(view: QuoteView, parties: DocumentParties, companyName: string): DocumentContent {
  const t = view.totals;
  return {
    number: `${view.quoteNumber} v${view.quoteVersion}`,
    date: view.createdAt.slice(0, 10),
    companyName,
    billTo: parties.billTo,
    serviceAt: parties.serviceAt,
    facts: [
      { label: 'Work Order', value: view.workOrderNumber },
      ...(view.title ? [{ label: 'For', value: view.title }] : []),
      { label: 'Status', value: view.status },
    ],
    lines: view.lines.map((l) => ({
      description: `${l.description} (${QUOTE_LINE_KIND_LABELS[l.kind]})`,
      quantity: String(l.quantity),
      unitPrice: String(l.unitPrice),
      discount: String(l.discount),
      amount: String(l.lineTotal),
    })),
    totals: [
      { label: 'Subtotal', amount: String(t.subtotal) },
      ...(t.totalDiscount ? [{ label: 'Discount', amount: String(-t.totalDiscount) }] : []),
      { label: 'Quote Total', amount: String(t.total), isEmphasised: true },
    ],
  };
}

async function quotePdfOf(db: DbOrTx, ctx: Ctx, ref: QuoteVersionRef): Promise<{ view: QuoteView; parties: DocumentParties; pdf: Buffer }> {
  const view = await viewOf(db, ctx, ref);
  const parties = await documentParties(db, ctx, view.customerId);
  const { template, logo } = await documentLookOf(db, ctx, 'quote');
  const pdf = await renderDocumentPdf(template, logo, quoteContent(view, parties, await companyNameOf(db, ctx)));
  return { view, parties, pdf };
}

/** `GET Quotes/{quoteNumber}/{quoteVersion}/pdf`: one version as the customer receives it, in the company's template. */
export async function quotePdf(ctx: Ctx, access: Access, quoteNumber: number, version: number): Promise<{ pdf: Buffer; fileName: string }> {
  const { view, pdf } = await quotePdfOf(ctx.db, ctx, await quoteVersionOf(ctx.db, ctx, access, quoteNumber, version));
  return { pdf, fileName: fileNameOf(view) };
}

/** `GET Quotes/{quoteNumber}/{quoteVersion}/email`: the Email send form's first values, and its Quote Submitted tick box. */
export async function quoteEmailDefaults(ctx: Ctx, access: Access, quoteNumber: number, version: number): Promise<DocumentEmailDefaults> {
  const ref = await quoteVersionOf(ctx.db, ctx, access, quoteNumber, version);
  const view = await viewOf(ctx.db, ctx, ref);
  const parties = await documentParties(ctx.db, ctx, view.customerId);
  return {
    to: parties.email ? [parties.email] : [],
    subject: subjectOf(view),
    message: `<p>${DEFAULT_DOCUMENT_EMAIL_MESSAGE.quote}</p>`,
    fileName: fileNameOf(view),
    quoteSubmitted: quoteSubmittedChoice({ workOrderStatusId: ref.workOrder.workOrderStatusId, quoteStatus: ref.version.status, isOwnBillingCustomer: parties.isOwnBillingCustomer }),
  };
}

/**
 * `POST Quotes/{quoteNumber}/{quoteVersion}/email`: the current version's PDF e-mailed through the outbox; with Quote
 * Submitted ticked, the quote and its work order move to Quote Submitted in the same transaction, so the message is
 * queued exactly when the status moves. Ticking it where the form disables it (spec 4.6) is refused.
 */
export async function emailQuote(ctx: Ctx, access: Access, quoteNumber: number, version: number, body: DocumentEmailBody): Promise<{ emailOutboxId: number }> {
  let emailOutboxId = 0;
  await changing(ctx, access, quoteNumber, version, async (tx, ref) => {
    const { view, parties, pdf } = await quotePdfOf(tx, ctx, ref);
    const choice = quoteSubmittedChoice({ workOrderStatusId: ref.workOrder.workOrderStatusId, quoteStatus: ref.version.status, isOwnBillingCustomer: parties.isOwnBillingCustomer });
    if (body.isQuoteSubmitted && choice.isDisabled) {
      throw new AppError(409, `Quote ${quoteNumber} cannot be marked Quote Submitted: it is ${ref.version.status.toLowerCase()}, or its work order is past quoting. Send it without the tick.`);
    }
    const queued = await enqueueEmail(tx, {
      subscriberId: ctx.actor.subscriberId,
      createdBy: ctx.actor.userId,
      to: body.to,
      cc: body.cc,
      subject: body.subject,
      html: body.message,
      attachments: [{ fileName: fileNameOf(view), contentType: 'application/pdf', content: pdf }],
    });
    emailOutboxId = queued.emailOutboxId;
    await recordAudit(tx, ctx, { entity: 'quote', entityId: ref.quote.id, action: 'email', after: { version, to: body.to, cc: body.cc, subject: body.subject, isQuoteSubmitted: body.isQuoteSubmitted, emailOutboxId } });
    return body.isQuoteSubmitted ? submitQuote(tx, ctx, ref) : null;
  });
  return { emailOutboxId };
}
