import { z } from 'zod';
import { idOf, idParam, optionalText, pagingQuery, requiredText } from './common';
import { isHttpUrl } from './provider-settings';

/**
 * The accounting connection (spec platform 2.1 administration `intacct/*`: chartOfAccount, departments,
 * additionalLineItem, itemGLGroup): the company's Sage Intacct credentials, the GL accounts and departments kept from
 * Intacct, and which account each kind of invoice line is posted to. Submitted invoices, payments and credit memos are
 * posted through an outbox; the sync log shows each posting and lets an administrator send it again.
 */

/** What a posting can carry: every kind of invoice line, and the amounts posted beside the lines. */
export const ACCOUNTING_LINE_KINDS = [
  'regular', 'overtime', 'standby', 'apprentice', 'material', 'standardItem', 'rateSheetItem', 'quoted', 'tripCharge', 'freight',
  'tax', 'convenienceFee', 'creditMemo', 'payment',
] as const;
export type AccountingLineKind = (typeof ACCOUNTING_LINE_KINDS)[number];

/** How each kind is named in the mapping list and in the sentence of a gap ("map Trip charges in Intacct settings"). */
export const ACCOUNTING_LINE_KIND_LABELS: Record<AccountingLineKind, string> = {
  regular: 'Regular labor',
  overtime: 'Overtime labor',
  standby: 'StandBy labor',
  apprentice: 'Apprentice labor',
  material: 'Materials',
  standardItem: 'Standard items',
  rateSheetItem: 'Rate sheet items',
  quoted: 'Quoted work',
  tripCharge: 'Trip charges',
  freight: 'Freight',
  tax: 'Sales tax',
  convenienceFee: 'Convenience fees',
  creditMemo: 'Credit memos',
  payment: 'Payments received (undeposited funds)',
};

/** Longest endpoint, id and password the product stores for Intacct. */
export const INTACCT_TEXT_MAX = 500;

/**
 * `PUT Intacct/account`: the company's Intacct Web Services credentials. The two passwords may be left out (or blank)
 * to keep the stored ones; the first save needs them. They are stored sealed and never answered back.
 */
export const intacctAccountBody = z.object({
  endpointUrl: requiredText('Endpoint URL', INTACCT_TEXT_MAX).refine(isHttpUrl, 'Endpoint URL must be a web address starting with http:// or https://.'),
  senderId: requiredText('Sender ID', 200),
  senderPassword: optionalText('Sender Password', INTACCT_TEXT_MAX).optional(),
  companyId: requiredText('Company ID', 200),
  userId: requiredText('User ID', 200),
  userPassword: optionalText('User Password', INTACCT_TEXT_MAX).optional(),
  isEnabled: z.boolean({ error: 'Enabled must be true or false.' }),
});
export type IntacctAccountInput = z.input<typeof intacctAccountBody>;

