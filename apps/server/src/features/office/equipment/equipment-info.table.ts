import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, integer, numeric, pgTable, serial, text, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';

/**
 * The company's equipment information lists (administration, equipment-info): categories, makes and their models,
 * refrigerants and voltages. Each row has its company and a name unique in the company; equipment points at them by
 * (company, id), so a piece of equipment never names another company's row. Thresholds are data the company edits.
 */
const ids = (name: string, t: { subscriberId: AnyPgColumn; id: AnyPgColumn; name: AnyPgColumn }) => [
  uniqueIndex(`${name}_name_unique`).on(t.subscriberId, sql`lower(${t.name})`),
  unique(`${name}_subscriber_id_unique`).on(t.subscriberId, t.id),
];

/** A kind of equipment, its US EPA appliance type and the yearly leak rate (percent) that must be repaired. */
export const equipmentCategories = pgTable(
  'equipment_categories',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    applianceType: text('appliance_type').notNull(),
    leakRatePercent: numeric('leak_rate_percent', { precision: 7, scale: 2 }),
  },
  (t) => [
    ...ids('equipment_categories', t),
    check('equipment_categories_appliance_type', sql`${t.applianceType} in ('comfortCooling', 'commercialRefrigeration', 'industrialProcess', 'none')`),
    check('equipment_categories_leak_rate', sql`${t.leakRatePercent} is null or (${t.leakRatePercent} >= 0 and ${t.leakRatePercent} <= 1000)`),
  ],
);

/** A manufacturer. */
export const equipmentMakes = pgTable(
  'equipment_makes',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [...ids('equipment_makes', t)],
);

/** A model of a make (administration, makeDetails); its make is of the same company. */
export const equipmentModels = pgTable(
  'equipment_models',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    makeId: integer('make_id').notNull(),
  },
  (t) => [
    ...ids('equipment_models', t),
    // Equipment names a model with its make, so the pair is one key: a model is never filed under another make.
    unique('equipment_models_make_unique').on(t.subscriberId, t.makeId, t.id),
    foreignKey({ name: 'equipment_models_make_fk', columns: [t.subscriberId, t.makeId], foreignColumns: [equipmentMakes.subscriberId, equipmentMakes.id] }),
  ],
);

/** A refrigerant, its kind and the full charge in pounds at which the leak rules apply (none: they never do). */
export const refrigerants = pgTable(
  'refrigerants',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    kind: text('kind').notNull(),
    chargeThresholdPounds: integer('charge_threshold_pounds'),
  },
  (t) => [
    ...ids('refrigerants', t),
    check('refrigerants_kind', sql`${t.kind} in ('hfc', 'ozoneDepleting', 'hfo', 'natural')`),
    check('refrigerants_charge_threshold', sql`${t.chargeThresholdPounds} is null or ${t.chargeThresholdPounds} >= 0`),
  ],
);

/** An electrical supply. */
export const voltages = pgTable(
  'voltages',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [...ids('voltages', t)],
);
