import { z } from 'zod';
import { TO_REQUIRED } from './email-outbox';
import { idOf, idParam, required, requiredText } from './common';

/**
 * The company's e-mail templates (spec platform 2.1: /emailTemplate with templateGrid, create and sendEmail): a named
 * subject and rich-text message that the Email send form (2.6, 3.5, 5.1) offers, first to the form of its purpose.
 */

export const EMAIL_TEMPLATE_PURPOSES = ['general', 'quote', 'invoice', 'estimate'] as const;
export type EmailTemplatePurpose = (typeof EMAIL_TEMPLATE_PURPOSES)[number];
export const EMAIL_TEMPLATE_PURPOSE_LABELS: Record<EmailTemplatePurpose, string> = { general: 'General', quote: 'Quote', invoice: 'Invoice', estimate: 'Estimate' };

export const EMAIL_TEMPLATE_NAME_MAX = 100;
export const EMAIL_SUBJECT_MAX = 250;
/** The longest message accepted, as sent (pictures of the Insert Image dialog travel inline). */
export const EMAIL_MESSAGE_MAX = 200_000;

const purpose = z.enum(EMAIL_TEMPLATE_PURPOSES, { error: 'Purpose must be general, quote, invoice or estimate.' });

export const emailTemplateParams = z.object({ emailTemplateId: idParam('Email template') });

/** 'true' or 'false' in a query string. */
const boolText = (label: string) => z.enum(['true', 'false'], { error: `${label} must be true or false.` }).transform((v) => v === 'true');

/** `GET EmailTemplates`: every template of the company, or those of one purpose, or only the active (or retired) ones. */
export const emailTemplateListQuery = z.object({
  purpose: purpose.optional().meta({ description: 'Only templates of this purpose' }),
  isActive: boolText('Active').optional().meta({ description: 'true: only active templates; false: only retired ones' }),
});

/** `POST EmailTemplates`, `PUT EmailTemplates/{emailTemplateId}`: a template as the create and edit pages send it. */
export const emailTemplateBody = z
  .object({
    name: requiredText('Name', EMAIL_TEMPLATE_NAME_MAX),
    purpose: purpose.default('general'),
    subject: requiredText('Subject', EMAIL_SUBJECT_MAX),
    bodyHtml: z
      .string({ error: (issue) => (issue.input === undefined ? required('Message') : 'Message must be text.') })
      .max(EMAIL_MESSAGE_MAX, 'The message is too long.')
      .meta({ description: 'Rich text; kept through the allowlist sanitiser (scripts, styles and event attributes are removed)' }),
    isActive: z.boolean({ error: 'Active must be true or false.' }).default(true),
  })
  .meta({
    example: {
      name: 'Quote follow-up',
      purpose: 'quote',
      subject: 'Your quote from Lone Star Refrigeration',
      bodyHtml: '<p>Please find the attached quote. <strong>It is valid for 30 days.</strong></p>',
      isActive: true,
    },
  });
export type EmailTemplateInput = z.input<typeof emailTemplateBody>;
export type EmailTemplateBody = z.output<typeof emailTemplateBody>;

const TEMPLATE_EXAMPLE = {
  emailTemplateId: 7,
  name: 'Quote follow-up',
  purpose: 'quote' as const,
  subject: 'Your quote from Lone Star Refrigeration',
  bodyHtml: '<p>Please find the attached quote. <strong>It is valid for 30 days.</strong></p>',
  isActive: true,
  createdAt: '2026-03-02T15:30:00.000Z',
  updatedAt: '2026-03-04T09:12:00.000Z',
  updatedByName: 'Alicia Moreno',
};

export const emailTemplateSchema = z
  .object({
    emailTemplateId: z.number(),
    name: z.string(),
    purpose: z.enum(EMAIL_TEMPLATE_PURPOSES),
    subject: z.string(),
    bodyHtml: z.string().meta({ description: 'The message, already through the allowlist sanitiser' }),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedByName: z.string().nullable().meta({ description: 'Who changed it last; null once that user is removed' }),
  })
  .meta({ example: TEMPLATE_EXAMPLE });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateListAnswer = z.array(emailTemplateSchema).meta({ example: [TEMPLATE_EXAMPLE] });
export const emailTemplateDeletedAnswer = z.object({ emailTemplateId: z.number() }).meta({ example: { emailTemplateId: 7 } });

const recipients = z.array(z.string().max(254, 'An address must be at most 254 characters.'), { error: TO_REQUIRED }).max(50, 'A message may have at most 50 recipients.');

/**
 * `POST EmailTemplates/send`: the Email send form of /emailTemplate/sendEmail. To is required ("To field is required"),
 * CC optional. With `emailTemplateId`, a subject or message left out is the template's.
 */
export const sendTemplateEmailBody = z
  .object({
    emailTemplateId: idOf('Email template').nullable().optional().meta({ description: 'The template the message starts from, if any' }),
    to: recipients,
    cc: z.array(z.string().max(254, 'An address must be at most 254 characters.'), { error: 'CC must be a list of addresses.' }).max(50, 'A message may have at most 50 recipients.').default([]),
    subject: z.string({ error: 'Subject must be text.' }).max(EMAIL_SUBJECT_MAX, `Subject must be at most ${EMAIL_SUBJECT_MAX} characters.`).optional(),
    message: z.string({ error: 'Template must be text.' }).max(EMAIL_MESSAGE_MAX, 'The message is too long.').optional(),
  })
  .meta({
    example: {
      emailTemplateId: 7,
      to: ['facilities@freshmart.example'],
      cc: ['office@lonestar.example'],
      subject: 'Your quote from Lone Star Refrigeration',
      message: '<p>Please find the attached quote. <strong>It is valid for 30 days.</strong></p>',
    },
  });
export type SendTemplateEmailInput = z.input<typeof sendTemplateEmailBody>;
export type SendTemplateEmailBody = z.output<typeof sendTemplateEmailBody>;
export const sendTemplateEmailAnswer = z.object({ emailOutboxId: z.number().int() }).meta({ example: { emailOutboxId: 12 } });

/** The templates an e-mail form of this purpose offers: the active ones of its purpose, then the general ones. */
export function templatesFor<T extends Pick<EmailTemplate, 'purpose' | 'isActive' | 'name'>>(templates: readonly T[], purposeOfForm: EmailTemplatePurpose): T[] {
  const rank = (t: T) => (t.purpose === purposeOfForm ? 0 : 1);
  return templates
    .filter((t) => t.isActive && (t.purpose === purposeOfForm || t.purpose === 'general'))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
