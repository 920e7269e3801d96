import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerActions, users, workOrderLabor, workOrders } from '../../../../db/schema';
import { CORRIGO_DEMO_LINKS, connectDemoToSimulator } from '../../../../db/seed/providers';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { startProviderSimulator, type RunningSimulator } from '../simulator/simulator-server';
import { corrigoSimulator } from './corrigo-simulator';
import { CORRIGO_WORK_ORDER, CORRIGO_WORK_ORDERS } from './corrigo-simulator-data';
import { allowedSimulator } from '../../../../test/allowed-simulator';

// The Stop dialog's Corrigo status and comment: the view data offers the statuses and says whether the company
// requires them, the clock-out checks them with the spec's sentences, and once the labor is written the status goes
// to Corrigo (the simulator), a refusal coming back as a warning.

let t: TestApp;
let sim: RunningSimulator;
const wo: Record<'guided' | 'plain' | 'accepted' | 'ordinary', typeof workOrders.$inferSelect> = {} as never;
const HERE = { latitude: 32.7842, longitude: -96.7838, accuracy: 12 };
const COMMENT = 'Waiting for the compressor part.';

type SimWorkOrder = { Status: string; LastPause: { Comment?: string; Location?: object } | null; LastCheckOut: { Comment?: string; RepairInfo?: unknown } | null };
const simWorkOrder = async (id: number) => ((await (await fetch(`${sim.url}/__state`)).json()) as { corrigo: { workOrders: Record<number, SimWorkOrder> } }).corrigo.workOrders[id];
const providerStatusOf = async (id: number) => (await t.db.select({ s: workOrders.providerStatus }).from(workOrders).where(eq(workOrders.id, id)))[0].s;
const lastAction = async (workOrderId: number) =>
  (await t.db.select().from(providerActions).where(eq(providerActions.workOrderId, workOrderId)).orderBy(desc(providerActions.id)).limit(1))[0];
