import { and, count, desc, eq } from 'drizzle-orm';
import {
  canWrite, FLEET_INSPECTION_ITEMS, hasFunctionality, type Access, type Inspection, type InspectionParsed, type MileageLog, type MileageLogParsed, type MyAuto,
} from '@sm/shared';
import { users, vehicleInspections, vehicleMileageLogs, vehicles } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import { companyToday } from '../../platform/subscribers/company-time';
import { decimalOrNull, vehicleRows } from './vehicle-rows';

/**
 * A vehicle's mileage and fuel log and its inspections. A technician with My Auto reads and logs for the vehicle
 * assigned to him; All Fleet Records reads every vehicle's; Fleet write logs for any (the office writing up a paper
 * log). Another company's vehicle is a 404 before anything else.
 */
type Use = 'read' | 'log';

async function vehicleFor(ctx: Ctx, access: Access, db: DbOrTx, vehicleId: number, use: Use, lock = false) {
  const query = db.select().from(vehicles).where(ofTenant(vehicles, ctx, eq(vehicles.id, vehicleId)));
  const vehicle = foundOrThrow((await (lock ? query.for('update') : query))[0], 'Vehicle');
  const isOwn = vehicle.isActive && vehicle.technicianId === ctx.actor.userId && hasFunctionality(access, 'Fleet', 'My Auto');
  if (use === 'read' && !isOwn && !hasFunctionality(access, 'Fleet', 'All Fleet Records')) throw new AppError(403, 'You can read the records of the vehicle assigned to you only.');
  if (use === 'log' && !isOwn && !canWrite(access, 'Fleet')) throw new AppError(403, 'You can log only for the vehicle assigned to you.');
  if (use === 'log' && !vehicle.isActive) throw new AppError(409, `Vehicle ${vehicle.plate} is retired: nothing more is logged for it.`);
  return vehicle;
}

/** The day an entry is for: the one given, at most today (the company's), or today. */
async function dayOf(ctx: Ctx, db: DbOrTx, given: string | null | undefined) {
  const today = await companyToday(ctx, db);
  if (given && given > today) throw new AppError(400, 'The date cannot be in the future.');
  return given ?? today;
}

const logColumns = {
  mileageLogId: vehicleMileageLogs.id, vehicleId: vehicleMileageLogs.vehicleId, userId: vehicleMileageLogs.userId, userName: users.name, loggedOn: vehicleMileageLogs.loggedOn,
  odometer: vehicleMileageLogs.odometer, fuelGallons: vehicleMileageLogs.fuelGallons, fuelCost: vehicleMileageLogs.fuelCost, notes: vehicleMileageLogs.notes,
};
const inspectionColumns = {
  inspectionId: vehicleInspections.id, vehicleId: vehicleInspections.vehicleId, userId: vehicleInspections.userId, userName: users.name, inspectedOn: vehicleInspections.inspectedOn,
  odometer: vehicleInspections.odometer, items: vehicleInspections.items, needsAttention: vehicleInspections.needsAttention, notes: vehicleInspections.notes,
};

type LogRow = { fuelGallons: string | null; fuelCost: string | null } & Omit<MileageLog, 'fuelGallons' | 'fuelCost'>;
const logOf = (r: LogRow): MileageLog => ({ ...r, fuelGallons: decimalOrNull(r.fuelGallons), fuelCost: decimalOrNull(r.fuelCost) });
const labelOf = (item: string) => FLEET_INSPECTION_ITEMS.find((i) => i.key === item)?.label ?? item;
type InspectionRow = Omit<Inspection, 'items'> & { items: { item: string; result: 'ok' | 'needsAttention'; comment: string | null }[] };
const inspectionOf = (r: InspectionRow): Inspection => ({ ...r, items: r.items.map((i) => ({ ...i, label: labelOf(i.item) })) });

async function logsOf(ctx: Ctx, db: DbOrTx, vehicleId: number, take: number, skip = 0) {
  const rows = await db
    .select(logColumns)
    .from(vehicleMileageLogs)
    .innerJoin(users, eq(users.id, vehicleMileageLogs.userId))
    .where(ofTenant(vehicleMileageLogs, ctx, eq(vehicleMileageLogs.vehicleId, vehicleId)))
    .orderBy(desc(vehicleMileageLogs.loggedOn), desc(vehicleMileageLogs.odometer), desc(vehicleMileageLogs.id))
    .limit(take)
    .offset(skip);
  return rows.map(logOf);
}

async function inspectionsOf(ctx: Ctx, db: DbOrTx, vehicleId: number, take: number, skip = 0) {
  const rows = await db
    .select(inspectionColumns)
    .from(vehicleInspections)
    .innerJoin(users, eq(users.id, vehicleInspections.userId))
    .where(ofTenant(vehicleInspections, ctx, eq(vehicleInspections.vehicleId, vehicleId)))
    .orderBy(desc(vehicleInspections.inspectedOn), desc(vehicleInspections.id))
    .limit(take)
    .offset(skip);
  return rows.map(inspectionOf);
}

