import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';

/** Per-diem types; rows without a subscriber (N/A, id 0) are shared by every company. */
export const perDiemTypes = pgTable('per_diem_types', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').references(() => subscribers.id),
  name: text('name').notNull(),
});

export const itemRateTypes = pgTable('item_rate_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const workOrderStatuses = pgTable('work_order_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const workOrderFlags = pgTable('work_order_flags', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  name: text('name').notNull(),
});
