import { eq } from 'drizzle-orm';
import { wallClockOf } from '@sm/shared';
import { companyListRows, vehicleFlagLinks, vehicleMileageLogs, vehicles } from '../schema';
import type { Tx } from '../../lib/context';

const DAY_MS = 86_400_000;

/** A demo company's vehicles: its technicians' vans with a few weeks of readings, and a spare truck in the shop. */
export async function seedFleet(tx: Tx, company: { id: number; timeZone: string; drivers: number[]; platePrefix: string; vins: string[] }, now: Date) {
  const subscriberId = company.id;
  const rows = await tx.select({ id: companyListRows.id, listKey: companyListRows.listKey, name: companyListRows.name }).from(companyListRows).where(eq(companyListRows.subscriberId, subscriberId));
  const row = (listKey: string, name: string) => rows.find((r) => r.listKey === listKey && r.name === name)!.id;
  const day = (offset: number) => wallClockOf(new Date(now.getTime() + offset * DAY_MS), company.timeZone).toISOString().slice(0, 10);
  const [first, second] = company.drivers;
  const van = row('fleetDescriptions', 'Service Van');
  const inService = row('fleetStatuses', 'In Service');
  const added = await tx
    .insert(vehicles)
    .values([
      {
        subscriberId, fleetDescriptionId: van, year: 2022, make: 'Ford', model: 'Transit 250', plate: `${company.platePrefix}-4KD2291`, vin: company.vins[0], technicianId: first,
        fleetStatusId: inService, serviceDueOn: day(45), serviceDueMiles: 41500, notes: 'Ladder rack on the roof; refrigerant cage behind the driver.',
      },
      ...(second
        ? [{ subscriberId, fleetDescriptionId: van, year: 2020, make: 'Chevrolet', model: 'Express 2500', plate: `${company.platePrefix}-7HM3310`, vin: company.vins[1], technicianId: second, fleetStatusId: inService, serviceDueOn: day(-3) }]
        : []),
      { subscriberId, fleetDescriptionId: row('fleetDescriptions', 'Box Truck'), year: 2018, make: 'Isuzu', model: 'NPR-HD', plate: `${company.platePrefix}-2BX8804`, fleetStatusId: row('fleetStatuses', 'In Shop'), notes: 'Spare for install jobs.' },
    ])
    .returning({ id: vehicles.id });
  await tx.insert(vehicleFlagLinks).values([
    { subscriberId, vehicleId: added[0].id, fleetFlagId: row('fleetFlags', 'Ladder Rack') },
    { subscriberId, vehicleId: added[0].id, fleetFlagId: row('fleetFlags', 'Refrigerant Cage') },
  ]);
  // Readings one after another, each its own statement: the log's trigger moves the odometer on.
  const readings = [
    { vehicleId: added[0].id, userId: first, loggedOn: day(-15), odometer: 40112, fuelGallons: '21.300', fuelCost: '68.16' },
    { vehicleId: added[0].id, userId: first, loggedOn: day(-8), odometer: 40655, fuelGallons: '19.800', fuelCost: '64.35' },
    { vehicleId: added[0].id, userId: first, loggedOn: day(-1), odometer: 41230 },
    ...(second ? [{ vehicleId: added[1].id, userId: second, loggedOn: day(-2), odometer: 68904, fuelGallons: '24.100', fuelCost: '77.60' }] : []),
  ];
  for (const r of readings) await tx.insert(vehicleMileageLogs).values({ subscriberId, ...r });
}
