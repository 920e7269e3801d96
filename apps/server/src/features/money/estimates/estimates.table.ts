import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pricedLineChecks, pricedLineColumns } from '../quotes/priced-line-columns';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from '../../office/work-orders/customers.table';
import { workOrders } from '../../office/work-orders/work-orders.table';

const STATUS_CHECK = sql.raw(`('Open', 'Sent', 'Accepted', 'Declined', 'Converted')`);

/**
 * A customer estimate (/estimates): priced work offered to a customer before any work order exists. Accepted, it
 * becomes a work order (`work_order_id`), after which its lines no longer change.
 */
export const customerEstimates = pgTable(
  'customer_estimates',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    estimateNumber: integer('estimate_number').notNull(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: ['Open', 'Sent', 'Accepted', 'Declined', 'Converted'] }).notNull().default('Open'),
    validUntil: date('valid_until'),
    declineReason: text('decline_reason'),
    workOrderId: integer('work_order_id').references(() => workOrders.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_estimates_number_unique').on(t.subscriberId, t.estimateNumber),
    uniqueIndex('customer_estimates_work_order_unique').on(t.workOrderId),
    index('customer_estimates_customer_idx').on(t.customerId),
    check('customer_estimates_number_positive', sql`${t.estimateNumber} > 0`),
    check('customer_estimates_status', sql`${t.status} in ${STATUS_CHECK}`),
    check('customer_estimates_converted', sql`(${t.status} = 'Converted') = (${t.workOrderId} is not null)`),
    check('customer_estimates_declined', sql`${t.status} <> 'Declined' or ${t.declineReason} is not null`),
  ],
);

/** A line of an estimate: labor, a material or a standard item, priced as a quote line is. */
export const customerEstimateLines = pgTable(
  'customer_estimate_lines',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    estimateId: integer('estimate_id').notNull().references(() => customerEstimates.id),
    ...pricedLineColumns(),
  },
  (t) => [
    uniqueIndex('customer_estimate_lines_number_unique').on(t.estimateId, t.lineNumber),
    ...pricedLineChecks('customer_estimate_lines', t),
  ],
);
