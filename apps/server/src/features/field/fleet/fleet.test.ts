import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyListRows, users, vehicleMileageLogs, vehicles } from '../../../db/schema';
import { pgConstraintOf } from '../../../lib/errors';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { todayOf } from '../../platform/subscribers/company-time';

let t: TestApp;
let polar: number;
let coastal: number;
const list: Record<string, number> = {};
const userIdOf = async (userName: string) => (await t.db.select().from(users).where(eq(users.userName, userName)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  [polar, coastal] = await Promise.all(['admin', 'coastal.admin'].map(async (u) => (await t.db.select().from(users).where(eq(users.userName, u)))[0].subscriberId));
  for (const r of await t.db.select().from(companyListRows).where(eq(companyListRows.subscriberId, polar))) list[`${r.listKey}:${r.name}`] = r.id;
});
afterAll(() => t.close());

const body = (more: Record<string, unknown> = {}) => ({
  fleetDescriptionId: list['fleetDescriptions:Pickup Truck'], fleetStatusId: list['fleetStatuses:In Service'], plate: 'TX-9PK1001', year: 2024, make: 'Ford', model: 'F-150', ...more,
});
const vehicleOf = async (userName: string) => (await t.db.select().from(vehicles).where(eq(vehicles.technicianId, await userIdOf(userName))))[0];
const logCount = async (vehicleId: number) => (await t.db.select({ n: count() }).from(vehicleMileageLogs).where(eq(vehicleMileageLogs.vehicleId, vehicleId)))[0].n;

