import { required, TO_REQUIRED, type SendTemplateEmailBody } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { enqueueEmail } from '../email-outbox/enqueue-email.service';
import { getEmailTemplate, sanitizedMessage } from './email-templates.service';

/**
 * `POST EmailTemplates/send`: the Email send form of /emailTemplate/sendEmail (spec platform 3.5, 5.1). The message
 * starts from a template of the company or from nothing; a subject or message left out is the template's. It is written
 * to the outbox in one transaction, through the allowlist sanitiser, and sent by the worker after the commit. Another
 * company's template is a 404 and nothing is queued.
 */
export async function sendTemplateEmail(ctx: Ctx, body: SendTemplateEmailBody): Promise<{ emailOutboxId: number }> {
  return ctx.db.transaction(async (tx) => {
    const template = body.emailTemplateId ? await getEmailTemplate(ctx, body.emailTemplateId, tx) : null;
    // The form's order (spec 5.1 shows the first error): To, then Subject, then the message.
    if (!body.to.some((a) => a.trim() !== '')) throw new AppError(400, TO_REQUIRED);
    const subject = body.subject ?? template?.subject ?? '';
    const message = body.message ?? template?.bodyHtml ?? '';
    if (!subject.trim()) throw new AppError(400, required('Subject'));
    const html = sanitizedMessage(message, 'Template');
    const queued = await enqueueEmail(tx, { subscriberId: ctx.actor.subscriberId, createdBy: ctx.actor.userId, to: body.to, cc: body.cc, subject, html });
    return { emailOutboxId: queued.emailOutboxId };
  });
}
