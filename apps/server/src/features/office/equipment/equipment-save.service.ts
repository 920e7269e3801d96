import { and, eq, ne, sql } from 'drizzle-orm';
import type { Access, Equipment, SaveEquipmentParsed } from '@sm/shared';
import { equipment, equipmentMakes, equipmentModels } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { ensureListRow } from '../../platform/reference-lists/reference-lists.service';
import { visibleCustomer } from '../customers/customer-visibility';
import { equipmentById } from './equipment-read.service';

const snapshot = (e: Equipment) => {
  const { customerName: _c, customerAddress: _a, ...rest } = e;
  return rest;
};

/**
 * The make of a body: the one given, or the model's when only a model is; a model of another make is refused. Every
 * row named must be of the caller's company (404 with its label otherwise).
 */
async function checkedReferences(tx: Tx, ctx: Ctx, access: Access, body: SaveEquipmentParsed): Promise<{ makeId: number | null }> {
  await visibleCustomer(tx, ctx, access, body.customerId);
  await ensureListRow(tx, ctx, 'equipmentCategories', body.categoryId, 'Category');
  if (body.refrigerantId != null) await ensureListRow(tx, ctx, 'refrigerants', body.refrigerantId, 'Refrigerant');
  if (body.voltageId != null) await ensureListRow(tx, ctx, 'voltages', body.voltageId, 'Voltage');
  if (body.makeId != null) await ensureListRow(tx, ctx, 'equipmentMakes', body.makeId, 'Make');
  if (body.modelId == null) return { makeId: body.makeId ?? null };
  const [model] = await tx
    .select({ makeId: equipmentModels.makeId, name: equipmentModels.name, makeName: equipmentMakes.name })
    .from(equipmentModels)
    .innerJoin(equipmentMakes, eq(equipmentMakes.id, equipmentModels.makeId))
    .where(ofTenant(equipmentModels, ctx, eq(equipmentModels.id, body.modelId)));
  if (!model) throw notFound('Model');
  if (body.makeId != null && body.makeId !== model.makeId) throw new AppError(400, `The model ${model.name} is a model of ${model.makeName}, not of the make chosen.`);
  return { makeId: model.makeId };
}

/** The serial is unique among the company's equipment of one make: the sentence names the piece that has it. */
async function ensureSerialFree(tx: Tx, ctx: Ctx, makeId: number | null, serial: string | null, exceptId?: number) {
  if (!serial || makeId == null) return;
  const [taken] = await tx
    .select({ name: equipment.name })
    .from(equipment)
    .where(ofTenant(equipment, ctx, eq(equipment.makeId, makeId), sql`lower(${equipment.serialNumber}) = lower(${serial})`, exceptId ? ne(equipment.id, exceptId) : undefined));
  if (taken) throw serialTaken(serial, taken.name);
}

const serialTaken = (serial: string, name?: string) =>
  new AppError(409, name ? `The serial number ${serial} of this make is already registered, on ${name}.` : `The serial number ${serial} of this make is already registered.`);

const valuesOf = (body: SaveEquipmentParsed, makeId: number | null) => ({
  customerId: body.customerId,
  name: body.name,
  categoryId: body.categoryId,
  makeId,
  modelId: body.modelId ?? null,
  serialNumber: body.serialNumber ? body.serialNumber : null,
  refrigerantId: body.refrigerantId ?? null,
  chargePounds: body.chargePounds == null ? null : body.chargePounds.toFixed(2),
  voltageId: body.voltageId ?? null,
  installedOn: body.installedOn ?? null,
  warrantyEndsOn: body.warrantyEndsOn ?? null,
  notes: body.notes?.trim() ? body.notes.trim() : null,
});

/** Runs a change, turning the serial index's refusal (two people registering one serial at once) into the sentence. */
async function changing<T>(ctx: Ctx, body: SaveEquipmentParsed, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
    const code = err.code ?? err.cause?.code;
    if (code === '23505' && body.serialNumber) throw serialTaken(body.serialNumber);
    throw e;
  }
}

/** `POST Equipment`: registers a piece of equipment at a location the caller sees, audited. */
export async function createEquipment(ctx: Ctx, access: Access, body: SaveEquipmentParsed): Promise<Equipment> {
  return changing(ctx, body, async (tx) => {
    const { makeId } = await checkedReferences(tx, ctx, access, body);
    const values = valuesOf(body, makeId);
    await ensureSerialFree(tx, ctx, makeId, values.serialNumber);
    const [{ id }] = await tx.insert(equipment).values({ subscriberId: ctx.actor.subscriberId, ...values }).returning({ id: equipment.id });
    const after = await equipmentById(tx, ctx, access, id);
    await recordAudit(tx, ctx, { entity: 'equipment', entityId: id, action: 'create', after: snapshot(after) });
    return after;
  });
}

/** `PUT Equipment/{equipmentId}`: changes a piece (moving it to another location keeps its history), audited. */
export async function updateEquipment(ctx: Ctx, access: Access, id: number, body: SaveEquipmentParsed): Promise<Equipment> {
  return changing(ctx, body, async (tx) => {
    const before = await lockedEquipment(tx, ctx, access, id);
    const { makeId } = await checkedReferences(tx, ctx, access, body);
    const values = valuesOf(body, makeId);
    await ensureSerialFree(tx, ctx, makeId, values.serialNumber, id);
    await tx.update(equipment).set(values).where(ofTenant(equipment, ctx, eq(equipment.id, id)));
    const after = await equipmentById(tx, ctx, access, id);
    await recordAudit(tx, ctx, { entity: 'equipment', entityId: id, action: 'update', before: snapshot(before), after: snapshot(after) });
    return after;
  });
}

/** `POST Equipment/{equipmentId}/retire` and `/reactivate`: a retired piece stays with its history but leaves the lists. */
export async function setEquipmentActive(ctx: Ctx, access: Access, id: number, isActive: boolean): Promise<Equipment> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedEquipment(tx, ctx, access, id);
    if (before.isActive === isActive) return before;
    await tx.update(equipment).set({ isActive }).where(ofTenant(equipment, ctx, eq(equipment.id, id)));
    const after = await equipmentById(tx, ctx, access, id);
    await recordAudit(tx, ctx, { entity: 'equipment', entityId: id, action: isActive ? 'reactivate' : 'retire', before: snapshot(before), after: snapshot(after) });
    return after;
  });
}

/** A piece the caller sees, its row locked for the change. */
async function lockedEquipment(tx: Tx, ctx: Ctx, access: Access, id: number): Promise<Equipment> {
  const row = await equipmentById(tx, ctx, access, id);
  await tx.select({ id: equipment.id }).from(equipment).where(and(ofTenant(equipment, ctx, eq(equipment.id, id)))).for('update');
  return row;
}
