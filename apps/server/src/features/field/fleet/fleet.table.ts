import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { companyListRows } from '../../platform/reference-lists/company-list-rows.table';

/**
 * A vehicle of the company's fleet: its description, status and flags (rows of the fleet lists), plate and VIN (unique
 * among the company's active vehicles), the technician who drives it, and when it is due for service. The odometer is
 * the last reading of its mileage log, written by the log's trigger only (migration 0053).
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    fleetDescriptionId: integer('fleet_description_id').notNull().references(() => companyListRows.id),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    plate: text('plate').notNull(),
    vin: text('vin'),
    technicianId: integer('technician_id').references(() => users.id),
    fleetStatusId: integer('fleet_status_id').notNull().references(() => companyListRows.id),
    odometer: integer('odometer'),
    lastLoggedOn: date('last_logged_on'),
    serviceDueOn: date('service_due_on'),
    serviceDueMiles: integer('service_due_miles'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('vehicles_subscriber_id_unique').on(t.subscriberId, t.id),
    uniqueIndex('vehicles_vin_unique').on(t.subscriberId, t.vin).where(sql`${t.isActive} and ${t.vin} is not null`),
    index('vehicles_technician_idx').on(t.subscriberId, t.technicianId),
    check('vehicles_vin', sql`${t.vin} is null or ${t.vin} ~ '^[A-HJ-NPR-Z0-9]{17}$'`),
    check('vehicles_plate', sql`btrim(${t.plate}) <> ''`),
    check('vehicles_odometer', sql`${t.odometer} is null or ${t.odometer} >= 0`),
    check('vehicles_service_due_miles', sql`${t.serviceDueMiles} is null or ${t.serviceDueMiles} >= 0`),
  ],
);

/** The fleet flags set on a vehicle. */
export const vehicleFlagLinks = pgTable(
  'vehicle_flag_links',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    vehicleId: integer('vehicle_id').notNull(),
    fleetFlagId: integer('fleet_flag_id').notNull().references(() => companyListRows.id),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.fleetFlagId] }),
    foreignKey({ name: 'vehicle_flag_links_vehicle_fk', columns: [t.subscriberId, t.vehicleId], foreignColumns: [vehicles.subscriberId, vehicles.id] }).onDelete('cascade'),
    index('vehicle_flag_links_flag_idx').on(t.subscriberId, t.fleetFlagId),
  ],
);

/**
 * A reading of a vehicle's odometer, with the fuel bought then: never below the vehicle's previous reading (the
 * service checks it under the vehicle's row lock, the trigger holds it). Fuel in gallons and its cost are exact.
 */
export const vehicleMileageLogs = pgTable(
  'vehicle_mileage_logs',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    vehicleId: integer('vehicle_id').notNull(),
    userId: integer('user_id').notNull().references(() => users.id),
    loggedOn: date('logged_on').notNull(),
    odometer: integer('odometer').notNull(),
    fuelGallons: numeric('fuel_gallons', { precision: 10, scale: 3 }),
    fuelCost: numeric('fuel_cost', { precision: 12, scale: 2 }),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'vehicle_mileage_logs_vehicle_fk', columns: [t.subscriberId, t.vehicleId], foreignColumns: [vehicles.subscriberId, vehicles.id] }),
    index('vehicle_mileage_logs_vehicle_idx').on(t.subscriberId, t.vehicleId, t.odometer),
    check('vehicle_mileage_logs_odometer', sql`${t.odometer} >= 0`),
    check('vehicle_mileage_logs_fuel', sql`(${t.fuelGallons} is null or ${t.fuelGallons} > 0) and (${t.fuelCost} is null or ${t.fuelCost} >= 0)`),
  ],
);

/** A technician's walk round a vehicle: each item of the checklist ok or needing attention (with what it needs). */
export const vehicleInspections = pgTable(
  'vehicle_inspections',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    vehicleId: integer('vehicle_id').notNull(),
    userId: integer('user_id').notNull().references(() => users.id),
    inspectedOn: date('inspected_on').notNull(),
    odometer: integer('odometer'),
    items: jsonb('items').$type<{ item: string; result: 'ok' | 'needsAttention'; comment: string | null }[]>().notNull(),
    needsAttention: integer('needs_attention').notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'vehicle_inspections_vehicle_fk', columns: [t.subscriberId, t.vehicleId], foreignColumns: [vehicles.subscriberId, vehicles.id] }),
    index('vehicle_inspections_vehicle_idx').on(t.subscriberId, t.vehicleId, t.inspectedOn),
    check('vehicle_inspections_odometer', sql`${t.odometer} is null or ${t.odometer} >= 0`),
    check('vehicle_inspections_needs_attention', sql`${t.needsAttention} >= 0 and jsonb_typeof(${t.items}) = 'array'`),
  ],
);
