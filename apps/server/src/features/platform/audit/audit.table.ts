import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

/** Who changed what, when, from what to what, and why: labor entries, work order statuses, role permissions, schedule items. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Why, when the person had to say (an appointment moved or deleted). */
    reason: text('reason'),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.subscriberId, t.entity, t.entityId, t.changedAt)],
);
