import { and, asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { lineTotal, MATERIAL_STOCK_STATUS, PARTS_WORK_ORDER_STATUS, priceWithMarkup, sumMoney, type Access, type AddMaterialBody, type MaterialRow, type UpdateMaterialBody, type WorkOrderMaterials } from '@sm/shared';
import { materialStatuses, materialStock, users, warehouses, workOrderMaterials, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { publishHubEvent, publishWorkOrderChanged } from '../../platform/realtime/publish';
import { syncMaterialCredit } from '../purchasing/vendor-credit-material.service';
import { visibleWorkOrder, visibleWorkOrders } from '../work-orders/work-order-visibility';
import { materialFacts } from './material-facts';
import { resolvePlace, storeMaterialStock, type NamedPlace, type ResolvedPlace } from './material-stock.service';
import { amount, ensureMayDeleteItems, textOrNull } from './work-order-item-access';

type MaterialInput = Omit<AddMaterialBody, 'workOrderId'> & UpdateMaterialBody;
type Stored = typeof workOrderMaterials.$inferSelect;
type Place = Pick<typeof materialStock.$inferSelect, 'itemId' | 'warehouseId' | 'transferToWarehouseId' | 'writeOffReason' | 'vendorId'>;
type Names = { warehouseName: string | null; transferToName: string | null };

const fromPlaces = alias(warehouses, 'from_places');
const toPlaces = alias(warehouses, 'to_places');

/** `MaterialStatus/list`: the statuses of spec platform 4.10, in id order. */
export async function listMaterialStatuses(ctx: Ctx) {
  const rows = await ctx.db.select().from(materialStatuses).orderBy(asc(materialStatuses.id));
  return rows.map((s) => ({ materialStatusId: s.id, materialStatus: s.name }));
}

function rowOf(m: Stored, materialStatus: string, createdBy: string | null, place: Place | null, names: Names): MaterialRow {
  return {
    materialId: m.id,
    materialStatusId: m.materialStatusId,
    materialStatus,
    partNumber: m.partNumber,
    description: m.description,
    quantity: amount(m.quantity),
    unitCost: amount(m.unitCost),
    markupPercent: amount(m.markupPercent),
    unitPrice: amount(m.unitPrice),
    lineTotal: amount(lineTotal(m.quantity, m.unitPrice)),
    createdBy,
    createdAt: m.createdAt.toISOString(),
    itemId: place?.itemId ?? null,
    warehouseId: place?.warehouseId ?? null,
    warehouseName: names.warehouseName,
    transferToWarehouseId: place?.transferToWarehouseId ?? null,
    transferToWarehouseName: names.transferToName,
    writeOffReason: place?.writeOffReason ?? null,
    vendorId: place?.vendorId ?? null,
  };
}

const selectMaterials = (db: DbOrTx) =>
  db
    .select({ m: workOrderMaterials, status: materialStatuses.name, createdBy: users.name, place: materialStock, warehouseName: fromPlaces.name, transferToName: toPlaces.name })
    .from(workOrderMaterials)
    .innerJoin(materialStatuses, eq(materialStatuses.id, workOrderMaterials.materialStatusId))
    .leftJoin(users, eq(users.id, workOrderMaterials.createdBy))
    .leftJoin(materialStock, eq(materialStock.materialId, workOrderMaterials.id))
    .leftJoin(fromPlaces, eq(fromPlaces.id, materialStock.warehouseId))
    .leftJoin(toPlaces, eq(toPlaces.id, materialStock.transferToWarehouseId))
    .$dynamic();

const answerOf = (r: Awaited<ReturnType<ReturnType<typeof selectMaterials>['execute']>>[number]) => rowOf(r.m, r.status, r.createdBy, r.place, r);

/**
 * `WorkOrder/{workOrderId}/materials`: the parts of a work order, oldest first, with the exact sums of their costs
 * (quantity × unit cost) and of their line totals (quantity × unit price).
 */
export async function listMaterials(ctx: Ctx, access: Access, workOrderId: number): Promise<WorkOrderMaterials> {
  await visibleWorkOrder(ctx.db, ctx, access, workOrderId);
  const rows = await selectMaterials(ctx.db)
    .where(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.workOrderId, workOrderId)))
    .orderBy(asc(workOrderMaterials.createdAt), asc(workOrderMaterials.id));
  return {
    materials: rows.map(answerOf),
    totalCost: amount(sumMoney(rows.map((r) => lineTotal(r.m.quantity, r.m.unitCost)))),
    totalPrice: amount(sumMoney(rows.map((r) => lineTotal(r.m.quantity, r.m.unitPrice)))),
  };
}

