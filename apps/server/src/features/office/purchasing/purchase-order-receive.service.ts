import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { PurchaseOrder, ReceivePurchaseOrderBody } from '@sm/shared';
import { purchaseOrderLines, purchaseOrderReceipts, purchaseOrders, warehouses } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { postMovements, type Movement } from '../inventory/stock-ledger.service';
import { linesWithReceived, purchaseOrderRow, readPurchaseOrder } from './purchase-order-read.service';
import { changing, ensureEditable, quantityText, receivedStatusOf } from './purchase-order-save.service';
import { followWorkOrderParts } from './purchase-order-work-order';

/**
 * `POST PurchaseOrder/{purchaseOrderId}/receive`: what arrived of each line, into one warehouse or truck (active, of
 * the company), never more than is outstanding. Each receipt is a row; a stocked item's is also a 'received' row of
 * the stock ledger, in the same transaction. The purchase order becomes partially received or received, a back order
 * shrinks to what is still outstanding, and the linked work order follows (18 Parts Here once everything is in). Audited.
 */
export async function receivePurchaseOrder(ctx: Ctx, id: number, input: ReceivePurchaseOrderBody): Promise<PurchaseOrder> {
  await changing(ctx, async (tx, notify) => {
    const po = await purchaseOrderRow(tx, ctx, id, { lock: true });
    ensureEditable(po);
    const [location] = await tx.select().from(warehouses).where(ofTenant(warehouses, ctx, eq(warehouses.id, input.warehouseId)));
    if (!location) throw notFound('Location');
    if (!location.isActive) throw new AppError(400, `${location.name} is inactive: choose an active warehouse or truck.`);

    const lines = await linesWithReceived(tx, ctx, [po.id]);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted = new Map<number, Decimal>();
    for (const r of input.lines) {
      if (!byId.has(r.lineId)) throw new AppError(400, `Line ${r.lineId} is not a line of purchase order ${po.number}.`);
      wanted.set(r.lineId, (wanted.get(r.lineId) ?? new Decimal(0)).plus(String(r.quantity)));
    }
    const receipts = [...wanted].filter(([, q]) => q.gt(0));
    if (receipts.length === 0) throw new AppError(400, 'Enter the quantity received of at least one line.');

    const movements: Movement[] = [];
    for (const [lineId, quantity] of receipts) {
      const line = byId.get(lineId)!;
      if (quantity.gt(line.outstanding)) {
        throw new AppError(400, `Line ${line.lineNumber} (${line.description}): only ${quantityText(line.outstanding)} is outstanding, so ${quantityText(quantity)} cannot be received.`);
      }
      await tx.insert(purchaseOrderReceipts).values({
        subscriberId: ctx.actor.subscriberId, lineId, warehouseId: location.id, quantity: quantity.toFixed(3), receivedBy: ctx.actor.userId, receivedAt: ctx.now,
      });
      const outstanding = line.outstanding.minus(quantity);
      const backOrdered = Decimal.min(line.backOrderedQuantity, outstanding);
      if (!backOrdered.equals(line.backOrderedQuantity)) {
        await tx
          .update(purchaseOrderLines)
          .set({ backOrderedQuantity: backOrdered.toFixed(3), backOrderExpectedOn: backOrdered.isZero() ? null : line.backOrderExpectedOn })
          .where(ofTenant(purchaseOrderLines, ctx, eq(purchaseOrderLines.id, lineId)));
      }
      if (line.itemId !== null) {
        movements.push({ itemId: line.itemId, warehouseId: location.id, kind: 'received', quantity, unitCost: line.unitCost, purchaseOrderId: po.id, purchaseOrderLineId: lineId });
      }
    }
    await postMovements(tx, ctx, movements);

    const status = receivedStatusOf(po.status as 'open' | 'sent' | 'partiallyReceived', await linesWithReceived(tx, ctx, [po.id]));
    await tx.update(purchaseOrders).set({ status }).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.id, po.id)));
    await recordAudit(tx, ctx, {
      entity: 'purchaseOrder', entityId: po.id, action: 'receive',
      before: { status: po.status }, after: { status, warehouseId: location.id, lines: receipts.map(([lineId, q]) => ({ lineId, quantity: q.toFixed(3) })) },
    });
    notify(await followWorkOrderParts(tx, ctx, po.workOrderId));
  });
  return readPurchaseOrder(ctx.db, ctx, id);
}
