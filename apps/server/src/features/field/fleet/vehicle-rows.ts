import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jsonNumberOf, serviceDueOf, type Vehicle } from '@sm/shared';
import { companyListRows, users, vehicles } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';

const description = alias(companyListRows, 'fleet_description');
const status = alias(companyListRows, 'fleet_status');

/** The flags of the vehicle of the outer query, by name: their ids and their names in the same order. */
const flagsOf = (field: 'id' | 'name') =>
  sql.raw(`coalesce((select json_agg(f.${field} order by f.name, f.id) from vehicle_flag_links l join company_list_rows f on f.id = l.fleet_flag_id
    where l.subscriber_id = vehicles.subscriber_id and l.vehicle_id = vehicles.id), '[]'::json)`);

/**
 * The caller's company's vehicles that `where` keeps, by plate, as the lists answer them: names resolved, flags, the
 * odometer of the last reading and the service due state on the company's `today`.
 */
export async function vehicleRows(ctx: Ctx, db: DbOrTx, today: string, where?: SQL): Promise<Vehicle[]> {
  const rows = await db
    .select({
      vehicleId: vehicles.id,
      fleetDescriptionId: vehicles.fleetDescriptionId,
      fleetDescription: description.name,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      plate: vehicles.plate,
      vin: vehicles.vin,
      technicianId: vehicles.technicianId,
      technicianName: users.name,
      fleetStatusId: vehicles.fleetStatusId,
      fleetStatus: status.name,
      fleetFlagIds: sql<number[]>`${flagsOf('id')}`,
      fleetFlags: sql<string[]>`${flagsOf('name')}`,
      odometer: vehicles.odometer,
      lastLoggedOn: vehicles.lastLoggedOn,
      serviceDueOn: vehicles.serviceDueOn,
      serviceDueMiles: vehicles.serviceDueMiles,
      notes: vehicles.notes,
      isActive: vehicles.isActive,
    })
    .from(vehicles)
    .innerJoin(description, eq(description.id, vehicles.fleetDescriptionId))
    .innerJoin(status, eq(status.id, vehicles.fleetStatusId))
    .leftJoin(users, eq(users.id, vehicles.technicianId))
    .where(ofTenant(vehicles, ctx, where))
    .orderBy(asc(vehicles.plate), asc(vehicles.id));
  return rows.map((r) => ({ ...r, serviceDue: serviceDueOf({ today, ...r }) }));
}

/** One vehicle of the caller's company as the lists answer it, or undefined. */
export async function vehicleRow(ctx: Ctx, db: DbOrTx, today: string, vehicleId: number): Promise<Vehicle | undefined> {
  return (await vehicleRows(ctx, db, today, eq(vehicles.id, vehicleId)))[0];
}

/** A stored decimal (fuel, its cost) as the answer's number, or null. */
export const decimalOrNull = (v: string | null) => (v === null ? null : jsonNumberOf(v));
