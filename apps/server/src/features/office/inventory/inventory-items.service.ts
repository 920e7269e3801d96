import Decimal from 'decimal.js';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  csvNumber,
  hasFunctionality,
  toCsv,
  type Access,
  type AddInventoryItemBody,
  type InventoryItem,
  type InventoryItemRow,
  type InventoryItemsAnswer,
  type InventoryItemsQuery,
  type UpdateInventoryItemBody,
} from '@sm/shared';
import { inventoryItems, markupGroups, stockLevels, vendors } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { ensureMayAddItems, ensureMayReadInventory, escapeLike, itemOf, levelsOf, locationOf, maySeeTotalCost, num, numOrNull } from './inventory-access';
import { postMovements } from './stock-ledger.service';

const EXPORT_LIMIT = 50_000;

/** The items a query names: search (part number, description, barcode), active or not, stocked at a location. */
function itemsWhere(ctx: Ctx, q: Pick<InventoryItemsQuery, 'search' | 'isActive' | 'warehouseId'>): SQL {
  const search = q.search?.trim();
  const like = search ? `%${escapeLike(search)}%` : undefined;
  return ofTenant(
    inventoryItems,
    ctx,
    like ? or(ilike(inventoryItems.partNumber, like), ilike(inventoryItems.description, like), ilike(inventoryItems.barcode, like)) : undefined,
    q.isActive === undefined ? undefined : eq(inventoryItems.isActive, q.isActive),
    q.warehouseId === undefined
      ? undefined
      : sql`exists (select 1 from ${stockLevels} where ${stockLevels.subscriberId} = ${inventoryItems.subscriberId} and ${stockLevels.itemId} = ${inventoryItems.id} and ${stockLevels.warehouseId} = ${q.warehouseId})`,
  );
}

/** On hand summed over every location, or over the one location the query names. */
const onHandSum = (warehouseId: number | undefined) =>
  sql<string>`coalesce((select sum(${stockLevels.onHand}) from ${stockLevels} where ${stockLevels.subscriberId} = ${inventoryItems.subscriberId} and ${stockLevels.itemId} = ${inventoryItems.id}${
    warehouseId === undefined ? sql`` : sql` and ${stockLevels.warehouseId} = ${warehouseId}`
  }), 0)`;

async function itemRows(ctx: Ctx, q: Pick<InventoryItemsQuery, 'search' | 'isActive' | 'warehouseId'>, page: { take: number; skip: number }) {
  return ctx.db
    .select({ item: inventoryItems, vendorName: vendors.name, onHand: onHandSum(q.warehouseId) })
    .from(inventoryItems)
    .leftJoin(vendors, and(eq(vendors.subscriberId, inventoryItems.subscriberId), eq(vendors.id, inventoryItems.preferredVendorId)))
    .where(itemsWhere(ctx, q))
    .orderBy(asc(inventoryItems.partNumber), asc(inventoryItems.id))
    .limit(page.take)
    .offset(page.skip);
}

type ItemRecord = typeof inventoryItems.$inferSelect;

function rowOf(item: ItemRecord, vendorName: string | null, onHand: string, withCost: boolean): InventoryItemRow {
  return {
    itemId: item.id,
    partNumber: item.partNumber,
    description: item.description,
    unit: item.unit,
    unitCost: num(item.unitCost),
    unitPrice: numOrNull(item.unitPrice),
    barcode: item.barcode,
    partClass: item.partClass,
    preferredVendorId: item.preferredVendorId,
    preferredVendorName: vendorName,
    isActive: item.isActive,
    totalOnHand: num(onHand),
    totalValue: withCost ? num(new Decimal(onHand).times(item.unitCost).toDecimalPlaces(2)) : null,
  };
}

/**
 * `GET Inventory/items`: a page of the company's items by part number, with on hand (at the location asked, or in
 * all), and their value at cost only for users who may see total part cost.
 */
