import { and, count, desc, eq, ne } from 'drizzle-orm';
import { MATERIAL_STOCK_STATUS, PARTS_WORK_ORDER_STATUS, WORK_ORDER_STATUS } from '@sm/shared';
import { purchaseOrderLines, purchaseOrders, vendorCreditLines, vendorCredits, workOrders } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { setWorkOrderStatus } from '../work-orders/work-order-office.service';

/**
 * A material returned for credit (status 14) is a line of a vendor credit: of the open credit of its vendor for its
 * work order, or of a new one. The vendor is the one chosen on the material, else the vendor of the latest purchase
 * order line of the item for this work order, else the item's preferred vendor. A material that stops being returned
 * for credit (or is removed) takes its line away, and the credit with it when nothing else is on it and it is open.
 */

/** Work orders a return for credit leaves where they are: done, billed or canceled. */
const SETTLED_WORK_ORDER_STATUSES: readonly number[] = [WORK_ORDER_STATUS.Completed, WORK_ORDER_STATUS.Billed, 22];

export interface CreditMaterial {
  id: number;
  workOrderId: number;
  materialStatusId: number;
  partNumber: string | null;
  description: string;
  quantity: string;
  unitCost: string;
}

export interface CreditPlace {
  itemId: number;
  vendorId: number | null;
  item: { preferredVendorId: number | null };
}

async function lineOf(tx: Tx, ctx: Ctx, materialId: number) {
  const [row] = await tx
    .select({ line: vendorCreditLines, credit: vendorCredits })
    .from(vendorCreditLines)
    .innerJoin(vendorCredits, eq(vendorCredits.id, vendorCreditLines.vendorCreditId))
    .where(ofTenant(vendorCreditLines, ctx, eq(vendorCreditLines.materialId, materialId)))
    .for('update');
  if (row && row.credit.status !== 'open') throw new AppError(409, `The vendor credit of this part is ${row.credit.status}: the part can no longer change.`);
  return row ?? null;
}

/** The vendor (and the purchase order) a returned part goes back to. */
async function vendorOf(tx: Tx, ctx: Ctx, workOrderId: number, place: CreditPlace): Promise<{ vendorId: number; purchaseOrderId: number | null }> {
  if (place.vendorId != null) return { vendorId: place.vendorId, purchaseOrderId: null };
  const [bought] = await tx
    .select({ vendorId: purchaseOrders.vendorId, purchaseOrderId: purchaseOrders.id })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
    .where(ofTenant(purchaseOrderLines, ctx, eq(purchaseOrderLines.itemId, place.itemId), eq(purchaseOrders.workOrderId, workOrderId), ne(purchaseOrders.status, 'canceled')))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrderLines.id))
    .limit(1);
  if (bought) return bought;
  if (place.item.preferredVendorId != null) return { vendorId: place.item.preferredVendorId, purchaseOrderId: null };
  throw new AppError(400, 'Choose the vendor this part goes back to for credit: it was not bought on a purchase order of this work order and has no preferred vendor.');
}

async function removeLine(tx: Tx, ctx: Ctx, found: NonNullable<Awaited<ReturnType<typeof lineOf>>>) {
  await tx.delete(vendorCreditLines).where(ofTenant(vendorCreditLines, ctx, eq(vendorCreditLines.id, found.line.id)));
  const [{ n }] = await tx.select({ n: count() }).from(vendorCreditLines).where(ofTenant(vendorCreditLines, ctx, eq(vendorCreditLines.vendorCreditId, found.credit.id)));
  if (n > 0) {
    await recordAudit(tx, ctx, { entity: 'vendorCredit', entityId: found.credit.id, action: 'removeLine', before: { materialId: found.line.materialId, quantity: found.line.quantity } });
    return;
  }
  await tx.delete(vendorCredits).where(ofTenant(vendorCredits, ctx, eq(vendorCredits.id, found.credit.id)));
  await recordAudit(tx, ctx, { entity: 'vendorCredit', entityId: found.credit.id, action: 'delete', before: { vendorId: found.credit.vendorId, workOrderId: found.credit.workOrderId } });
}

/**
 * Keeps the vendor credit line of one material equal to what its status says, inside the material's transaction.
 * Returns whether the work order moved to 43 Return Parts For Credit (the boards are told after the commit). Only a
 * material that was returned for credit has a line (`wasReturned`): for any other, there is none to look for.
 */
export async function syncMaterialCredit(tx: Tx, ctx: Ctx, material: CreditMaterial, place: CreditPlace | null, wasReturned: boolean): Promise<boolean> {
  const found = wasReturned ? await lineOf(tx, ctx, material.id) : null;
  const isReturned = material.materialStatusId === MATERIAL_STOCK_STATUS.returnedForCredit && place !== null;
  if (!isReturned) {
    if (found) await removeLine(tx, ctx, found);
    return false;
  }
  const line = { itemId: place.itemId, partNumber: material.partNumber, description: material.description, quantity: material.quantity, unitCost: material.unitCost };
  if (found && (place.vendorId == null || place.vendorId === found.credit.vendorId)) {
    await tx.update(vendorCreditLines).set(line).where(ofTenant(vendorCreditLines, ctx, eq(vendorCreditLines.id, found.line.id)));
    return false;
  }
  if (found) await removeLine(tx, ctx, found);
  const [workOrder] = await tx.select().from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, material.workOrderId))).for('update');
  const { vendorId, purchaseOrderId } = await vendorOf(tx, ctx, material.workOrderId, place);
  const [open] = await tx
    .select()
    .from(vendorCredits)
    .where(ofTenant(vendorCredits, ctx, and(eq(vendorCredits.vendorId, vendorId), eq(vendorCredits.workOrderId, material.workOrderId), eq(vendorCredits.status, 'open'))))
    .orderBy(desc(vendorCredits.id))
    .limit(1);
  let creditId = open?.id;
  if (!creditId) {
    [{ id: creditId }] = await tx
      .insert(vendorCredits)
      .values({ subscriberId: ctx.actor.subscriberId, vendorId, purchaseOrderId, workOrderId: material.workOrderId, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning({ id: vendorCredits.id });
    await recordAudit(tx, ctx, { entity: 'vendorCredit', entityId: creditId, action: 'create', after: { vendorId, purchaseOrderId, workOrderId: material.workOrderId } });
  }
  await tx.insert(vendorCreditLines).values({ subscriberId: ctx.actor.subscriberId, vendorCreditId: creditId, materialId: material.id, ...line });
  await recordAudit(tx, ctx, { entity: 'vendorCredit', entityId: creditId, action: 'addLine', after: { materialId: material.id, ...line } });
  if (!workOrder || SETTLED_WORK_ORDER_STATUSES.includes(workOrder.workOrderStatusId)) return false;
  return (await setWorkOrderStatus(tx, ctx, workOrder, PARTS_WORK_ORDER_STATUS.returnPartsForCredit)).changed;
}