/**
 * The stored values of a material; a stocked part's number, description and cost default to its item's, and a price
 * left out is the item's price (when it has one and no markup is given) or the cost with its markup, to the cent.
 */
function valuesOf(input: MaterialInput, place: ResolvedPlace | null, statusName: string | null) {
  if (statusName == null) throw new AppError(400, 'Material Status is not valid.');
  const markupPercent = input.markupPercent ?? 0;
  const item = place?.item;
  const unitCost = input.unitCost != null ? String(input.unitCost) : item?.unitCost;
  const description = textOrNull(input.description) ?? item?.description;
  if (unitCost == null || description == null) throw new AppError(400, unitCost == null ? 'Unit Cost field is required!' : 'Description field is required!');
  const listPrice = markupPercent === 0 ? item?.unitPrice : null;
  const values = {
    materialStatusId: input.materialStatusId,
    partNumber: textOrNull(input.partNumber) ?? item?.partNumber ?? null,
    description,
    quantity: String(input.quantity),
    unitCost,
    markupPercent: String(markupPercent),
    unitPrice: input.unitPrice != null ? String(input.unitPrice) : (listPrice ?? priceWithMarkup(unitCost, markupPercent)),
  };
  return { values, statusName };
}

/**
 * The stock and the vendor credit of a material follow its status and place, in its transaction; the boards hear of a
 * work order moved to Return Parts For Credit after the commit.
 */
async function followStock(tx: Tx, ctx: Ctx, row: Stored, place: ResolvedPlace | null, before: { statusId: number; stored: Place | null } | null) {
  await storeMaterialStock(tx, ctx, { ...row, isNew: before === null }, place, before?.stored ?? null);
  return syncMaterialCredit(tx, ctx, row, place, before?.statusId === MATERIAL_STOCK_STATUS.returnedForCredit);
}

/** The answer of a material just written, from what its transaction already holds. */
const answerAfter = (m: Stored, statusName: string, createdBy: string | null, place: ResolvedPlace | null): MaterialRow =>
  rowOf(m, statusName, createdBy, place, { warehouseName: place?.warehouseName ?? null, transferToName: place?.transferToName ?? null });

/**
 * One material of the caller's company on a work order the caller may see, locked for the change, with its author's
 * name and its stored place (and the names of its locations); a 404 as for a missing one otherwise.
 */
async function lockedMaterial(tx: Tx, ctx: Ctx, access: Access, materialId: number) {
  const [row] = await selectMaterials(tx)
    .innerJoin(workOrders, eq(workOrders.id, workOrderMaterials.workOrderId))
    .where(and(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.id, materialId)), ofTenant(workOrders, ctx), visibleWorkOrders(ctx, access)) as SQL)
    .for('update', { of: workOrderMaterials });
  if (!row) throw notFound('Material');
  const stored: NamedPlace | null = row.place && { ...row.place, warehouseName: row.warehouseName, transferToName: row.transferToName };
  return { before: row.m, createdBy: row.createdBy, stored };
}

/** A stored place as the audit records it: the row, without the names of its locations. */
const auditedPlace = (stored: NamedPlace | null) => {
  if (!stored) return null;
  const { warehouseName: _w, transferToName: _t, ...place } = stored;
  return place;
};

function tellBoards(ctx: Ctx, workOrderId: number, moved: boolean) {
  publishWorkOrderChanged(ctx, workOrderId, 'workOrderItems');
  if (moved) publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderStatus', workOrderId, workOrderStatusId: PARTS_WORK_ORDER_STATUS.returnPartsForCredit });
}

