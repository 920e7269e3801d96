import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../../office/work-orders/customers.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { invoices } from '../invoices/invoices.table';

const BUCKETS = sql`('days1to30', 'days31to60', 'days61to90', 'over90')`;
const ACTIONS = sql`('call', 'email', 'letter')`;

/** The collection task templates (administration collectionSettings/collectionTaskTemplate), edited as a reference list. */
export const collectionTaskTemplates = pgTable(
  'collection_task_templates',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    bucket: text('bucket').notNull(),
    action: text('action').notNull(),
    dueInDays: integer('due_in_days').notNull(),
    instructions: text('instructions'),
  },
  (t) => [
    uniqueIndex('collection_task_templates_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    check('collection_task_templates_bucket', sql`${t.bucket} in ${BUCKETS}`),
    check('collection_task_templates_action', sql`${t.action} in ${ACTIONS}`),
    check('collection_task_templates_days', sql`${t.dueInDays} between 0 and 90`),
  ],
);

/** Who is given each aging bucket's tasks (administration collectionSettings/taskAssignment): one row a bucket. */
export const collectionTaskAssignments = pgTable(
  'collection_task_assignments',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    bucket: text('bucket').notNull(),
    userId: integer('user_id').notNull().references(() => users.id),
  },
  (t) => [
    uniqueIndex('collection_task_assignments_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    uniqueIndex('collection_task_assignments_bucket_unique').on(t.subscriberId, t.bucket),
    check('collection_task_assignments_bucket', sql`${t.bucket} in ${BUCKETS}`),
  ],
);

/**
 * A call, e-mail or letter owed to a billing customer (spec platform 2.1 /collection/tasks), made from a template when
 * the customer's oldest past-due invoice reached the template's bucket. A template gives a customer one task per
 * oldest invoice (the unique key): the nightly run may run twice, or again after a crash, and makes it once; once that
 * invoice is paid, the next one past due starts the templates over.
 */
export const collectionTasks = pgTable(
  'collection_tasks',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    templateId: integer('template_id').notNull().references(() => collectionTaskTemplates.id),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id),
    name: text('name').notNull(),
    action: text('action').notNull(),
    bucket: text('bucket').notNull(),
    instructions: text('instructions'),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull(),
    dueDate: date('due_date').notNull(),
    assignedUserId: integer('assigned_user_id').references(() => users.id),
    outcome: text('outcome'),
    note: text('note'),
    promiseDate: date('promise_date'),
    promiseAmount: numeric('promise_amount', { precision: 14, scale: 2 }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneByUserId: integer('done_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collection_tasks_once').on(t.subscriberId, t.customerId, t.templateId, t.invoiceId),
    index('collection_tasks_open_idx').on(t.subscriberId, t.dueDate).where(sql`${t.doneAt} is null`),
    index('collection_tasks_customer_idx').on(t.subscriberId, t.customerId),
    check('collection_tasks_done', sql`(${t.doneAt} is null) = (${t.outcome} is null)`),
    check('collection_tasks_promise', sql`${t.promiseAmount} is null or ${t.promiseAmount} >= 0`),
  ],
);
