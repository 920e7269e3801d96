import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

/**
 * A link that confirms a new user's e-mail address. Only the SHA-256 of the link's token is kept; the link works once
 * (`confirmedAt`), before it expires.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_confirmations_token_unique').on(t.tokenHash), index('email_confirmations_user_idx').on(t.userId)],
);
