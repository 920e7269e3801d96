import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { workOrders } from '../work-orders/work-orders.table';
import { equipment, workOrderEquipment } from '../equipment/equipment.table';
import { refrigerants } from '../equipment/equipment-info.table';

/**
 * Refrigerant added to, recovered from or recycled into a piece of equipment on a work order (40 CFR 82.156 and
 * Part 84 records): the amount in ounces, exact; the cylinder; the technician and his certification number as he
 * gave it. An addition to an appliance under the leak rules keeps its leak rate, the method, the category's rate it
 * was held to and whether it exceeded it, as computed then.
 */
export const refrigerantMovements = pgTable(
  'refrigerant_movements',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull(),
    equipmentId: integer('equipment_id').notNull(),
    kind: text('kind').notNull(),
    refrigerantId: integer('refrigerant_id').notNull(),
    amountOunces: numeric('amount_ounces', { precision: 10, scale: 2 }).notNull(),
    cylinder: text('cylinder'),
    technicianId: integer('technician_id').notNull().references(() => users.id),
    certificationNumber: text('certification_number').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The company's calendar date of `occurredAt`, which leak rates count days by. */
    occurredOn: date('occurred_on').notNull(),
    fullChargePounds: numeric('full_charge_pounds', { precision: 9, scale: 2 }),
    leakRateMethod: text('leak_rate_method'),
    leakRatePercent: numeric('leak_rate_percent', { precision: 9, scale: 2 }),
    leakThresholdPercent: numeric('leak_threshold_percent', { precision: 7, scale: 2 }),
    isLeakRateExceeded: boolean('is_leak_rate_exceeded'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('refrigerant_movements_subscriber_id_unique').on(t.subscriberId, t.id),
    foreignKey({ name: 'refrigerant_movements_work_order_fk', columns: [t.subscriberId, t.workOrderId], foreignColumns: [workOrders.subscriberId, workOrders.id] }),
    foreignKey({ name: 'refrigerant_movements_equipment_fk', columns: [t.subscriberId, t.equipmentId], foreignColumns: [equipment.subscriberId, equipment.id] }),
    foreignKey({ name: 'refrigerant_movements_named_fk', columns: [t.workOrderId, t.equipmentId], foreignColumns: [workOrderEquipment.workOrderId, workOrderEquipment.equipmentId] }),
    foreignKey({ name: 'refrigerant_movements_refrigerant_fk', columns: [t.subscriberId, t.refrigerantId], foreignColumns: [refrigerants.subscriberId, refrigerants.id] }),
    index('refrigerant_movements_work_order_idx').on(t.subscriberId, t.workOrderId),
    index('refrigerant_movements_equipment_idx').on(t.subscriberId, t.equipmentId, t.occurredOn),
    check('refrigerant_movements_kind', sql`${t.kind} in ('added', 'recovered', 'recycled')`),
    check('refrigerant_movements_amount', sql`${t.amountOunces} > 0`),
    check('refrigerant_movements_certification', sql`btrim(${t.certificationNumber}) <> ''`),
    check('refrigerant_movements_leak_method', sql`${t.leakRateMethod} is null or ${t.leakRateMethod} in ('annualizing', 'rollingAverage')`),
    check('refrigerant_movements_leak_rate', sql`(${t.leakRatePercent} is null) = (${t.isLeakRateExceeded} is null) and (${t.leakRatePercent} is null or ${t.kind} = 'added')`),
  ],
);

/**
 * A leak to repair: opened by an addition whose leak rate exceeded its category's rate, due 30 days after it (120
 * with an industrial process shutdown), with the leak-test work order that carries its verification tests. It closes
 * when repaired and both tests passed; a piece has at most one open repair.
 */
export const leakRepairs = pgTable(
  'leak_repairs',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    equipmentId: integer('equipment_id').notNull(),
    movementId: integer('movement_id').notNull(),
    openedOn: date('opened_on').notNull(),
    dueOn: date('due_on').notNull(),
    isIndustrialShutdown: boolean('is_industrial_shutdown').notNull().default(false),
    verificationWorkOrderId: integer('verification_work_order_id'),
    repairedOn: date('repaired_on'),
    initialTestOn: date('initial_test_on'),
    initialTestPassed: boolean('initial_test_passed'),
    followUpTestOn: date('follow_up_test_on'),
    followUpTestPassed: boolean('follow_up_test_passed'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    unique('leak_repairs_subscriber_id_unique').on(t.subscriberId, t.id),
    foreignKey({ name: 'leak_repairs_equipment_fk', columns: [t.subscriberId, t.equipmentId], foreignColumns: [equipment.subscriberId, equipment.id] }),
    foreignKey({ name: 'leak_repairs_movement_fk', columns: [t.subscriberId, t.movementId], foreignColumns: [refrigerantMovements.subscriberId, refrigerantMovements.id] }),
    foreignKey({ name: 'leak_repairs_work_order_fk', columns: [t.subscriberId, t.verificationWorkOrderId], foreignColumns: [workOrders.subscriberId, workOrders.id] }),
    uniqueIndex('leak_repairs_movement_unique').on(t.movementId),
    uniqueIndex('leak_repairs_one_open').on(t.subscriberId, t.equipmentId).where(sql`${t.closedAt} is null`),
    index('leak_repairs_due_idx').on(t.subscriberId, t.dueOn),
    check('leak_repairs_due', sql`${t.dueOn} >= ${t.openedOn}`),
    check('leak_repairs_initial_test', sql`(${t.initialTestOn} is null) = (${t.initialTestPassed} is null)`),
    check('leak_repairs_follow_up_test', sql`(${t.followUpTestOn} is null) = (${t.followUpTestPassed} is null)`),
    check(
      'leak_repairs_closed',
      sql`${t.closedAt} is null or (${t.repairedOn} is not null and ${t.initialTestPassed} is true and ${t.followUpTestPassed} is true)`,
    ),
  ],
);

/** The certification number a technician gave last (EPA Section 608), offered the next time he logs refrigerant. */
export const refrigerantTechnicians = pgTable(
  'refrigerant_technicians',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id),
    certificationNumber: text('certification_number').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.userId] }), check('refrigerant_technicians_certification', sql`btrim(${t.certificationNumber}) <> ''`)],
);
