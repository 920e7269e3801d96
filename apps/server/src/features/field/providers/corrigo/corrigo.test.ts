import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerAccounts, providerActions, users, workOrderLabor, workOrders } from '../../../../db/schema';
import { CORRIGO_DEMO_LINKS, connectDemoToSimulator } from '../../../../db/seed/providers';
import { dbFingerprint } from '../../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { startProviderSimulator, type RunningSimulator } from '../simulator/simulator-server';
import { corrigoSimulator } from './corrigo-simulator';
import { CORRIGO_CUSTOMER, CORRIGO_WORK_ORDER, CORRIGO_WORK_ORDERS } from './corrigo-simulator-data';
import { allowedSimulator } from '../../../../test/allowed-simulator';

// Calls that do not answer are given up after half a second here, so the timeout cases stay quick; the files after
// this one in the same test process get the usual timeout back.
const timeoutBefore = process.env.PROVIDER_TIMEOUT_MS;
beforeAll(() => void (process.env.PROVIDER_TIMEOUT_MS = '500'));
afterAll(() => {
  if (timeoutBefore === undefined) delete process.env.PROVIDER_TIMEOUT_MS;
  else process.env.PROVIDER_TIMEOUT_MS = timeoutBefore;
});

let t: TestApp;
let sim: RunningSimulator;
const wo: Record<'guided' | 'plain' | 'accepted' | 'ordinary' | 'coastal', typeof workOrders.$inferSelect> = {} as never;
const HERE = { latitude: 32.7842, longitude: -96.7838, accuracy: 12 };
const api = (path: string) => `/api/v1/CorrigoWorkOrders/${path}`;

type SimWorkOrder = { Status: string; LastCheckIn: unknown; LastPause: unknown; LastCheckOut: unknown };
const simWorkOrder = async (id: number) => ((await (await fetch(`${sim.url}/__state`)).json()) as { corrigo: { workOrders: Record<number, SimWorkOrder> } }).corrigo.workOrders[id];
const fault = (body: object) => fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const providerStatusOf = async (id: number) => (await t.db.select({ s: workOrders.providerStatus }).from(workOrders).where(eq(workOrders.id, id)))[0].s;
const lastAction = async (workOrderId: number) =>
  (await t.db.select().from(providerActions).where(eq(providerActions.workOrderId, workOrderId)).orderBy(desc(providerActions.id)).limit(1))[0];
const titleOf = (res: { statusCode: number; json(): { title: string } }) => [res.statusCode, res.json().title];

async function byNumber(number: string) {
  return (await t.db.select().from(workOrders).where(eq(workOrders.workOrderNumber, number)))[0];
}

