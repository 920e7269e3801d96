import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from '../../office/work-orders/customers.table';
import { workOrders } from '../../office/work-orders/work-orders.table';
import { pricedLineChecks, pricedLineColumns } from './priced-line-columns';

const STATUS_CHECK = sql.raw(`('Open', 'Pending', 'Submitted', 'Approved', 'Rejected')`);

/** A quote for a work order and its customer; its number is unique in the company, its content lives in versions. */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    quoteNumber: integer('quote_number').notNull(),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    /** The version that may still change; older versions stay as they were. */
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_number_unique').on(t.subscriberId, t.quoteNumber),
    index('quotes_work_order_idx').on(t.workOrderId),
    check('quotes_number_positive', sql`${t.quoteNumber} > 0`),
    check('quotes_current_version_positive', sql`${t.currentVersion} >= 1`),
  ],
);

/** One version of a quote: its status and title; a new version copies the lines of the one before. */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    quoteId: integer('quote_id').notNull().references(() => quotes.id),
    version: integer('version').notNull(),
    status: text('status', { enum: ['Open', 'Pending', 'Submitted', 'Approved', 'Rejected'] }).notNull().default('Open'),
    title: text('title'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_versions_quote_version_unique').on(t.quoteId, t.version),
    check('quote_versions_version_positive', sql`${t.version} >= 1`),
    check('quote_versions_status', sql`${t.status} in ${STATUS_CHECK}`),
  ],
);

/** A line of a quote version: labor, a material or a standard item, priced from its cost, markup and discount. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    quoteVersionId: integer('quote_version_id').notNull().references(() => quoteVersions.id),
    ...pricedLineColumns(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_lines_number_unique').on(t.quoteVersionId, t.lineNumber),
    ...pricedLineChecks('quote_lines', t),
  ],
);

/** Each status a quote version has had: who set it, when, from what, and why (a rejection's reason). */
export const quoteStatusHistory = pgTable(
  'quote_status_history',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    quoteVersionId: integer('quote_version_id').notNull().references(() => quoteVersions.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    comment: text('comment'),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_status_history_version_idx').on(t.quoteVersionId, t.changedAt),
    check('quote_status_history_to', sql`${t.toStatus} in ${STATUS_CHECK}`),
    check('quote_status_history_from', sql`${t.fromStatus} is null or ${t.fromStatus} in ${STATUS_CHECK}`),
  ],
);
