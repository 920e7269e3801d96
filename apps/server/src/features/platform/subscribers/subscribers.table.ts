import { boolean, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A company that uses the product. Every business row belongs to exactly one. */
export const subscribers = pgTable('subscribers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Which optional setups the company has (token flags of spec platform 3.1, less the per-user ones). */
  settings: jsonb('settings').$type<Record<string, boolean>>().notNull().default({}),
  /** IANA time zone the company works in: schedules are laid out and repeat in it unless an item names another. */
  timeZone: text('time_zone').notNull().default('America/Chicago'),
  /** The company's own address, given at sign-up (street, city, two-letter state, zip); none for older companies. */
  street: text('street'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
