import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Access, type CreatePurchaseOrderBody, type PurchaseOrder, type PurchaseOrderLineInput, type UpdatePurchaseOrderBody } from '@sm/shared';
import { inventoryItems, purchaseOrderLines, purchaseOrderSettings, purchaseOrders, shipToAddresses, vendors } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { visibleWorkOrderRow } from '../work-orders/work-order-office.service';
import { linesWithReceived, purchaseOrderRow, readPurchaseOrder } from './purchase-order-read.service';
import { followWorkOrderParts } from './purchase-order-work-order';

type Header = CreatePurchaseOrderBody;

/** A quantity as a person reads it: '2', '1.5'. */
export const quantityText = (q: Decimal.Value) => new Decimal(q).toString();
type LineValues = { itemId: number | null; partNumber: string | null; description: string; quantity: string; unitCost: string };

/** Runs a change in one transaction, then tells the boards of the work orders it moved. */
export async function changing<T>(ctx: Ctx, work: (tx: Tx, notify: (n: (() => void) | null) => void) => Promise<T>): Promise<T> {
  const after: (() => void)[] = [];
  const result = await ctx.db.transaction((tx) => work(tx, (n) => n && after.push(n)));
  for (const n of after) n();
  return result;
}

/** The vendor (active, of the company), the ship-to address (the default one when none is named) and the work order (one the caller sees). */
async function checkedHeader(tx: Tx, ctx: Ctx, access: Access, input: Header, current?: { vendorId: number; workOrderId: number | null }) {
  const [vendor] = await tx.select().from(vendors).where(ofTenant(vendors, ctx, eq(vendors.id, input.vendorId)));
  if (!vendor) throw notFound('Vendor');
  if (!vendor.isActive && vendor.id !== current?.vendorId) throw new AppError(400, `Vendor ${vendor.name} is inactive: choose an active vendor.`);
  let shipToAddressId = input.shipToAddressId ?? null;
  if (input.shipToAddressId === undefined && !current) {
    const [fallback] = await tx.select({ id: shipToAddresses.id }).from(shipToAddresses).where(ofTenant(shipToAddresses, ctx, eq(shipToAddresses.isDefault, true)));
    shipToAddressId = fallback?.id ?? null;
  } else if (shipToAddressId !== null) {
    const [shipTo] = await tx.select({ id: shipToAddresses.id }).from(shipToAddresses).where(ofTenant(shipToAddresses, ctx, eq(shipToAddresses.id, shipToAddressId)));
    if (!shipTo) throw notFound('Ship-to address');
  }
  const workOrderId = input.workOrderId ?? null;
  if (workOrderId !== null && workOrderId !== current?.workOrderId) await visibleWorkOrderRow(tx, ctx, access, workOrderId);
  return { vendorId: vendor.id, shipToAddressId, workOrderId, expectedOn: input.expectedOn ?? null, notes: input.notes || null };
}

/** A line as stored: a stocked item's part number, description and cost unless typed, or free text with its description. */
async function lineValuesOf(tx: Tx, ctx: Ctx, lines: readonly PurchaseOrderLineInput[]): Promise<LineValues[]> {
  const itemIds = [...new Set(lines.map((l) => l.itemId).filter((id): id is number => id != null))];
  const items = itemIds.length === 0 ? [] : await tx.select().from(inventoryItems).where(ofTenant(inventoryItems, ctx, inArray(inventoryItems.id, itemIds)));
  const byId = new Map(items.map((i) => [i.id, i]));
  return lines.map((l, i) => {
    const item = l.itemId == null ? null : byId.get(l.itemId);
    if (item === undefined) throw notFound('Item');
    const description = l.description || item?.description;
    if (!description) throw new AppError(400, `Line ${i + 1}: Description field is required!`);
    return {
      itemId: item?.id ?? null,
      partNumber: l.partNumber || item?.partNumber || null,
      description,
      quantity: new Decimal(String(l.quantity)).toFixed(3),
      unitCost: l.unitCost != null ? new Decimal(String(l.unitCost)).toFixed(2) : (item?.unitCost ?? '0.00'),
    };
  });
}

