import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { contacts, customers } from '../work-orders/customers.table';

/**
 * A customer portal link (spec platform 2.1 /customerPortal/{clientAuthenticationId}) e-mailed to one contact of a
 * customer: it opens the billing customer's work orders, quotes and invoices without a sign-in. Only the SHA-256
 * fingerprint of its random token is kept; it ends at `expires_at`, or earlier when the office revokes it.
 */
export const customerPortalLinks = pgTable(
  'customer_portal_links',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    /** The billing customer whose records the link opens (itself and the locations billed to it). */
    billingCustomerId: integer('billing_customer_id').notNull(),
    /** The customer (billing customer or location) whose page the link was sent from. */
    customerId: integer('customer_id').notNull(),
    contactId: integer('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull(),
    sentTo: text('sent_to').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentBy: integer('sent_by').notNull().references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_portal_links_token_unique').on(t.tokenHash),
    foreignKey({ name: 'customer_portal_links_billing_fk', columns: [t.subscriberId, t.billingCustomerId], foreignColumns: [customers.subscriberId, customers.id] }),
    foreignKey({ name: 'customer_portal_links_customer_fk', columns: [t.subscriberId, t.customerId], foreignColumns: [customers.subscriberId, customers.id] }),
    index('customer_portal_links_customer_idx').on(t.subscriberId, t.customerId, t.sentAt),
    check('customer_portal_links_token_hash', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('customer_portal_links_revoked_together', sql`(${t.revokedAt} is null) = (${t.revokedBy} is null)`),
    check('customer_portal_links_expiry', sql`${t.expiresAt} > ${t.sentAt}`),
  ],
);
