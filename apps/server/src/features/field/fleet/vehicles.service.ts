import { eq, inArray, ne } from 'drizzle-orm';
import type { ReferenceListKey, Vehicle, VehicleParsed } from '@sm/shared';
import { companyListRows, users, vehicleFlagLinks, vehicles } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import { companyToday } from '../../platform/subscribers/company-time';
import { vehicleRow, vehicleRows } from './vehicle-rows';

/** The vehicle as its row holds it, locked for the change. */
async function storedVehicle(tx: Tx, ctx: Ctx, vehicleId: number) {
  const [row] = await tx.select().from(vehicles).where(ofTenant(vehicles, ctx, eq(vehicles.id, vehicleId))).for('update');
  return foundOrThrow(row, 'Vehicle');
}

/**
 * The rows of a fleet list a vehicle names must be the company's rows of that list (another company's is a 404); a
 * retired one only where the vehicle named it already.
 */
async function ensureListRows(tx: Tx, ctx: Ctx, listKey: ReferenceListKey, label: string, ids: number[], kept: number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: companyListRows.id, name: companyListRows.name, isActive: companyListRows.isActive })
    .from(companyListRows)
    .where(ofTenant(companyListRows, ctx, eq(companyListRows.listKey, listKey), inArray(companyListRows.id, ids)));
  for (const id of ids) {
    const row = found.find((f) => f.id === id);
    if (!row) throw notFound(label);
    if (!row.isActive && !kept.includes(id)) throw new AppError(400, `${row.name} is retired: choose another ${label.toLowerCase()}.`);
  }
}

/** Every row the body names belongs to the caller's company: lists, flags and the technician (an active user). */
async function ensureNames(tx: Tx, ctx: Ctx, body: VehicleParsed, before?: typeof vehicles.$inferSelect, flagsBefore: number[] = []) {
  await ensureListRows(tx, ctx, 'fleetDescriptions', 'Description', [body.fleetDescriptionId], before ? [before.fleetDescriptionId] : []);
  await ensureListRows(tx, ctx, 'fleetStatuses', 'Status', [body.fleetStatusId], before ? [before.fleetStatusId] : []);
  await ensureListRows(tx, ctx, 'fleetFlags', 'Flag', [...new Set(body.fleetFlagIds)], flagsBefore);
  if (body.technicianId == null) return;
  const [tech] = await tx.select({ name: users.name, isActive: users.isActive }).from(users).where(ofTenant(users, ctx, eq(users.id, body.technicianId)));
  if (!tech) throw notFound('Technician');
  if (!tech.isActive && body.technicianId !== before?.technicianId) throw new AppError(400, `${tech.name} is not an active user: choose an active technician.`);
}

/** A VIN is one active vehicle's: another active vehicle of the company holding it is a 409 naming its plate. */
async function ensureVinFree(tx: Tx, ctx: Ctx, vin: string | null | undefined, exceptId?: number) {
  if (!vin) return;
  const [other] = await tx
    .select({ plate: vehicles.plate })
    .from(vehicles)
    .where(ofTenant(vehicles, ctx, eq(vehicles.vin, vin), eq(vehicles.isActive, true), exceptId ? ne(vehicles.id, exceptId) : undefined));
  if (other) throw new AppError(409, `VIN ${vin} is already on vehicle ${other.plate}.`);
}

const valuesOf = (body: VehicleParsed) => ({
  fleetDescriptionId: body.fleetDescriptionId,
  year: body.year ?? null,
  make: body.make || null,
  model: body.model || null,
  plate: body.plate,
  vin: body.vin ?? null,
  technicianId: body.technicianId ?? null,
  fleetStatusId: body.fleetStatusId,
  serviceDueOn: body.serviceDueOn ?? null,
  serviceDueMiles: body.serviceDueMiles ?? null,
  notes: body.notes || null,
});

async function setFlags(tx: Tx, ctx: Ctx, vehicleId: number, flagIds: number[]) {
  await tx.delete(vehicleFlagLinks).where(ofTenant(vehicleFlagLinks, ctx, eq(vehicleFlagLinks.vehicleId, vehicleId)));
  const unique = [...new Set(flagIds)];
  if (unique.length > 0) await tx.insert(vehicleFlagLinks).values(unique.map((fleetFlagId) => ({ subscriberId: ctx.actor.subscriberId, vehicleId, fleetFlagId })));
}

/** `GET Fleet/vehicles`: the company's vehicles by plate, the retired ones too when asked. */
export async function listVehicles(ctx: Ctx, query: { includeRetired: 'true' | 'false' }): Promise<Vehicle[]> {
  const today = await companyToday(ctx);
  return vehicleRows(ctx, ctx.db, today, query.includeRetired === 'true' ? undefined : eq(vehicles.isActive, true));
}

/** `POST Fleet/vehicles`. */
export async function addVehicle(ctx: Ctx, body: VehicleParsed): Promise<Vehicle> {
  return ctx.db.transaction(async (tx) => {
    await ensureNames(tx, ctx, body);
    await ensureVinFree(tx, ctx, body.vin);
    const [row] = await tx.insert(vehicles).values({ subscriberId: ctx.actor.subscriberId, ...valuesOf(body) }).returning({ id: vehicles.id });
    await setFlags(tx, ctx, row.id, body.fleetFlagIds);
    return (await vehicleRow(ctx, tx, await companyToday(ctx, tx), row.id))!;
  });
}

/** `PUT Fleet/vehicles/{vehicleId}`: the whole vehicle; a retired one is changed too (its plate, its notes). */
export async function updateVehicle(ctx: Ctx, vehicleId: number, body: VehicleParsed): Promise<Vehicle> {
  return ctx.db.transaction(async (tx) => {
    const before = await storedVehicle(tx, ctx, vehicleId);
    const flagsBefore = (await tx.select({ id: vehicleFlagLinks.fleetFlagId }).from(vehicleFlagLinks).where(ofTenant(vehicleFlagLinks, ctx, eq(vehicleFlagLinks.vehicleId, vehicleId)))).map((f) => f.id);
    await ensureNames(tx, ctx, body, before, flagsBefore);
    if (before.isActive) await ensureVinFree(tx, ctx, body.vin, vehicleId);
    await tx.update(vehicles).set(valuesOf(body)).where(ofTenant(vehicles, ctx, eq(vehicles.id, vehicleId)));
    await setFlags(tx, ctx, vehicleId, body.fleetFlagIds);
    return (await vehicleRow(ctx, tx, await companyToday(ctx, tx), vehicleId))!;
  });
}

/**
 * `DELETE Fleet/vehicles/{vehicleId}`: retires the vehicle. It keeps its logs and inspections for the records, leaves
 * its technician's phone and frees its VIN for a vehicle added later.
 */
export async function retireVehicle(ctx: Ctx, vehicleId: number): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const before = await storedVehicle(tx, ctx, vehicleId);
    if (!before.isActive) throw new AppError(409, `Vehicle ${before.plate} is already retired.`);
    await tx.update(vehicles).set({ isActive: false, technicianId: null }).where(ofTenant(vehicles, ctx, eq(vehicles.id, vehicleId)));
    return { message: `Vehicle ${before.plate} is retired.` };
  });
}