/**
 * `POST Fleet/vehicles/{vehicleId}/mileageLogs`: under the vehicle's row lock, a reading below its last one is refused
 * (409) and nothing is written; the reading becomes the vehicle's odometer (the log's trigger writes it).
 */
export async function addMileageLog(ctx: Ctx, access: Access, vehicleId: number, body: MileageLogParsed): Promise<MileageLog> {
  return ctx.db.transaction(async (tx) => {
    const vehicle = await vehicleFor(ctx, access, tx, vehicleId, 'log', true);
    if (vehicle.odometer !== null && body.odometer < vehicle.odometer) {
      throw new AppError(409, `The odometer reading ${body.odometer} is below the last reading of ${vehicle.odometer} for ${vehicle.plate}: check the reading.`);
    }
    const loggedOn = await dayOf(ctx, tx, body.loggedOn);
    const [row] = await tx
      .insert(vehicleMileageLogs)
      .values({
        subscriberId: ctx.actor.subscriberId, vehicleId, userId: ctx.actor.userId, loggedOn, odometer: body.odometer,
        fuelGallons: body.fuelGallons == null ? null : String(body.fuelGallons), fuelCost: body.fuelCost == null ? null : String(body.fuelCost), notes: body.notes || null,
      })
      .returning({ id: vehicleMileageLogs.id });
    const [saved] = await tx.select(logColumns).from(vehicleMileageLogs).innerJoin(users, eq(users.id, vehicleMileageLogs.userId)).where(ofTenant(vehicleMileageLogs, ctx, eq(vehicleMileageLogs.id, row.id)));
    return logOf(saved);
  });
}

/** `GET Fleet/vehicles/{vehicleId}/mileageLogs`: newest first, a page at a time. */
export async function listMileageLogs(ctx: Ctx, access: Access, vehicleId: number, page: { take: number; skip: number }) {
  await vehicleFor(ctx, access, ctx.db, vehicleId, 'read');
  const [{ total }] = await ctx.db.select({ total: count() }).from(vehicleMileageLogs).where(ofTenant(vehicleMileageLogs, ctx, eq(vehicleMileageLogs.vehicleId, vehicleId)));
  return { data: await logsOf(ctx, ctx.db, vehicleId, page.take, page.skip), total };
}

/** `POST Fleet/vehicles/{vehicleId}/inspections`: the checklist as the technician answered it. */
export async function addInspection(ctx: Ctx, access: Access, vehicleId: number, body: InspectionParsed): Promise<Inspection> {
  return ctx.db.transaction(async (tx) => {
    await vehicleFor(ctx, access, tx, vehicleId, 'log');
    const inspectedOn = await dayOf(ctx, tx, body.inspectedOn);
    const items = FLEET_INSPECTION_ITEMS.map(({ key }) => {
      const answer = body.items.find((i) => i.item === key)!;
      return { item: key, result: answer.result, comment: answer.comment || null };
    });
    const [row] = await tx
      .insert(vehicleInspections)
      .values({
        subscriberId: ctx.actor.subscriberId, vehicleId, userId: ctx.actor.userId, inspectedOn, odometer: body.odometer ?? null, items,
        needsAttention: items.filter((i) => i.result === 'needsAttention').length, notes: body.notes || null,
      })
      .returning({ id: vehicleInspections.id });
    const [saved] = await tx.select(inspectionColumns).from(vehicleInspections).innerJoin(users, eq(users.id, vehicleInspections.userId)).where(ofTenant(vehicleInspections, ctx, eq(vehicleInspections.id, row.id)));
    return inspectionOf(saved);
  });
}

/** `GET Fleet/vehicles/{vehicleId}/inspections`: newest first, a page at a time. */
export async function listInspections(ctx: Ctx, access: Access, vehicleId: number, page: { take: number; skip: number }) {
  await vehicleFor(ctx, access, ctx.db, vehicleId, 'read');
  const [{ total }] = await ctx.db.select({ total: count() }).from(vehicleInspections).where(ofTenant(vehicleInspections, ctx, eq(vehicleInspections.vehicleId, vehicleId)));
  return { data: await inspectionsOf(ctx, ctx.db, vehicleId, page.take, page.skip), total };
}

/** How many readings the technician's page shows beside his vehicle. */
export const MY_AUTO_RECENT_LOGS = 5;

/** `GET Fleet/myAuto`: the caller's active vehicles, each with its last readings and its last inspection. */
export async function myAuto(ctx: Ctx): Promise<MyAuto> {
  const today = await companyToday(ctx);
  const mine = await vehicleRows(ctx, ctx.db, today, and(eq(vehicles.technicianId, ctx.actor.userId), eq(vehicles.isActive, true)));
  const answer: MyAuto = [];
  for (const vehicle of mine) {
    const recentLogs = await logsOf(ctx, ctx.db, vehicle.vehicleId, MY_AUTO_RECENT_LOGS);
    answer.push({ vehicle, recentLogs, lastInspection: (await inspectionsOf(ctx, ctx.db, vehicle.vehicleId, 1))[0] ?? null });
  }
  return answer;
}
