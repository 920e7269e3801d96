import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isValidEmail, required, TO_REQUIRED } from '@sm/shared';
import { companySettings, emailOutbox, emailOutboxAttachments, subscribers } from '../../../db/schema';
import type { DbOrTx } from '../../../lib/context';
import { mailFromAddress } from '../../../lib/env';
import { AppError, notFound } from '../../../lib/errors';
import { escapeHtml, sanitizeRichText } from '../../../lib/rich-text';
import { signalOutbox } from './outbox-signal';

/** A file sent with a message; its bytes are copied into the outbox. */
export interface EmailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface EnqueueEmailInput {
  /** The company the message belongs to: its name is the sender's display name, its administrators see it. */
  subscriberId: number;
  /** The user whose action causes the message; none for messages of the system. */
  createdBy?: number | null;
  to: string[];
  cc?: string[];
  subject: string;
  /** Rich text; it goes through the allowlist sanitiser before it is kept. */
  html: string;
  text?: string | null;
  attachments?: EmailAttachment[];
  /**
   * The message carries a link that acts as its recipient (an invitation, a password reset, an approval by a
   * customer): it is not copied to the company's BCC address, where someone else could use the link.
   */
  hasPersonalLink?: boolean;
  /** The token of that link: struck from the stored message once it is sent (see `emailOutbox.secret`). */
  secret?: string;
}

export const MAX_RECIPIENTS = 50;
const MAX_SUBJECT = 250;
const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_ATTACHMENTS = 20;
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
const MB = 1024 * 1024;

const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;
const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);
const withoutNul = (s: string) => s.replace(/\u0000/g, '');

/** Trimmed, checked and without repeats (case-insensitive, first spelling kept); a bad one answers 400 by name. */
function addresses(list: readonly unknown[]): string[] {
  const kept = new Map<string, string>();
  for (const raw of list) {
    const address = typeof raw === 'string' ? raw.trim() : '';
    if (address === '') continue;
    if (!isValidEmail(address)) throw new AppError(400, `${short(address)} is not a valid e-mail address.`);
    if (!kept.has(address.toLowerCase())) kept.set(address.toLowerCase(), address);
  }
  return [...kept.values()];
}

/** A name a mail program shows and saves safely: no folders, no line breaks, no control characters. */
function attachmentName(raw: string): string {
  const name = raw.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^.*[\\/]/, '').trim();
  if (name === '') throw new AppError(400, required('Attachment name'));
  if (name.length > 200) throw new AppError(400, 'Attachment name must be at most 200 characters.');
  return name;
}

/** Checks and normalises a message; every refusal is a 400 with a sentence, before anything is written. */
function checked(input: EnqueueEmailInput) {
  const to = addresses(input.to ?? []);
  if (to.length === 0) throw new AppError(400, TO_REQUIRED);
  const cc = addresses(input.cc ?? []).filter((a) => !to.some((t) => t.toLowerCase() === a.toLowerCase()));
  if (to.length + cc.length > MAX_RECIPIENTS) throw new AppError(400, `A message may have at most ${MAX_RECIPIENTS} recipients.`);
  // A line break in a subject would start a header of its own: the subject is one line.
  const subject = withoutNul(input.subject ?? '').replace(/\s+/g, ' ').trim();
  if (subject === '') throw new AppError(400, required('Subject'));
  if (subject.length > MAX_SUBJECT) throw new AppError(400, `Subject must be at most ${MAX_SUBJECT} characters.`);
  const html = sanitizeRichText(withoutNul(input.html ?? '')).trim();
  const text = input.text ? withoutNul(input.text) : null;
  if (html === '' && !text?.trim()) throw new AppError(400, required('Message'));
  if (Buffer.byteLength(html) + Buffer.byteLength(text ?? '') > MAX_BODY_BYTES) throw new AppError(400, 'The message must be at most 1 MB.');
  const attachments = (input.attachments ?? []).map((a) => ({
    fileName: attachmentName(a.fileName ?? ''),
    contentType: CONTENT_TYPE.test(a.contentType ?? '') ? a.contentType.toLowerCase() : 'application/octet-stream',
    content: Buffer.isBuffer(a.content) ? a.content : Buffer.from(a.content ?? []),
  }));
  if (attachments.length > MAX_ATTACHMENTS) throw new AppError(400, `A message may carry at most ${MAX_ATTACHMENTS} attachments.`);
  if (attachments.reduce((sum, a) => sum + a.content.length, 0) > MAX_ATTACHMENT_BYTES) {
    throw new AppError(400, `Attachments must add up to at most ${MAX_ATTACHMENT_BYTES / MB} MB.`);
  }
  return { to, cc, subject, html, text, attachments };
}

