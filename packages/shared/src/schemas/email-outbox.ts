import { z } from 'zod';
import { isValidEmail } from '../helpers/email';
import { idParam } from './common';
import { gridAnswer } from './grid';

/**
 * The e-mail outbox: every message the product sends is kept here, written in the transaction of the change that
 * causes it, then sent by a worker. `uncertain` is a message whose sending was interrupted (the server stopped while
 * it was sending): it may or may not have been delivered, so it is never sent again without an administrator.
 */
export const EMAIL_OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'uncertain'] as const;
export type EmailOutboxStatus = (typeof EMAIL_OUTBOX_STATUSES)[number];

/** The statuses an administrator may send again by hand. */
export const RESENDABLE_EMAIL_STATUSES: readonly EmailOutboxStatus[] = ['failed', 'uncertain'];

/** Labels of the statuses, as the outbox page shows them. */
export const EMAIL_OUTBOX_STATUS_LABELS: Record<EmailOutboxStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  uncertain: 'Uncertain',
};

/** "To field is required" is the spec's sentence for a message without a recipient (platform 5.1). */
export const TO_REQUIRED = 'To field is required';

export const emailOutboxIdParams = z.object({ emailOutboxId: idParam('Message') });

/** One row of the administrator's outbox grid. */
export const emailOutboxRow = z
  .object({
    emailOutboxId: z.number(),
    status: z.enum(EMAIL_OUTBOX_STATUSES),
    createdAt: z.string().meta({ description: 'When the message was written to the outbox (ISO 8601, UTC)' }),
    createdByName: z.string().nullable().meta({ description: 'Who caused it; null for messages of the system' }),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    attempts: z.number().meta({ description: 'Sending attempts so far' }),
    nextAttemptAt: z.string().nullable().meta({ description: 'When a queued message is tried next' }),
    lastError: z.string().nullable().meta({ description: "The mail server's words on the last failure, or why the message is uncertain" }),
    sentAt: z.string().nullable(),
    messageId: z.string().meta({ description: 'The RFC 5322 Message-ID, the same on every attempt' }),
  })
  .meta({ description: 'One message of the outbox' });
export type EmailOutboxRow = z.infer<typeof emailOutboxRow>;

const ROW_EXAMPLE: EmailOutboxRow = {
  emailOutboxId: 12,
  status: 'queued',
  createdAt: '2026-03-02T15:30:00.000Z',
  createdByName: 'Alicia Moreno',
  to: ['store14@lonestar.example'],
  cc: [],
  subject: 'Quote 1042 from Lone Star Refrigeration',
  attempts: 0,
  nextAttemptAt: '2026-03-02T15:30:00.000Z',
  lastError: null,
  sentAt: null,
  messageId: '<5f1c2d3e-7a8b-4c9d-8e0f-1a2b3c4d5e6f@lonestar.example>',
};

export const emailOutboxGridAnswer = gridAnswer(emailOutboxRow).meta({ example: { data: [ROW_EXAMPLE], total: 1 } });

/** A message as the detail shows it: the grid's row, the sender, the bodies and the attachments' names and sizes. */
export const emailOutboxDetail = emailOutboxRow
  .extend({
    fromAddress: z.string(),
    fromName: z.string(),
    html: z.string().meta({ description: 'The HTML body, already through the allowlist sanitiser' }),
    text: z.string().nullable(),
    attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number().meta({ description: 'Bytes' }) })),
  })
  .meta({
    example: {
      ...ROW_EXAMPLE,
      fromAddress: 'no-reply@lonestar.example',
      fromName: 'Lone Star Refrigeration',
      html: '<p>Please find the attached quote. Thanks for the opportunity to service your location!</p>',
      text: null,
      attachments: [{ fileName: 'Quote-1042.pdf', contentType: 'application/pdf', size: 48213 }],
    },
  });
export type EmailOutboxDetail = z.infer<typeof emailOutboxDetail>;

/** The recipient of the "Send test e-mail" button: one address. */
export const sendTestEmailBody = z
  .object({
    to: z
      .string({ error: TO_REQUIRED })
      .trim()
      .min(1, TO_REQUIRED)
      .max(254, 'To must be at most 254 characters.')
      .refine((v) => isValidEmail(v), 'To is not a valid e-mail address.'),
  })
  .meta({ example: { to: 'office@lonestar.example' } });
export type SendTestEmailBody = z.input<typeof sendTestEmailBody>;

/** Whether a mail server is configured, and the sender every message carries. */
export const emailOutboxSettings = z
  .object({
    isSmtpConfigured: z.boolean().meta({ description: 'False when SMTP_URL is not set: messages are kept as queued and not sent' }),
    from: z.string().meta({ description: 'The sender address (MAIL_FROM)' }),
    fromName: z.string().meta({ description: "The sender's display name: the company's name" }),
  })
  .meta({ example: { isSmtpConfigured: false, from: 'no-reply@localhost', fromName: 'Lone Star Refrigeration' } });
export type EmailOutboxSettings = z.infer<typeof emailOutboxSettings>;
