import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { itemRateTypes, materialStatuses, standardItems } from '../../platform/reference/reference.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { equipment } from '../equipment/equipment.table';
import { customerRateSheets } from './customers.table';
import { workOrders } from './work-orders.table';

/** Parts used or proposed on a work order (material/add), money in exact decimals. */
export const workOrderMaterials = pgTable(
  'work_order_materials',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    materialStatusId: integer('material_status_id').notNull().references(() => materialStatuses.id),
    partNumber: text('part_number'),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull(),
    markupPercent: numeric('markup_percent', { precision: 7, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_order_materials_wo_idx').on(t.workOrderId),
    check('work_order_materials_amounts', sql`${t.quantity} > 0 and ${t.unitCost} >= 0 and ${t.unitPrice} >= 0 and ${t.markupPercent} >= 0`),
  ],
);

/** Items of a billing customer's rate sheet billed at an agreed price (rateSheetStandardItems/add). */
export const rateSheetStandardItems = pgTable(
  'rate_sheet_standard_items',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerRateSheetId: integer('customer_rate_sheet_id').notNull().references(() => customerRateSheets.id),
    name: text('name').notNull(),
    itemRateTypeId: integer('item_rate_type_id').notNull().references(() => itemRateTypes.id),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [check('rate_sheet_standard_items_price', sql`${t.price} >= 0`)],
);

/** A standard item or a rate-sheet standard item on a work order, priced when added. */
export const workOrderStandardItems = pgTable(
  'work_order_standard_items',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    standardItemId: integer('standard_item_id').references(() => standardItems.id),
    rateSheetStandardItemId: integer('rate_sheet_standard_item_id').references(() => rateSheetStandardItems.id),
    name: text('name').notNull(),
    itemRateTypeId: integer('item_rate_type_id').references(() => itemRateTypes.id),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_order_standard_items_wo_idx').on(t.workOrderId),
    check('work_order_standard_items_one_source', sql`(${t.standardItemId} is null) <> (${t.rateSheetStandardItemId} is null)`),
    check('work_order_standard_items_amounts', sql`${t.quantity} > 0 and ${t.unitPrice} >= 0`),
  ],
);

/** Jobs and survey jobs of a work order (workOrderJobs/add, surveyJobs/add). */
export const workOrderJobs = pgTable(
  'work_order_jobs',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    isSurvey: boolean('is_survey').notNull().default(false),
    title: text('title').notNull(),
    description: text('description'),
    isCompleted: boolean('is_completed').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_jobs_wo_idx').on(t.workOrderId)],
);

/** Tasks a technician ticks off on the equipment of a work order (equipmentTaskList). */
export const workOrderEquipmentTasks = pgTable(
  'work_order_equipment_tasks',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    /** The piece of the register the task is on (of the same company), when it names one. */
    equipmentId: integer('equipment_id'),
    equipmentName: text('equipment_name').notNull(),
    task: text('task').notNull(),
    isDone: boolean('is_done').notNull().default(false),
    doneBy: integer('done_by').references(() => users.id),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('work_order_equipment_tasks_wo_idx').on(t.workOrderId),
    foreignKey({ name: 'work_order_equipment_tasks_equipment_fk', columns: [t.subscriberId, t.equipmentId], foreignColumns: [equipment.subscriberId, equipment.id] }),
  ],
);

/** The customer's signature on a work order: a 300x200 PNG, kept with who signed and when. */
export const workOrderSignatures = pgTable(
  'work_order_signatures',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    signerName: text('signer_name').notNull(),
    pngBase64: text('png_base64').notNull(),
    signedBy: integer('signed_by').references(() => users.id),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_signatures_wo_idx').on(t.workOrderId), check('work_order_signatures_size', sql`length(${t.pngBase64}) <= 400000`)],
);

/** A user's saved layout of one grid (spec platform 1, 9): request, column order and widths. */
export const gridPreferences = pgTable(
  'grid_preferences',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id),
    gridKey: text('grid_key').notNull(),
    layout: jsonb('layout').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gridKey] })],
);
