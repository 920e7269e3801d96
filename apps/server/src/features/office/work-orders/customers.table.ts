import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { companyListRows } from '../../platform/reference-lists/company-list-rows.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

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
    /** The days a ServiceChannel client gives to invoice a finished work order; null: the product's default (the scorecard). */
    providerInvoiceDays: integer('provider_invoice_days'),
    isBillingCustomer: boolean('is_billing_customer').notNull().default(false),
    billingCustomerId: integer('billing_customer_id').references((): AnyPgColumn => customers.id),
    /** The site's IANA time zone; null means the company's. */
    timeZone: text('time_zone'),
    isTaxExempt: boolean('is_tax_exempt').notNull().default(false),
    /**
     * The customer's payment terms, billing method and payment method: rows of the company's lists (Terms, Billing
     * Methods, Payment Methods). A new customer takes the company's customer defaults for those not given.
     */
    termsId: integer('terms_id').references(() => companyListRows.id),
    billingMethodId: integer('billing_method_id').references(() => companyListRows.id),
    paymentMethodId: integer('payment_method_id').references(() => companyListRows.id),
    /** The exemption's certificate (the Tax Exempt dialog); the scanned certificate lives in the taxExempt/{id} folder. */
    taxExemptCertificate: text('tax_exempt_certificate'),
    taxExemptExpiresOn: date('tax_exempt_expires_on'),
    /** Credit limit in dollars; read and set only with "Access Customer Credit Limit & OnHold". */
    creditLimit: numeric('credit_limit', { precision: 12, scale: 2 }),
    /** A customer on credit hold puts its new work orders in status 8 (credit hold). */
    isOnCreditHold: boolean('is_on_credit_hold').notNull().default(false),
    /**
     * The billing customer's account team, whom its invoices pay commissions to: its sales person, their manager, the
     * sales person before (kept when the sales person changes) and the territory's sales user.
     */
    salesPersonId: integer('sales_person_id').references(() => users.id),
    salesManagerId: integer('sales_manager_id').references(() => users.id),
    previousSalesPersonId: integer('previous_sales_person_id').references(() => users.id),
    territorySalesId: integer('territory_sales_id').references(() => users.id),
    notes: text('notes'),
    /** The id the customer has in the system it was imported from (QuickBooks' list id or full name); unique per company. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_subscriber_idx').on(t.subscriberId),
    check('customers_provider_invoice_days', sql`${t.providerInvoiceDays} between 1 and 365`),
    // What a record of the same company points at (equipment at a location), so it never names another company's.
    unique('customers_subscriber_id_unique').on(t.subscriberId, t.id),
    uniqueIndex('customers_external_id_unique').on(t.subscriberId, t.externalId).where(sql`${t.externalId} is not null`),
    index('customers_billing_idx').on(t.billingCustomerId),
    // The search box (features/office/search): a company's customers by the words of their name and place, typos forgiven,
    // and by the digits of their phone (pg_trgm). The company is in the same index (btree_gin) as `subscriber_id + 0`,
    // the form `ofTenantByOtherIndex` writes, which the company's btree index does not answer.
    index('customers_search_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`lower(${t.name} || ' ' || ${t.address} || ' ' || ${t.city}) gin_trgm_ops`),
    index('customers_phone_digits_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g') gin_trgm_ops`),
    index('customers_phone_idx').on(t.subscriberId, t.phone),
    index('customers_subscriber_name_idx').on(t.subscriberId, sql`lower(${t.name})`),
    // A grid's filter on a site's or billing customer's name (all work orders): the company's customers whose name
    // holds the text, as the search's indexes hold the company.
    index('customers_name_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`lower(${t.name}) gin_trgm_ops`),
    // The customers on credit hold, which the aging lists even when they owe nothing.
    index('customers_credit_hold_idx').on(t.subscriberId).where(sql`${t.isOnCreditHold}`),
    check('customers_credit_limit_positive', sql`${t.creditLimit} is null or ${t.creditLimit} >= 0`),
    check('customers_not_own_billing', sql`${t.billingCustomerId} is null or ${t.billingCustomerId} <> ${t.id}`),
  ],
);

/** A person to call at a customer (spec platform 2.1 /contacts). */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    name: text('name').notNull(),
    title: text('title'),
    phone: text('phone'),
    email: text('email'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** The id the contact has in the system it was imported from; unique per company. */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('contacts_external_id_unique').on(t.subscriberId, t.externalId).where(sql`${t.externalId} is not null`),
    index('contacts_customer_idx').on(t.customerId),
    // The search box, as on customers: name (typos forgiven), phone digits, a part of the e-mail address.
    index('contacts_name_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`lower(${t.name}) gin_trgm_ops`),
    index('contacts_phone_digits_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g') gin_trgm_ops`),
    index('contacts_email_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`lower(${t.email}) gin_trgm_ops`),
    index('contacts_phone_idx').on(t.subscriberId, t.phone),
    uniqueIndex('contacts_one_primary').on(t.customerId).where(sql`${t.isPrimary}`),
  ],
);

/** Customer flags of a company (administration, flags, customers). */
export const customerFlags = pgTable('customer_flags', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  name: text('name').notNull(),
});

export const customerFlagLinks = pgTable(
  'customer_flag_links',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    customerFlagId: integer('customer_flag_id').notNull().references(() => customerFlags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.customerFlagId] })],
);

export const customerRateSheets = pgTable(
  'customer_rate_sheets',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    billingCustomerId: integer('billing_customer_id').notNull().references(() => customers.id),
    name: text('name').notNull(),
    /** The first day (in the company's time zone) these rates apply to work. */
    effectiveFrom: date('effective_from').notNull().default('2000-01-01'),
    /** saved, sent (waiting for the customer), approved or declined by the customer. */
    status: text('status').notNull().default('approved'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_rate_sheets_customer_idx').on(t.subscriberId, t.billingCustomerId, t.effectiveFrom),
    check('customer_rate_sheets_status', sql`${t.status} in ('saved', 'sent', 'approved', 'declined')`),
  ],
);

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
