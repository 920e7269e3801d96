import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { markupGroups } from '../../platform/reference/reference.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { vendors, warehouses } from '../purchasing/purchasing.table';
import { workOrderMaterials } from '../work-orders/work-order-items.table';
import { workOrders } from '../work-orders/work-orders.table';

/**
 * Parts a company stocks, the stock ledger and what follows from it (spec platform 2.1 /inventory). Every movement is
 * a row of `stock_movements`, never changed or removed; `stock_levels.on_hand` and `reserved` are the ledger's sums,
 * kept by the database's trigger on each insert (migration 0040), which also refuses stock below zero unless the
 * company's inventory settings allow it (SQLSTATE SMNEG).
 */

export const INVENTORY_UNITS_DEFAULT = 'Each';

/** A part the company stocks, sells and orders. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull(),
    unit: text('unit').notNull().default(INVENTORY_UNITS_DEFAULT),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull().default('0'),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }),
    markupGroupId: integer('markup_group_id').references(() => markupGroups.id),
    preferredVendorId: integer('preferred_vendor_id'),
    barcode: text('barcode'),
    partClass: text('part_class'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('inventory_items_subscriber_id_unique').on(t.subscriberId, t.id),
    uniqueIndex('inventory_items_part_number_unique').on(t.subscriberId, sql`lower(${t.partNumber})`),
    uniqueIndex('inventory_items_barcode_unique').on(t.subscriberId, t.barcode).where(sql`${t.barcode} is not null`),
    foreignKey({ name: 'inventory_items_vendor_fk', columns: [t.subscriberId, t.preferredVendorId], foreignColumns: [vendors.subscriberId, vendors.id] }),
    check('inventory_items_text', sql`btrim(${t.partNumber}) <> '' and btrim(${t.description}) <> '' and btrim(${t.unit}) <> ''`),
    check('inventory_items_money', sql`${t.unitCost} >= 0 and (${t.unitPrice} is null or ${t.unitPrice} >= 0)`),
  ],
);

/** An item at a location: the ledger's sums (kept by the database) and the minimum and maximum that drive reorders. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    itemId: integer('item_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    onHand: numeric('on_hand', { precision: 12, scale: 3 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 12, scale: 3 }).notNull().default('0'),
    minQuantity: numeric('min_quantity', { precision: 12, scale: 3 }),
    maxQuantity: numeric('max_quantity', { precision: 12, scale: 3 }),
    binLocation: text('bin_location'),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.itemId, t.warehouseId] }),
    foreignKey({ name: 'stock_levels_item_fk', columns: [t.subscriberId, t.itemId], foreignColumns: [inventoryItems.subscriberId, inventoryItems.id] }),
    foreignKey({ name: 'stock_levels_warehouse_fk', columns: [t.subscriberId, t.warehouseId], foreignColumns: [warehouses.subscriberId, warehouses.id] }),
    index('stock_levels_warehouse_idx').on(t.subscriberId, t.warehouseId),
    check('stock_levels_min_max', sql`(${t.minQuantity} is null or ${t.minQuantity} >= 0) and (${t.maxQuantity} is null or ${t.maxQuantity} >= 0) and (${t.minQuantity} is null or ${t.maxQuantity} is null or ${t.minQuantity} <= ${t.maxQuantity})`),
    check('stock_levels_reserved', sql`${t.reserved} >= 0`),
  ],
);

/**
 * What a movement is. Received from a vendor, used on a work order, put back in inventory from one, transferred in
 * or out, counted (the difference a count found), adjusted with a reason, written off (stolen, damaged), returned to
 * the vendor for credit; reserved and released change what is set aside, not what is on hand.
 */
export const STOCK_MOVEMENT_KINDS = ['received', 'used', 'putAway', 'transferIn', 'transferOut', 'counted', 'adjusted', 'writtenOff', 'returned', 'reserved', 'released'] as const;