beforeAll(async () => {
  t = await createTestApp();
  sim = await startProviderSimulator({ plugins: [corrigoSimulator()] }).then(allowedSimulator);
  await connectDemoToSimulator(t.db, sim.url);
  [wo.guided, wo.plain, wo.accepted, wo.ordinary, wo.coastal] = await Promise.all(['240021', '240022', '240023', '240030', '510001'].map(byNumber));
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
  for (const link of CORRIGO_DEMO_LINKS) {
    const status = CORRIGO_WORK_ORDERS.find((w) => w.Id === link.providerWorkOrderId)!.Status;
    await t.db.update(workOrders).set({ providerStatus: status }).where(eq(workOrders.providerWorkOrderId, link.providerWorkOrderId));
  }
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('stop view data', () => {
  it('names the Corrigo work order and customer, and whether the technician is checked in there', async () => {
    const view = async (workOrderId: number) => (await t.call('POST', '/api/v1/WOStartStop/getStopWOViewData', 'tech', { workOrderId })).json();
    expect(await view(wo.guided.id)).toMatchObject({ corrigoWorkOrderId: CORRIGO_WORK_ORDER.guided, corrigoCustomerId: CORRIGO_CUSTOMER.strict, isCorrigoWorkOrderCheckedIn: true });
    expect(await view(wo.accepted.id)).toMatchObject({ corrigoWorkOrderId: CORRIGO_WORK_ORDER.accepted, corrigoCustomerId: CORRIGO_CUSTOMER.simple, isCorrigoWorkOrderCheckedIn: false });
    expect(await view(wo.ordinary.id)).toMatchObject({ corrigoWorkOrderId: 0, corrigoCustomerId: 0, isCorrigoWorkOrderCheckedIn: false });
  });

  it('points the demo account at the running simulator and gives the linked work orders its starting statuses', async () => {
    await t.db.update(workOrders).set({ providerStatus: 'Completed' }).where(eq(workOrders.id, wo.guided.id));
    await connectDemoToSimulator(t.db, `${sim.url}/`);
    expect((await t.db.select({ baseUrl: providerAccounts.baseUrl }).from(providerAccounts).where(eq(providerAccounts.provider, 'corrigo'))).map((a) => a.baseUrl)).toEqual([`${sim.url}/corrigo`]);
    expect([await providerStatusOf(wo.guided.id), await providerStatusOf(wo.accepted.id)]).toEqual(['CheckedIn', 'Accepted']);
  });
});

describe('reading for the wizard', () => {
  it('answers the customer\'s settings to a technician who works for that customer, and 404 otherwise', async () => {
    const res = await t.call('GET', api(`corrigoCustomerSettings/${CORRIGO_CUSTOMER.strict}`), 'tech');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isRepairCodeRequired: true, areRepairCodesAvailable: true, repairCategories: [{ id: 310, name: 'Refrigeration' }, { id: 320 }] });
    expect(res.json().customFields.map((f: { labelText: string; isRequired: boolean }) => [f.labelText, f.isRequired])).toEqual([
      ['Equipment left operational', true], ['Refrigerant added (lbs)', false],
    ]);
    expect(titleOf(await t.call('GET', api('corrigoCustomerSettings/99999'), 'tech'))).toEqual([404, 'Corrigo customer was not found.']);
    expect(titleOf(await t.call('GET', api(`corrigoCustomerSettings/${CORRIGO_CUSTOMER.strict}`), 'tech2'))).toEqual([404, 'Corrigo customer was not found.']);
    expect(titleOf(await t.call('GET', api(`corrigoCustomerSettings/${CORRIGO_CUSTOMER.strict}`), 'coastal.tech'))).toEqual([404, 'Corrigo customer was not found.']);
  });

  it('answers the provider\'s status with the choices the wizard offers, and keeps the status it read', async () => {
    const res = await t.call('GET', api(`clockOutWorkOrderWrapperData/${wo.guided.id}`), 'tech');
    expect(res.json()).toEqual({
      workOrderId: wo.guided.id, workOrderStatus: 'CheckedIn', availableWorkOrderStatuses: ['Paused', 'CheckedOut', 'Completed'],
      corrigoCustomerId: CORRIGO_CUSTOMER.strict, corrigoWorkOrderId: CORRIGO_WORK_ORDER.guided,
    });
    // Paused at the provider by someone else: the wizard sees it, and so does our work order.
    await t.call('PUT', api('changeStatus'), 'tech', { workOrderId: wo.plain.id, workOrderStatus: 'Paused', comment: 'Waiting on parts', location: HERE });
    await t.db.update(workOrders).set({ providerStatus: 'CheckedIn' }).where(eq(workOrders.id, wo.plain.id));
    const paused = (await t.call('GET', api(`clockOutWorkOrderWrapperData/${wo.plain.id}`), 'tech')).json();
    expect([paused.workOrderStatus, paused.availableWorkOrderStatuses]).toEqual(['Paused', ['CheckedOut', 'Completed']]);
    expect(await providerStatusOf(wo.plain.id)).toBe('Paused');
  });

  it('lists procedures in order with their steps', async () => {
    const res = await t.call('GET', api(`getCorrigoWorkorderProcedure/${wo.guided.id}`), 'tech');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((p: { name: string; steps: unknown[] }) => [p.name, p.steps.length])).toEqual([['Walk-in cooler inspection', 3], ['Site sign-off', 1]]);
    expect((await t.call('GET', api(`getCorrigoWorkorderProcedure/${wo.plain.id}`), 'tech')).json()).toEqual([]);
  });

  it('says so for a work order that did not come from Corrigo, 404 for another company\'s, 403 without the permission', async () => {
    for (const path of [`clockOutWorkOrderWrapperData/${wo.ordinary.id}`, `getCorrigoWorkorderProcedure/${wo.ordinary.id}`]) {
      expect(titleOf(await t.call('GET', api(path), 'tech'))).toEqual([409, 'Work order 240030 did not come from Corrigo.']);
    }
    const before = await dbFingerprint(t.db);
    const foreign = [
      ['GET', `clockOutWorkOrderWrapperData/${wo.coastal.id}`], ['GET', `getCorrigoWorkorderProcedure/${wo.coastal.id}`],
      ['PUT', 'updateCorrigoProcedureStep', { workorderId: wo.coastal.id, procedureId: 9101, steps: [{ id: 91013, comment: 'Done it', status: 'Done' }] }],
      ['PUT', 'changeStatus', { workOrderId: wo.coastal.id, workOrderStatus: 'Paused', comment: 'Waiting on parts', location: HERE }],
      ['PUT', 'checkOut', { workOrderId: wo.coastal.id, comment: 'All finished', coordinates: HERE }],
    ] as const;
    for (const [method, path, body] of foreign) expect(titleOf(await t.call(method, api(path), 'tech', body)), path).toEqual([404, 'Work order was not found.']);
    for (const [method, path, body] of foreign) expect((await t.call(method, api(path.replace(String(wo.coastal.id), String(wo.guided.id))), 'customer', body)).statusCode, path).toBe(403);
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('tells a company without a Corrigo connection who can connect it', async () => {
    await t.db.update(workOrders).set({ provider: 'corrigo', providerWorkOrderId: CORRIGO_WORK_ORDER.plain, providerCustomerId: CORRIGO_CUSTOMER.simple }).where(eq(workOrders.id, wo.coastal.id));
    const res = await t.call('GET', api(`clockOutWorkOrderWrapperData/${wo.coastal.id}`), 'coastal.tech');
    expect(titleOf(res)).toEqual([409, 'Your company is not connected to Corrigo. Ask an administrator to connect it under Third Party > Corrigo.']);
    await t.db.update(workOrders).set({ provider: null, providerWorkOrderId: null, providerCustomerId: null }).where(eq(workOrders.id, wo.coastal.id));
  });
});

describe('procedure steps and the Paused shortcut', () => {
  it('saves a step at Corrigo and records it; a refusal comes back in Corrigo\'s words and is recorded too', async () => {
    const res = await t.call('PUT', api('updateCorrigoProcedureStep'), 'tech', { workorderId: wo.guided.id, procedureId: 9101, steps: [{ id: 91012, value: 'true', comment: 'Gaskets sealed', status: 'Done' }] });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Corrigo Procedure step updated successfully' }]);
    const steps = (await t.call('GET', api(`getCorrigoWorkorderProcedure/${wo.guided.id}`), 'tech')).json()[0].steps;
    expect(steps[1]).toMatchObject({ id: 91012, status: 'Done', comment: 'Gaskets sealed', value: 'true' });
    expect(await lastAction(wo.guided.id)).toMatchObject({ action: 'updateProcedureStep', isOk: true, provider: 'corrigo' });
    const refused = await t.call('PUT', api('updateCorrigoProcedureStep'), 'tech', { workorderId: wo.guided.id, procedureId: 9102, steps: [{ id: 91021, comment: 'Nobody on site', status: 'NA' }] });
    expect(titleOf(refused)).toEqual([422, 'Corrigo: Steps of Site sign-off cannot be marked not applicable.']);
    expect(await lastAction(wo.guided.id)).toMatchObject({ action: 'updateProcedureStep', isOk: false, message: 'Corrigo: Steps of Site sign-off cannot be marked not applicable.' });
    const noNotes = await t.call('PUT', api('updateCorrigoProcedureStep'), 'tech', { workorderId: wo.guided.id, procedureId: 9101, steps: [{ id: 91012, comment: ' ', status: 'Done' }] });
    expect(titleOf(noNotes)).toEqual([400, 'Notes field is required!']);
  });

  it('pauses at Corrigo with the position, keeps the new status, and records where the technician was', async () => {
    const res = await t.call('PUT', api('changeStatus'), 'tech', { workOrderId: wo.guided.id, workOrderStatus: 'Paused', comment: 'Waiting on a fan motor', location: HERE });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Saved' }]);
    const remote = await simWorkOrder(CORRIGO_WORK_ORDER.guided);
    expect([remote.Status, remote.LastPause]).toEqual(['Paused', { Comment: 'Waiting on a fan motor', Location: { Latitude: HERE.latitude, Longitude: HERE.longitude } }]);
    expect(await providerStatusOf(wo.guided.id)).toBe('Paused');
    expect(await lastAction(wo.guided.id)).toMatchObject({ action: 'pause', isOk: true, latitude: HERE.latitude, longitude: HERE.longitude, accuracyMeters: 12 });
    const again = await t.call('PUT', api('changeStatus'), 'tech', { workOrderId: wo.guided.id, workOrderStatus: 'Paused', comment: 'Still waiting', location: HERE });
    expect(titleOf(again)).toEqual([422, 'Corrigo: Work order CG-1501 is Paused; only a CheckedIn work order can be paused.']);
    expect(await providerStatusOf(wo.guided.id)).toBe('Paused');
  });

  it('refuses a status change a person can fix, with a sentence, and sends nothing', async () => {
    const before = await dbFingerprint(t.db);
    const change = (body: object) => t.call('PUT', api('changeStatus'), 'tech', { workOrderId: wo.guided.id, workOrderStatus: 'Paused', comment: 'Waiting on parts', location: HERE, ...body });
    expect(titleOf(await change({ location: null }))).toEqual([400, 'Location Permission Denied. Please Allow Access To Location Services.']);
    expect(titleOf(await change({ comment: 'abc' }))).toEqual([400, 'Comment must be at least 5 characters.']);
    expect(titleOf(await change({ workOrderStatus: 'Completed' }))).toEqual([400, 'Use Check Out to finish the work order at Corrigo.']);
    expect(titleOf(await change({ workOrderStatus: 'OnHold' }))).toEqual([400, 'A Corrigo work order cannot be set to OnHold from here.']);
    expect(titleOf(await change({ workOrderId: wo.ordinary.id }))).toEqual([409, 'Work order 240030 did not come from Corrigo.']);
    expect(await dbFingerprint(t.db)).toBe(before);
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.guided)).LastPause).toBeNull();
  });
});

