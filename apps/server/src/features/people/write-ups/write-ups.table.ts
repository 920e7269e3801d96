import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workOrderFlags } from '../../platform/reference/reference.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { workOrders } from '../../office/work-orders/work-orders.table';

/**
 * A manager's write-up of an employee (spec platform 3.9), about a work order and one of its flags when there is
 * one. Kept for good: the employee's record is the point of it.
 */
export const writeUps = pgTable(
  'write_ups',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    workOrderFlagId: integer('work_order_flag_id').references(() => workOrderFlags.id),
    description: text('description').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('write_ups_subscriber_user_idx').on(t.subscriberId, t.userId)],
);

/** One person's notice of a write-up (the employee's, or a team leader's), until they dismiss it. */
export const writeUpNotices = pgTable(
  'write_up_notices',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    writeUpId: integer('write_up_id').notNull().references(() => writeUps.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('write_up_notices_one_per_user').on(t.writeUpId, t.userId), index('write_up_notices_user_idx').on(t.userId, t.dismissedAt)],
);
