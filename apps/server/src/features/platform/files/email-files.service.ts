import { fileExtension, type Access } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { enqueueEmail, type EmailAttachment } from '../email-outbox/enqueue-email.service';
import { isPlainName, openFolder } from './file-access';
import { mimeOf } from './file-types';
import type { FilesDeps } from './files.service';

/**
 * Sends files of a record by e-mail (the Email send form, spec 5.1): the message goes to the outbox with the files'
 * bytes, and a work order's history says who sent what to whom, in one transaction. A missing file is a 404 and
 * nothing is queued.
 */
export async function emailFiles(
  ctx: Ctx,
  deps: FilesDeps,
  access: Access,
  body: { folder: string; fileNames: string[]; to: string[]; cc: string[]; subject: string; message: string },
): Promise<{ emailOutboxId: number }> {
  const folder = await openFolder(ctx, access, body.folder, 'write');
  if (folder.ref.kind === 'richText') throw new AppError(400, 'Folder must be workOrders/{id} or customers/{id}.');
  const names = [...new Set(body.fileNames)];
  const attachments: EmailAttachment[] = [];
  for (const name of names) {
    const content = isPlainName(name) ? await deps.store.get(folder.prefix + name) : null;
    if (!content) throw new AppError(404, `The file ${name} was not found.`);
    attachments.push({ fileName: name, contentType: mimeOf(fileExtension(name)).split(';')[0]!, content });
  }
  return ctx.db.transaction(async (tx) => {
    const queued = await enqueueEmail(tx, {
      subscriberId: ctx.actor.subscriberId,
      createdBy: ctx.actor.userId,
      to: body.to,
      cc: body.cc,
      subject: body.subject,
      html: body.message,
      attachments,
    });
    if (folder.ref.kind === 'workOrders') {
      await recordAudit(tx, ctx, {
        entity: 'workOrder',
        entityId: folder.ref.id,
        action: 'emailFiles',
        after: { to: body.to, cc: body.cc, subject: body.subject, files: names, emailOutboxId: queued.emailOutboxId },
      });
    }
    return { emailOutboxId: queued.emailOutboxId };
  });
}
