import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerAccounts, providerActions, users, workOrderLabor, workOrders } from '../../../../db/schema';
import { dbFingerprint } from '../../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { startProviderSimulator, type RunningSimulator } from '../simulator/simulator-server';
import { SC_DEMO_WORK_ORDERS } from './service-channel-demo-data';
import { serviceChannelDemoSeed, serviceChannelSimulator } from './service-channel-simulator';
import { allowedSimulator } from '../../../../test/allowed-simulator';

let t: TestApp;
let sim: RunningSimulator;
let nearId: number;
let farId: number;
let employeeType: number;
let techId: number;
const [near, far] = SC_DEMO_WORK_ORDERS;
/** Where the demo technician usually is: about 200 m from the near site. */
const HERE = { latitude: 32.78, longitude: -96.8, accuracy: 12 };

/** The simulator's state, read field by field in assertions. */
const simState = async (): Promise<any> => ((await (await fetch(`${sim.url}/__state`)).json()) as { serviceChannel: unknown }).serviceChannel;
const fault = (pathContains: string, kind: 'timeout' | 'error500', times = 1) =>
  fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pathContains, kind, times, delayMs: 9_000 }) });
const startBody = (workOrderId: number, extra: object = {}) => ({
  workOrderId, startTime: new Date().toISOString(), isReachedAtSite: true, serviceTechnicianId: employeeType, currentLatLong: HERE, ...extra,
});
const stopBody = (workOrderId: number, workOrderLaborId: number, extra: object = {}) => ({
  workOrderId, workOrderLaborId, description: 'Cleaned the condenser coil.', userStatusId: 3, workOrderStatusId: 38, scPrimaryStatus: 'IN PROGRESS', ...extra,
});
const openLabor = () => t.db.select().from(workOrderLabor).where(and(eq(workOrderLabor.userId, techId), isNull(workOrderLabor.stoppedAt)));
const lastAction = async () => (await t.db.select().from(providerActions).orderBy(desc(providerActions.id)).limit(1))[0];
const view = async (workOrderId: number) => (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech', { workOrderId })).json();

beforeAll(async () => {
  sim = await startProviderSimulator({ plugins: [serviceChannelSimulator(() => ({ ...serviceChannelDemoSeed(), customExtended: { 'IN PROGRESS': ['TECH DELAYED'] } }))] }).then(allowedSimulator);
  t = await createTestApp();
  await t.db.update(providerAccounts).set({ baseUrl: `${sim.url}/service-channel` }).where(eq(providerAccounts.provider, 'serviceChannel'));
  const rows = await t.db.select({ id: workOrders.id, number: workOrders.workOrderNumber, billing: workOrders.billingCustomerId }).from(workOrders).where(eq(workOrders.provider, 'serviceChannel'));
  nearId = rows.find((r) => r.number === near.workOrderNumber)!.id;
  farId = rows.find((r) => r.number === far.workOrderNumber)!.id;
  employeeType = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${rows[0].billing}`, 'tech')).json()[0].serviceTechnicianId;
  techId = (await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'tech')))[0].id;
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('service-channel view data', () => {
  it('falls back to the standard statuses, saying why, when the provider fails — the dialog still opens', async () => {
    await fault('/workorders/statuses', 'error500', 3);
    const data = await view(nearId);
    expect(data.isClockinServiceChannelWO).toBe(true);
    expect(data.serviceChannelNotice).toBe('ServiceChannel had a problem answering: Internal server error. Please try again in a moment. The standard ServiceChannel statuses are shown instead.');
    expect(data.scPrimaryStatuses.map((s: { id: string }) => s.id)).toEqual(['IN PROGRESS', 'COMPLETED']);
    expect(data.scExtendedStatuses.map((s: { id: string }) => s.id)).not.toContain('TECH DELAYED');
  });

  it('marks the work order, carries the provider\'s statuses and where the site is', async () => {
    const data = await view(nearId);
    expect(data).toMatchObject({
      isClockinServiceChannelWO: true,
      serviceChannelNotice: null,
      noOfServiceChannelTechs: 1,
      serviceChannelSite: { latitude: near.site.latitude, longitude: near.site.longitude, radiusMeters: 805 },
    });
    expect(data.scPrimaryStatuses[0]).toMatchObject({ id: 'IN PROGRESS', extended: expect.arrayContaining([{ id: 'TECH DELAYED', name: 'TECH DELAYED' }]) });
    expect(data.scExtendedStatuses).toContainEqual({ id: 'TECH DELAYED', name: 'TECH DELAYED' });
    const other = (await t.db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.workOrderNumber, '240030')))[0];
    expect((await view(other.id))).toMatchObject({ isClockinServiceChannelWO: false, scPrimaryStatuses: [] });
  });
});

describe('clocking on a service-channel work order', () => {
  it('checks in with TechsCount and the position, and out with the chosen status and the same MechanicId', async () => {
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(nearId, { noOfServiceChannelTechs: 2 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBeUndefined();
    const laborId = res.json().workOrderLaborId;
    const afterIn = await simState();
    expect(afterIn.checkIns).toEqual([expect.objectContaining({ WorkOrderId: near.providerWorkOrderId, UserId: techId, TechsCount: 2, Latitude: HERE.latitude, Longitude: HERE.longitude, WorkTypeId: 1 })]);
    expect(afterIn.received.map((r: { path: string }) => r.path.replace(/\?.*/, ''))).toContain(`/service-channel/workorders/${near.providerWorkOrderId}/validateCheckIn`);
    const [labor] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, laborId));
    expect(labor).toMatchObject({ startAccuracyMeters: 12, noOfServiceChannelTechs: 2 });
    expect(await lastAction()).toMatchObject({ action: 'checkIn', laborId, isOk: true, latitude: HERE.latitude, accuracyMeters: 12 });
    expect((await view(nearId)).scPrimaryStatuses[0].id).toBe('IN PROGRESS');

    const out = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(nearId, laborId, { scPrimaryStatus: 'COMPLETED', currentLatLong: { ...HERE, accuracy: 30 } }));
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().providerWarning).toBeUndefined();
    const s = await simState();
    const checkIn = s.checkIns[0];
    expect(checkIn.CheckOut).toMatchObject({ MechanicId: checkIn.MechanicId, UserId: techId, PrimaryStatus: 'Completed', TechsCount: 2 });
    expect(s.workOrders.find((w: { Id: number }) => w.Id === near.providerWorkOrderId).Status).toEqual({ Primary: 'COMPLETED', Extended: 'PENDING CONFIRMATION' });
    const [closed] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, laborId));
    expect(closed).toMatchObject({ scPrimaryStatus: 'COMPLETED', stopAccuracyMeters: 30 });
    expect((await t.db.select({ s: workOrders.providerStatus }).from(workOrders).where(eq(workOrders.id, nearId)))[0].s).toBe('COMPLETED');
  });

  it('records an out-of-range check-in: labor open, the provider\'s words returned, the refusal kept', async () => {
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(farId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toMatch(/^Your time is recorded, but ServiceChannel did not take the check-in: Check-in is out of range: the technician is \d+ m from Lone Star Grill Fort Worth/);
    const [open] = await openLabor();
    expect(open).toMatchObject({ id: res.json().workOrderLaborId, workOrderId: farId, startAccuracyMeters: 12 });
    expect(await lastAction()).toMatchObject({ action: 'checkIn', isOk: false, laborId: open.id, latitude: HERE.latitude, longitude: HERE.longitude, accuracyMeters: 12 });
    expect((await lastAction()).message).toContain('out of range');
    expect((await simState()).checkIns).toEqual([]);

    // The provider has no check-in, so it refuses the check-out too: our clock-out still closes the labor.
    const out = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(farId, open.id, { scPrimaryStatus: 'IN PROGRESS', scExtendedStatus: 'PARTS ON ORDER' }));
    expect(out.statusCode).toBe(200);
    expect(out.json().providerWarning).toBe('Your time is recorded, but ServiceChannel did not take the check-out: There is no open check-in for this technician on this work order.');
    expect(await openLabor()).toEqual([]);
  });

  it('refuses a primary status the technician cannot set, before writing anything', async () => {
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(nearId));
    const laborId = res.json().workOrderLaborId;
    const before = await dbFingerprint(t.db);
    const bad = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(nearId, laborId, { scPrimaryStatus: 'INVOICED' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Primary status must be one of IN PROGRESS, COMPLETED.');
    expect(await dbFingerprint(t.db)).toBe(before);
    const out = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(nearId, laborId, { scExtendedStatus: 'WAITING FOR QUOTE' }));
    expect(out.json().providerWarning).toBeUndefined();
    expect((await simState()).checkIns[0].CheckOut).toMatchObject({ PrimaryStatus: 'WaitingForQuote', ExtendedStatus: 'WAITING FOR QUOTE' });
  });

  it('a provider that does not answer in time: clear sentence, labor recorded, refusal kept', async () => {
    await fault('universalCheckIn', 'timeout');
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(nearId));
    expect(res.statusCode).toBe(200);
    expect(res.json().providerWarning).toBe('Your time is recorded, but ServiceChannel did not take the check-in: ServiceChannel did not answer in time. Please try again in a moment.');
    const [open] = await openLabor();
    expect(open.workOrderId).toBe(nearId);
    expect(await lastAction()).toMatchObject({ action: 'checkIn', isOk: false, laborId: open.id });

    await fault('universalCheckOut', 'error500');
    const out = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(nearId, open.id));
    expect(out.statusCode).toBe(200);
    expect(out.json().providerWarning).toBe('Your time is recorded, but ServiceChannel did not take the check-out: ServiceChannel had a problem answering: Internal server error. Please try again in a moment.');
    const [closed] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, open.id));
    expect(closed.stoppedAt).not.toBeNull();
    expect(await openLabor()).toEqual([]);
    expect(await lastAction()).toMatchObject({ action: 'checkOut', isOk: false, laborId: open.id });
  });

  it('finish and start new: checks out of one service-channel work order and in on the next, after our commit', async () => {
    const first = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(nearId, { noOfServiceChannelTechs: 3 }));
    const res = await t.call('POST', '/api/v1/WOStartStop/clockOutAndStartWorkOrder', 'tech', {
      ...stopBody(nearId, first.json().workOrderLaborId), newWorkOrderId: farId, noOfServiceChannelTechs: 1, currentLatLong: HERE,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The far site is 50 km away at the provider: the new check-in is refused, the old check-out is taken.
    expect(res.json().providerWarning).toMatch(/did not take the check-in: Check-in is out of range/);
    const s = await simState();
    expect(s.checkIns[0].CheckOut).toMatchObject({ PrimaryStatus: 'InProgress', TechsCount: 3 });
    const [open] = await openLabor();
    expect(open).toMatchObject({ id: res.json().workOrderLaborId, workOrderId: farId });
    expect((await view(farId)).stopMode).toBe(true);
    const closing = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(farId, open.id));
    expect(closing.statusCode).toBe(200);
  });

  it('a company without a ServiceChannel account: clocked in all the same, told to connect', async () => {
    await t.db.update(providerAccounts).set({ isEnabled: false }).where(eq(providerAccounts.provider, 'serviceChannel'));
    try {
      const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(nearId));
      expect(res.statusCode).toBe(200);
      expect(res.json().providerWarning).toContain('Your company is not connected to ServiceChannel.');
      const [open] = await openLabor();
      expect(open.workOrderId).toBe(nearId);
      await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(nearId, open.id));
      expect(await openLabor()).toEqual([]);
    } finally {
      await t.db.update(providerAccounts).set({ isEnabled: true }).where(eq(providerAccounts.provider, 'serviceChannel'));
    }
  });
});
