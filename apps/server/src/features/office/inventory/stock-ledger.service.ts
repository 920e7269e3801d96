import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { MATERIAL_STOCK_EFFECTS, type StockMovementKind } from '@sm/shared';
import { stockMovements } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/**
 * The one way stock changes: a row of the append-only ledger. The database adds it to the item's level at the
 * location and refuses stock below zero (unless the company allows it); this module only writes rows.
 */

export interface Movement {
  itemId: number;
  warehouseId: number;
  kind: StockMovementKind;
  /** Signed: positive adds to the location. */
  quantity: Decimal.Value;
  unitCost?: Decimal.Value | null;
  reason?: string | null;
  workOrderId?: number | null;
  materialId?: number | null;
  purchaseOrderId?: number | null;
  purchaseOrderLineId?: number | null;
  transferId?: number | null;
}

/** Writes movements in order, in the caller's transaction; a zero quantity writes nothing. */
export async function postMovements(tx: Tx, ctx: Ctx, movements: readonly Movement[]) {
  const rows = movements
    .filter((m) => !new Decimal(m.quantity).isZero())
    .map((m) => ({
      subscriberId: ctx.actor.subscriberId,
      itemId: m.itemId,
      warehouseId: m.warehouseId,
      kind: m.kind,
      quantity: new Decimal(m.quantity).toFixed(3),
      unitCost: m.unitCost == null ? null : new Decimal(m.unitCost).toFixed(2),
      reason: m.reason ?? null,
      workOrderId: m.workOrderId ?? null,
      materialId: m.materialId ?? null,
      purchaseOrderId: m.purchaseOrderId ?? null,
      purchaseOrderLineId: m.purchaseOrderLineId ?? null,
      transferId: m.transferId ?? null,
      createdBy: ctx.actor.userId,
      createdAt: ctx.now,
    }));
  // One row per statement: each waits for the level it changes, in the order given.
  for (const row of rows) await tx.insert(stockMovements).values(row);
}

/** Where a material's stock is: its item and location, and where a transferred part goes. */
export interface MaterialStockPlace {
  itemId: number;
  warehouseId: number;
  transferToWarehouseId?: number | null;
  writeOffReason?: string | null;
  unitCost?: Decimal.Value | null;
}

/**
 * Brings the ledger rows of one material to what its status asks (MATERIAL_STOCK_EFFECTS), posting only the
 * difference: a part sold from a truck and then canceled is given back; one moved from a truck to the warehouse is
 * taken back from the truck and put in the warehouse. `place` null (a removed material, or one no longer stocked)
 * gives back everything.
 */
export async function reconcileMaterialStock(
  tx: Tx,
  ctx: Ctx,
  material: { materialId: number; workOrderId: number; statusId: number; quantity: Decimal.Value; isNew?: boolean },
  place: MaterialStockPlace | null,
) {
  const want = new Map<string, Decimal>();
  const key = (itemId: number, warehouseId: number, kind: StockMovementKind) => `${itemId}|${warehouseId}|${kind}`;
  if (place) {
    for (const effect of MATERIAL_STOCK_EFFECTS[material.statusId] ?? []) {
      const warehouseId = effect.place === 'from' ? place.warehouseId : place.transferToWarehouseId;
      if (warehouseId == null) throw new AppError(400, 'Choose the location the part is transferred to.');
      const k = key(place.itemId, warehouseId, effect.kind);
      want.set(k, (want.get(k) ?? new Decimal(0)).plus(new Decimal(material.quantity).times(effect.sign)));
    }
  }
  // A material created in this transaction has no rows yet: nothing to read.
  const have = material.isNew
    ? []
    : await tx
        .select({ itemId: stockMovements.itemId, warehouseId: stockMovements.warehouseId, kind: stockMovements.kind, total: sql<string>`sum(${stockMovements.quantity})` })
        .from(stockMovements)
        .where(ofTenant(stockMovements, ctx, eq(stockMovements.materialId, material.materialId)))
        .groupBy(stockMovements.itemId, stockMovements.warehouseId, stockMovements.kind);
  const haveBy = new Map<string, Decimal>();
  for (const h of have) {
    const k = key(h.itemId, h.warehouseId, h.kind === 'released' ? 'reserved' : h.kind);
    haveBy.set(k, (haveBy.get(k) ?? new Decimal(0)).plus(h.total));
  }
  const moves: Movement[] = [];
  for (const k of new Set([...haveBy.keys(), ...want.keys()])) {
    const diff = (want.get(k) ?? new Decimal(0)).minus(haveBy.get(k) ?? new Decimal(0));
    if (diff.isZero()) continue;
    const [itemId, warehouseId, kind] = k.split('|') as [string, string, StockMovementKind];
    moves.push({
      itemId: Number(itemId),
      warehouseId: Number(warehouseId),
      kind: kind === 'reserved' && diff.isNegative() ? 'released' : kind,
      quantity: diff,
      unitCost: place?.unitCost ?? null,
      reason: kind !== 'writtenOff' ? null : diff.isNegative() ? (place?.writeOffReason ?? null) : 'Write-off reversed',
      workOrderId: material.workOrderId,
      materialId: material.materialId,
    });
  }
  // Give back before taking, so a move between statuses at one location never dips below zero on the way.
  moves.sort((a, b) => new Decimal(b.quantity).comparedTo(new Decimal(a.quantity)));
  await postMovements(tx, ctx, moves);
}

/** On hand of an item at a location, from the ledger itself (tests and the benchmark compare it with the level). */
export async function ledgerOnHand(tx: Tx, ctx: Ctx, itemId: number, warehouseId: number): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${stockMovements.quantity}), 0)` })
    .from(stockMovements)
    .where(ofTenant(stockMovements, ctx, and(eq(stockMovements.itemId, itemId), eq(stockMovements.warehouseId, warehouseId), sql`${stockMovements.kind} not in ('reserved', 'released')`)));
  return new Decimal(row?.total ?? 0).toFixed(3);
}
