import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workOrderLabor } from '../clock/labor.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { workOrders } from '../../office/work-orders/work-orders.table';

/** The outside work-order networks a company may be connected to. */
export const PROVIDER_KINDS = ['corrigo', 'serviceChannel'] as const;

/**
 * A company's account at a provider: where its API lives and the client credentials to ask for tokens. The secret
 * is read only by the server's adapters; no answer to the browser ever carries it.
 */
export const providerAccounts = pgTable(
  'provider_accounts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    provider: text('provider', { enum: PROVIDER_KINDS }).notNull(),
    baseUrl: text('base_url').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** The service-channel provider signs a user in (resource-owner password grant); Corrigo needs no user. */
    userName: text('user_name'),
    password: text('password'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_accounts_one_per_provider').on(t.subscriberId, t.provider),
    check('provider_accounts_provider', sql`${t.provider} in ('corrigo', 'serviceChannel')`),
  ],
);

/**
 * Every call the product made to a provider on a technician's behalf: what was sent (with the position and its
 * accuracy), whether the provider took it, and the provider's own words when it did not. Written whether or not the
 * call succeeded, so a refused check-in can be explained later.
 */
export const providerActions = pgTable(
  'provider_actions',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    laborId: integer('labor_id').references(() => workOrderLabor.id),
    userId: integer('user_id').references(() => users.id),
    provider: text('provider', { enum: PROVIDER_KINDS }).notNull(),
    action: text('action').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMeters: doublePrecision('accuracy_meters'),
    request: jsonb('request').$type<unknown>(),
    isOk: boolean('is_ok').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_actions_work_order_idx').on(t.workOrderId, t.createdAt)],
);
