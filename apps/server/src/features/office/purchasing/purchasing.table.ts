import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyListRows } from '../../platform/reference-lists/company-list-rows.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

/**
 * The lists parts are bought and kept with (administration warehouses, vendors, shipToAddress), edited through the
 * reference lists, and the company's purchase order numbering. Each row has its company and a name unique in the
 * company; (company, id) is unique so the stock ledger and purchase orders can name a row of their own company only.
 */

/** A place stock is kept: a warehouse, or a technician's truck (one truck a technician, held by the database). */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    typeId: integer('type_id').notNull().references(() => companyListRows.id),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    isTruck: boolean('is_truck').notNull().default(false),
    technicianId: integer('technician_id').references(() => users.id),
    truckStockTypeId: integer('truck_stock_type_id').references(() => companyListRows.id),
  },
  (t) => [
    uniqueIndex('warehouses_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    unique('warehouses_subscriber_id_unique').on(t.subscriberId, t.id),
    uniqueIndex('warehouses_one_truck_per_technician').on(t.subscriberId, t.technicianId).where(sql`${t.technicianId} is not null`),
    check(
      'warehouses_truck',
      sql`(${t.isTruck} and ${t.technicianId} is not null and ${t.truckStockTypeId} is not null) or (not ${t.isTruck} and ${t.technicianId} is null and ${t.truckStockTypeId} is null)`,
    ),
  ],
);

/** A supplier of parts, with its terms and the person to call. */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    accountNumber: text('account_number'),
    termsId: integer('terms_id').references(() => companyListRows.id),
    phone: text('phone'),
    email: text('email'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    notes: text('notes'),
  },
  (t) => [uniqueIndex('vendors_name_unique').on(t.subscriberId, sql`lower(${t.name})`), unique('vendors_subscriber_id_unique').on(t.subscriberId, t.id)],
);

/** Where purchase orders ask vendors to ship; at most one is the company's default (held by the database). */
export const shipToAddresses = pgTable(
  'ship_to_addresses',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('ship_to_addresses_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    unique('ship_to_addresses_subscriber_id_unique').on(t.subscriberId, t.id),
    uniqueIndex('ship_to_addresses_one_default').on(t.subscriberId).where(sql`${t.isDefault}`),
  ],
);

/** The number the company's next purchase order takes (account-settings purchaseOrdersNumber). */
export const purchaseOrderSettings = pgTable(
  'purchase_order_settings',
  {
    subscriberId: integer('subscriber_id').primaryKey().references(() => subscribers.id),
    nextPurchaseOrderNumber: integer('next_purchase_order_number').notNull().default(1),
  },
  (t) => [check('purchase_order_settings_next_number', sql`${t.nextPurchaseOrderNumber} >= 1`)],
);
