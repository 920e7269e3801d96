import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { intacctItemGlGroups } from '../../money/accounting/intacct-lists.table';

/**
 * Per-diem types, with the daily amount paid when there is one; rows without a subscriber (N/A, id 0) are shared by
 * every company. A retired type stays on the labor that named it but is no longer offered at the clock.
 */
export const perDiemTypes = pgTable(
  'per_diem_types',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').references(() => subscribers.id),
    name: text('name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('per_diem_types_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    check('per_diem_types_amount', sql`${t.amount} is null or ${t.amount} >= 0`),
  ],
);

export const itemRateTypes = pgTable('item_rate_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const workOrderStatuses = pgTable('work_order_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const workOrderFlags = pgTable('work_order_flags', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  name: text('name').notNull(),
});

/** Material status ids of spec platform 4.10, shared by every company. */
export const materialStatuses = pgTable('material_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** A company's own short lists (administration): each row a name, optionally retired. */
const companyList = (name: string) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
      name: text('name').notNull(),
      isActive: boolean('is_active').notNull().default(true),
    },
    (t) => [uniqueIndex(`${name}_name_unique`).on(t.subscriberId, sql`lower(${t.name})`)],
  );

export const workOrderClasses = companyList('work_order_classes');
export const jobTitles = companyList('job_titles');
export const regions = companyList('regions');
export const sopTypes = companyList('sop_types');
/** The cities technicians start their day from (administration, base cities). */
export const baseCities = companyList('base_cities');

/** The SOP statuses of spec platform 4.5 (fixed ids, every company). */
export const sopStatuses = pgTable('sop_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    regionId: integer('region_id').references(() => regions.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('districts_name_unique').on(t.subscriberId, sql`lower(${t.name})`)],
);

/** The company's catalogue of standard items (administration, standardItems); "Toll" is priced on each use. */
export const standardItems = pgTable(
  'standard_items',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    description: text('description'),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The id the item has in the system it was imported from (QuickBooks' list id or item name); unique per company. */
    externalId: text('external_id'),
    /** The item GL group its invoice lines post to in Intacct (else the standard-item line kind's account). */
    itemGlGroupId: integer('item_gl_group_id').references(() => intacctItemGlGroups.id),
  },
  (t) => [
    uniqueIndex('standard_items_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    uniqueIndex('standard_items_external_id_unique').on(t.subscriberId, t.externalId).where(sql`${t.externalId} is not null`),
    check('standard_items_price', sql`${t.price} >= 0`),
  ],
);

/** Customer markup groups (administration): a named markup a quote or estimate line takes its percentage from. */
export const markupGroups = pgTable(
  'markup_groups',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    markupPercent: numeric('markup_percent', { precision: 7, scale: 2 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('markup_groups_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    check('markup_groups_percent', sql`${t.markupPercent} >= 0 and ${t.markupPercent} <= 1000`),
  ],
);

/** Discount reasons (administration), each for labor, items or freight: the reason a discounted line must name. */
export const discountReasons = pgTable(
  'discount_reasons',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    appliesTo: text('applies_to', { enum: ['labor', 'item', 'freight'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('discount_reasons_name_unique').on(t.subscriberId, t.appliesTo, sql`lower(${t.name})`),
    check('discount_reasons_applies_to', sql`${t.appliesTo} in ('labor', 'item', 'freight')`),
  ],
);
