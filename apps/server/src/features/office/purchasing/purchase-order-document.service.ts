import { eq } from 'drizzle-orm';
import type { DocumentEmailBody, DocumentEmailDefaults, PurchaseOrder } from '@sm/shared';
import { purchaseOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { companyNameOf, documentLookOf } from '../../money/documents/document-templates.service';
import { renderPurchaseOrderPdf } from './purchase-order-pdf';
import { purchaseOrderRow, readPurchaseOrder } from './purchase-order-read.service';
import { changing } from './purchase-order-save.service';
import { followWorkOrderParts } from './purchase-order-work-order';

const fileNameOf = (po: { number: number }) => `Purchase-Order-${po.number}.pdf`;
const DEFAULT_MESSAGE = 'Please find the attached purchase order. Kindly confirm the order and the expected delivery date.';

async function pdfOf(db: DbOrTx, ctx: Ctx, view: PurchaseOrder): Promise<Buffer> {
  const { template, logo } = await documentLookOf(db, ctx, 'quote');
  return renderPurchaseOrderPdf(template, logo, view, await companyNameOf(db, ctx));
}

/** `GET PurchaseOrder/{purchaseOrderId}/pdf`: the purchase order as the vendor receives it. */
export async function purchaseOrderPdf(ctx: Ctx, id: number): Promise<{ pdf: Buffer; fileName: string }> {
  const view = await readPurchaseOrder(ctx.db, ctx, id);
  return { pdf: await pdfOf(ctx.db, ctx, view), fileName: fileNameOf(view) };
}

/** `GET PurchaseOrder/{purchaseOrderId}/email`: the Email send form's first values: the vendor's e-mail (or its contact's), subject, message. */
export async function purchaseOrderEmailDefaults(ctx: Ctx, id: number): Promise<DocumentEmailDefaults> {
  const view = await readPurchaseOrder(ctx.db, ctx, id);
  const companyName = await companyNameOf(ctx.db, ctx);
  return {
    to: view.vendorEmail ? [view.vendorEmail] : [],
    subject: `Purchase order ${view.number} from ${companyName}`,
    message: `<p>${DEFAULT_MESSAGE}</p>`,
    fileName: fileNameOf(view),
    quoteSubmitted: null,
  };
}

/**
 * `POST PurchaseOrder/{purchaseOrderId}/email`: the PDF e-mailed to the vendor through the outbox, in the transaction
 * that marks an open purchase order sent, so the message is queued exactly when the status moves. A closed or
 * canceled one is not sent. Audited.
 */
export async function emailPurchaseOrder(ctx: Ctx, id: number, body: DocumentEmailBody): Promise<{ emailOutboxId: number }> {
  return changing(ctx, async (tx, notify) => {
    const po = await purchaseOrderRow(tx, ctx, id, { lock: true });
    if (po.status === 'closed' || po.status === 'canceled') throw new AppError(409, `Purchase order ${po.number} is ${po.status} and cannot be sent.`);
    const view = await readPurchaseOrder(tx, ctx, id);
    const pdf = await pdfOf(tx, ctx, view);
    const queued = await enqueueEmail(tx, {
      subscriberId: ctx.actor.subscriberId,
      createdBy: ctx.actor.userId,
      to: body.to,
      cc: body.cc,
      subject: body.subject,
      html: body.message,
      attachments: [{ fileName: fileNameOf(po), contentType: 'application/pdf', content: pdf }],
    });
    const status = po.status === 'open' ? 'sent' : po.status;
    await tx.update(purchaseOrders).set({ status, sentAt: ctx.now }).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.id, po.id)));
    await recordAudit(tx, ctx, { entity: 'purchaseOrder', entityId: po.id, action: 'email', before: { status: po.status }, after: { status, to: body.to, cc: body.cc, subject: body.subject, emailOutboxId: queued.emailOutboxId } });
    notify(await followWorkOrderParts(tx, ctx, po.workOrderId));
    return { emailOutboxId: queued.emailOutboxId };
  });
}
