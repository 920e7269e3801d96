import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import { canRead, canWrite, hasFunctionality, jsonNumberOf, type Access, type StockLevel } from '@sm/shared';
import { inventoryItems, stockLevels, warehouses } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/**
 * Who may do what on the inventory page (spec platform 6, area Inventory): reading needs Inventory read; moving stock
 * by hand needs Inventory write and 'Inventory Management'; adding an item 'Inventory Add' or Inventory write.
 */
export const mayManageStock = (access: Access) => canWrite(access, 'Inventory') && hasFunctionality(access, 'Inventory', 'Inventory Management');
export const maySeeTotalCost = (access: Access) => hasFunctionality(access, 'Inventory', 'Can See Total Part Cost');

export function ensureMayManageStock(access: Access) {
  if (!mayManageStock(access)) throw new AppError(403, 'Moving stock by hand needs the Inventory Management permission.');
}

export function ensureMayAddItems(access: Access) {
  if (!canWrite(access, 'Inventory') && !hasFunctionality(access, 'Inventory', 'Inventory Add')) throw forbidden();
}

export function ensureMayReadInventory(access: Access) {
  if (!canRead(access, 'Inventory')) throw forbidden();
}

/** Text a person searches for, as a LIKE pattern's literal part. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A stored quantity or amount as the JSON number of an answer. */
export const num = (v: Decimal.Value) => jsonNumberOf(new Decimal(v));
export const numOrNull = (v: Decimal.Value | null) => (v == null ? null : num(v));

/** The caller's company's item, or 404 (another company's item reads as a missing one). */
export async function itemOf(db: DbOrTx, ctx: Ctx, itemId: number) {
  const [item] = await db.select().from(inventoryItems).where(ofTenant(inventoryItems, ctx, eq(inventoryItems.id, itemId)));
  if (!item) throw notFound('Item');
  return item;
}

/** The caller's company's location (warehouse or truck), or 404 naming the field. */
export async function locationOf(db: DbOrTx, ctx: Ctx, warehouseId: number, label = 'Location') {
  const [place] = await db.select().from(warehouses).where(ofTenant(warehouses, ctx, eq(warehouses.id, warehouseId)));
  if (!place) throw notFound(label);
  return place;
}

/** An item's stock at every location that has a level, warehouses first then trucks, by name. */
export async function levelsOf(db: DbOrTx, ctx: Ctx, itemId: number, warehouseIds?: number[]): Promise<StockLevel[]> {
  const rows = await db
    .select({ level: stockLevels, warehouseName: warehouses.name, isTruck: warehouses.isTruck })
    .from(stockLevels)
    .innerJoin(warehouses, and(eq(warehouses.subscriberId, stockLevels.subscriberId), eq(warehouses.id, stockLevels.warehouseId)))
    .where(ofTenant(stockLevels, ctx, eq(stockLevels.itemId, itemId)))
    .orderBy(asc(warehouses.isTruck), asc(warehouses.name));
  return rows
    .filter((r) => !warehouseIds || warehouseIds.includes(r.level.warehouseId))
    .map(({ level, warehouseName, isTruck }) => ({
      warehouseId: level.warehouseId,
      warehouseName,
      isTruck,
      onHand: num(level.onHand),
      reserved: num(level.reserved),
      available: num(new Decimal(level.onHand).minus(level.reserved)),
      minQuantity: numOrNull(level.minQuantity),
      maxQuantity: numOrNull(level.maxQuantity),
      binLocation: level.binLocation,
    }));
}