/**
 * The company's next purchase order number, taken under a lock of its counter row so that two purchase orders made at
 * once never share one; a number already used (the counter set back by hand) is stepped over.
 */
async function takeNumber(tx: Tx, ctx: Ctx): Promise<number> {
  await tx.insert(purchaseOrderSettings).values({ subscriberId: ctx.actor.subscriberId }).onConflictDoNothing();
  const [counter] = await tx.select().from(purchaseOrderSettings).where(eq(purchaseOrderSettings.subscriberId, ctx.actor.subscriberId)).for('update');
  const [{ highest }] = await tx.select({ highest: sql<number | null>`max(${purchaseOrders.number})` }).from(purchaseOrders).where(ofTenant(purchaseOrders, ctx));
  const number = Math.max(counter.nextPurchaseOrderNumber, (highest ?? 0) + 1);
  await tx.update(purchaseOrderSettings).set({ nextPurchaseOrderNumber: number + 1 }).where(eq(purchaseOrderSettings.subscriberId, ctx.actor.subscriberId));
  return number;
}

/** `POST PurchaseOrder`: a new purchase order with the company's next number; its work order moves to Parts Ordered. Audited. */
export async function createPurchaseOrder(ctx: Ctx, access: Access, input: CreatePurchaseOrderBody): Promise<PurchaseOrder> {
  const id = await changing(ctx, async (tx, notify) => {
    const header = await checkedHeader(tx, ctx, access, input);
    const lines = await lineValuesOf(tx, ctx, input.lines);
    const number = await takeNumber(tx, ctx);
    const [po] = await tx.insert(purchaseOrders).values({ subscriberId: ctx.actor.subscriberId, number, ...header, createdBy: ctx.actor.userId, createdAt: ctx.now }).returning();
    await tx.insert(purchaseOrderLines).values(lines.map((l, i) => ({ subscriberId: ctx.actor.subscriberId, purchaseOrderId: po.id, lineNumber: i + 1, ...l })));
    await recordAudit(tx, ctx, { entity: 'purchaseOrder', entityId: po.id, action: 'create', after: { number, ...header, lines } });
    notify(await followWorkOrderParts(tx, ctx, header.workOrderId));
    return po.id;
  });
  return readPurchaseOrder(ctx.db, ctx, id);
}

const STATUS_WORDS = { open: 'open', sent: 'sent', partiallyReceived: 'partially received', received: 'received', closed: 'closed', canceled: 'canceled' } as const;

/** Refuses a change to a purchase order that is received in full, closed or canceled. */
export function ensureEditable(po: { number: number; status: keyof typeof STATUS_WORDS }) {
  if (po.status === 'received' || po.status === 'closed' || po.status === 'canceled') {
    throw new AppError(409, `Purchase order ${po.number} is ${STATUS_WORDS[po.status]} and can no longer be changed.`);
  }
}

/** The status its receipts give a purchase order that may still change: received in full, in part, or as it was. */
export function receivedStatusOf(current: 'open' | 'sent' | 'partiallyReceived', lines: { received: Decimal; outstanding: Decimal }[]) {
  if (lines.length > 0 && lines.every((l) => l.outstanding.isZero())) return 'received' as const;
  if (lines.some((l) => l.received.gt(0))) return 'partiallyReceived' as const;
  return current === 'partiallyReceived' ? 'sent' : current;
}

/**
 * `PUT PurchaseOrder/{purchaseOrderId}`: the header and lines while open, sent or partially received. A line with
 * parts received cannot be removed, go below what arrived or change its item; back orders never exceed what is
 * outstanding. Both the old and the new work order follow. Audited.
 */
