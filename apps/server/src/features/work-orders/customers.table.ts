import { boolean, doublePrecision, index, integer, numeric, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    phone: text('phone'),
    email: text('email'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** How far from the site a provider accepts a check-in, in metres (the service-channel location radius). */
    siteRadiusMeters: doublePrecision('site_radius_meters'),
    isBillingCustomer: boolean('is_billing_customer').notNull().default(false),
    billingCustomerId: integer('billing_customer_id').references((): AnyPgColumn => customers.id),
  },
  (t) => [index('customers_subscriber_idx').on(t.subscriberId)],
);

export const customerRateSheets = pgTable('customer_rate_sheets', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  billingCustomerId: integer('billing_customer_id').notNull().references(() => customers.id),
  name: text('name').notNull(),
});

/** A technician's rates on a billing customer's rate sheet. */
export const rateSheetLaborItems = pgTable(
  'rate_sheet_labor_items',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerRateSheetId: integer('customer_rate_sheet_id').notNull().references(() => customerRateSheets.id),
    technicianUserId: integer('technician_user_id').notNull().references(() => users.id),
    /** The Employee Type a technician picks at the clock, e.g. "Service Technician". */
    name: text('name').notNull().default('Service Technician'),
    dailyRate: numeric('daily_rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    otHourlyRate: numeric('ot_hourly_rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    standByRate: numeric('stand_by_rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    apprenticeRate: numeric('apprentice_rate', { precision: 12, scale: 2, mode: 'number' }),
  },
  (t) => [index('rate_sheet_labor_items_tech_idx').on(t.technicianUserId)],
);

export const rateSheetTrucks = pgTable('rate_sheet_trucks', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  customerRateSheetId: integer('customer_rate_sheet_id').notNull().references(() => customerRateSheets.id),
  name: text('name').notNull(),
  hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  tripCharge: numeric('trip_charge', { precision: 12, scale: 2, mode: 'number' }).notNull(),
});
