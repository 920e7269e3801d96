import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

/**
 * One request a person sent with an `Idempotency-Key`, and the answer it got. Written in the same transaction as the
 * request's effect, so the effect exists exactly when its answer does: a key sent again answers the same, and two
 * at once are decided by the unique index. Kept 7 days (pruned when the same person sends a new key).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id),
    key: text('key').notNull(),
    /** The route as registered (`POST /api/v1/WOStartStop/clockInWorkOrder`). */
    route: text('route').notNull(),
    /** sha-256 of the method, the address and the content (a file by its own sha-256): other content is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: smallint('status_code').notNull(),
    /** The answer's body as it was sent, byte for byte. */
    answer: text('answer').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_unique').on(t.subscriberId, t.userId, t.key), index('idempotency_keys_user_created_idx').on(t.userId, t.createdAt)],
);
