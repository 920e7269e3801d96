import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

/**
 * A request kept on a technician's phone that the server refused with a conflict when it arrived (the work order
 * changed meanwhile, another labor was open, the time is in a locked pay period): what was sent, the sentence the
 * technician read, and how the office resolved it (applied as the technician, with corrections, or dismissed).
 */
export const requestConflicts = pgTable(
  'request_conflicts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('open'),
    message: text('message').notNull(),
    method: text('method').notNull(),
    /** The route as registered, and the address as sent. */
    route: text('route').notNull(),
    path: text('path').notNull(),
    body: jsonb('body'),
    idempotencyKey: text('idempotency_key'),
    deviceTime: timestamp('device_time', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolution: text('resolution'),
  },
  (t) => [
    index('request_conflicts_state_idx').on(t.subscriberId, t.state, t.receivedAt),
    check('request_conflicts_state_known', sql`${t.state} in ('open', 'applied', 'dismissed')`),
  ],
);
