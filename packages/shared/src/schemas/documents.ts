import { z } from 'zod';
import { optionalText } from './common';

/**
 * The printed quote and invoice (spec platform 2.1: /customizeTemplate/invoiceTemplate, quoteTemplate): each company
 * adjusts how its PDFs look (logo, colours, terms, which columns of the lines show); the server renders them.
 */

export const DOCUMENT_KINDS = ['invoice', 'quote'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_LABELS: Record<DocumentKind, string> = { invoice: 'Invoice', quote: 'Quote' };

/** The optional columns of a document's lines; Description and Amount always show. */
export const DOCUMENT_COLUMNS = ['quantity', 'unitPrice', 'discount', 'technician'] as const;
export type DocumentColumn = (typeof DOCUMENT_COLUMNS)[number];
export const DOCUMENT_COLUMN_LABELS: Record<DocumentColumn, string> = { quantity: 'Qty', unitPrice: 'Unit Price', discount: 'Discount', technician: 'Technician' };

/** The biggest logo accepted, as sent (a PNG or JPEG); it is kept at most 600 px wide. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const TERMS_MAX = 4000;

export const documentKindParams = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: 'Template must be invoice or quote.' }),
});

const colour = (label: string) =>
  z.string({ error: `${label} must be a colour like #337ab7.` }).regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #337ab7.`);

const columns = z.object(
  Object.fromEntries(DOCUMENT_COLUMNS.map((c) => [c, z.boolean({ error: `${DOCUMENT_COLUMN_LABELS[c]} must be shown or hidden (true or false).` })])) as Record<
    DocumentColumn,
    z.ZodBoolean
  >,
  { error: 'Columns must say which columns show.' },
);

/** A logo as the browser reads a chosen file: a data URL of a PNG or JPEG picture. */
const logoDataUrl = z
  .string({ error: 'Logo must be a PNG or JPEG picture.' })
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, 'Logo must be a PNG or JPEG picture.')
  .refine((s) => Math.floor(((s.length - s.indexOf(',') - 1) * 3) / 4) <= LOGO_MAX_BYTES, `Logo must be at most ${LOGO_MAX_BYTES / 1024} kB.`);

/**
 * `PUT DocumentTemplates/{kind}`: the look of the company's quotes or invoices. `logo`: a new picture, `null` to remove
 * the stored one, left out to keep it.
 */
export const documentTemplateBody = z
  .object({
    headerColour: colour('Header colour'),
    accentColour: colour('Accent colour'),
    title: optionalText('Title', 40),
    terms: optionalText('Terms', TERMS_MAX),
    footer: optionalText('Footer', 300),
    columns,
    logo: logoDataUrl.nullable().optional(),
  })
  .meta({
    example: {
      headerColour: '#337ab7',
      accentColour: '#214e75',
      title: 'Invoice',
      terms: 'Payment due within 30 days. Thank you for your business.',
      footer: 'Polar Refrigeration Services · 555-0100',
      columns: { quantity: true, unitPrice: true, discount: false, technician: true },
    },
  });
export type DocumentTemplateInput = z.input<typeof documentTemplateBody>;

export const documentTemplateSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  headerColour: z.string(),
  accentColour: z.string(),
  title: z.string(),
  terms: z.string(),
  footer: z.string(),
  columns: z.object(Object.fromEntries(DOCUMENT_COLUMNS.map((c) => [c, z.boolean()])) as Record<DocumentColumn, z.ZodBoolean>),
  /** A data URL of the stored logo (PNG), or null when there is none. */
  logo: z.string().nullable(),
  /** Whether the company saved this template, or sees the product's defaults. */
  isSaved: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

/** What a company's documents look like until it saves a template of its own. */
export function defaultDocumentTemplate(kind: DocumentKind): DocumentTemplate {
  return {
    kind,
    headerColour: '#337ab7',
    accentColour: '#214e75',
    title: DOCUMENT_LABELS[kind],
    terms: kind === 'quote' ? 'This quote is valid for 30 days from its date.' : 'Payment is due within 30 days of the invoice date.',
    footer: '',
    columns: { quantity: true, unitPrice: true, discount: true, technician: kind === 'invoice' },
    logo: null,
    isSaved: false,
    updatedAt: null,
  };
}

