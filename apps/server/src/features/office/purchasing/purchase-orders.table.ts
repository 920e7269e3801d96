import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { inventoryItems } from '../inventory/inventory.table';
import { workOrders } from '../work-orders/work-orders.table';
import { shipToAddresses, vendors, warehouses } from './purchasing.table';

/**
 * Purchase orders (spec platform 2.1 /purchaseOrders) and vendor credits (/vendorCredits). A purchase order takes the
 * company's next number (purchase_order_settings) and moves through open → sent → partially received → received →
 * closed (or canceled); what has been received of a line is the sum of its receipts.
 */

export const PURCHASE_ORDER_STATUSES = ['open', 'sent', 'partiallyReceived', 'received', 'closed', 'canceled'] as const;

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    number: integer('number').notNull(),
    vendorId: integer('vendor_id').notNull(),
    shipToAddressId: integer('ship_to_address_id'),
    workOrderId: integer('work_order_id'),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('open'),
    expectedOn: text('expected_on'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    unique('purchase_orders_subscriber_id_unique').on(t.subscriberId, t.id),
    unique('purchase_orders_number_unique').on(t.subscriberId, t.number),
    foreignKey({ name: 'purchase_orders_vendor_fk', columns: [t.subscriberId, t.vendorId], foreignColumns: [vendors.subscriberId, vendors.id] }),
    foreignKey({ name: 'purchase_orders_ship_to_fk', columns: [t.subscriberId, t.shipToAddressId], foreignColumns: [shipToAddresses.subscriberId, shipToAddresses.id] }),
    foreignKey({ name: 'purchase_orders_work_order_fk', columns: [t.subscriberId, t.workOrderId], foreignColumns: [workOrders.subscriberId, workOrders.id] }),
    index('purchase_orders_work_order_idx').on(t.subscriberId, t.workOrderId).where(sql`${t.workOrderId} is not null`),
    index('purchase_orders_status_idx').on(t.subscriberId, t.status),
    check('purchase_orders_number', sql`${t.number} >= 1`),
    check('purchase_orders_expected_on', sql`${t.expectedOn} is null or ${t.expectedOn} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);

/** A line of a purchase order: a stocked item or free text, and whether the vendor has it on back order. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    purchaseOrderId: integer('purchase_order_id').notNull(),
    lineNumber: integer('line_number').notNull(),
    itemId: integer('item_id'),
    partNumber: text('part_number'),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull(),
    backOrderedQuantity: numeric('back_ordered_quantity', { precision: 12, scale: 3 }).notNull().default('0'),
    backOrderExpectedOn: text('back_order_expected_on'),
  },
  (t) => [
    unique('purchase_order_lines_subscriber_id_unique').on(t.subscriberId, t.id),
    unique('purchase_order_lines_number_unique').on(t.purchaseOrderId, t.lineNumber),
    foreignKey({ name: 'purchase_order_lines_order_fk', columns: [t.subscriberId, t.purchaseOrderId], foreignColumns: [purchaseOrders.subscriberId, purchaseOrders.id] }).onDelete('cascade'),
    foreignKey({ name: 'purchase_order_lines_item_fk', columns: [t.subscriberId, t.itemId], foreignColumns: [inventoryItems.subscriberId, inventoryItems.id] }),
    check('purchase_order_lines_amounts', sql`${t.quantity} > 0 and ${t.unitCost} >= 0 and ${t.backOrderedQuantity} >= 0 and ${t.backOrderedQuantity} <= ${t.quantity}`),
    check('purchase_order_lines_description', sql`btrim(${t.description}) <> ''`),
  ],
);

/** What arrived of a line, into which warehouse or truck; a stocked item's receipt is also a 'received' ledger row. */
export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    lineId: integer('line_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    receivedBy: integer('received_by').references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'purchase_order_receipts_line_fk', columns: [t.subscriberId, t.lineId], foreignColumns: [purchaseOrderLines.subscriberId, purchaseOrderLines.id] }),
    foreignKey({ name: 'purchase_order_receipts_warehouse_fk', columns: [t.subscriberId, t.warehouseId], foreignColumns: [warehouses.subscriberId, warehouses.id] }),
    index('purchase_order_receipts_line_idx').on(t.lineId),
    check('purchase_order_receipts_quantity', sql`${t.quantity} > 0`),
  ],
);

/** Money a vendor owes back for parts returned for credit, matched to the purchase order they came on, then applied. */
export const vendorCredits = pgTable(
  'vendor_credits',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    vendorId: integer('vendor_id').notNull(),
    purchaseOrderId: integer('purchase_order_id'),
    workOrderId: integer('work_order_id'),
    status: text('status', { enum: ['open', 'applied', 'canceled'] }).notNull().default('open'),
    vendorReference: text('vendor_reference'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedBy: integer('applied_by').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    unique('vendor_credits_subscriber_id_unique').on(t.subscriberId, t.id),
    foreignKey({ name: 'vendor_credits_vendor_fk', columns: [t.subscriberId, t.vendorId], foreignColumns: [vendors.subscriberId, vendors.id] }),
    foreignKey({ name: 'vendor_credits_order_fk', columns: [t.subscriberId, t.purchaseOrderId], foreignColumns: [purchaseOrders.subscriberId, purchaseOrders.id] }),
    foreignKey({ name: 'vendor_credits_work_order_fk', columns: [t.subscriberId, t.workOrderId], foreignColumns: [workOrders.subscriberId, workOrders.id] }),
    index('vendor_credits_status_idx').on(t.subscriberId, t.status),
    check('vendor_credits_applied', sql`(${t.status} = 'applied') = (${t.appliedAt} is not null)`),
  ],
);

/** A part on a vendor credit, from a material returned for credit or entered by the office. */
export const vendorCreditLines = pgTable(
  'vendor_credit_lines',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    vendorCreditId: integer('vendor_credit_id').notNull(),
    itemId: integer('item_id'),
    materialId: integer('material_id'),
    partNumber: text('part_number'),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    foreignKey({ name: 'vendor_credit_lines_credit_fk', columns: [t.subscriberId, t.vendorCreditId], foreignColumns: [vendorCredits.subscriberId, vendorCredits.id] }).onDelete('cascade'),
    foreignKey({ name: 'vendor_credit_lines_item_fk', columns: [t.subscriberId, t.itemId], foreignColumns: [inventoryItems.subscriberId, inventoryItems.id] }),
    index('vendor_credit_lines_credit_idx').on(t.vendorCreditId),
    index('vendor_credit_lines_material_idx').on(t.materialId).where(sql`${t.materialId} is not null`),
    check('vendor_credit_lines_amounts', sql`${t.quantity} > 0 and ${t.unitCost} >= 0`),
  ],
);
