import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workOrderLabor } from '../../../db/schema';
import { createGeocodedTestApp, type GeocodedTestApp } from '../../../test/geocoded-app';
import type { TestApp } from '../../../test/test-app';
import { GEOCODING_FAILED } from '../../platform/geocoding/geocoder-client';

let g: GeocodedTestApp;
let t: TestApp;
type Row = { workOrderId: number; workOrderNumber: string; customerName: string; billingCompanyId: number };
let rows: Row[];
let employeeType: number;

/** Pecan Lodge Deep Ellum, a demo site (2702 Main St), and a point a little way off it. */
const AT_SITE = { latitude: 32.78425, longitude: -96.78385 };
const ELSEWHERE = { latitude: 32.95, longitude: -96.6 };

beforeAll(async () => {
  g = await createGeocodedTestApp({ geocoderTimeoutMs: 3000 });
  t = g.t;
  rows = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 100 })).json().data as Row[];
  rows = rows.filter((r) => r.customerName !== 'Ice House Storage LLC' && r.customerName !== 'Cedar Springs Deli');
  rows = rows.filter((r) => r.billingCompanyId === rows[0]!.billingCompanyId);
  employeeType = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${rows[0]!.billingCompanyId}`, 'tech')).json()[0].serviceTechnicianId;
});
beforeEach(() => g.reset());
afterAll(() => g.close());

const clockIn = (wo: Row, position: object | null) =>
  t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', { workOrderId: wo.workOrderId, startTime: new Date().toISOString(), isReachedAtSite: true, serviceTechnicianId: employeeType, currentLatLong: position });
const clockOut = (wo: Row, laborId: number, position: object | null) =>
  t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', {
    workOrderId: wo.workOrderId, workOrderLaborId: laborId, description: 'Cleaned the condenser coil.', userStatusId: 3, workOrderStatusId: 38, currentLatLong: position,
  });
const stored = async (id: number) => (await t.db.select({ startAddress: workOrderLabor.startAddress, stopAddress: workOrderLabor.stopAddress }).from(workOrderLabor).where(eq(workOrderLabor.id, id)))[0]!;
const entryOf = async (wo: Row, id: number) =>
  ((await t.call('GET', `/api/v1/WorkOrder/${wo.workOrderNumber}`, 'dispatcher')).json().laborEntries as { workOrderLaborId: number; startAddress: string | null; stopAddress: string | null }[]).find(
    (e) => e.workOrderLaborId === id,
  )!;
const fault = (body: object) => fetch(`${g.sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Waits until the labor entry satisfies `done`, or gives up after a few seconds. */
async function until(id: number, done: (r: Awaited<ReturnType<typeof stored>>) => boolean) {
  for (let i = 0; i < 100; i++) {
    const row = await stored(id);
    if (done(row)) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  return stored(id);
}

describe('the clock positions are named for the office', () => {
  it('answers the clock-in without waiting for the geocoder, then names the start position on the labor entry', async () => {
    await fetch(`${g.sim.url}/nominatim/__delay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 1200 }) });
    const wo = rows[0]!;
    const res = await clockIn(wo, AT_SITE);
    expect(res.statusCode, res.body).toBe(200);
    const laborId = res.json().workOrderLaborId as number;
    // The geocoder is still holding its answer back: the clock-in did not wait for it.
    expect(await stored(laborId)).toEqual({ startAddress: null, stopAddress: null });
    await until(laborId, (r) => r.startAddress !== null);
    expect(await entryOf(wo, laborId)).toMatchObject({ startAddress: '2702 Main St, Dallas', stopAddress: null });

    const out = await clockOut(wo, laborId, ELSEWHERE);
    expect(out.statusCode, out.body).toBe(200);
    const named = await until(laborId, (r) => r.stopAddress !== null);
    expect(named.startAddress).toBe('2702 Main St, Dallas');
    expect(named.stopAddress).toMatch(/^\d+ [A-Za-z ]+, Dallas$/);
    expect((await entryOf(wo, laborId)).stopAddress).toBe(named.stopAddress);
  });

  it('keeps the coordinates only, and logs the failure, when the geocoder fails; the next clock action tries again', async () => {
    await fault({ pathContains: '/reverse', kind: 'error500', times: 1 });
    const wo = rows[1]!;
    const res = await clockIn(wo, ELSEWHERE);
    expect(res.statusCode, res.body).toBe(200);
    const laborId = res.json().workOrderLaborId as number;
    for (let i = 0; i < 100 && g.failures().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(g.failures()).toEqual([expect.objectContaining({ msg: GEOCODING_FAILED, status: 500, operation: 'reverse' })]);
    const [row] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, laborId));
    expect(row).toMatchObject({ startLatitude: ELSEWHERE.latitude, startLongitude: ELSEWHERE.longitude, startAddress: null });
    expect((await entryOf(wo, laborId)).startAddress).toBeNull();
    // The next clock action on the entry tries the position again.
    expect((await clockOut(wo, laborId, null)).statusCode).toBe(200);
    expect((await until(laborId, (r) => r.startAddress !== null)).startAddress).toMatch(/, Dallas$/);
  });

  it('asks nothing of the geocoder for a clock action without a position', async () => {
    const wo = rows[2]!;
    const res = await clockIn(wo, null);
    expect(res.statusCode, res.body).toBe(200);
    const laborId = res.json().workOrderLaborId as number;
    expect((await clockOut(wo, laborId, null)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await g.calls()).toEqual([]);
    expect(await stored(laborId)).toEqual({ startAddress: null, stopAddress: null });
  });
});