/** The Email send form's message when it opens (spec platform 5.1). */
export const DEFAULT_DOCUMENT_EMAIL_MESSAGE: Record<DocumentKind, string> = {
  quote: 'Please find the attached quote. Thanks for the opportunity to service your location!',
  invoice: 'Please find the attached Invoice. Thanks for the opportunity to service your location!',
};

const recipients = z.array(z.string().max(254, 'An address must be at most 254 characters.')).max(50, 'A message may have at most 50 recipients.');

/**
 * `POST Quotes/{quoteNumber}/{quoteVersion}/email`, `POST Invoices/{invoiceId}/email`: the Email send form (spec
 * platform 3.5, 5.1) with the document's PDF attached. To is required ("To field is required"), CC optional;
 * `isQuoteSubmitted` (quotes only) moves the quote and its work order to Quote Submitted (4.6).
 */
export const documentEmailBody = z
  .object({
    to: recipients,
    cc: recipients.default([]),
    subject: z.string({ error: 'Subject field is required!' }).max(250, 'Subject must be at most 250 characters.'),
    message: z.string({ error: 'Template field is required!' }).max(200_000, 'The message is too long.'),
    isQuoteSubmitted: z.boolean({ error: 'Quote Submitted must be ticked or not (true or false).' }).default(false),
  })
  .meta({
    example: {
      to: ['facilities@freshmart.example'],
      cc: [],
      subject: 'Quote 1001 for work order 240001',
      message: `<p>${DEFAULT_DOCUMENT_EMAIL_MESSAGE.quote}</p>`,
      isQuoteSubmitted: true,
    },
  });
export type DocumentEmailInput = z.input<typeof documentEmailBody>;
export type DocumentEmailBody = z.output<typeof documentEmailBody>;
export const documentEmailAnswer = z.object({ emailOutboxId: z.number().int() });

/** Work-order statuses after which a quote is no longer submitted by e-mail: reviewed, billed, invoice submitted. */
const PAST_QUOTING_WORK_ORDER_STATUSES: readonly number[] = [6, 27, 53];

/**
 * The "Quote Submitted" tick box of the Email send form (spec platform 4.6): disabled and unticked when the work order
 * is reviewed, billed or invoice submitted, or the quote is already approved or submitted; otherwise ticked at first
 * when the customer is its own billing customer.
 */
export function quoteSubmittedChoice(state: { workOrderStatusId: number | null; quoteStatus: string; isOwnBillingCustomer: boolean }): {
  isDisabled: boolean;
  isTickedAtFirst: boolean;
} {
  const isDisabled =
    (state.workOrderStatusId !== null && PAST_QUOTING_WORK_ORDER_STATUSES.includes(state.workOrderStatusId)) ||
    state.quoteStatus === 'Approved' ||
    state.quoteStatus === 'Submitted';
  return { isDisabled, isTickedAtFirst: !isDisabled && state.isOwnBillingCustomer };
}

/** `GET Quotes/{quoteNumber}/{quoteVersion}/email`, `GET Invoice/{invoiceId}/email`: what the Email send form opens with. */
export const documentEmailDefaults = z
  .object({
    to: z.array(z.string()),
    subject: z.string(),
    message: z.string(),
    fileName: z.string(),
    /** Quotes only: the Quote Submitted tick box (spec platform 4.6). */
    quoteSubmitted: z.object({ isDisabled: z.boolean(), isTickedAtFirst: z.boolean() }).nullable(),
  })
  .meta({
    example: {
      to: ['facilities@freshmart.example'],
      subject: 'Quote 1001 for work order 240001 – FreshMart #112 Lakewood',
      message: `<p>${DEFAULT_DOCUMENT_EMAIL_MESSAGE.quote}</p>`,
      fileName: 'Quote-1001-v1.pdf',
      quoteSubmitted: { isDisabled: false, isTickedAtFirst: true },
    },
  });
export type DocumentEmailDefaults = z.infer<typeof documentEmailDefaults>;
