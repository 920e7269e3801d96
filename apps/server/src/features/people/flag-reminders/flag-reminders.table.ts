import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workOrderFlags } from '../../platform/reference/reference.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { workOrders } from '../../office/work-orders/work-orders.table';

/**
 * A flag put on a work order with a time to be reminded of it (spec platform 3.8). At that time the job runner
 * notifies the technicians then assigned to the work order, one notice each; a reminder taken back before its time
 * never fires.
 */
export const flagReminders = pgTable(
  'flag_reminders',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id, { onDelete: 'cascade' }),
    workOrderFlagId: integer('work_order_flag_id').notNull().references(() => workOrderFlags.id),
    remindAt: timestamp('remind_at', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('flag_reminders_work_order_idx').on(t.workOrderId),
    check('flag_reminders_fired_or_cancelled', sql`${t.firedAt} is null or ${t.cancelledAt} is null`),
  ],
);

/** One person's notice of a fired reminder: acknowledged, and whether help was asked for. */
export const flagReminderNotices = pgTable(
  'flag_reminder_notices',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    flagReminderId: integer('flag_reminder_id').notNull().references(() => flagReminders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    helpRequestedAt: timestamp('help_requested_at', { withTimezone: true }),
    helpMessage: text('help_message'),
  },
  (t) => [
    uniqueIndex('flag_reminder_notices_one_per_user').on(t.flagReminderId, t.userId),
    index('flag_reminder_notices_user_idx').on(t.userId, t.acknowledgedAt),
  ],
);