/** `GET Intacct/account`: the connection as the form shows it; `has…Password` says whether one is stored. */
export const intacctAccountSchema = z.object({
  isConfigured: z.boolean(),
  endpointUrl: z.string(),
  senderId: z.string(),
  companyId: z.string(),
  userId: z.string(),
  isEnabled: z.boolean(),
  hasSenderPassword: z.boolean(),
  hasUserPassword: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type IntacctAccount = z.infer<typeof intacctAccountSchema>;

/** `POST Intacct/account/test`: whether Intacct let the stored credentials sign in, in a sentence. */
export const intacctTestAnswer = z.object({ ok: z.boolean(), message: z.string() });
export type IntacctTestAnswer = z.infer<typeof intacctTestAnswer>;

// ---------------------------------------------------------------- chart of accounts and departments

export const glAccountSchema = z.object({
  glAccountId: z.number(),
  accountNo: z.string(),
  title: z.string(),
  isActive: z.boolean(),
  /** Read from Intacct by "Refresh from Intacct" (false: typed here). */
  isFromIntacct: z.boolean(),
});
export type GlAccount = z.infer<typeof glAccountSchema>;

export const glAccountBody = z.object({
  accountNo: requiredText('Account Number', 40),
  title: requiredText('Title', 200),
  isActive: z.boolean({ error: 'Active must be true or false.' }).default(true),
});
export const glAccountParams = z.object({ glAccountId: idParam('GL account') });

export const departmentSchema = z.object({
  departmentId: z.number(),
  departmentNo: z.string(),
  title: z.string(),
  isActive: z.boolean(),
  isFromIntacct: z.boolean(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentBody = z.object({
  departmentNo: requiredText('Department ID', 40),
  title: requiredText('Title', 200),
  isActive: z.boolean({ error: 'Active must be true or false.' }).default(true),
});
export const departmentParams = z.object({ departmentId: idParam('Department') });

/** `POST Intacct/…/refresh`: how many rows Intacct added or changed, and the list as it now is. */
export const refreshAnswer = <T extends z.ZodTypeAny>(row: T) => z.object({ added: z.number(), updated: z.number(), rows: z.array(row) });

// ---------------------------------------------------------------- item GL groups and additional line items

export const itemGlGroupSchema = z.object({
  itemGlGroupId: z.number(),
  name: z.string(),
  glAccountId: z.number(),
  accountNo: z.string(),
});
export type ItemGlGroup = z.infer<typeof itemGlGroupSchema>;
export const itemGlGroupBody = z.object({ name: requiredText('Name', 100), glAccountId: idOf('GL Account') });
export const itemGlGroupParams = z.object({ itemGlGroupId: idParam('Item GL group') });

export const additionalLineItemSchema = z.object({
  additionalLineItemId: z.number(),
  name: z.string(),
  glAccountId: z.number(),
  accountNo: z.string(),
  departmentId: z.number().nullable(),
  isActive: z.boolean(),
});
export type AdditionalLineItem = z.infer<typeof additionalLineItemSchema>;
export const additionalLineItemBody = z.object({
  name: requiredText('Name', 100),
  glAccountId: idOf('GL Account'),
  departmentId: idOf('Department').nullable().default(null),
  isActive: z.boolean({ error: 'Active must be true or false.' }).default(true),
});
export const additionalLineItemParams = z.object({ additionalLineItemId: idParam('Additional line item') });
/** `Billing/additionalLineItems`: an active additional line item as the invoice page offers it. */
export const additionalLineItemChoiceSchema = z.object({ additionalLineItemId: z.number(), name: z.string() });
export type AdditionalLineItemChoice = z.infer<typeof additionalLineItemChoiceSchema>;

// ---------------------------------------------------------------- line kind → GL account

export const lineKindAccountSchema = z.object({
  lineKind: z.enum(ACCOUNTING_LINE_KINDS),
  label: z.string(),
  glAccountId: z.number().nullable(),
  accountNo: z.string().nullable(),
  departmentId: z.number().nullable(),
});
export type LineKindAccount = z.infer<typeof lineKindAccountSchema>;
export const lineKindParams = z.object({ lineKind: z.enum(ACCOUNTING_LINE_KINDS, { error: 'Line kind is not one the product posts.' }) });
export const lineKindAccountBody = z.object({ glAccountId: idOf('GL Account'), departmentId: idOf('Department').nullable().default(null) });

// ---------------------------------------------------------------- the sync log

export const POSTING_KINDS = ['invoice', 'payment', 'creditMemo'] as const;
/** The accounting systems a document is posted to. */
export const ACCOUNTING_SYSTEMS = ['Intacct', 'QuickBooks'] as const;
export type AccountingSystemName = (typeof ACCOUNTING_SYSTEMS)[number];
/** queued: waiting for the worker; retrying: a passing failure, tried again later; posted; failed: stopped with a sentence. */
export const POSTING_STATUSES = ['queued', 'retrying', 'posted', 'failed'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];

/** Where a document stands in accounting, as the invoice answer carries it. */
export const postingStateSchema = z.object({
  /** The sync log entry of the posting. */
  postingId: z.number(),
  /** The accounting system the invoice goes to. */
  system: z.enum(ACCOUNTING_SYSTEMS),
  status: z.enum(POSTING_STATUSES),
  message: z.string().nullable(),
  documentNumber: z.string(),
  /** The accounting system's record number, once posted. */
  recordNo: z.string().nullable(),
  postedAt: z.string().nullable(),
  /** When the worker tries it next, while it waits (queued or retrying). */
  nextAttemptAt: z.string().nullable(),
});
export type PostingState = z.infer<typeof postingStateSchema>;

export const postingSchema = z.object({
  postingId: z.number(),
  documentKind: z.enum(POSTING_KINDS),
  documentNumber: z.string(),
  /** The accounting system the document goes to. */
  system: z.enum(ACCOUNTING_SYSTEMS),
  invoiceId: z.number().nullable(),
  status: z.enum(POSTING_STATUSES),
  message: z.string().nullable(),
  attempts: z.number(),
  recordNo: z.string().nullable(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  /** When the worker tries it next, while it waits (queued or retrying). */
  nextAttemptAt: z.string().nullable(),
});
export type Posting = z.infer<typeof postingSchema>;

export const postingAttemptSchema = z.object({ attempt: z.number(), outcome: z.string(), message: z.string().nullable(), at: z.string() });
export const postingDetailSchema = postingSchema.extend({ history: z.array(postingAttemptSchema) });
export type PostingDetail = z.infer<typeof postingDetailSchema>;

export const syncLogQuery = z.object({
  status: z.enum(POSTING_STATUSES, { error: 'Status must be queued, retrying, posted or failed.' }).optional(),
  invoiceId: idParam('Invoice').optional(),
  ...pagingQuery(200, 50),
});
export const syncLogAnswer = z.object({ data: z.array(postingSchema), total: z.number() });
export const postingParams = z.object({ postingId: idParam('Posting') });