const snapshot = (m: Stored) => ({
  workOrderId: m.workOrderId,
  materialStatusId: m.materialStatusId,
  partNumber: m.partNumber,
  description: m.description,
  quantity: m.quantity,
  unitCost: m.unitCost,
  markupPercent: m.markupPercent,
  unitPrice: m.unitPrice,
});
const placeSnapshot = (p: ResolvedPlace | null) =>
  p && { itemId: p.itemId, warehouseId: p.warehouseId, transferToWarehouseId: p.transferToWarehouseId, writeOffReason: p.writeOffReason, vendorId: p.vendorId };

/** `WorkOrder/material/add`: a part on a work order the caller may see; a stocked part moves stock. Audited. */
export async function addMaterial(ctx: Ctx, access: Access, body: AddMaterialBody): Promise<MaterialRow> {
  const facts = await materialFacts(ctx, access, body);
  if (facts.workOrderId == null) throw notFound('Work order');
  const place = resolvePlace(facts, ctx, access, body, null);
  const { values, statusName } = valuesOf(body, place, facts.statusName);
  const { answer, moved } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workOrderMaterials)
      .values({ ...values, subscriberId: ctx.actor.subscriberId, workOrderId: body.workOrderId, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning();
    const moved = await followStock(tx, ctx, row, place, null);
    await recordAudit(tx, ctx, { entity: 'workOrderMaterial', entityId: row.id, action: 'create', after: { ...snapshot(row), stock: placeSnapshot(place) } });
    return { answer: answerAfter(row, statusName, facts.callerName, place), moved };
  });
  tellBoards(ctx, body.workOrderId, moved);
  return answer;
}

/** `PUT WorkOrder/material/{materialId}`: every field of the part again; stock moves by the difference. Audited. */
export async function updateMaterial(ctx: Ctx, access: Access, materialId: number, body: UpdateMaterialBody): Promise<MaterialRow> {
  const facts = await materialFacts(ctx, access, body);
  const { answer, moved, workOrderId } = await ctx.db.transaction(async (tx) => {
    const { before, createdBy, stored } = await lockedMaterial(tx, ctx, access, materialId);
    const place = resolvePlace(facts, ctx, access, body, stored);
    const { values, statusName } = valuesOf(body, place, facts.statusName);
    const [after] = await tx.update(workOrderMaterials).set(values).where(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.id, materialId))).returning();
    const moved = await followStock(tx, ctx, after, place, { statusId: before.materialStatusId, stored });
    await recordAudit(tx, ctx, {
      entity: 'workOrderMaterial', entityId: materialId, action: 'update', before: { ...snapshot(before), stock: auditedPlace(stored) }, after: { ...snapshot(after), stock: placeSnapshot(place) },
    });
    return { answer: answerAfter(after, statusName, createdBy, place), moved, workOrderId: after.workOrderId };
  });
  tellBoards(ctx, workOrderId, moved);
  return answer;
}

/**
 * `DELETE WorkOrder/material/{materialId}`: needs 'Delete Labor Standard Items & Equipments' besides Materials write.
 * Whatever the part took from stock is given back, and its vendor credit line removed.
 */
export async function deleteMaterial(ctx: Ctx, access: Access, materialId: number) {
  ensureMayDeleteItems(access);
  const workOrderId = await ctx.db.transaction(async (tx) => {
    const { before: current, stored: named } = await lockedMaterial(tx, ctx, access, materialId);
    const stored = auditedPlace(named);
    await followStock(tx, ctx, current, null, { statusId: current.materialStatusId, stored });
    const [gone] = await tx.delete(workOrderMaterials).where(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.id, materialId))).returning();
    await recordAudit(tx, ctx, { entity: 'workOrderMaterial', entityId: materialId, action: 'delete', before: { ...snapshot(gone), stock: stored } });
    return gone.workOrderId;
  });
  publishWorkOrderChanged(ctx, workOrderId, 'workOrderItems');
  return { message: 'Material deleted.' };
}