describe('check-out', () => {
  const complete = { workOrderId: 0, comment: 'Replaced the condenser fan motor', coordinates: HERE, repairInfo: { categoryId: 310, codeId: 3101 }, customFields: [{ id: 5101, value: 'Yes', valueType: 'String' }] };
  const checkOut = (body: object) => t.call('PUT', api('checkOut'), 'tech', { ...complete, workOrderId: wo.guided.id, ...body });
  const finishSteps = () =>
    t.call('PUT', api('updateCorrigoProcedureStep'), 'tech', {
      workorderId: wo.guided.id, procedureId: 9101,
      steps: [{ id: 91011, value: '37', comment: 'Measured at the coil', status: 'Done' }, { id: 91012, value: 'true', comment: 'Gaskets sealed', status: 'Done' }],
    });

  it('re-checks every wizard rule with the spec\'s sentences and changes nothing while one is broken', async () => {
    const before = await dbFingerprint(t.db);
    expect(titleOf(await checkOut({ repairInfo: null }))).toEqual([400, 'The Repair Category is Required!']);
    expect(titleOf(await checkOut({ repairInfo: { categoryId: 310 } }))).toEqual([400, 'The Repair Sub Category is Required!']);
    expect(titleOf(await checkOut({ repairInfo: { categoryId: 310, codeId: 3201 } }))).toEqual([400, "The Repair Sub Category is not one of the category's codes."]);
    expect(titleOf(await checkOut({ customFields: [] }))).toEqual([400, 'Equipment left operational is required']);
    expect(titleOf(await checkOut({ customFields: [{ id: 5101, value: ' ', valueType: 'String' }] }))).toEqual([400, 'Equipment left operational is required']);
    expect(titleOf(await checkOut({ customFields: [{ id: 5101, value: 'yes', valueType: 'String' }] }))).toEqual([400, 'Equipment left operational must be one of: Yes, No.']);
    expect(titleOf(await checkOut({ customFields: [...complete.customFields, { id: 5102, value: 'lots', valueType: 'Float' }] }))).toEqual([400, 'Refrigerant added (lbs) must be a number.']);
    expect(titleOf(await checkOut({}))).toEqual([400, 'Complete Procedure Step before Checkout Work order']);
    expect(titleOf(await checkOut({ comment: 'ok' }))).toEqual([400, 'Comment must be at least 5 characters.']);
    expect(titleOf(await checkOut({ comment: 'x'.repeat(3001) }))).toEqual([400, 'Comment must be at most 3000 characters.']);
    expect(titleOf(await checkOut({ coordinates: null }))).toEqual([400, 'Location Permission Denied. Please Allow Access To Location Services.']);
    expect(await dbFingerprint(t.db)).toBe(before);
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.guided)).LastCheckOut).toBeNull();
  });

  it('checks out at Corrigo once the steps are done: Corrigo holds what was sent and our work order shows Completed', async () => {
    expect((await finishSteps()).statusCode).toBe(200);
    const res = await checkOut({ customFields: [{ id: 5101, value: 'Yes', valueType: 'String' }, { id: 5102, value: '1.5', valueType: 'Float' }] });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Corrigo Work Order Saved' }]);
    const remote = await simWorkOrder(CORRIGO_WORK_ORDER.guided);
    expect(remote.Status).toBe('Completed');
    expect(remote.LastCheckOut).toEqual({
      Comment: 'Replaced the condenser fan motor',
      Location: { Latitude: HERE.latitude, Longitude: HERE.longitude },
      Procedures: [],
      RepairInfo: { CodeId: 3101, Code: 'Replaced fan motor', CategoryId: 310, Category: 'Refrigeration' },
      CustomFields: [{ Id: 5101, Value: 'Yes', DataType: 'String' }, { Id: 5102, Value: '1.5', DataType: 'Float' }],
    });
    expect(await providerStatusOf(wo.guided.id)).toBe('Completed');
    expect(await lastAction(wo.guided.id)).toMatchObject({ action: 'checkOut', isOk: true, accuracyMeters: 12, message: 'Corrigo status Completed' });
    const view = (await t.call('POST', '/api/v1/WOStartStop/getStopWOViewData', 'tech', { workOrderId: wo.guided.id })).json();
    expect(view.isCorrigoWorkOrderCheckedIn).toBe(false);
  });

  it('asks nothing more of a customer that requires no repair codes or questions', async () => {
    const res = await t.call('PUT', api('checkOut'), 'tech', { workOrderId: wo.plain.id, comment: 'Cleaned the drain line', coordinates: HERE });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Corrigo Work Order Saved' }]);
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.plain)).LastCheckOut).toMatchObject({ Comment: 'Cleaned the drain line', RepairInfo: null, CustomFields: [] });
  });

  it('tells the technician when Corrigo does not answer, and keeps our status and labor as they were', async () => {
    await finishSteps();
    const laborBefore = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.workOrderId, wo.guided.id));
    await fault({ pathContains: '/checkOut', kind: 'timeout', times: 1, delayMs: 1500 });
    expect(titleOf(await checkOut({}))).toEqual([504, 'Corrigo did not answer in time. Please try again in a moment.']);
    await fault({ pathContains: '/pause', kind: 'error500', times: 1 });
    const failed = await t.call('PUT', api('changeStatus'), 'tech', { workOrderId: wo.guided.id, workOrderStatus: 'Paused', comment: 'Waiting on parts', location: HERE });
    expect(titleOf(failed)).toEqual([502, 'Corrigo had a problem answering: Internal server error. Please try again in a moment.']);
    expect(await providerStatusOf(wo.guided.id)).toBe('CheckedIn');
    expect(await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.workOrderId, wo.guided.id))).toEqual(laborBefore);
    expect(await lastAction(wo.guided.id)).toMatchObject({ action: 'pause', isOk: false, message: 'Corrigo had a problem answering: Internal server error. Please try again in a moment.' });
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.guided)).Status).toBe('CheckedIn');
  });
});