const titleOf = (res: { statusCode: number; json(): { title: string } }) => [res.statusCode, res.json().title];
const requireOnStop = (isStopStatusRequired: boolean) => t.call('PUT', '/api/v1/Settings/corrigoSettings', 'admin', { isStopStatusRequired });
const stopView = async (workOrderId: number) => (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech', { workOrderId })).json();

async function byNumber(number: string) {
  return (await t.db.select().from(workOrders).where(eq(workOrders.workOrderNumber, number)))[0];
}

const employeeTypeOf = async (w: typeof workOrders.$inferSelect) =>
  (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${w.billingCustomerId}`, 'tech')).json()[0]?.serviceTechnicianId ?? null;

/** Opens tech's labor on a work order now, and answers its id and Employee Type. */
async function clockIn(w: typeof workOrders.$inferSelect) {
  const serviceTechnicianId = await employeeTypeOf(w);
  const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', { workOrderId: w.id, startTime: new Date().toISOString(), serviceTechnicianId, currentLatLong: HERE });
  expect(res.statusCode, res.body).toBe(200);
  return { workOrderLaborId: res.json().workOrderLaborId as number, serviceTechnicianId };
}

const stopBody = (w: typeof workOrders.$inferSelect, labor: { workOrderLaborId: number; serviceTechnicianId: number | null }, extra: object = {}) => ({
  workOrderId: w.id, ...labor, description: 'Checked the unit.', userStatusId: 3, workOrderStatusId: 38, currentLatLong: HERE, ...extra,
});
const clockOut = (w: typeof workOrders.$inferSelect, labor: { workOrderLaborId: number; serviceTechnicianId: number | null }, extra: object = {}) =>
  t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(w, labor, extra));

const openLaborIds = async () => {
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  return (await t.db.select().from(workOrderLabor).where(and(eq(workOrderLabor.userId, tech.id), isNull(workOrderLabor.stoppedAt)))).map((l) => l.id);
};

beforeAll(async () => {
  t = await createTestApp();
  sim = await startProviderSimulator({ plugins: [corrigoSimulator()] }).then(allowedSimulator);
  await connectDemoToSimulator(t.db, sim.url);
  [wo.guided, wo.plain, wo.accepted, wo.ordinary] = await Promise.all(['240021', '240022', '240023', '240030'].map(byNumber));
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
  for (const link of CORRIGO_DEMO_LINKS) {
    const status = CORRIGO_WORK_ORDERS.find((w) => w.Id === link.providerWorkOrderId)!.Status;
    await t.db.update(workOrders).set({ providerStatus: status }).where(eq(workOrders.providerWorkOrderId, link.providerWorkOrderId));
  }
  expect((await requireOnStop(false)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('the Stop dialog\'s Corrigo fields in the view data', () => {
  it('offers the statuses a technician may set from the status at Corrigo, and requires them only when the company says so', async () => {
    expect(await stopView(wo.guided.id)).toMatchObject({ corrigoWorkOrderStatuses: ['Paused', 'CheckedOut', 'Completed'], isCorrigoStatusRequired: false });
    expect((await requireOnStop(true)).json()).toEqual({ isStopStatusRequired: true });
    expect(await stopView(wo.guided.id)).toMatchObject({ corrigoWorkOrderStatuses: ['Paused', 'CheckedOut', 'Completed'], isCorrigoStatusRequired: true });
    await t.db.update(workOrders).set({ providerStatus: 'Paused' }).where(eq(workOrders.id, wo.guided.id));
    expect(await stopView(wo.guided.id)).toMatchObject({ corrigoWorkOrderStatuses: ['CheckedOut', 'Completed'], isCorrigoStatusRequired: true });
    // Nothing to set: not checked in at Corrigo, or not a Corrigo work order.
    expect(await stopView(wo.accepted.id)).toMatchObject({ corrigoWorkOrderStatuses: [], isCorrigoStatusRequired: false });
    expect(await stopView(wo.ordinary.id)).toMatchObject({ corrigoWorkOrderId: 0, corrigoWorkOrderStatuses: [], isCorrigoStatusRequired: false });
  });

  it('keeps the setting to those who may change the Corrigo connection', async () => {
    expect((await t.call('PUT', '/api/v1/Settings/corrigoSettings', 'tech', { isStopStatusRequired: true })).statusCode).toBe(403);
  });
});

describe('clock-out with a Corrigo status', () => {
  it('refuses a missing status or a short comment with the spec\'s sentences when required, and writes nothing', async () => {
    const labor = await clockIn(wo.plain);
    await requireOnStop(true);
    expect(titleOf(await clockOut(wo.plain, labor))).toEqual([400, 'Corrigo Status field is required!']);
    expect(titleOf(await clockOut(wo.plain, labor, { corrigoWorkOrderStatus: 'Paused' }))).toEqual([400, 'Corrigo Comment field is required!']);
    expect(titleOf(await clockOut(wo.plain, labor, { corrigoWorkOrderStatus: 'Paused', corrigoWorkOrderComment: 'Wait' }))).toEqual([400, 'Corrigo Comment must be at least 5 characters.']);
    expect(titleOf(await clockOut(wo.plain, labor, { corrigoWorkOrderStatus: 'OnHold', corrigoWorkOrderComment: COMMENT }))).toEqual([400, 'Corrigo Status must be Paused, CheckedOut or Completed.']);
    expect(await openLaborIds()).toEqual([labor.workOrderLaborId]);
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.plain)).Status).toBe('CheckedIn');
    // Not required: none may be given, but a status given still needs its comment.
    await requireOnStop(false);
    expect(titleOf(await clockOut(wo.plain, labor, { corrigoWorkOrderStatus: 'Paused', corrigoWorkOrderComment: ' ok ' }))).toEqual([400, 'Corrigo Comment must be at least 5 characters.']);
    const res = await clockOut(wo.plain, labor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBeUndefined();
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.plain)).Status).toBe('CheckedIn');
  });

  it('pauses at Corrigo after the labor is saved, with the comment and the position, recorded against the labor', async () => {
    await requireOnStop(true);
    const labor = await clockIn(wo.plain);
    const res = await clockOut(wo.plain, labor, { corrigoWorkOrderStatus: 'Paused', corrigoWorkOrderComment: COMMENT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBeUndefined();
    expect(await openLaborIds()).toEqual([]);
    const remote = await simWorkOrder(CORRIGO_WORK_ORDER.plain);
    expect([remote.Status, remote.LastPause]).toEqual(['Paused', { Comment: COMMENT, Location: { Latitude: HERE.latitude, Longitude: HERE.longitude } }]);
    expect(await providerStatusOf(wo.plain.id)).toBe('Paused');
    expect(await lastAction(wo.plain.id)).toMatchObject({ action: 'pause', isOk: true, laborId: labor.workOrderLaborId });
  });

  it('sends nothing again when Corrigo already has the status (the check-out wizard sent it)', async () => {
    const labor = await clockIn(wo.plain);
    await t.db.update(workOrders).set({ providerStatus: 'Completed' }).where(eq(workOrders.id, wo.plain.id));
    const before = await lastAction(wo.plain.id);
    const res = await clockOut(wo.plain, labor, { corrigoWorkOrderStatus: 'CheckedOut', corrigoWorkOrderComment: COMMENT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBeUndefined();
    expect(await lastAction(wo.plain.id)).toEqual(before);
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.plain)).LastCheckOut).toBeNull();
  });

  it('keeps the clock-out when Corrigo refuses the check-out, and gives its words as a warning', async () => {
    const labor = await clockIn(wo.guided);
    const res = await clockOut(wo.guided, labor, { corrigoWorkOrderStatus: 'CheckedOut', corrigoWorkOrderComment: COMMENT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBe('Your time is recorded, but Corrigo did not take Checked Out: RepairInfo is required for this customer.');
    expect(await openLaborIds()).toEqual([]);
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.guided)).Status).toBe('CheckedIn');
    expect(await providerStatusOf(wo.guided.id)).toBe('CheckedIn');
    expect(await lastAction(wo.guided.id)).toMatchObject({ action: 'checkOut', isOk: false, laborId: labor.workOrderLaborId });
  });

  it('says why Corrigo was not told when the browser gave no position', async () => {
    const labor = await clockIn(wo.plain);
    const res = await clockOut(wo.plain, labor, { corrigoWorkOrderStatus: 'Paused', corrigoWorkOrderComment: COMMENT, currentLatLong: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBe('Your time is recorded, but Corrigo was not told: Location Permission Denied. Please Allow Access To Location Services.');
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.plain)).Status).toBe('CheckedIn');
  });

  it('refuses a Corrigo status for a work order that did not come from Corrigo', async () => {
    const labor = await clockIn(wo.ordinary);
    expect(titleOf(await clockOut(wo.ordinary, labor, { corrigoWorkOrderStatus: 'Paused', corrigoWorkOrderComment: COMMENT }))).toEqual([400, 'Work order 240030 did not come from Corrigo.']);
    expect((await clockOut(wo.ordinary, labor)).statusCode).toBe(200);
  });

  it('checks out at Corrigo when finishing and starting the next work order', async () => {
    const labor = await clockIn(wo.plain);
    const res = await t.call('POST', '/api/v1/WOStartStop/clockOutAndStartWorkOrder', 'tech', {
      ...stopBody(wo.plain, labor, { corrigoWorkOrderStatus: 'CheckedOut', corrigoWorkOrderComment: 'Cleaned the drain line.' }),
      newWorkOrderId: wo.ordinary.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBeUndefined();
    const remote = await simWorkOrder(CORRIGO_WORK_ORDER.plain);
    expect([remote.Status, remote.LastCheckOut?.Comment]).toEqual(['Completed', 'Cleaned the drain line.']);
    expect(await providerStatusOf(wo.plain.id)).toBe('Completed');
    const next = await openLaborIds();
    expect(next).toHaveLength(1);
    const stop = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(wo.ordinary, { workOrderLaborId: next[0], serviceTechnicianId: await employeeTypeOf(wo.ordinary) }));
    expect(stop.statusCode, stop.body).toBe(200);
  });
});
