import Decimal from 'decimal.js';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { canRead, type Access, type InventoryItemOption } from '@sm/shared';
import { inventoryItems, stockLevels } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { forbidden } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { amount } from '../work-order-items/work-order-item-access';
import { escapeLike } from './inventory-access';

const OPTIONS_LIMIT = 25;

/** Who picks items: readers of inventory, of materials (technicians, dispatchers) or of purchase orders. */
export function ensureMayPickItems(access: Access) {
  if (!canRead(access, 'Inventory') && !canRead(access, 'Materials') && !canRead(access, 'Purchase Orders')) throw forbidden();
}


/**
 * `GET Inventory/items/options`: up to 25 active items, part number first; with `barcode` the one item of that barcode
 * (or its part number), with `warehouseId` what is on hand and available (on hand less reserved) there.
 */
export async function listItemOptions(ctx: Ctx, access: Access, q: { search?: string; barcode?: string; warehouseId?: number }): Promise<InventoryItemOption[]> {
  ensureMayPickItems(access);
  const search = q.search?.trim();
  const barcode = q.barcode?.trim();
  const match = barcode
    ? or(eq(inventoryItems.barcode, barcode), sql`lower(${inventoryItems.partNumber}) = lower(${barcode})`)
    : search
      ? or(ilike(inventoryItems.partNumber, `%${escapeLike(search)}%`), ilike(inventoryItems.description, `%${escapeLike(search)}%`), eq(inventoryItems.barcode, search))
      : undefined;
  const rows = await ctx.db
    .select({ item: inventoryItems, onHand: stockLevels.onHand, reserved: stockLevels.reserved })
    .from(inventoryItems)
    .leftJoin(
      stockLevels,
      and(eq(stockLevels.subscriberId, inventoryItems.subscriberId), eq(stockLevels.itemId, inventoryItems.id), eq(stockLevels.warehouseId, q.warehouseId ?? 0)),
    )
    .where(ofTenant(inventoryItems, ctx, eq(inventoryItems.isActive, true), match))
    .orderBy(asc(inventoryItems.partNumber), asc(inventoryItems.id))
    .limit(OPTIONS_LIMIT);
  return rows.map(({ item, onHand, reserved }) => ({
    itemId: item.id,
    partNumber: item.partNumber,
    description: item.description,
    unit: item.unit,
    unitCost: amount(item.unitCost),
    unitPrice: item.unitPrice == null ? null : amount(item.unitPrice),
    barcode: item.barcode,
    preferredVendorId: item.preferredVendorId,
    onHand: q.warehouseId == null ? null : amount(onHand ?? '0'),
    available: q.warehouseId == null ? null : new Decimal(onHand ?? 0).minus(reserved ?? 0).toNumber(),
  }));
}
