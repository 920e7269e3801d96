import { asc, eq, sql } from 'drizzle-orm';
import {
  lineTotal, sumMoney, TOLL_ITEM_NAME,
  type Access, type AddRateSheetStandardItemBody, type AddStandardItemBody, type WorkOrderStandardItem, type WorkOrderStandardItems,
} from '@sm/shared';
import { customerRateSheets, customers, itemRateTypes, rateSheetStandardItems, standardItems, users, workOrderStandardItems } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { publishWorkOrderChanged } from '../../platform/realtime/publish';
import { visibleWorkOrder } from '../work-orders/work-order-visibility';
import { instantSql, sheetInEffectSql } from '../rate-sheets/rate-sheet-in-effect';
import { amount, workOrderOfItem } from './work-order-item-access';

type Stored = typeof workOrderStandardItems.$inferSelect;

const isToll = (name: string) => name.trim().toLowerCase() === TOLL_ITEM_NAME.toLowerCase();

/** `StandardItems/list`: the company's active catalogue by name; the Toll is marked as priced on each use. */
export async function listStandardItems(ctx: Ctx) {
  const rows = await ctx.db
    .select()
    .from(standardItems)
    .where(ofTenant(standardItems, ctx, eq(standardItems.isActive, true)))
    .orderBy(asc(sql`lower(${standardItems.name})`));
  return rows.map((s) => ({ standardItemId: s.id, name: s.name, description: s.description, price: amount(s.price), isPriceTyped: isToll(s.name) }));
}

const selectItems = (db: DbOrTx) =>
  db
    .select({ i: workOrderStandardItems, rateType: itemRateTypes.name, createdBy: users.name })
    .from(workOrderStandardItems)
    .leftJoin(itemRateTypes, eq(itemRateTypes.id, workOrderStandardItems.itemRateTypeId))
    .leftJoin(users, eq(users.id, workOrderStandardItems.createdBy))
    .$dynamic();

function rowOf(i: Stored, rateType: string | null, createdBy: string | null): WorkOrderStandardItem {
  return {
    workOrderStandardItemId: i.id,
    kind: i.standardItemId != null ? 'standard' : 'rateSheet',
    name: i.name,
    itemRateTypeName: i.rateSheetStandardItemId != null ? rateType : null,
    quantity: amount(i.quantity),
    unitPrice: amount(i.unitPrice),
    lineTotal: amount(lineTotal(i.quantity, i.unitPrice)),
    createdBy,
    createdAt: i.createdAt.toISOString(),
  };
}

async function itemById(db: DbOrTx, ctx: Ctx, id: number) {
  const [r] = await selectItems(db).where(ofTenant(workOrderStandardItems, ctx, eq(workOrderStandardItems.id, id)));
  if (!r) throw notFound('Standard item');
  return rowOf(r.i, r.rateType, r.createdBy);
}

/** `WorkOrder/{workOrderId}/standardItems`: catalogue and rate-sheet items of a work order, with their exact total. */
export async function listWorkOrderStandardItems(ctx: Ctx, access: Access, workOrderId: number): Promise<WorkOrderStandardItems> {
  await visibleWorkOrder(ctx.db, ctx, access, workOrderId);
  const rows = await selectItems(ctx.db)
    .where(ofTenant(workOrderStandardItems, ctx, eq(workOrderStandardItems.workOrderId, workOrderId)))
    .orderBy(asc(workOrderStandardItems.createdAt), asc(workOrderStandardItems.id));
  const items = rows.map((r) => rowOf(r.i, r.rateType, r.createdBy));
  return { items, total: amount(sumMoney(rows.map((r) => lineTotal(r.i.quantity, r.i.unitPrice)))) };
}

const snapshot = (i: Stored) => ({
  workOrderId: i.workOrderId,
  standardItemId: i.standardItemId,
  rateSheetStandardItemId: i.rateSheetStandardItemId,
  name: i.name,
  itemRateTypeId: i.itemRateTypeId,
  quantity: i.quantity,
  unitPrice: i.unitPrice,
});

async function insertItem(tx: Tx, ctx: Ctx, values: Omit<typeof workOrderStandardItems.$inferInsert, 'subscriberId' | 'createdBy' | 'createdAt'>) {
  const [row] = await tx
    .insert(workOrderStandardItems)
    .values({ ...values, subscriberId: ctx.actor.subscriberId, createdBy: ctx.actor.userId, createdAt: ctx.now })
    .returning();
  await recordAudit(tx, ctx, { entity: 'workOrderStandardItem', entityId: row.id, action: 'create', after: snapshot(row) });
  return itemById(tx, ctx, row.id);
}

/** The unit price of a catalogue item: its catalogue price, or the typed amount for the Toll (spec platform 9). */
function priceOf(item: { name: string; price: string }, typed: number | null | undefined): string {
  if (isToll(item.name)) {
    if (typed == null) throw new AppError(400, 'Toll amount field is required!');
    if (typed <= 0) throw new AppError(400, 'Toll amount must be more than 0.');
    return String(typed);
  }
  if (typed != null) throw new AppError(400, `The price of ${item.name} comes from the catalogue; only the Toll amount is typed.`);
  return item.price;
}