export async function updatePurchaseOrder(ctx: Ctx, access: Access, id: number, input: UpdatePurchaseOrderBody): Promise<PurchaseOrder> {
  await changing(ctx, async (tx, notify) => {
    const po = await purchaseOrderRow(tx, ctx, id, { lock: true });
    ensureEditable(po);
    const header = await checkedHeader(tx, ctx, access, input, po);
    const existing = await linesWithReceived(tx, ctx, [po.id]);
    const byId = new Map(existing.map((l) => [l.id, l]));
    const values = await lineValuesOf(tx, ctx, input.lines);
    const kept = new Set<number>();
    let nextNumber = Math.max(0, ...existing.map((l) => l.lineNumber)) + 1;
    for (const [i, l] of input.lines.entries()) {
      const v = values[i];
      const old = l.lineId === undefined ? undefined : byId.get(l.lineId);
      if (l.lineId !== undefined && !old) throw new AppError(400, `Line ${i + 1} is not a line of purchase order ${po.number}.`);
      if (l.lineId !== undefined && kept.has(l.lineId)) throw new AppError(400, `Line ${i + 1} repeats a line of the purchase order.`);
      if (!old) {
        await tx.insert(purchaseOrderLines).values({ subscriberId: ctx.actor.subscriberId, purchaseOrderId: po.id, lineNumber: nextNumber++, ...v });
        continue;
      }
      kept.add(old.id);
      if (old.received.gt(0) && old.itemId !== v.itemId) throw new AppError(409, `Line ${old.lineNumber} has parts received: its item cannot change.`);
      if (new Decimal(v.quantity).lt(old.received)) throw new AppError(400, `Line ${old.lineNumber} cannot be less than the ${quantityText(old.received)} already received.`);
      const outstanding = new Decimal(v.quantity).minus(old.received);
      const backOrdered = Decimal.min(old.backOrderedQuantity, outstanding);
      await tx
        .update(purchaseOrderLines)
        .set({ ...v, backOrderedQuantity: backOrdered.toFixed(3), backOrderExpectedOn: backOrdered.isZero() ? null : old.backOrderExpectedOn })
        .where(ofTenant(purchaseOrderLines, ctx, eq(purchaseOrderLines.id, old.id)));
    }
    for (const old of existing.filter((l) => !kept.has(l.id))) {
      if (old.received.gt(0)) throw new AppError(409, `Line ${old.lineNumber} has parts received and cannot be removed.`);
      await tx.delete(purchaseOrderLines).where(ofTenant(purchaseOrderLines, ctx, eq(purchaseOrderLines.id, old.id)));
    }
    const status = receivedStatusOf(po.status as 'open' | 'sent' | 'partiallyReceived', await linesWithReceived(tx, ctx, [po.id]));
    await tx.update(purchaseOrders).set({ ...header, status }).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.id, po.id)));
    await recordAudit(tx, ctx, {
      entity: 'purchaseOrder', entityId: po.id, action: 'update',
      before: { vendorId: po.vendorId, shipToAddressId: po.shipToAddressId, workOrderId: po.workOrderId, expectedOn: po.expectedOn, notes: po.notes, lines: existing.map(({ received: _r, outstanding: _o, ...l }) => l) },
      after: { ...header, status, lines: values },
    });
    if (po.workOrderId !== header.workOrderId) notify(await followWorkOrderParts(tx, ctx, po.workOrderId));
    notify(await followWorkOrderParts(tx, ctx, header.workOrderId));
  });
  return readPurchaseOrder(ctx.db, ctx, id);
}