/** The stock ledger: append-only (the database refuses updates and deletes). Quantity is signed: in is positive. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    itemId: integer('item_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }),
    reason: text('reason'),
    workOrderId: integer('work_order_id'),
    materialId: integer('material_id'),
    purchaseOrderId: integer('purchase_order_id'),
    purchaseOrderLineId: integer('purchase_order_line_id'),
    transferId: integer('transfer_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'stock_movements_item_fk', columns: [t.subscriberId, t.itemId], foreignColumns: [inventoryItems.subscriberId, inventoryItems.id] }),
    foreignKey({ name: 'stock_movements_warehouse_fk', columns: [t.subscriberId, t.warehouseId], foreignColumns: [warehouses.subscriberId, warehouses.id] }),
    foreignKey({ name: 'stock_movements_work_order_fk', columns: [t.subscriberId, t.workOrderId], foreignColumns: [workOrders.subscriberId, workOrders.id] }),
    index('stock_movements_item_idx').on(t.subscriberId, t.itemId, t.warehouseId),
    index('stock_movements_material_idx').on(t.materialId).where(sql`${t.materialId} is not null`),
    index('stock_movements_purchase_order_idx').on(t.purchaseOrderId).where(sql`${t.purchaseOrderId} is not null`),
    check('stock_movements_quantity', sql`${t.quantity} <> 0`),
    check('stock_movements_reason', sql`${t.kind} not in ('adjusted', 'writtenOff') or btrim(coalesce(${t.reason}, '')) <> ''`),
  ],
);

/** A technician's (or the office's) request to move stock from one location to another, decided by the office. */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    itemId: integer('item_id').notNull(),
    fromWarehouseId: integer('from_warehouse_id').notNull(),
    toWarehouseId: integer('to_warehouse_id').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    status: text('status', { enum: ['requested', 'completed', 'declined'] }).notNull().default('requested'),
    note: text('note'),
    requestedBy: integer('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    unique('stock_transfers_subscriber_id_unique').on(t.subscriberId, t.id),
    foreignKey({ name: 'stock_transfers_item_fk', columns: [t.subscriberId, t.itemId], foreignColumns: [inventoryItems.subscriberId, inventoryItems.id] }),
    foreignKey({ name: 'stock_transfers_from_fk', columns: [t.subscriberId, t.fromWarehouseId], foreignColumns: [warehouses.subscriberId, warehouses.id] }),
    foreignKey({ name: 'stock_transfers_to_fk', columns: [t.subscriberId, t.toWarehouseId], foreignColumns: [warehouses.subscriberId, warehouses.id] }),
    index('stock_transfers_status_idx').on(t.subscriberId, t.status),
    check('stock_transfers_quantity', sql`${t.quantity} > 0`),
    check('stock_transfers_places', sql`${t.fromWarehouseId} <> ${t.toWarehouseId}`),
  ],
);

/** Where a work order's material comes from or goes to, when it is a stocked part (its stock effect follows its status). */
export const materialStock = pgTable(
  'material_stock',
  {
    materialId: integer('material_id').primaryKey().references(() => workOrderMaterials.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    itemId: integer('item_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    transferToWarehouseId: integer('transfer_to_warehouse_id'),
    vendorId: integer('vendor_id'),
    writeOffReason: text('write_off_reason'),
  },
  (t) => [
    foreignKey({ name: 'material_stock_item_fk', columns: [t.subscriberId, t.itemId], foreignColumns: [inventoryItems.subscriberId, inventoryItems.id] }),
    foreignKey({ name: 'material_stock_warehouse_fk', columns: [t.subscriberId, t.warehouseId], foreignColumns: [warehouses.subscriberId, warehouses.id] }),
    foreignKey({ name: 'material_stock_transfer_fk', columns: [t.subscriberId, t.transferToWarehouseId], foreignColumns: [warehouses.subscriberId, warehouses.id] }),
    foreignKey({ name: 'material_stock_vendor_fk', columns: [t.subscriberId, t.vendorId], foreignColumns: [vendors.subscriberId, vendors.id] }),
  ],
);
