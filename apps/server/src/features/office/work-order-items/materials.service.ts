import { asc, eq } from 'drizzle-orm';
import { lineTotal, priceWithMarkup, sumMoney, type Access, type AddMaterialBody, type MaterialRow, type UpdateMaterialBody, type WorkOrderMaterials } from '@sm/shared';
import { materialStatuses, users, workOrderMaterials } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { visibleWorkOrder } from '../work-orders/work-order-visibility';
import { amount, ensureMayDeleteItems, textOrNull, workOrderOfItem } from './work-order-item-access';

type MaterialInput = Omit<AddMaterialBody, 'workOrderId'> & UpdateMaterialBody;
type Stored = typeof workOrderMaterials.$inferSelect;

/** `MaterialStatus/list`: the statuses of spec platform 4.10, in id order. */
export async function listMaterialStatuses(ctx: Ctx) {
  const rows = await ctx.db.select().from(materialStatuses).orderBy(asc(materialStatuses.id));
  return rows.map((s) => ({ materialStatusId: s.id, materialStatus: s.name }));
}

function rowOf(m: Stored, materialStatus: string, createdBy: string | null): MaterialRow {
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
  };
}

const selectMaterials = (db: DbOrTx) =>
  db
    .select({ m: workOrderMaterials, status: materialStatuses.name, createdBy: users.name })
    .from(workOrderMaterials)
    .innerJoin(materialStatuses, eq(materialStatuses.id, workOrderMaterials.materialStatusId))
    .leftJoin(users, eq(users.id, workOrderMaterials.createdBy))
    .$dynamic();

async function materialById(db: DbOrTx, ctx: Ctx, materialId: number): Promise<MaterialRow> {
  const [r] = await selectMaterials(db).where(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.id, materialId)));
  if (!r) throw notFound('Material');
  return rowOf(r.m, r.status, r.createdBy);
}

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
    materials: rows.map((r) => rowOf(r.m, r.status, r.createdBy)),
    totalCost: amount(sumMoney(rows.map((r) => lineTotal(r.m.quantity, r.m.unitCost)))),
    totalPrice: amount(sumMoney(rows.map((r) => lineTotal(r.m.quantity, r.m.unitPrice)))),
  };
}

/** The stored values of a material; a price left out is the cost with its markup, to the cent. */
async function valuesOf(tx: Tx, input: MaterialInput) {
  const [status] = await tx.select({ id: materialStatuses.id }).from(materialStatuses).where(eq(materialStatuses.id, input.materialStatusId));
  if (!status) throw new AppError(400, 'Material Status is not valid.');
  const markupPercent = input.markupPercent ?? 0;
  return {
    materialStatusId: input.materialStatusId,
    partNumber: textOrNull(input.partNumber),
    description: input.description,
    quantity: String(input.quantity),
    unitCost: String(input.unitCost),
    markupPercent: String(markupPercent),
    unitPrice: input.unitPrice == null ? priceWithMarkup(input.unitCost, markupPercent) : String(input.unitPrice),
  };
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

/** `WorkOrder/material/add`: a part on a work order the caller may see, recorded in the audit log. */
export async function addMaterial(ctx: Ctx, access: Access, body: AddMaterialBody): Promise<MaterialRow> {
  return ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, body.workOrderId);
    const values = await valuesOf(tx, body);
    const [row] = await tx
      .insert(workOrderMaterials)
      .values({ ...values, subscriberId: ctx.actor.subscriberId, workOrderId: body.workOrderId, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning();
    await recordAudit(tx, ctx, { entity: 'workOrderMaterial', entityId: row.id, action: 'create', after: snapshot(row) });
    return materialById(tx, ctx, row.id);
  });
}

/** `PUT WorkOrder/material/{materialId}`: every field of the part again; the change is audited. */
export async function updateMaterial(ctx: Ctx, access: Access, materialId: number, body: UpdateMaterialBody): Promise<MaterialRow> {
  return ctx.db.transaction(async (tx) => {
    await workOrderOfItem(tx, ctx, access, workOrderMaterials, materialId, 'Material');
    const [before] = await tx.select().from(workOrderMaterials).where(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.id, materialId))).for('update');
    const values = await valuesOf(tx, body);
    const [after] = await tx.update(workOrderMaterials).set(values).where(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.id, materialId))).returning();
    await recordAudit(tx, ctx, { entity: 'workOrderMaterial', entityId: materialId, action: 'update', before: snapshot(before), after: snapshot(after) });
    return materialById(tx, ctx, materialId);
  });
}

/** `DELETE WorkOrder/material/{materialId}`: needs 'Delete Labor Standard Items & Equipments' besides Materials write. */
export async function deleteMaterial(ctx: Ctx, access: Access, materialId: number) {
  ensureMayDeleteItems(access);
  return ctx.db.transaction(async (tx) => {
    await workOrderOfItem(tx, ctx, access, workOrderMaterials, materialId, 'Material');
    const [gone] = await tx.delete(workOrderMaterials).where(ofTenant(workOrderMaterials, ctx, eq(workOrderMaterials.id, materialId))).returning();
    await recordAudit(tx, ctx, { entity: 'workOrderMaterial', entityId: materialId, action: 'delete', before: snapshot(gone) });
    return { message: 'Material deleted.' };
  });
}
