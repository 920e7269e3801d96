import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../../office/work-orders/customers.table';
import { workOrders } from '../../office/work-orders/work-orders.table';
import { emailOutbox } from '../../platform/email-outbox/email-outbox.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

/**
 * The open work orders a credit hold moved to status 8 (credit hold), each with the status it had: taking the hold
 * off returns each to that status. A row exists while its work order waits in the hold, so a second hold never
 * overwrites the status kept by the first.
 */
export const creditHeldWorkOrders = pgTable(
  'credit_held_work_orders',
  {
    workOrderId: integer('work_order_id').primaryKey().references(() => workOrders.id),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    /** The billing customer whose hold it waits for. */
    customerId: integer('customer_id').notNull().references(() => customers.id),
    statusBeforeId: integer('status_before_id').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_held_work_orders_customer_idx').on(t.subscriberId, t.customerId)],
);

/**
 * A company's dunning e-mails (administration collectionSettings/collectionTemplate): for an aging bucket, a subject
 * and a plain-text body with merge fields. At most one active template per bucket, so the dunning job knows which to
 * send.
 */
export const collectionTemplates = pgTable(
  'collection_templates',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collection_templates_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    uniqueIndex('collection_templates_one_active').on(t.subscriberId, t.bucket).where(sql`${t.isActive}`),
    check('collection_templates_bucket', sql`${t.bucket} in ('days1to30', 'days31to60', 'days61to90', 'over90')`),
  ],
);

/**
 * Each dunning e-mail written to the outbox, in the same transaction as its outbox row. The unique key (customer,
 * template, bucket, the day the customer entered the bucket) holds "at most once per customer per template per
 * bucket entry": a second run, or one after a crash, finds the row and sends nothing again. A template deleted later
 * leaves the history with its name.
 */
export const dunningEmails = pgTable(
  'dunning_emails',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    templateId: integer('template_id').references(() => collectionTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    bucket: text('bucket').notNull(),
    /** The company's day the customer's oldest open invoice entered the bucket. */
    enteredOn: date('entered_on').notNull(),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull(),
    to: text('to').array().notNull(),
    emailOutboxId: integer('email_outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dunning_emails_once').on(t.customerId, t.templateId, t.bucket, t.enteredOn),
    index('dunning_emails_customer_idx').on(t.subscriberId, t.customerId, t.sentAt),
  ],
);