export async function listInventoryItems(ctx: Ctx, access: Access, q: InventoryItemsQuery): Promise<InventoryItemsAnswer> {
  ensureMayReadInventory(access);
  const withCost = maySeeTotalCost(access);
  const [rows, [{ total }]] = await Promise.all([
    itemRows(ctx, q, q),
    ctx.db.select({ total: count() }).from(inventoryItems).where(itemsWhere(ctx, q)),
  ]);
  return { data: rows.map((r) => rowOf(r.item, r.vendorName, r.onHand, withCost)), total, canSeeTotalCost: withCost };
}

/** `GET Inventory/items/export`: the items as CSV through the product's one CSV writer; cost totals only for those who may see them. */
export async function exportInventoryItems(ctx: Ctx, access: Access, q: Pick<InventoryItemsQuery, 'search' | 'isActive' | 'warehouseId'>): Promise<string> {
  const withCost = maySeeTotalCost(access);
  const rows = await itemRows(ctx, q, { take: EXPORT_LIMIT, skip: 0 });
  const header = ['Part Number', 'Description', 'Unit', 'Unit Cost', 'Unit Price', 'Barcode', 'Part Class', 'Preferred Vendor', 'Active', 'On Hand', ...(withCost ? ['Total Value'] : [])];
  return toCsv([
    header,
    ...rows.map(({ item, vendorName, onHand }) => [
      item.partNumber,
      item.description,
      item.unit,
      csvNumber(item.unitCost),
      csvNumber(item.unitPrice),
      item.barcode,
      item.partClass,
      vendorName,
      item.isActive ? 'Yes' : 'No',
      csvNumber(new Decimal(onHand).toString()),
      ...(withCost ? [csvNumber(new Decimal(onHand).times(item.unitCost).toFixed(2))] : []),
    ]),
  ]);
}

/** `GET Inventory/items/{itemId}`: the item with its stock at each location. */
export async function getInventoryItem(ctx: Ctx, access: Access, itemId: number): Promise<InventoryItem> {
  ensureMayReadInventory(access);
  const item = await itemOf(ctx.db, ctx, itemId);
  const [vendor] = item.preferredVendorId ? await ctx.db.select({ name: vendors.name }).from(vendors).where(ofTenant(vendors, ctx, eq(vendors.id, item.preferredVendorId))) : [];
  const levels = await levelsOf(ctx.db, ctx, itemId);
  const onHand = levels.reduce((s, l) => s.plus(l.onHand), new Decimal(0)).toString();
  return { ...rowOf(item, vendor?.name ?? null, onHand, maySeeTotalCost(access)), markupGroupId: item.markupGroupId, levels };
}

/** Part number and barcode are unique in the company: a sentence naming the one taken, before the database's 409. */
async function ensureUnique(tx: Tx, ctx: Ctx, body: UpdateInventoryItemBody, exceptId?: number) {
  const others = (c: SQL) => ofTenant(inventoryItems, ctx, c, exceptId ? sql`${inventoryItems.id} <> ${exceptId}` : undefined);
  const [byNumber] = await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(others(sql`lower(${inventoryItems.partNumber}) = lower(${body.partNumber})`));
  if (byNumber) throw new AppError(409, `Another item already has the part number ${body.partNumber}.`);
  const barcode = body.barcode?.trim();
  if (barcode) {
    const [byBarcode] = await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(others(eq(inventoryItems.barcode, barcode)));
    if (byBarcode) throw new AppError(409, `Another item already has the barcode ${barcode}.`);
  }
}

/** The vendor and markup group an item names must be the company's. */
async function ensureReferences(tx: Tx, ctx: Ctx, body: UpdateInventoryItemBody) {
  if (body.preferredVendorId != null) {
    const [v] = await tx.select({ id: vendors.id }).from(vendors).where(ofTenant(vendors, ctx, eq(vendors.id, body.preferredVendorId)));
    if (!v) throw notFound('Preferred Vendor');
  }
  if (body.markupGroupId != null) {
    const [g] = await tx.select({ id: markupGroups.id }).from(markupGroups).where(ofTenant(markupGroups, ctx, eq(markupGroups.id, body.markupGroupId)));
    if (!g) throw notFound('Markup Group');
  }
}

const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

