import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  STOCK_MOVEMENT_KIND_LABELS,
  type Access,
  type AdjustStockBody,
  type CountStockBody,
  type InventoryLedgerAnswer,
  type InventoryLocation,
  type ReorderGroup,
  type StockLevelSettingsBody,
  type StockMovementAnswer,
  type TransferStockBody,
} from '@sm/shared';
import { inventoryItems, stockLevels, stockMovements, users, vendors, warehouses, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { ensureMayManageStock, ensureMayReadInventory, itemOf, levelsOf, locationOf, num, numOrNull } from './inventory-access';
import { postMovements } from './stock-ledger.service';

/** `GET Inventory/items/{itemId}/ledger`: the item's movements, newest first, with who, where and the work order. */
export async function itemLedger(ctx: Ctx, access: Access, itemId: number, page: { take: number; skip: number }): Promise<InventoryLedgerAnswer> {
  ensureMayReadInventory(access);
  await itemOf(ctx.db, ctx, itemId);
  const where = ofTenant(stockMovements, ctx, eq(stockMovements.itemId, itemId));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ m: stockMovements, warehouseName: warehouses.name, userName: users.name, workOrderNumber: workOrders.workOrderNumber })
      .from(stockMovements)
      .innerJoin(warehouses, and(eq(warehouses.subscriberId, stockMovements.subscriberId), eq(warehouses.id, stockMovements.warehouseId)))
      .leftJoin(users, eq(users.id, stockMovements.createdBy))
      .leftJoin(workOrders, and(eq(workOrders.subscriberId, stockMovements.subscriberId), eq(workOrders.id, stockMovements.workOrderId)))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(page.take)
      .offset(page.skip),
    ctx.db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return {
    data: rows.map(({ m, warehouseName, userName, workOrderNumber }) => ({
      movementId: m.id,
      kind: m.kind,
      kindLabel: STOCK_MOVEMENT_KIND_LABELS[m.kind],
      quantity: num(m.quantity),
      warehouseId: m.warehouseId,
      warehouseName,
      createdByName: userName,
      createdAt: m.createdAt.toISOString(),
      reason: m.reason,
      workOrderId: m.workOrderId,
      workOrderNumber,
      transferId: m.transferId,
    })),
    total,
  };
}

/** `POST Inventory/adjust`: adds or takes stock at a location with the reason, an 'adjusted' row. */
export async function adjustStock(ctx: Ctx, access: Access, body: AdjustStockBody): Promise<StockMovementAnswer> {
  ensureMayManageStock(access);
  return ctx.db.transaction(async (tx) => {
    const item = await itemOf(tx, ctx, body.itemId);
    await locationOf(tx, ctx, body.warehouseId);
    await postMovements(tx, ctx, [{ itemId: item.id, warehouseId: body.warehouseId, kind: 'adjusted', quantity: body.quantity, unitCost: item.unitCost, reason: body.reason }]);
    return { itemId: item.id, levels: await levelsOf(tx, ctx, item.id, [body.warehouseId]) };
  });
}

/** `POST Inventory/count`: what a count found; the difference from on hand is a 'counted' row, none when they agree. */
export async function countStock(ctx: Ctx, access: Access, body: CountStockBody): Promise<StockMovementAnswer> {
  ensureMayManageStock(access);
  return ctx.db.transaction(async (tx) => {
    const item = await itemOf(tx, ctx, body.itemId);
    await locationOf(tx, ctx, body.warehouseId);
    // Lock the level so that a movement landing during the count is not lost in the difference.
    await tx.insert(stockLevels).values({ subscriberId: ctx.actor.subscriberId, itemId: item.id, warehouseId: body.warehouseId }).onConflictDoNothing();
    const [level] = await tx
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(ofTenant(stockLevels, ctx, eq(stockLevels.itemId, item.id), eq(stockLevels.warehouseId, body.warehouseId)))
      .for('update');
    const difference = new Decimal(body.countedQuantity).minus(level?.onHand ?? 0);
    await postMovements(tx, ctx, [{ itemId: item.id, warehouseId: body.warehouseId, kind: 'counted', quantity: difference, unitCost: item.unitCost, reason: body.reason?.trim() || 'Count' }]);
    return { itemId: item.id, levels: await levelsOf(tx, ctx, item.id, [body.warehouseId]) };
  });
}

