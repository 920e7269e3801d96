import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { jsonNumberOf, type Access, type Equipment, type EquipmentChoices, type EquipmentListAnswer, type EquipmentListParsed } from '@sm/shared';
import { customers, equipment, equipmentCategories, equipmentMakes, equipmentModels, refrigerants, voltages } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { customerAddressLine } from '../customers/customer-address';
import { containsPattern, visibleCustomers } from '../customers/customer-visibility';

/** The register's columns with the names of the rows they point at; the caller filters and orders. */
const selectEquipment = (db: DbOrTx) =>
  db
    .select({
      e: equipment,
      customerName: customers.name,
      customerAddress: customerAddressLine,
      categoryName: equipmentCategories.name,
      makeName: equipmentMakes.name,
      modelName: equipmentModels.name,
      refrigerantName: refrigerants.name,
      voltageName: voltages.name,
    })
    .from(equipment)
    .innerJoin(customers, eq(customers.id, equipment.customerId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .leftJoin(equipmentMakes, eq(equipmentMakes.id, equipment.makeId))
    .leftJoin(equipmentModels, eq(equipmentModels.id, equipment.modelId))
    .leftJoin(refrigerants, eq(refrigerants.id, equipment.refrigerantId))
    .leftJoin(voltages, eq(voltages.id, equipment.voltageId))
    .$dynamic();

type Selected = Awaited<ReturnType<ReturnType<typeof selectEquipment>['execute']>>[number];

const rowOf = ({ e, ...names }: Selected): Equipment => ({
  equipmentId: e.id,
  customerId: e.customerId,
  customerName: names.customerName,
  customerAddress: names.customerAddress,
  name: e.name,
  categoryId: e.categoryId,
  categoryName: names.categoryName,
  makeId: e.makeId,
  makeName: names.makeName,
  modelId: e.modelId,
  modelName: names.modelName,
  serialNumber: e.serialNumber,
  refrigerantId: e.refrigerantId,
  refrigerantName: names.refrigerantName,
  chargePounds: e.chargePounds == null ? null : jsonNumberOf(e.chargePounds),
  voltageId: e.voltageId,
  voltageName: names.voltageName,
  installedOn: e.installedOn,
  warrantyEndsOn: e.warrantyEndsOn,
  notes: e.notes,
  isActive: e.isActive,
});

/** The caller's company's equipment at the locations the caller may see (customer visibility), with the conditions. */
const visibleEquipment = (ctx: Ctx, access: Access, ...more: (SQL | undefined)[]) => ofTenant(equipment, ctx, visibleCustomers(ctx, access), ...more);

/**
 * One piece of the caller's company at a location the caller sees; any other (another company's, a hidden location's,
 * a missing one) is the same 404.
 */
export async function equipmentById(db: DbOrTx, ctx: Ctx, access: Access, id: number): Promise<Equipment> {
  const [row] = await selectEquipment(db).where(visibleEquipment(ctx, access, eq(equipment.id, id)));
  if (!row) throw notFound('Equipment');
  return rowOf(row);
}

/** The caller's company's pieces that match a condition, by name, whatever the location's visibility (the caller checked). */
export async function allEquipment(db: DbOrTx, ctx: Ctx, condition: SQL): Promise<Equipment[]> {
  const rows = await selectEquipment(db).where(ofTenant(equipment, ctx, condition)).orderBy(asc(sql`lower(${equipment.name})`), asc(equipment.id));
  return rows.map(rowOf);
}

/** `GET Equipment/{equipmentId}`. */
export const getEquipment = (ctx: Ctx, access: Access, id: number) => equipmentById(ctx.db, ctx, access, id);

/**
 * `GET Equipment`: a page of the register, by location then name, filtered by location, category, state (active,
 * retired or all) and a text found in the serial, the name, the model or the make.
 */
export async function listEquipment(ctx: Ctx, access: Access, q: EquipmentListParsed): Promise<EquipmentListAnswer> {
  const text = q.search ? containsPattern(q.search) : undefined;
  const where = visibleEquipment(
    ctx,
    access,
    q.customerId ? eq(equipment.customerId, q.customerId) : undefined,
    q.categoryId ? eq(equipment.categoryId, q.categoryId) : undefined,
    q.state === 'all' ? undefined : eq(equipment.isActive, q.state === 'active'),
    text
      ? or(
          sql`lower(coalesce(${equipment.serialNumber}, '')) like ${text}`,
          sql`lower(${equipment.name}) like ${text}`,
          sql`lower(coalesce(${equipmentModels.name}, '')) like ${text}`,
          sql`lower(coalesce(${equipmentMakes.name}, '')) like ${text}`,
        )
      : undefined,
  );
  const rows = await selectEquipment(ctx.db)
    .where(where)
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id), asc(sql`lower(${equipment.name})`), asc(equipment.id))
    .limit(q.take)
    .offset(q.skip);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(equipment)
    .innerJoin(customers, eq(customers.id, equipment.customerId))
    .leftJoin(equipmentMakes, eq(equipmentMakes.id, equipment.makeId))
    .leftJoin(equipmentModels, eq(equipmentModels.id, equipment.modelId))
    .where(and(where));
  return { data: rows.map(rowOf), total: n };
}

/** The rows of one of the company's equipment information lists, by name. */
function namedRows(ctx: Ctx, t: PgTable & { id: PgColumn; name: PgColumn; isActive: PgColumn; subscriberId: PgColumn }) {
  return ctx.db.select({ id: t.id, name: t.name, isActive: t.isActive }).from(t).where(ofTenant(t, ctx)).orderBy(asc(sql`lower(${t.name})`), asc(t.id)) as Promise<
    { id: number; name: string; isActive: boolean }[]
  >;
}

/** `GET Equipment/choices`: the company's categories, makes, models, refrigerants and voltages, by name. */
export async function equipmentChoices(ctx: Ctx): Promise<EquipmentChoices> {
  const [categories, makes, refrigerantRows, voltageRows, models] = await Promise.all([
    namedRows(ctx, equipmentCategories),
    namedRows(ctx, equipmentMakes),
    namedRows(ctx, refrigerants),
    namedRows(ctx, voltages),
    ctx.db
      .select({ id: equipmentModels.id, name: equipmentModels.name, isActive: equipmentModels.isActive, makeId: equipmentModels.makeId })
      .from(equipmentModels)
      .where(ofTenant(equipmentModels, ctx))
      .orderBy(asc(sql`lower(${equipmentModels.name})`), asc(equipmentModels.id)),
  ]);
  return { categories, makes, models, refrigerants: refrigerantRows, voltages: voltageRows };
}
