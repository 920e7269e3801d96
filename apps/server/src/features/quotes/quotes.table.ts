import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardItems } from '../reference/reference.table';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';
import { customers } from '../work-orders/customers.table';
import { workOrders } from '../work-orders/work-orders.table';

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
    lineNumber: integer('line_number').notNull(),
    kind: text('kind', { enum: ['labor', 'material', 'standardItem'] }).notNull(),
    standardItemId: integer('standard_item_id').references(() => standardItems.id),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 4 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull(),
    markupGroup: text('markup_group'),
    markupPercent: numeric('markup_percent', { precision: 7, scale: 2 }).notNull().default('0'),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    discountReason: text('discount_reason'),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_lines_number_unique').on(t.quoteVersionId, t.lineNumber),
    check('quote_lines_kind', sql`${t.kind} in ('labor', 'material', 'standardItem')`),
    check('quote_lines_amounts', sql`${t.quantity} > 0 and ${t.unitCost} >= 0 and ${t.unitPrice} >= 0 and ${t.markupPercent} >= 0 and ${t.discount} >= 0`),
    check('quote_lines_discount_reason', sql`${t.discount} = 0 or ${t.discountReason} is not null`),
    check('quote_lines_discount_at_most_total', sql`${t.discount} <= round(${t.quantity} * ${t.unitPrice}, 2)`),
    check('quote_lines_standard_item_kind', sql`${t.standardItemId} is null or ${t.kind} = 'standardItem'`),
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