describe('the fleet list', () => {
  it('lists the demo vehicles by plate with names, flags, odometer and service due state', async () => {
    const res = await t.call('GET', '/api/v1/Fleet/vehicles', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json();
    expect(rows.map((v: { plate: string }) => v.plate)).toEqual(['TX-2BX8804', 'TX-4KD2291', 'TX-7HM3310']);
    expect(rows[1]).toMatchObject({
      fleetDescription: 'Service Van', technicianName: 'Tom Alvarez', fleetStatus: 'In Service', fleetFlags: ['Ladder Rack', 'Refrigerant Cage'], odometer: 41230,
      serviceDueMiles: 41500, serviceDue: 'dueSoon', vin: '1FTBR1C82NKA12345',
    });
    // Priya's van was due three days ago; the spare truck has no due date or mileage.
    expect(rows.map((v: { serviceDue: string }) => v.serviceDue)).toEqual(['ok', 'dueSoon', 'due']);
  });

  it('adds, changes and retires a vehicle, its VIN kept in capitals and unique among the active', async () => {
    const added = await t.call('POST', '/api/v1/Fleet/vehicles', 'admin', body({ vin: ' 1ftfw1e50pfa00001 ', fleetFlagIds: [list['fleetFlags:Ladder Rack']], serviceDueOn: '2099-01-01' }));
    expect(added.statusCode, added.body).toBe(200);
    const v = added.json();
    expect(v).toMatchObject({ vin: '1FTFW1E50PFA00001', fleetDescription: 'Pickup Truck', fleetFlags: ['Ladder Rack'], odometer: null, serviceDue: 'ok', isActive: true, technicianId: null });
    const twin = await t.call('POST', '/api/v1/Fleet/vehicles', 'admin', body({ plate: 'TX-TWIN', vin: '1FTFW1E50PFA00001' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('VIN 1FTFW1E50PFA00001 is already on vehicle TX-9PK1001.');
    const tech2 = await userIdOf('tech2');
    const changed = await t.call('PUT', `/api/v1/Fleet/vehicles/${v.vehicleId}`, 'admin', body({ vin: v.vin, technicianId: tech2, fleetFlagIds: [], fleetStatusId: list['fleetStatuses:In Shop'] }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ technicianName: 'Priya Natarajan', fleetFlags: [], fleetStatus: 'In Shop' });
    const retired = await t.call('DELETE', `/api/v1/Fleet/vehicles/${v.vehicleId}`, 'admin');
    expect(retired.json()).toEqual({ message: 'Vehicle TX-9PK1001 is retired.' });
    expect((await t.call('DELETE', `/api/v1/Fleet/vehicles/${v.vehicleId}`, 'admin')).statusCode).toBe(409);
    // Retired: off the list, off its technician's phone, its VIN free again.
    expect((await t.call('GET', '/api/v1/Fleet/vehicles', 'admin')).json().some((x: { vehicleId: number }) => x.vehicleId === v.vehicleId)).toBe(false);
    expect((await t.call('GET', '/api/v1/Fleet/vehicles?includeRetired=true', 'admin')).json().find((x: { vehicleId: number }) => x.vehicleId === v.vehicleId)).toMatchObject({ isActive: false, technicianId: null });
    const again = await t.call('POST', '/api/v1/Fleet/vehicles', 'admin', body({ plate: 'TX-9PK1002', vin: '1FTFW1E50PFA00001' }));
    expect(again.statusCode, again.body).toBe(200);
  });

  it.each([
    [{ vin: '1FTFW1E50PFA0000' }, 'VIN must be 17 characters.'],
    [{ vin: '1FTFW1E50PFA0000I' }, 'VIN takes letters and digits only, never I, O or Q.'],
    [{ vin: '1FTFW1E50PFA0000Q' }, 'VIN takes letters and digits only, never I, O or Q.'],
    [{ plate: ' ' }, 'Plate field is required!'],
    [{ fleetDescriptionId: undefined }, 'Description field is required!'],
    [{ serviceDueMiles: -1 }, 'Service due mileage must not be negative.'],
    [{ year: 1850 }, 'Year must be 1900 or later.'],
  ])('refuses %j with a sentence and writes nothing', async (change, message) => {
    const before = (await t.db.select({ n: count() }).from(vehicles))[0].n;
    const res = await t.call('POST', '/api/v1/Fleet/vehicles', 'admin', body(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.db.select({ n: count() }).from(vehicles))[0].n).toBe(before);
  });

  it("refuses a status row of another list, another company's rows and technician as not found", async () => {
    const [coastalStatus] = await t.db.select().from(companyListRows).where(and(eq(companyListRows.subscriberId, coastal), eq(companyListRows.listKey, 'fleetStatuses')));
    for (const [change, message] of [
      [{ fleetStatusId: list['fleetDescriptions:Box Truck'] }, 'Status was not found.'],
      [{ fleetStatusId: coastalStatus.id }, 'Status was not found.'],
      [{ technicianId: await userIdOf('coastal.tech') }, 'Technician was not found.'],
    ] as const) {
      const res = await t.call('POST', '/api/v1/Fleet/vehicles', 'admin', body({ plate: 'TX-NOPE', ...change }));
      expect([res.statusCode, res.json().message]).toEqual([404, message]);
    }
    const coastalVan = await vehicleOf('coastal.tech');
    expect((await t.call('PUT', `/api/v1/Fleet/vehicles/${coastalVan.id}`, 'admin', body())).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/Fleet/vehicles/${coastalVan.id}/mileageLogs`, 'admin')).statusCode).toBe(404);
  });

  it('keeps a description in use from being deleted', async () => {
    const res = await t.call('DELETE', `/api/v1/ReferenceList/fleetDescriptions/${list['fleetDescriptions:Service Van']}`, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('vehicles');
  });

  it('is the office\'s: a technician neither reads nor changes the list', async () => {
    expect((await t.call('GET', '/api/v1/Fleet/vehicles', 'tech')).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/Fleet/vehicles', 'tech', body())).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Fleet/vehicles', 'leader')).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/Fleet/vehicles', 'leader', body())).statusCode).toBe(403);
  });
});

describe("the technician's vehicle", () => {
  it('shows Tom his van with its last readings, and logs mileage and fuel from his phone', async () => {
    const van = await vehicleOf('tech');
    const mine = await t.call('GET', '/api/v1/Fleet/myAuto', 'tech');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0].vehicle).toMatchObject({ vehicleId: van.id, plate: 'TX-4KD2291', odometer: 41230 });
    expect(mine.json()[0].recentLogs.map((l: { odometer: number }) => l.odometer)).toEqual([41230, 40655, 40112]);
    // Logged on the company's today as the log is written: the seeded day's, or the next when the run crossed midnight.
    const dayBefore = await todayOf(t.db, polar, new Date());
    const logged = await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs`, 'tech', { odometer: 41388, fuelGallons: 18.4, fuelCost: 61.27, notes: 'Plano' });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json()).toMatchObject({ odometer: 41388, fuelGallons: 18.4, fuelCost: 61.27, userName: 'Tom Alvarez' });
    expect([dayBefore, await todayOf(t.db, polar, new Date())]).toContain(logged.json().loggedOn);
    const [stored] = await t.db.select().from(vehicleMileageLogs).where(eq(vehicleMileageLogs.id, logged.json().mileageLogId));
    expect([stored.fuelGallons, stored.fuelCost]).toEqual(['18.400', '61.27']);
    const after = (await t.call('GET', '/api/v1/Fleet/myAuto', 'tech')).json()[0];
    expect(after.vehicle).toMatchObject({ odometer: 41388, serviceDue: 'dueSoon' });
    expect(after.recentLogs[0].odometer).toBe(41388);
    // The same reading again is fine; past the due mileage the van is due.
    expect((await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs`, 'tech', { odometer: 41388 })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs`, 'tech', { odometer: 41500 })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/Fleet/myAuto', 'tech')).json()[0].vehicle.serviceDue).toBe('due');
  });

  it('refuses an odometer going backwards, and writes nothing', async () => {
    const van = await vehicleOf('tech');
    const before = await logCount(van.id);
    const res = await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs`, 'tech', { odometer: 40000, fuelGallons: 10, fuelCost: 30 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^The odometer reading 40000 is below the last reading of \d+ for TX-4KD2291: check the reading\.$/);
    expect(await logCount(van.id)).toBe(before);
    const [stored] = await t.db.select().from(vehicles).where(eq(vehicles.id, van.id));
    expect(stored.odometer).toBe(van.odometer);
  });

  it('holds the odometer in the database too: a lower reading written directly is refused, and so is setting the odometer', async () => {
    const van = await vehicleOf('tech');
    const base = { subscriberId: polar, vehicleId: van.id, userId: van.technicianId!, loggedOn: '2026-01-01' };
    await expect(t.db.insert(vehicleMileageLogs).values({ ...base, odometer: 1 })).rejects.toSatisfy((e) => pgConstraintOf(e).code === 'SMODO');
    await expect(t.db.update(vehicles).set({ odometer: 5 }).where(eq(vehicles.id, van.id))).rejects.toSatisfy((e) => pgConstraintOf(e).code === 'SMODL');
  });

  it.each([
    [{ odometer: -5 }, 'Odometer must not be negative.'],
    [{ odometer: 12.5 }, 'Odometer must be a whole number of miles.'],
    [{}, 'Odometer field is required!'],
    [{ odometer: 50000, fuelCost: 12.345 }, 'Fuel cost must have at most two decimals.'],
    [{ odometer: 50000, fuelGallons: 0 }, 'Fuel gallons must be more than 0.'],
    [{ odometer: 50000, loggedOn: '2099-01-01' }, 'The date cannot be in the future.'],
  ])('refuses the reading %j with a sentence', async (reading, message) => {
    const van = await vehicleOf('tech');
    const before = await logCount(van.id);
    const res = await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs`, 'tech', reading);
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await logCount(van.id)).toBe(before);
  });

  it("keeps a technician to his own vehicle: Priya's van is refused to Tom, reading and logging", async () => {
    const priyas = await vehicleOf('tech2');
    const logged = await t.call('POST', `/api/v1/Fleet/vehicles/${priyas.id}/mileageLogs`, 'tech', { odometer: 70000 });
    expect([logged.statusCode, logged.json().message]).toEqual([403, 'You can log only for the vehicle assigned to you.']);
    expect((await t.call('GET', `/api/v1/Fleet/vehicles/${priyas.id}/mileageLogs`, 'tech')).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/Fleet/vehicles/${priyas.id}/inspections`, 'tech')).statusCode).toBe(403);
    const mine = (await t.call('GET', '/api/v1/Fleet/myAuto', 'tech2')).json();
    expect(mine.map((m: { vehicle: { plate: string } }) => m.vehicle.plate)).toEqual(['TX-7HM3310']);
  });

  it("opens every vehicle's log to All Fleet Records, pages newest first, and lets Fleet write log", async () => {
    const van = await vehicleOf('tech');
    const page = await t.call('GET', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs?take=2&skip=1`, 'leader');
    expect(page.statusCode, page.body).toBe(200);
    const total = await logCount(van.id);
    expect(page.json().total).toBe(total);
    expect(page.json().data).toHaveLength(2);
    const all = (await t.call('GET', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs?take=100`, 'leader')).json().data.map((l: { odometer: number }) => l.odometer);
    expect(all).toEqual([...all].sort((a: number, b: number) => b - a));
    expect((await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs`, 'leader', { odometer: 99999 })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs`, 'admin', { odometer: 41600, notes: 'From the paper log' })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/Fleet/vehicles/${van.id}/mileageLogs?take=101`, 'leader')).statusCode).toBe(400);
  });

  it('records an inspection, every item answered and what needs attention said', async () => {
    const van = await vehicleOf('tech');
    const items = ['tires', 'lights', 'brakes', 'fluids', 'wipers', 'horn', 'mirrors', 'safetyKit'].map((item) => ({ item, result: 'ok' }));
    const missing = await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/inspections`, 'tech', { items: items.slice(1) });
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Check tires: every item of the checklist needs an answer.']);
    const silent = await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/inspections`, 'tech', { items: items.map((i) => (i.item === 'wipers' ? { ...i, result: 'needsAttention' } : i)) });
    expect([silent.statusCode, silent.json().message]).toEqual([400, 'Wipers: say what needs attention.']);
    const done = await t.call('POST', `/api/v1/Fleet/vehicles/${van.id}/inspections`, 'tech', {
      odometer: 41600, items: items.map((i) => (i.item === 'wipers' ? { ...i, result: 'needsAttention', comment: 'Driver side streaks' } : i)),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ needsAttention: 1, odometer: 41600, userName: 'Tom Alvarez' });
    expect(done.json().items.find((i: { item: string }) => i.item === 'wipers')).toEqual({ item: 'wipers', label: 'Wipers', result: 'needsAttention', comment: 'Driver side streaks' });
    expect((await t.call('GET', '/api/v1/Fleet/myAuto', 'tech')).json()[0].lastInspection.inspectionId).toBe(done.json().inspectionId);
    expect((await t.call('GET', `/api/v1/Fleet/vehicles/${van.id}/inspections`, 'leader')).json().total).toBe(1);
  });

  it('shows a technician with no vehicle an empty list, and refuses My Auto to those without it', async () => {
    expect((await t.call('GET', '/api/v1/Fleet/myAuto', 'admin')).json()).toEqual([]);
    expect((await t.call('GET', '/api/v1/Fleet/myAuto', 'sales')).statusCode).toBe(403);
  });
});
