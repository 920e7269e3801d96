import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { workOrderStatuses } from '../reference/reference.table';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';
import { customers } from './customers.table';

export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderNumber: text('work_order_number').notNull(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    billingCustomerId: integer('billing_customer_id').references(() => customers.id),
    workOrderStatusId: integer('work_order_status_id').notNull().references(() => workOrderStatuses.id),
    problem: text('problem').notNull(),
    nte: numeric('nte', { precision: 12, scale: 2, mode: 'number' }),
    parentWorkOrderId: integer('parent_work_order_id').references((): AnyPgColumn => workOrders.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_orders_number_unique').on(t.subscriberId, sql`lower(${t.workOrderNumber})`),
    index('work_orders_subscriber_status_idx').on(t.subscriberId, t.workOrderStatusId),
  ],
);

/** Technicians assigned to a work order. */
export const workOrderTechnicians = pgTable(
  'work_order_technicians',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.workOrderId, t.userId] }), index('work_order_technicians_user_work_order_idx').on(t.userId, t.workOrderId)],
);
