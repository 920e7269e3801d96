import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

/**
 * A company's QuickBooks Online connection: the app's client id and secret, the company (realm) it reaches, and the
 * OAuth 2 refresh token QuickBooks rotates. The secret and the refresh token are sealed (lib/secret-box.ts); the
 * access token lives an hour and is kept with them, sealed too, so a restart does not sign in again before it ends.
 */
export const quickBooksAccounts = pgTable('quickbooks_accounts', {
  subscriberId: integer('subscriber_id').primaryKey().references(() => subscribers.id),
  baseUrl: text('base_url').notNull(),
  tokenUrl: text('token_url').notNull(),
  realmId: text('realm_id').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  refreshToken: text('refresh_token').notNull(),
  accessToken: text('access_token'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  isEnabled: boolean('is_enabled').notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The QuickBooks import list: one row per customer or item read from QuickBooks (by its id there), with what the
 * company decided of it: matched to a customer or standard item here, created as one, ignored, or still pending.
 * Reading again updates the rows by id, never adds a second.
 */
export const quickBooksImportRows = pgTable(
  'quickbooks_import_rows',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    kind: text('kind').notNull(),
    qbId: text('qb_id').notNull(),
    name: text('name').notNull(),
    /** What QuickBooks answered of the record, as read last. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    /** The customer (kind customer) or standard item (kind item) it is matched to or was created as. */
    recordId: integer('record_id'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    statusChangedBy: integer('status_changed_by').references(() => users.id),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('quickbooks_import_rows_record').on(t.subscriberId, t.kind, t.qbId),
    index('quickbooks_import_rows_list_idx').on(t.subscriberId, t.kind, t.status, t.id),
    check('quickbooks_import_rows_kind', sql`${t.kind} in ('customer', 'item')`),
    check('quickbooks_import_rows_status', sql`${t.status} in ('pending', 'matched', 'created', 'ignored')`),
    check('quickbooks_import_rows_record_set', sql`(${t.status} in ('matched', 'created')) = (${t.recordId} is not null)`),
  ],
);
