import { asc, eq } from 'drizzle-orm';
import { canWrite, hasFunctionality, type Access, type MaterialLocation } from '@sm/shared';
import { inventoryItems, materialStock, warehouses } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { reconcileMaterialStock } from '../inventory/stock-ledger.service';
import type { MaterialFacts } from './material-facts';

/**
 * Where a work order's material takes its part from or puts it: the stocked item, the location (a technician's own
 * truck unless he may use any location), where a transferred part goes, why a part was written off, and the vendor a
 * part returned for credit goes back to. The ledger follows through `reconcileMaterialStock`.
 */

type StoredPlace = typeof materialStock.$inferSelect;
type Item = typeof inventoryItems.$inferSelect;

/** What a material's body says of its stock. */
export interface StockInput {
  itemId?: number | null;
  warehouseId?: number | null;
  transferToWarehouseId?: number | null;
  writeOffReason?: string | null;
  vendorId?: number | null;
}

/** A resolved place: the stored row's values, the item (for defaults and the vendor credit) and the locations' names. */
export interface ResolvedPlace {
  itemId: number;
  warehouseId: number;
  transferToWarehouseId: number | null;
  writeOffReason: string | null;
  vendorId: number | null;
  item: Item;
  warehouseName: string;
  transferToName: string | null;
}

/** A stored place with the names of its locations, as a material's answer shows them. */
export type NamedPlace = StoredPlace & { warehouseName: string | null; transferToName: string | null };

/** Whether the caller may take parts from (or put them in) any location, not only his own truck. */
export const mayUseAnyLocation = (access: Access) => canWrite(access, 'Inventory') || hasFunctionality(access, 'Inventory', 'Can Add All Inventory');

const activeLocations = (db: DbOrTx, ctx: Ctx) =>
  db.select().from(warehouses).where(ofTenant(warehouses, ctx, eq(warehouses.isActive, true))).orderBy(asc(warehouses.isTruck), asc(warehouses.name));

/** `GET WorkOrder/material/locations`: the warehouses and trucks a material may name, the caller's truck marked. */
export async function listMaterialLocations(ctx: Ctx, access: Access): Promise<MaterialLocation[]> {
  const anywhere = mayUseAnyLocation(access);
  return (await activeLocations(ctx.db, ctx)).map((w) => {
    const isMine = w.isTruck && w.technicianId === ctx.actor.userId;
    return { warehouseId: w.id, name: w.name, isTruck: w.isTruck, isMine, isAllowed: isMine || anywhere };
  });
}

/**
 * The place a material's body asks for, checked against what was looked up (`materialFacts`): a company's item (active
 * when newly chosen), a location of the company (the one stored, else the caller's truck when left out), one the
 * caller may use when it changes, a vendor of the company. Null for a free-text material.
 */
export function resolvePlace(facts: MaterialFacts, ctx: Ctx, access: Access, input: StockInput, stored: NamedPlace | null): ResolvedPlace | null {
  if (input.itemId == null) return null;
  const { item } = facts;
  if (!item || (!item.isActive && item.id !== stored?.itemId)) throw new AppError(400, 'Item is not valid.');
  // The caller's truck while it is in use, where his parts come from unless he names another location.
  const truck = input.warehouseId == null && stored == null && facts.truck?.isActive ? facts.truck : null;
  const warehouseId = input.warehouseId ?? stored?.warehouseId ?? truck?.id ?? null;
  if (warehouseId == null) throw new AppError(400, 'Location field is required!');
  let warehouseName = stored?.warehouseName ?? '';
  if (warehouseId !== stored?.warehouseId) {
    const location = truck ?? facts.place;
    if (!location) throw new AppError(400, 'Location is not valid.');
    const isMine = location.isTruck && location.technicianId === ctx.actor.userId;
    if (!isMine && !mayUseAnyLocation(access)) throw new AppError(403, 'You may take parts only from your own truck.');
    warehouseName = location.name;
  }
  const transferTo = input.transferToWarehouseId ?? null;
  let transferToName = transferTo === stored?.transferToWarehouseId ? (stored?.transferToName ?? null) : null;
  if (transferTo != null) {
    if (transferTo === warehouseId) throw new AppError(400, 'Transfer To must be another location.');
    if (transferTo !== stored?.transferToWarehouseId) {
      if (!facts.transferTo) throw new AppError(400, 'Transfer To is not valid.');
      transferToName = facts.transferTo.name;
    }
  }
  const vendorId = input.vendorId ?? null;
  if (vendorId != null && vendorId !== stored?.vendorId && facts.vendorId == null) throw new AppError(400, 'Vendor is not valid.');
  return { itemId: item.id, warehouseId, transferToWarehouseId: transferTo, writeOffReason: input.writeOffReason ?? null, vendorId, item, warehouseName, transferToName };
}

const PLACE_FIELDS = ['itemId', 'warehouseId', 'transferToWarehouseId', 'writeOffReason', 'vendorId'] as const;

/**
 * Stores a material's place (or removes it) when it changed from `stored`, and brings the ledger to what its status
 * asks, in the caller's transaction: the database refuses stock below zero with a 409. A new material has nothing
 * stored and no ledger rows yet (`isNew`).
 */
export async function storeMaterialStock(
  tx: Tx,
  ctx: Ctx,
  material: { id: number; workOrderId: number; materialStatusId: number; quantity: string; unitCost: string; isNew: boolean },
  place: ResolvedPlace | null,
  stored: Pick<StoredPlace, (typeof PLACE_FIELDS)[number]> | null,
) {
  if (place && !(stored && PLACE_FIELDS.every((k) => stored[k] === place[k]))) {
    const values = Object.fromEntries(PLACE_FIELDS.map((k) => [k, place[k]])) as Pick<ResolvedPlace, (typeof PLACE_FIELDS)[number]>;
    await tx.insert(materialStock).values({ materialId: material.id, subscriberId: ctx.actor.subscriberId, ...values }).onConflictDoUpdate({ target: materialStock.materialId, set: values });
  } else if (!place && stored) {
    await tx.delete(materialStock).where(ofTenant(materialStock, ctx, eq(materialStock.materialId, material.id)));
  }
  await reconcileMaterialStock(
    tx,
    ctx,
    { materialId: material.id, workOrderId: material.workOrderId, statusId: material.materialStatusId, quantity: material.quantity, isNew: material.isNew },
    place && { ...place, unitCost: material.unitCost },
  );
}