function columnsOf(body: UpdateInventoryItemBody) {
  return {
    partNumber: body.partNumber,
    description: body.description,
    unit: body.unit,
    unitCost: new Decimal(body.unitCost).toFixed(2),
    unitPrice: body.unitPrice == null ? null : new Decimal(body.unitPrice).toFixed(2),
    markupGroupId: body.markupGroupId ?? null,
    preferredVendorId: body.preferredVendorId ?? null,
    barcode: blankToNull(body.barcode),
    partClass: blankToNull(body.partClass),
  };
}

/**
 * `POST Inventory/items`: adds an item and what is on hand at each location, each a 'counted' row of the ledger. An
 * item kept nowhere yet needs 'Add Inventory Without Location'.
 */
export async function addInventoryItem(ctx: Ctx, access: Access, body: AddInventoryItemBody): Promise<{ itemId: number }> {
  ensureMayAddItems(access);
  if (body.openingStock.length === 0 && !hasFunctionality(access, 'Inventory', 'Add Inventory Without Location')) {
    throw new AppError(403, 'Give the item a location: adding an item without one needs the Add Inventory Without Location permission.');
  }
  return ctx.db.transaction(async (tx) => {
    await ensureReferences(tx, ctx, body);
    await ensureUnique(tx, ctx, body);
    for (const s of body.openingStock) await locationOf(tx, ctx, s.warehouseId);
    const [item] = await tx.insert(inventoryItems).values({ subscriberId: ctx.actor.subscriberId, ...columnsOf(body), createdAt: ctx.now }).returning();
    await postMovements(
      tx,
      ctx,
      body.openingStock.map((s) => ({ itemId: item.id, warehouseId: s.warehouseId, kind: 'counted' as const, quantity: s.quantity, unitCost: body.unitCost, reason: 'Opening count' })),
    );
    // A location given with nothing on hand still gets its level, so it shows in the item's stock.
    for (const s of body.openingStock) await tx.insert(stockLevels).values({ subscriberId: ctx.actor.subscriberId, itemId: item.id, warehouseId: s.warehouseId }).onConflictDoNothing();
    await recordAudit(tx, ctx, { entity: 'inventoryItem', entityId: item.id, action: 'created', after: { ...columnsOf(body), openingStock: body.openingStock } });
    return { itemId: item.id };
  });
}

/** `PUT Inventory/items/{itemId}`: changes an item; a different part class needs 'Change Part Class'. */
export async function updateInventoryItem(ctx: Ctx, access: Access, itemId: number, body: UpdateInventoryItemBody): Promise<{ itemId: number }> {
  return ctx.db.transaction(async (tx) => {
    const before = await itemOf(tx, ctx, itemId);
    const after = columnsOf(body);
    if ((before.partClass ?? null) !== after.partClass && !hasFunctionality(access, 'Inventory', 'Change Part Class')) {
      throw new AppError(403, 'Changing the part class needs the Change Part Class permission.');
    }
    await ensureReferences(tx, ctx, body);
    await ensureUnique(tx, ctx, body, itemId);
    await tx.update(inventoryItems).set(after).where(ofTenant(inventoryItems, ctx, eq(inventoryItems.id, itemId)));
    await recordAudit(tx, ctx, { entity: 'inventoryItem', entityId: itemId, action: 'updated', before, after });
    return { itemId };
  });
}

/** `PUT Inventory/items/{itemId}/active`: retires an item (no longer offered to pick) or brings it back; its stock stays. */
export async function setInventoryItemActive(ctx: Ctx, itemId: number, isActive: boolean): Promise<{ itemId: number }> {
  return ctx.db.transaction(async (tx) => {
    const before = await itemOf(tx, ctx, itemId);
    if (before.isActive === isActive) return { itemId };
    await tx.update(inventoryItems).set({ isActive }).where(ofTenant(inventoryItems, ctx, eq(inventoryItems.id, itemId)));
    await recordAudit(tx, ctx, { entity: 'inventoryItem', entityId: itemId, action: isActive ? 'reactivated' : 'retired' });
    return { itemId };
  });
}