/** The company's name and its e-mail settings (administration, emailSettings): each null where it set none. */
export async function senderOf(
  tx: DbOrTx,
  subscriberId: number,
): Promise<{ name: string; fromName: string | null; replyTo: string | null; signature: string | null; bccAddress: string | null } | undefined> {
  const setting = (field: string) => sql<string | null>`nullif(trim(${companySettings.values}->>${field}), '')`;
  const [company] = await tx
    .select({ name: subscribers.name, fromName: setting('fromName'), replyTo: setting('replyTo'), signature: setting('signature'), bccAddress: setting('bccAddress') })
    .from(subscribers)
    .leftJoin(companySettings, and(eq(companySettings.subscriberId, subscribers.id), eq(companySettings.formKey, 'emailSettings')))
    .where(eq(subscribers.id, subscriberId));
  return company;
}

/** The signature under the text of both bodies: as typed under the plain text, escaped with its line breaks in the HTML. */
function signed(html: string, text: string | null, signature: string | null): { html: string; text: string | null } {
  if (!signature) return { html, text };
  const lines = signature.replace(/\r\n?/g, '\n');
  return {
    html: `${html}<p>${escapeHtml(lines).replace(/\n/g, '<br>')}</p>`,
    text: text === null ? null : `${text.replace(/\s+$/, '')}\n\n${lines}`,
  };
}

/**
 * Writes an e-mail to the outbox, in the caller's transaction: the message exists exactly when the change that causes
 * it is committed, and a rolled-back change leaves no message. The worker sends it after the commit, with a
 * Message-ID made here so every attempt carries the same one. Attachments are copied in, so deleting a file later
 * does not break a queued message. The company's e-mail settings are applied here and kept on the row: its
 * signature under the text, its Reply-To, and a blind copy to its BCC address. Bad addresses, an empty subject or
 * body, or too much attached answer 400 before anything is written.
 */
export async function enqueueEmail(tx: DbOrTx, input: EnqueueEmailInput): Promise<{ emailOutboxId: number; messageId: string }> {
  const message = checked(input);
  const company = await senderOf(tx, input.subscriberId);
  if (!company) throw notFound('Company');
  const fromAddress = mailFromAddress();
  // The company's e-mail settings are read now and kept with the message: it leaves as it was written.
  const body = signed(message.html, message.text, company.signature);
  const isListed = (a: string) => [...message.to, ...message.cc].some((r) => r.toLowerCase() === a.toLowerCase());
  const bcc = company.bccAddress && !input.hasPersonalLink && !isListed(company.bccAddress) ? [company.bccAddress] : [];
  const messageId = `<${randomUUID()}@${fromAddress.split('@')[1]}>`;
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      subscriberId: input.subscriberId,
      createdBy: input.createdBy ?? null,
      fromAddress,
      // The sender's name of the company's e-mail settings, or the company's name.
      fromName: company.fromName ?? company.name,
      to: message.to,
      cc: message.cc,
      bcc,
      replyTo: company.replyTo,
      subject: message.subject,
      html: body.html,
      text: body.text,
      messageId,
      secret: input.secret ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (message.attachments.length > 0) {
    await tx.insert(emailOutboxAttachments).values(message.attachments.map((a, ordinal) => ({ outboxId: row.id, ordinal, ...a })));
  }
  signalOutbox();
  return { emailOutboxId: row.id, messageId };
}
