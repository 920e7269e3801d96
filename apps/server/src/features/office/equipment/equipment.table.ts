import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from '../work-orders/customers.table';
import { workOrders } from '../work-orders/work-orders.table';
import { equipmentCategories, equipmentMakes, equipmentModels, refrigerants, voltages } from './equipment-info.table';

/**
 * A piece of equipment at a customer location (spec platform 2.1 /equipments). Every row it names (the location, its
 * category, make, model, refrigerant and voltage) is of its own company: each foreign key carries the company. A
 * serial is unique among the company's equipment of one make; the full charge is in pounds, exact.
 */
export const equipment = pgTable(
  'equipment',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerId: integer('customer_id').notNull(),
    name: text('name').notNull(),
    categoryId: integer('category_id').notNull(),
    makeId: integer('make_id'),
    modelId: integer('model_id'),
    serialNumber: text('serial_number'),
    refrigerantId: integer('refrigerant_id'),
    chargePounds: numeric('charge_pounds', { precision: 9, scale: 2 }),
    voltageId: integer('voltage_id'),
    installedOn: date('installed_on'),
    warrantyEndsOn: date('warranty_ends_on'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('equipment_subscriber_id_unique').on(t.subscriberId, t.id),
    foreignKey({ name: 'equipment_customer_fk', columns: [t.subscriberId, t.customerId], foreignColumns: [customers.subscriberId, customers.id] }),
    foreignKey({ name: 'equipment_category_fk', columns: [t.subscriberId, t.categoryId], foreignColumns: [equipmentCategories.subscriberId, equipmentCategories.id] }),
    foreignKey({ name: 'equipment_make_fk', columns: [t.subscriberId, t.makeId], foreignColumns: [equipmentMakes.subscriberId, equipmentMakes.id] }),
    foreignKey({ name: 'equipment_model_fk', columns: [t.subscriberId, t.makeId, t.modelId], foreignColumns: [equipmentModels.subscriberId, equipmentModels.makeId, equipmentModels.id] }),
    foreignKey({ name: 'equipment_refrigerant_fk', columns: [t.subscriberId, t.refrigerantId], foreignColumns: [refrigerants.subscriberId, refrigerants.id] }),
    foreignKey({ name: 'equipment_voltage_fk', columns: [t.subscriberId, t.voltageId], foreignColumns: [voltages.subscriberId, voltages.id] }),
    uniqueIndex('equipment_serial_unique').on(t.subscriberId, t.makeId, sql`lower(${t.serialNumber})`).where(sql`${t.serialNumber} is not null`),
    index('equipment_customer_idx').on(t.subscriberId, t.customerId),
    index('equipment_category_idx').on(t.subscriberId, t.categoryId),
    index('equipment_serial_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`lower(coalesce(${t.serialNumber}, '')) gin_trgm_ops`),
    check('equipment_charge', sql`${t.chargePounds} is null or ${t.chargePounds} >= 0`),
    check('equipment_charge_has_refrigerant', sql`${t.chargePounds} is null or ${t.refrigerantId} is not null`),
    check('equipment_model_has_make', sql`${t.modelId} is null or ${t.makeId} is not null`),
    check('equipment_name', sql`btrim(${t.name}) <> ''`),
    check('equipment_serial', sql`${t.serialNumber} is null or btrim(${t.serialNumber}) <> ''`),
    check('equipment_warranty', sql`${t.installedOn} is null or ${t.warrantyEndsOn} is null or ${t.warrantyEndsOn} >= ${t.installedOn}`),
  ],
);

/**
 * The equipment a work order touches: pieces of the work order's own company (the keys carry it); the service names
 * only pieces at the work order's location, and a piece moved later keeps the history it had.
 */
export const workOrderEquipment = pgTable(
  'work_order_equipment',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull(),
    equipmentId: integer('equipment_id').notNull(),
    addedBy: integer('added_by').references(() => users.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workOrderId, t.equipmentId] }),
    foreignKey({ name: 'work_order_equipment_work_order_fk', columns: [t.subscriberId, t.workOrderId], foreignColumns: [workOrders.subscriberId, workOrders.id] }),
    foreignKey({ name: 'work_order_equipment_equipment_fk', columns: [t.subscriberId, t.equipmentId], foreignColumns: [equipment.subscriberId, equipment.id] }),
    index('work_order_equipment_equipment_idx').on(t.equipmentId),
  ],
);
