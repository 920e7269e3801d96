import Decimal from 'decimal.js';
import { aliasedTable, and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { canRead, type Access, type MyTruckAnswer, type TransferRequest, type TransferRequestBody } from '@sm/shared';
import { inventoryItems, stockLevels, stockTransfers, users, warehouses } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { ensureMayManageStock, ensureMayReadInventory, escapeLike, itemOf, locationOf, mayManageStock, num } from './inventory-access';
import { postMovements } from './stock-ledger.service';

const NO_TRUCK = 'You have no truck: the office gives each technician one under Administration, Warehouses.';

/** The caller's truck, or null. */
async function truckOf(db: DbOrTx, ctx: Ctx) {
  const [truck] = await db.select().from(warehouses).where(ofTenant(warehouses, ctx, eq(warehouses.technicianId, ctx.actor.userId), eq(warehouses.isTruck, true)));
  return truck ?? null;
}

/**
 * `POST Inventory/transferRequests`: asks the office to move parts from a warehouse to the caller's truck, or back
 * from it. Readers of inventory may ask only for their own truck; the office ('Inventory Management') for any two places.
 */
export async function requestTransfer(ctx: Ctx, access: Access, body: TransferRequestBody): Promise<TransferRequest> {
  ensureMayReadInventory(access);
  const id = await ctx.db.transaction(async (tx) => {
    const item = await itemOf(tx, ctx, body.itemId);
    if (!item.isActive) throw new AppError(409, `${item.partNumber} is retired and can no longer be requested.`);
    await locationOf(tx, ctx, body.fromWarehouseId, 'From Location');
    await locationOf(tx, ctx, body.toWarehouseId, 'To Location');
    if (!mayManageStock(access)) {
      const truck = await truckOf(tx, ctx);
      if (!truck) throw new AppError(409, NO_TRUCK);
      if (body.toWarehouseId !== truck.id && body.fromWarehouseId !== truck.id) throw new AppError(403, 'You may request parts only to or from your own truck.');
    }
    const [row] = await tx
      .insert(stockTransfers)
      .values({
        subscriberId: ctx.actor.subscriberId,
        itemId: item.id,
        fromWarehouseId: body.fromWarehouseId,
        toWarehouseId: body.toWarehouseId,
        quantity: new Decimal(body.quantity).toFixed(3),
        note: body.note?.trim() || null,
        requestedBy: ctx.actor.userId,
        requestedAt: ctx.now,
      })
      .returning({ id: stockTransfers.id });
    await recordAudit(tx, ctx, { entity: 'stockTransfer', entityId: row.id, action: 'requested', after: body });
    return row.id;
  });
  return (await transferRows(ctx.db, ctx, { transferId: id }))[0];
}

const fromPlace = aliasedTable(warehouses, 'from_place');
const toPlace = aliasedTable(warehouses, 'to_place');
const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');

async function transferRows(db: DbOrTx, ctx: Ctx, q: { transferId?: number; status?: TransferRequest['status']; requestedBy?: number }): Promise<TransferRequest[]> {
  const rows = await db
    .select({ t: stockTransfers, item: inventoryItems, fromName: fromPlace.name, toName: toPlace.name, requestedByName: requester.name, decidedByName: decider.name })
    .from(stockTransfers)
    .innerJoin(inventoryItems, and(eq(inventoryItems.subscriberId, stockTransfers.subscriberId), eq(inventoryItems.id, stockTransfers.itemId)))
    .innerJoin(fromPlace, and(eq(fromPlace.subscriberId, stockTransfers.subscriberId), eq(fromPlace.id, stockTransfers.fromWarehouseId)))
    .innerJoin(toPlace, and(eq(toPlace.subscriberId, stockTransfers.subscriberId), eq(toPlace.id, stockTransfers.toWarehouseId)))
    .leftJoin(requester, eq(requester.id, stockTransfers.requestedBy))
    .leftJoin(decider, eq(decider.id, stockTransfers.decidedBy))
    .where(
      ofTenant(
        stockTransfers,
        ctx,
        q.transferId === undefined ? undefined : eq(stockTransfers.id, q.transferId),
        q.status === undefined ? undefined : eq(stockTransfers.status, q.status),
        q.requestedBy === undefined ? undefined : eq(stockTransfers.requestedBy, q.requestedBy),
      ),
    )
    .orderBy(desc(stockTransfers.requestedAt), desc(stockTransfers.id))
    .limit(500);
  return rows.map(({ t, item, fromName, toName, requestedByName, decidedByName }) => ({
    transferId: t.id,
    itemId: t.itemId,
    partNumber: item.partNumber,
    description: item.description,
    fromWarehouseId: t.fromWarehouseId,
    fromWarehouseName: fromName,
    toWarehouseId: t.toWarehouseId,
    toWarehouseName: toName,
    quantity: num(t.quantity),
    status: t.status,
    note: t.note,
    requestedByName,
    requestedAt: t.requestedAt.toISOString(),
    decidedByName,
    decidedAt: t.decidedAt?.toISOString() ?? null,
    declineReason: t.declineReason,
  }));
}

/**
 * `GET Inventory/transferRequests`: the office ('Inventory Management') sees every request, or only its own with
 * `mine`; anyone else only the requests he made. Newest first.
 */
export async function listTransferRequests(ctx: Ctx, access: Access, q: { status?: TransferRequest['status']; mine?: boolean }): Promise<TransferRequest[]> {
  ensureMayReadInventory(access);
  const onlyMine = q.mine === true || !mayManageStock(access);
  return transferRows(ctx.db, ctx, { status: q.status, requestedBy: onlyMine ? ctx.actor.userId : undefined });
}

/** A request still waiting for the office, locked for the decision; 404 for another company's, 409 once decided. */
async function openRequest(tx: Tx, ctx: Ctx, transferId: number) {
  const [row] = await tx.select().from(stockTransfers).where(ofTenant(stockTransfers, ctx, eq(stockTransfers.id, transferId))).for('update');
  if (!row) throw notFound('Transfer request');
  if (row.status !== 'requested') throw new AppError(409, `This transfer request is already ${row.status}.`);
  return row;
}

/**
 * `PUT Inventory/transferRequests/{transferId}/complete`: moves the parts (out of one place, into the other, both rows
 * carrying the request's id) and marks it completed; refused with the ledger's sentence when the stock is short.
 */
export async function completeTransferRequest(ctx: Ctx, access: Access, transferId: number): Promise<TransferRequest> {
  ensureMayManageStock(access);
  await ctx.db.transaction(async (tx) => {
    const t = await openRequest(tx, ctx, transferId);
    const item = await itemOf(tx, ctx, t.itemId);
    const reason = `Transfer request ${t.id}`;
    await postMovements(tx, ctx, [
      { itemId: t.itemId, warehouseId: t.fromWarehouseId, kind: 'transferOut', quantity: new Decimal(t.quantity).negated(), unitCost: item.unitCost, reason, transferId: t.id },
      { itemId: t.itemId, warehouseId: t.toWarehouseId, kind: 'transferIn', quantity: t.quantity, unitCost: item.unitCost, reason, transferId: t.id },
    ]);
    await tx.update(stockTransfers).set({ status: 'completed', decidedBy: ctx.actor.userId, decidedAt: ctx.now }).where(ofTenant(stockTransfers, ctx, eq(stockTransfers.id, t.id)));
    await recordAudit(tx, ctx, { entity: 'stockTransfer', entityId: t.id, action: 'completed' });
  });
  return (await transferRows(ctx.db, ctx, { transferId }))[0];
}

/** `PUT Inventory/transferRequests/{transferId}/decline`: refuses a request with the reason the requester reads. */
export async function declineTransferRequest(ctx: Ctx, access: Access, transferId: number, reason: string): Promise<TransferRequest> {
  ensureMayManageStock(access);
  await ctx.db.transaction(async (tx) => {
    const t = await openRequest(tx, ctx, transferId);
    await tx
      .update(stockTransfers)
      .set({ status: 'declined', decidedBy: ctx.actor.userId, decidedAt: ctx.now, declineReason: reason })
      .where(ofTenant(stockTransfers, ctx, eq(stockTransfers.id, t.id)));
    await recordAudit(tx, ctx, { entity: 'stockTransfer', entityId: t.id, action: 'declined', reason });
  });
  return (await transferRows(ctx.db, ctx, { transferId }))[0];
}

/** `GET Inventory/myTruck`: the caller's truck and what is on it (items with a level there), searchable. */
export async function myTruck(ctx: Ctx, access: Access, search?: string): Promise<MyTruckAnswer> {
  if (!canRead(access, 'Inventory')) throw forbidden();
  const truck = await truckOf(ctx.db, ctx);
  if (!truck) throw new AppError(404, NO_TRUCK);
  const s = search?.trim();
  const like = s ? `%${escapeLike(s)}%` : undefined;
  const rows = await ctx.db
    .select({ level: stockLevels, item: inventoryItems })
    .from(stockLevels)
    .innerJoin(inventoryItems, and(eq(inventoryItems.subscriberId, stockLevels.subscriberId), eq(inventoryItems.id, stockLevels.itemId)))
    .where(
      ofTenant(
        stockLevels,
        ctx,
        eq(stockLevels.warehouseId, truck.id),
        sql`(${inventoryItems.isActive} or ${stockLevels.onHand} <> 0)`,
        like ? or(ilike(inventoryItems.partNumber, like), ilike(inventoryItems.description, like), eq(inventoryItems.barcode, s!)) : undefined,
      ),
    )
    .orderBy(asc(inventoryItems.partNumber))
    .limit(500);
  return {
    warehouseId: truck.id,
    name: truck.name,
    items: rows.map(({ level, item }) => ({
      itemId: item.id,
      partNumber: item.partNumber,
      description: item.description,
      unit: item.unit,
      barcode: item.barcode,
      onHand: num(level.onHand),
      reserved: num(level.reserved),
      available: num(new Decimal(level.onHand).minus(level.reserved)),
      binLocation: level.binLocation,
    })),
  };
}
