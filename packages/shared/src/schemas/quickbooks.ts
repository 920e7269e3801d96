import { z } from 'zod';
import { idOf, idParam, optionalText, pagingQuery, requiredText } from './common';
import { isHttpUrl } from './provider-settings';

/**
 * QuickBooks Online as the company's accounting system (the other choice beside Sage Intacct: a company posts to at
 * most one), and the QuickBooks import list (spec platform 2.1 administration `qbImportList`): the customers and items
 * read from QuickBooks, each matched to a record of the product, created as one, or ignored.
 */

/** Longest id, secret and token the product stores for QuickBooks. */
export const QUICKBOOKS_TEXT_MAX = 2000;

/**
 * `PUT QuickBooks/account`: the company's QuickBooks Online connection. The app's client secret and the refresh token
 * may be left out (or blank) to keep the stored ones; the first save needs them. Both are stored sealed and never
 * answered back; the refresh token is replaced by each one QuickBooks rotates to.
 */
export const quickBooksAccountBody = z.object({
  baseUrl: requiredText('Base URL', 500).refine(isHttpUrl, 'Base URL must be a web address starting with http:// or https://.'),
  tokenUrl: requiredText('Token URL', 500).refine(isHttpUrl, 'Token URL must be a web address starting with http:// or https://.'),
  realmId: requiredText('Realm ID', 100),
  clientId: requiredText('Client ID', 500),
  clientSecret: optionalText('Client Secret', QUICKBOOKS_TEXT_MAX).optional(),
  refreshToken: optionalText('Refresh Token', QUICKBOOKS_TEXT_MAX).optional(),
  isEnabled: z.boolean({ error: 'Enabled must be true or false.' }),
});
export type QuickBooksAccountInput = z.input<typeof quickBooksAccountBody>;

/** `GET QuickBooks/account`: the connection as the form shows it; `has…` says whether a secret is stored. */
export const quickBooksAccountSchema = z.object({
  isConfigured: z.boolean(),
  baseUrl: z.string(),
  tokenUrl: z.string(),
  realmId: z.string(),
  clientId: z.string(),
  isEnabled: z.boolean(),
  hasClientSecret: z.boolean(),
  hasRefreshToken: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type QuickBooksAccount = z.infer<typeof quickBooksAccountSchema>;

/** `POST QuickBooks/account/test`: whether the stored connection signs in and reads the company. */
export const quickBooksTestAnswer = z.object({ isConnected: z.boolean(), message: z.string() });
export type QuickBooksTestAnswer = z.infer<typeof quickBooksTestAnswer>;

// ---------------------------------------------------------------- the import list

export const QB_IMPORT_KINDS = ['customer', 'item'] as const;
export type QbImportKind = (typeof QB_IMPORT_KINDS)[number];
/** pending: read, nothing decided; matched to a record already here; created here from it; ignored. */
export const QB_IMPORT_STATUSES = ['pending', 'matched', 'created', 'ignored'] as const;
export type QbImportStatus = (typeof QB_IMPORT_STATUSES)[number];

export const qbImportRowSchema = z.object({
  qbImportRowId: z.number(),
  kind: z.enum(QB_IMPORT_KINDS),
  qbId: z.string(),
  name: z.string(),
  status: z.enum(QB_IMPORT_STATUSES),
  /** The customer or standard item it is matched to or was created as. */
  recordId: z.number().nullable(),
  recordName: z.string().nullable(),
  readAt: z.string(),
});
export type QbImportRow = z.infer<typeof qbImportRowSchema>;

/** One row with what QuickBooks said of it, for those with "View QB Import List Detail". */
export const qbImportRowDetailSchema = qbImportRowSchema.extend({
  detail: z.record(z.string(), z.unknown()),
  statusChangedBy: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
});
export type QbImportRowDetail = z.infer<typeof qbImportRowDetailSchema>;

export const qbImportQuery = z.object({
  kind: z.enum(QB_IMPORT_KINDS, { error: 'Kind must be customer or item.' }).optional(),
  status: z.enum(QB_IMPORT_STATUSES, { error: 'Status must be pending, matched, created or ignored.' }).optional(),
  ...pagingQuery(200, 50),
});
export const qbImportListAnswer = z.object({ data: z.array(qbImportRowSchema), total: z.number() });
export const qbImportRowParams = z.object({ qbImportRowId: idParam('Import row') });

/** `POST QuickBooks/import`: how many rows the read added and changed. */
export const qbImportReadAnswer = z.object({ added: z.number(), updated: z.number(), total: z.number() });
export type QbImportReadAnswer = z.infer<typeof qbImportReadAnswer>;

/**
 * `PUT QuickBooks/import/{id}/status`: match the row to a customer or standard item of the company (`recordId`),
 * create one from it, ignore it, or set it back to pending.
 */
export const qbImportStatusBody = z.object({
  status: z.enum(QB_IMPORT_STATUSES, { error: 'Status must be pending, matched, created or ignored.' }),
  recordId: idOf('Record').optional(),
});
