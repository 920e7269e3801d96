import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

/**
 * The e-mailed links of a user's account: an invitation (a new user's first password), a password reset, or the
 * confirmation of a new company's first address at sign-up. Only the SHA-256 of a link's token is kept; a link works once (`usedAt`), before it expires.
 */
export const userLinks = pgTable(
  'user_links',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invitation', 'passwordReset', 'emailConfirmation'] }).notNull(),
    /** For an e-mail confirmation: the address the link was sent to, the one it confirms. */
    email: text('email'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Who sent an invitation; none for a reset the user asked for. */
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('user_links_token_unique').on(t.tokenHash),
    index('user_links_user_idx').on(t.userId, t.purpose, t.createdAt),
    check('user_links_purpose_check', sql`${t.purpose} in ('invitation', 'passwordReset', 'emailConfirmation')`),
  ],
);