/** `POST Inventory/transfer`: moves stock from one location to another in one transaction (out, then in). */
export async function transferStock(ctx: Ctx, access: Access, body: TransferStockBody): Promise<StockMovementAnswer> {
  ensureMayManageStock(access);
  return ctx.db.transaction(async (tx) => {
    const item = await itemOf(tx, ctx, body.itemId);
    await locationOf(tx, ctx, body.fromWarehouseId, 'From Location');
    await locationOf(tx, ctx, body.toWarehouseId, 'To Location');
    const reason = body.reason?.trim() || null;
    await postMovements(tx, ctx, [
      { itemId: item.id, warehouseId: body.fromWarehouseId, kind: 'transferOut', quantity: new Decimal(body.quantity).negated(), unitCost: item.unitCost, reason },
      { itemId: item.id, warehouseId: body.toWarehouseId, kind: 'transferIn', quantity: body.quantity, unitCost: item.unitCost, reason },
    ]);
    return { itemId: item.id, levels: await levelsOf(tx, ctx, item.id, [body.fromWarehouseId, body.toWarehouseId]) };
  });
}

/** `PUT Inventory/levels`: an item's minimum, maximum and bin at a location; on hand is the ledger's and never set here. */
export async function setStockLevelSettings(ctx: Ctx, body: StockLevelSettingsBody): Promise<StockMovementAnswer> {
  return ctx.db.transaction(async (tx) => {
    const item = await itemOf(tx, ctx, body.itemId);
    await locationOf(tx, ctx, body.warehouseId);
    await tx.insert(stockLevels).values({ subscriberId: ctx.actor.subscriberId, itemId: item.id, warehouseId: body.warehouseId }).onConflictDoNothing();
    await tx
      .update(stockLevels)
      .set({
        minQuantity: body.minQuantity == null ? null : new Decimal(body.minQuantity).toFixed(3),
        maxQuantity: body.maxQuantity == null ? null : new Decimal(body.maxQuantity).toFixed(3),
        binLocation: body.binLocation?.trim() || null,
      })
      .where(ofTenant(stockLevels, ctx, eq(stockLevels.itemId, item.id), eq(stockLevels.warehouseId, body.warehouseId)));
    return { itemId: item.id, levels: await levelsOf(tx, ctx, item.id, [body.warehouseId]) };
  });
}

/**
 * `GET Inventory/reorder`: every level of an active item with a minimum where what is available is below it, with
 * the quantity to order (up to the maximum, or to the minimum when there is none), grouped by preferred vendor.
 */
export async function reorderSuggestions(ctx: Ctx, access: Access): Promise<ReorderGroup[]> {
  ensureMayReadInventory(access);
  const rows = await ctx.db
    .select({ level: stockLevels, item: inventoryItems, warehouseName: warehouses.name, vendorName: vendors.name })
    .from(stockLevels)
    .innerJoin(inventoryItems, and(eq(inventoryItems.subscriberId, stockLevels.subscriberId), eq(inventoryItems.id, stockLevels.itemId)))
    .innerJoin(warehouses, and(eq(warehouses.subscriberId, stockLevels.subscriberId), eq(warehouses.id, stockLevels.warehouseId)))
    .leftJoin(vendors, and(eq(vendors.subscriberId, inventoryItems.subscriberId), eq(vendors.id, inventoryItems.preferredVendorId)))
    .where(ofTenant(stockLevels, ctx, isNotNull(stockLevels.minQuantity), eq(inventoryItems.isActive, true), sql`${stockLevels.onHand} - ${stockLevels.reserved} < ${stockLevels.minQuantity}`))
    .orderBy(asc(vendors.name), asc(inventoryItems.partNumber), asc(warehouses.name));
  const groups = new Map<number | null, ReorderGroup>();
  for (const { level, item, warehouseName, vendorName } of rows) {
    const target = new Decimal(level.maxQuantity ?? level.minQuantity!);
    const suggested = Decimal.max(target.minus(level.onHand), 0);
    if (suggested.isZero()) continue;
    const key = item.preferredVendorId;
    const group = groups.get(key) ?? { vendorId: key, vendorName: vendorName ?? 'No preferred vendor', lines: [] };
    groups.set(key, group);
    group.lines.push({
      itemId: item.id,
      partNumber: item.partNumber,
      description: item.description,
      warehouseId: level.warehouseId,
      warehouseName,
      onHand: num(level.onHand),
      available: num(new Decimal(level.onHand).minus(level.reserved)),
      minQuantity: num(level.minQuantity!),
      maxQuantity: numOrNull(level.maxQuantity),
      suggestedQuantity: num(suggested),
    });
  }
  return [...groups.values()];
}

/** `GET Inventory/locations`: the company's active warehouses and trucks, warehouses first. */
export async function inventoryLocations(ctx: Ctx, access: Access): Promise<InventoryLocation[]> {
  ensureMayReadInventory(access);
  const rows = await ctx.db
    .select({ warehouseId: warehouses.id, name: warehouses.name, isTruck: warehouses.isTruck, technicianId: warehouses.technicianId })
    .from(warehouses)
    .where(ofTenant(warehouses, ctx, eq(warehouses.isActive, true)))
    .orderBy(asc(warehouses.isTruck), asc(warehouses.name));
  return rows;
}