/** `WorkOrder/standardItems/add`: a catalogue item on a work order, priced from the catalogue (the Toll as typed). */
export async function addStandardItem(ctx: Ctx, access: Access, body: AddStandardItemBody): Promise<WorkOrderStandardItem> {
  const added = await ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, body.workOrderId);
    const [item] = await tx
      .select()
      .from(standardItems)
      .where(ofTenant(standardItems, ctx, eq(standardItems.id, body.standardItemId), eq(standardItems.isActive, true)));
    if (!item) throw notFound('Standard item');
    return insertItem(tx, ctx, {
      workOrderId: body.workOrderId,
      standardItemId: item.id,
      name: item.name,
      quantity: String(body.quantity),
      unitPrice: priceOf(item, body.unitPrice),
    });
  });
  publishWorkOrderChanged(ctx, body.workOrderId, 'workOrderItems');
  return added;
}

/** `RateSheetStandardItem/list/{billingCustomerId}`: the items of the billing customer's rate sheet version in effect today. */
export async function listRateSheetStandardItems(ctx: Ctx, billingCustomerId: number) {
  const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, billingCustomerId)));
  if (!customer) throw notFound('Billing customer');
  const rows = await ctx.db
    .select({ item: rateSheetStandardItems, sheetName: customerRateSheets.name, rateType: itemRateTypes.name })
    .from(rateSheetStandardItems)
    .innerJoin(customerRateSheets, eq(customerRateSheets.id, rateSheetStandardItems.customerRateSheetId))
    .innerJoin(itemRateTypes, eq(itemRateTypes.id, rateSheetStandardItems.itemRateTypeId))
    .where(ofTenant(rateSheetStandardItems, ctx, eq(customerRateSheets.id, sheetInEffectSql(ctx.actor.subscriberId, billingCustomerId, instantSql(ctx.now)))))
    .orderBy(asc(customerRateSheets.name), asc(rateSheetStandardItems.name), asc(rateSheetStandardItems.itemRateTypeId), asc(rateSheetStandardItems.id));
  return rows.map(({ item, sheetName, rateType }) => ({
    rateSheetStandardItemId: item.id,
    name: item.name,
    itemRateTypeId: item.itemRateTypeId,
    itemRateTypeName: rateType,
    price: amount(item.price),
    rateSheetName: sheetName,
  }));
}

/**
 * `WorkOrder/rateSheetStandardItems/add`: an item of a rate sheet, at the agreed price. The rate sheet must be one
 * of the work order's billing customer: another customer's agreed price would bill the wrong party.
 */
export async function addRateSheetStandardItem(ctx: Ctx, access: Access, body: AddRateSheetStandardItemBody): Promise<WorkOrderStandardItem> {
  const added = await ctx.db.transaction(async (tx) => {
    const workOrder = await visibleWorkOrder(tx, ctx, access, body.workOrderId);
    const [found] = await tx
      .select({ item: rateSheetStandardItems, billingCustomerId: customerRateSheets.billingCustomerId })
      .from(rateSheetStandardItems)
      .innerJoin(customerRateSheets, eq(customerRateSheets.id, rateSheetStandardItems.customerRateSheetId))
      .where(ofTenant(rateSheetStandardItems, ctx, eq(rateSheetStandardItems.id, body.rateSheetStandardItemId)));
    if (!found) throw notFound('Rate sheet standard item');
    if (workOrder.billingCustomerId == null || found.billingCustomerId !== workOrder.billingCustomerId) {
      throw new AppError(400, "This item is not on a rate sheet of the work order's billing customer.");
    }
    return insertItem(tx, ctx, {
      workOrderId: body.workOrderId,
      rateSheetStandardItemId: found.item.id,
      name: found.item.name,
      itemRateTypeId: found.item.itemRateTypeId,
      quantity: String(body.quantity),
      unitPrice: found.item.price,
    });
  });
  publishWorkOrderChanged(ctx, body.workOrderId, 'workOrderItems');
  return added;
}

/** `DELETE WorkOrder/standardItems/{workOrderStandardItemId}`: either kind; the route requires the delete permission. */
export async function deleteStandardItem(ctx: Ctx, access: Access, id: number) {
  const workOrderId = await ctx.db.transaction(async (tx) => {
    const ofItem = await workOrderOfItem(tx, ctx, access, workOrderStandardItems, id, 'Standard item');
    const [gone] = await tx.delete(workOrderStandardItems).where(ofTenant(workOrderStandardItems, ctx, eq(workOrderStandardItems.id, id))).returning();
    await recordAudit(tx, ctx, { entity: 'workOrderStandardItem', entityId: id, action: 'delete', before: snapshot(gone) });
    return ofItem;
  });
  publishWorkOrderChanged(ctx, workOrderId, 'workOrderItems');
  return { message: 'Standard item deleted.' };
}