describe('clock-in on a Corrigo work order', () => {
  let employeeType: number;
  beforeAll(async () => {
    employeeType = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${wo.accepted.billingCustomerId}`, 'tech')).json()[0].serviceTechnicianId;
  });
  const clockIn = (extra: object = {}) =>
    t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', { workOrderId: wo.accepted.id, startTime: new Date().toISOString(), serviceTechnicianId: employeeType, currentLatLong: HERE, ...extra });
  async function clockOut(workOrderLaborId: number) {
    const res = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', {
      workOrderId: wo.accepted.id, workOrderLaborId, description: 'Checked the unit.', userStatusId: 3, workOrderStatusId: 38, serviceTechnicianId: employeeType,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const openLabor = async () => {
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    return t.db.select().from(workOrderLabor).where(and(eq(workOrderLabor.userId, tech.id), isNull(workOrderLabor.stoppedAt)));
  };

  it('checks in at Corrigo when the work order is Accepted there, with the position, and records it against the labor', async () => {
    const res = await clockIn();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBeUndefined();
    const remote = await simWorkOrder(CORRIGO_WORK_ORDER.accepted);
    expect([remote.Status, remote.LastCheckIn]).toEqual(['CheckedIn', { Location: { Latitude: HERE.latitude, Longitude: HERE.longitude } }]);
    expect(await providerStatusOf(wo.accepted.id)).toBe('CheckedIn');
    expect(await lastAction(wo.accepted.id)).toMatchObject({ action: 'checkIn', isOk: true, laborId: res.json().workOrderLaborId, accuracyMeters: 12 });
    await clockOut(res.json().workOrderLaborId);
  });

  it('keeps the clock-in when Corrigo fails, and gives the technician Corrigo\'s sentence as a warning', async () => {
    await fault({ pathContains: '/checkIn', kind: 'error500', times: 1 });
    const res = await clockIn();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBe('Corrigo had a problem answering: Internal server error. Please try again in a moment.');
    expect((await openLabor()).map((l) => l.id)).toEqual([res.json().workOrderLaborId]);
    expect(await providerStatusOf(wo.accepted.id)).toBe('Accepted');
    expect(await lastAction(wo.accepted.id)).toMatchObject({ action: 'checkIn', isOk: false, laborId: res.json().workOrderLaborId });
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.accepted)).Status).toBe('Accepted');
    await clockOut(res.json().workOrderLaborId);
  });

  it('keeps a clock-in without a position and says why Corrigo was not told', async () => {
    const res = await clockIn({ currentLatLong: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBe('Corrigo check-in was not sent: Location Permission Denied. Please Allow Access To Location Services.');
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.accepted)).LastCheckIn).toBeNull();
    await clockOut(res.json().workOrderLaborId);
  });

  it('does not call Corrigo for a work order already checked in there', async () => {
    const actionsBefore = await t.db.select().from(providerActions).where(eq(providerActions.workOrderId, wo.plain.id));
    const plainType = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${wo.plain.billingCustomerId}`, 'tech')).json()[0].serviceTechnicianId;
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', { workOrderId: wo.plain.id, startTime: new Date().toISOString(), serviceTechnicianId: plainType, currentLatLong: HERE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providerWarning).toBeUndefined();
    expect(await t.db.select().from(providerActions).where(eq(providerActions.workOrderId, wo.plain.id))).toEqual(actionsBefore);
    expect((await simWorkOrder(CORRIGO_WORK_ORDER.plain)).LastCheckIn).toBeNull();
    const view = (await t.call('POST', '/api/v1/WOStartStop/getStopWOViewData', 'tech', { workOrderId: wo.plain.id })).json();
    expect(view.isCorrigoWorkOrderCheckedIn).toBe(true);
  });
});
