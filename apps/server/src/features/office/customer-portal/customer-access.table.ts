import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from '../work-orders/customers.table';
import { customerPortalLinks } from './customer-portal.table';

/**
 * A contact's request for a sign-in of their own (spec platform 2.1 /users/registerForCustomerAccess), made through a
 * portal link: the link binds the company and the billing customer. The office grants it (the user made), or declines
 * it with a reason. One open request per e-mail address and company.
 */
export const customerAccessRequests = pgTable(
  'customer_access_requests',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    billingCustomerId: integer('billing_customer_id').notNull(),
    linkId: integer('link_id').notNull().references(() => customerPortalLinks.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    status: text('status', { enum: ['Requested', 'Granted', 'Declined'] }).notNull().default('Requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The user made when the request was granted. */
    userId: integer('user_id').references(() => users.id),
  },
  (t) => [
    foreignKey({ name: 'customer_access_requests_billing_fk', columns: [t.subscriberId, t.billingCustomerId], foreignColumns: [customers.subscriberId, customers.id] }),
    uniqueIndex('customer_access_requests_one_open').on(t.subscriberId, sql`lower(${t.email})`).where(sql`${t.status} = 'Requested'`),
    index('customer_access_requests_customer_idx').on(t.subscriberId, t.billingCustomerId, t.requestedAt),
    check('customer_access_requests_status', sql`${t.status} in ('Requested', 'Granted', 'Declined')`),
    check('customer_access_requests_decided', sql`(${t.status} = 'Requested') = (${t.decidedAt} is null) and (${t.decidedAt} is null) = (${t.decidedBy} is null)`),
    check('customer_access_requests_granted_user', sql`(${t.status} = 'Granted') = (${t.userId} is not null)`),
    check('customer_access_requests_declined_reason', sql`(${t.status} = 'Declined') = (${t.declineReason} is not null)`),
  ],
);

/** A customer user: a user with the Customer role, bound to the billing customer whose portal they read when signed in. */
export const customerUsers = pgTable(
  'customer_users',
  {
    userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    billingCustomerId: integer('billing_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the office revoked the user's access (the user is deactivated too). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: 'customer_users_billing_fk', columns: [t.subscriberId, t.billingCustomerId], foreignColumns: [customers.subscriberId, customers.id] }),
    index('customer_users_customer_idx').on(t.subscriberId, t.billingCustomerId),
  ],
);
