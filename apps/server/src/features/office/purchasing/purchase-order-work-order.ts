import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { PARTS_WORK_ORDER_STATUS, WORK_ORDER_STATUS } from '@sm/shared';
import { purchaseOrders, workOrders } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { publishHubEvent } from '../../platform/realtime/publish';
import { setWorkOrderStatus } from '../work-orders/work-order-office.service';
import { linesWithReceived } from './purchase-order-read.service';

/** Work orders past the point where parts move them: completed, billed, invoice submitted, canceled. */
const SETTLED_WORK_ORDER_STATUSES: readonly number[] = [WORK_ORDER_STATUS.Completed, WORK_ORDER_STATUS.Billed, WORK_ORDER_STATUS.InvoiceSubmitted, 22];

/** Purchase orders whose parts a work order still waits for or has had: not canceled, not closed. */
const ACTIVE_STATUSES = ['open', 'sent', 'partiallyReceived', 'received'] as const;

/**
 * The parts status a work order's purchase orders ask for (spec platform 4.9): 42 Back Ordered when a line of one is
 * back ordered, 18 Parts Here when every line of every one is received in full, else 10 Parts Ordered; null when it
 * has none still active.
 */
async function partsStatusOf(tx: Tx, ctx: Ctx, workOrderId: number): Promise<number | null> {
  const orders = await tx
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.workOrderId, workOrderId), inArray(purchaseOrders.status, [...ACTIVE_STATUSES])));
  if (orders.length === 0) return null;
  const lines = await linesWithReceived(tx, ctx, orders.map((o) => o.id));
  if (lines.some((l) => new Decimal(l.backOrderedQuantity).gt(0))) return PARTS_WORK_ORDER_STATUS.backOrdered;
  if (lines.every((l) => l.outstanding.isZero())) return PARTS_WORK_ORDER_STATUS.partsHere;
  return PARTS_WORK_ORDER_STATUS.partsOrdered;
}

/**
 * Moves a linked work order to the status its purchase orders ask for, through the work order's own status change
 * (history and audit), inside the caller's transaction. A work order already completed, billed or canceled stays.
 * Answers what to tell the boards after the commit.
 */
export async function followWorkOrderParts(tx: Tx, ctx: Ctx, workOrderId: number | null): Promise<(() => void) | null> {
  if (workOrderId === null) return null;
  const [wo] = await tx
    .select({ id: workOrders.id, workOrderStatusId: workOrders.workOrderStatusId })
    .from(workOrders)
    .where(and(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId))))
    .for('update');
  if (!wo || SETTLED_WORK_ORDER_STATUSES.includes(wo.workOrderStatusId)) return null;
  const target = await partsStatusOf(tx, ctx, workOrderId);
  if (target === null) return null;
  const { status, changed } = await setWorkOrderStatus(tx, ctx, wo, target);
  return changed ? () => publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderStatus', workOrderId, workOrderStatusId: status.id }) : null;
}