/** `POST PurchaseOrder/{purchaseOrderId}/cancel`: only before anything is received; its work order follows. Audited. */
export async function cancelPurchaseOrder(ctx: Ctx, id: number): Promise<PurchaseOrder> {
  await changing(ctx, async (tx, notify) => {
    const po = await purchaseOrderRow(tx, ctx, id, { lock: true });
    if (po.status === 'closed' || po.status === 'canceled') throw new AppError(409, `Purchase order ${po.number} is already ${STATUS_WORDS[po.status]}.`);
    const lines = await linesWithReceived(tx, ctx, [po.id]);
    if (lines.some((l) => l.received.gt(0))) throw new AppError(409, `Purchase order ${po.number} has parts received and cannot be canceled: close it instead.`);
    await tx.update(purchaseOrders).set({ status: 'canceled', closedAt: ctx.now }).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.id, po.id)));
    await recordAudit(tx, ctx, { entity: 'purchaseOrder', entityId: po.id, action: 'cancel', before: { status: po.status }, after: { status: 'canceled' } });
    notify(await followWorkOrderParts(tx, ctx, po.workOrderId));
  });
  return readPurchaseOrder(ctx.db, ctx, id);
}

/**
 * `POST PurchaseOrder/{purchaseOrderId}/close`: closed once received, or short-closed with a reason (kept in its
 * notes and audit entry) when something is still outstanding. Audited.
 */
export async function closePurchaseOrder(ctx: Ctx, id: number, reason: string | null | undefined): Promise<PurchaseOrder> {
  await changing(ctx, async (tx, notify) => {
    const po = await purchaseOrderRow(tx, ctx, id, { lock: true });
    if (po.status === 'closed' || po.status === 'canceled') throw new AppError(409, `Purchase order ${po.number} is already ${STATUS_WORDS[po.status]}.`);
    const lines = await linesWithReceived(tx, ctx, [po.id]);
    const isShort = lines.some((l) => !l.outstanding.isZero());
    if (isShort && !reason) throw new AppError(400, 'Reason field is required! Say why the purchase order is closed before everything is received.');
    const notes = isShort ? [po.notes, `Closed short: ${reason}`].filter(Boolean).join('\n') : po.notes;
    await tx.update(purchaseOrders).set({ status: 'closed', closedAt: ctx.now, notes }).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.id, po.id)));
    await recordAudit(tx, ctx, { entity: 'purchaseOrder', entityId: po.id, action: 'close', before: { status: po.status }, after: { status: 'closed', isShort }, reason: reason || null });
    notify(await followWorkOrderParts(tx, ctx, po.workOrderId));
  });
  return readPurchaseOrder(ctx.db, ctx, id);
}

/** `PUT PurchaseOrder/{purchaseOrderId}/lines/{lineId}/backOrder`: how much of a line's outstanding quantity is back ordered, and when it is expected; 0 clears it. */
export async function setBackOrder(ctx: Ctx, id: number, lineId: number, input: { quantity: number; expectedOn?: string | null }): Promise<PurchaseOrder> {
  await changing(ctx, async (tx, notify) => {
    const po = await purchaseOrderRow(tx, ctx, id, { lock: true });
    ensureEditable(po);
    const line = (await linesWithReceived(tx, ctx, [po.id])).find((l) => l.id === lineId);
    if (!line) throw notFound('Line');
    const quantity = new Decimal(String(input.quantity));
    if (quantity.gt(line.outstanding)) {
      throw new AppError(400, `Line ${line.lineNumber}: only ${quantityText(line.outstanding)} is outstanding, so no more than that can be back ordered.`);
    }
    const expectedOn = quantity.isZero() ? null : (input.expectedOn ?? null);
    await tx
      .update(purchaseOrderLines)
      .set({ backOrderedQuantity: quantity.toFixed(3), backOrderExpectedOn: expectedOn })
      .where(and(ofTenant(purchaseOrderLines, ctx, eq(purchaseOrderLines.id, line.id))));
    await recordAudit(tx, ctx, {
      entity: 'purchaseOrder', entityId: po.id, action: 'backOrder',
      before: { lineId, quantity: line.backOrderedQuantity, expectedOn: line.backOrderExpectedOn }, after: { lineId, quantity: quantity.toFixed(3), expectedOn },
    });
    notify(await followWorkOrderParts(tx, ctx, po.workOrderId));
  });
  return readPurchaseOrder(ctx.db, ctx, id);
}
