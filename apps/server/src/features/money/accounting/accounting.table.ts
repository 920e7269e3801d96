import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { creditMemos, invoicePayments, invoices } from '../invoices/invoices.table';
import { intacctDepartments, intacctGlAccounts } from './intacct-lists.table';

export * from './intacct-lists.table';

/**
 * A company's Sage Intacct Web Services credentials: the sender (the partner's XML gateway id) and the company user the
 * product signs in as. Both passwords are sealed (lib/secret-box.ts) and read only by the adapter.
 */
export const intacctAccounts = pgTable('intacct_accounts', {
  subscriberId: integer('subscriber_id').primaryKey().references(() => subscribers.id),
  endpointUrl: text('endpoint_url').notNull(),
  senderId: text('sender_id').notNull(),
  senderPassword: text('sender_password').notNull(),
  companyId: text('company_id').notNull(),
  userId: text('user_id').notNull(),
  userPassword: text('user_password').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which account (and department) each kind of line is posted to: one row per company and kind. */
export const intacctLineKindAccounts = pgTable(
  'intacct_line_kind_accounts',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    lineKind: text('line_kind').notNull(),
    glAccountId: integer('gl_account_id').notNull().references(() => intacctGlAccounts.id),
    departmentId: integer('department_id').references(() => intacctDepartments.id),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.lineKind] }),
    check(
      'intacct_line_kind_accounts_kind',
      sql`${t.lineKind} in ('regular', 'overtime', 'standby', 'apprentice', 'material', 'standardItem', 'rateSheetItem', 'quoted', 'tripCharge', 'freight', 'tax', 'convenienceFee', 'creditMemo', 'payment')`,
    ),
  ],
);

/**
 * The accounting outbox: one row per document to post (a submitted invoice, a payment, a credit memo), written in the
 * transaction that made the document and sent by the worker job. The document number is the key in Intacct as here:
 * one row per company, kind and number, and Intacct refuses a second document with it, which the worker reads as
 * "already posted".
 */
export const accountingPostings = pgTable(
  'accounting_postings',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    documentKind: text('document_kind').notNull(),
    documentNumber: text('document_number').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    paymentId: integer('payment_id').references(() => invoicePayments.id),
    creditMemoId: integer('credit_memo_id').references(() => creditMemos.id),
    /** The accounting system the document goes to (Intacct or QuickBooks): the one it was last sent to. */
    system: text('system').notNull().default('Intacct'),
    status: text('status').notNull().default('queued'),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    /** Intacct's RECORDNO of the document once posted (a payment names its invoice's). */
    recordNo: text('record_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('accounting_postings_document').on(t.subscriberId, t.documentKind, t.documentNumber),
    index('accounting_postings_invoice_idx').on(t.invoiceId),
    index('accounting_postings_log_idx').on(t.subscriberId, t.createdAt, t.id),
    check('accounting_postings_kind', sql`${t.documentKind} in ('invoice', 'payment', 'creditMemo')`),
    check('accounting_postings_system', sql`${t.system} in ('Intacct', 'QuickBooks')`),
    check('accounting_postings_status', sql`${t.status} in ('queued', 'retrying', 'posted', 'failed')`),
    check('accounting_postings_attempts', sql`${t.attempts} >= 0`),
    check('accounting_postings_source', sql`(${t.documentKind} = 'invoice' and ${t.invoiceId} is not null) or (${t.documentKind} = 'payment' and ${t.paymentId} is not null) or (${t.documentKind} = 'creditMemo' and ${t.creditMemoId} is not null)`),
  ],
);

/** Every attempt at a posting and how it ended: the sync log's history. */
export const accountingPostingAttempts = pgTable(
  'accounting_posting_attempts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    postingId: integer('posting_id').notNull().references(() => accountingPostings.id),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome').notNull(),
    message: text('message'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounting_posting_attempts_posting_idx').on(t.postingId, t.id),
    check('accounting_posting_attempts_outcome', sql`${t.outcome} in ('posted', 'alreadyPosted', 'retry', 'refused', 'failed', 'resent')`),
  ],
);
