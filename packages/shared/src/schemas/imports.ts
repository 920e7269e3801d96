import { z } from 'zod';
import type { Requirement } from '../access';
import { idParam, pagingQuery } from './common';

/**
 * Imports (spec platform 2.1 /administration/qbImportList and the Import button of customers, contacts, users and
 * standard items): a CSV or XLSX file is read and every row checked with the forms' own schemas, a preview is shown
 * before anything is written, and the commit runs in the job runner in batches. Rows are matched by an external id,
 * unique per company, so a second import of the same file updates instead of duplicating.
 */

export const IMPORT_KINDS = ['customers', 'contacts', 'users', 'standardItems'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** What each kind is called, and what a person needs to import it: write on the kind's own area. */
export const IMPORT_KIND_INFO: Record<ImportKind, { title: string; singular: string; plural: string; access: Requirement }> = {
  customers: { title: 'Customers', singular: 'customer', plural: 'customers', access: { kind: 'area', area: 'Customers', level: 'write' } },
  contacts: { title: 'Contacts', singular: 'contact', plural: 'contacts', access: { kind: 'area', area: 'Contacts', level: 'write' } },
  users: { title: 'Users', singular: 'user', plural: 'users', access: { kind: 'area', area: 'Users', level: 'write', functionality: 'All Users' } },
  standardItems: { title: 'Standard Items', singular: 'standard item', plural: 'standard items', access: { kind: 'area', area: 'Standard Items', level: 'write' } },
};


/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** How many rejected rows, and rows to be written, the preview lists (the report holds every rejected row). */
export const IMPORT_PREVIEW_REJECTED = 200;
export const IMPORT_PREVIEW_ROWS = 20;

/**
 * The columns each kind's own layout reads (any order, any case); the QuickBooks Desktop and Online customer and item
 * list exports are recognised by their headers as well. Shown on the dialog and in the API's description.
 */
export const IMPORT_COLUMNS: Record<ImportKind, { required: readonly string[]; optional: readonly string[]; quickBooks?: string }> = {
  customers: {
    required: ['External ID', 'Name'],
    optional: [
      'Address', 'City', 'State', 'Zip', 'Phone', 'Email', 'Notes', 'Tax Exempt',
      'Location External ID', 'Location Name', 'Location Address', 'Location City', 'Location State', 'Location Zip', 'Location Phone',
    ],
    quickBooks: 'QuickBooks customer list exports: Desktop (Customer, Company, Main Phone, Main Email, Bill to 1–5, Ship to 1–5; jobs as "Customer:Job" become locations) and Online (Customer, Street Address, City, State, Zip, Phone, Email); the List ID column, when present, is the external id, else the full customer name.',
  },
  contacts: { required: ['External ID', 'Customer External ID', 'Name'], optional: ['Title', 'Phone', 'Email', 'Primary'] },
  users: { required: ['External ID', 'Name', 'Email', 'User Name', 'Roles'], optional: ['Phone', 'Job Title'] },
  standardItems: {
    required: ['External ID', 'Name', 'Price'],
    optional: ['Description', 'Active'],
    quickBooks: 'QuickBooks item list exports: Desktop (Item, Description, Price) and Online (Product/Service Name, Sales Description, Sales Price); the List ID column, when present, is the external id, else the item name.',
  },
};

export const IMPORT_STATES = ['previewed', 'queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const importIdParams = z.object({ importId: idParam('Import') });
export const importsQuery = z.object({ ...pagingQuery(100, 25) });
export type ImportsQuery = z.output<typeof importsQuery>;

const rejectedRowSchema = z.object({ line: z.number(), externalId: z.string().nullable(), message: z.string() });
export type ImportRejectedRow = z.infer<typeof rejectedRowSchema>;
const plannedRowSchema = z.object({ line: z.number(), action: z.enum(['create', 'update']), externalId: z.string(), name: z.string() });
export type ImportPlannedRow = z.infer<typeof plannedRowSchema>;

/** One import as the history lists it. */
export const importSummarySchema = z.object({
  importId: z.number(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  format: z.string().describe('The layout recognised: "CSV", "XLSX", with "QuickBooks Desktop customer list" and the like'),
  state: z.enum(IMPORT_STATES),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  totalRows: z.number(),
  toCreate: z.number(),
  toUpdate: z.number(),
  rejectedRows: z.number().describe('Rows refused at the preview and at the commit'),
  processedRows: z.number(),
  createdRows: z.number(),
  updatedRows: z.number(),
  error: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

const summaryExample = {
  importId: 12, kind: 'customers', fileName: 'customers.csv', format: 'CSV', state: 'previewed', createdBy: 'Alex Admin', createdAt: '2026-11-20T15:04:00.000Z',
  finishedAt: null, totalRows: 52, toCreate: 50, toUpdate: 0, rejectedRows: 2, processedRows: 0, createdRows: 0, updatedRows: 0, error: null,
} as const;

/** An import with its preview: counts, each rejected row's line and sentence, and the first rows to be written. */
export const importAnswer = importSummarySchema
  .extend({ rejected: z.array(rejectedRowSchema), planned: z.array(plannedRowSchema) })
  .meta({
    example: {
      ...summaryExample,
      rejected: [{ line: 7, externalId: 'C-1006', message: 'State must be two letters, like TX.' }],
      planned: [{ line: 2, action: 'create', externalId: 'C-1001', name: 'Lone Star Grocers #14' }],
    },
  });
export type ImportAnswer = z.infer<typeof importAnswer>;

export const importsAnswer = z.object({ data: z.array(importSummarySchema), total: z.number() }).meta({ example: { data: [summaryExample], total: 1 } });
export type ImportsAnswer = z.infer<typeof importsAnswer>;
