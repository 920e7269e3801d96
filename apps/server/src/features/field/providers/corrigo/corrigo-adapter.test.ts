import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowOutboundHosts } from '../../../../lib/outbound-http';
import type { ProviderAccount } from '../provider-accounts';
import { ProviderError } from '../provider-http';
import { startProviderSimulator, type RunningSimulator } from '../simulator/simulator-server';
import { corrigoHttpAdapter } from './corrigo-client';
import { corrigoSimulator } from './corrigo-simulator';
import { CORRIGO_CUSTOMER, CORRIGO_DEMO_CLIENT, CORRIGO_WORK_ORDER } from './corrigo-simulator-data';
import { allowedSimulator } from '../../../../test/allowed-simulator';

let sim: RunningSimulator;
let accountId = 9000;
const HERE = { latitude: 32.7842, longitude: -96.7838 };

/** An account row as the product stores it; a new id each time, so each test asks for its own token. */
const accountOf = (over: Partial<ProviderAccount> = {}): ProviderAccount => ({
  id: accountId++, subscriberId: 1, provider: 'corrigo', baseUrl: `${sim.url}/corrigo`, clientId: CORRIGO_DEMO_CLIENT.clientId,
  clientSecret: CORRIGO_DEMO_CLIENT.clientSecret, userName: null, password: null, isEnabled: true, updatedBy: null, updatedAt: new Date(), ...over,
});
const adapter = (over: Partial<ProviderAccount> = {}, timeoutMs?: number) => corrigoHttpAdapter(accountOf(over), { timeoutMs });

type SimState = { corrigo: { tokensIssued: number; workOrders: Record<string, { Status: string; LastCheckIn: unknown; LastPause: unknown; LastCheckOut: unknown; Procedures: { Steps: { Id: number; State: string }[] }[] }> } };
const state = async () => ((await (await fetch(`${sim.url}/__state`)).json()) as SimState).corrigo;
const fault = (body: object) => fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The provider's refusal as the technician reads it. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err, 'the call was expected to fail').toBeInstanceOf(ProviderError);
  return { status: (err as ProviderError).status, message: (err as ProviderError).message };
}

let token: string;
async function raw(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sim.url}/corrigo${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { Error?: { Code: string; Message: string } } & Record<string, unknown> };
}

beforeAll(async () => {
  sim = await startProviderSimulator({ plugins: [corrigoSimulator()] }).then(allowedSimulator);
  const res = await fetch(`${sim.url}/corrigo/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CORRIGO_DEMO_CLIENT.clientId, client_secret: CORRIGO_DEMO_CLIENT.clientSecret }).toString(),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
});
afterAll(async () => {
  await sim.close();
});

describe('Corrigo simulator: sign-in', () => {
  it('issues a 1199-second token for form-encoded client credentials and refuses wrong ones with 401', async () => {
    const ask = (secret: string) =>
      fetch(`${sim.url}/corrigo/oauth/token`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CORRIGO_DEMO_CLIENT.clientId, client_secret: secret }).toString(),
      });
    const ok = await ask(CORRIGO_DEMO_CLIENT.clientSecret);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: 'bearer', expires_in: 1199, access_token: expect.any(String) });
    const wrong = await ask('guess');
    expect([wrong.status, ((await wrong.json()) as { error: string }).error]).toEqual([401, 'invalid_client']);
    const noToken = await fetch(`${sim.url}/corrigo/api/v1/workOrders/${CORRIGO_WORK_ORDER.guided}`);
    expect(noToken.status).toBe(401);
  });

  it('asks for a token once and reuses it; wrong credentials reach the technician as a sentence for an administrator', async () => {
    const before = (await state()).tokensIssued;
    const a = adapter();
    await a.getWorkOrder(CORRIGO_WORK_ORDER.guided);
    await a.getProcedures(CORRIGO_WORK_ORDER.guided);
    await a.getCustomerSettings(CORRIGO_CUSTOMER.strict);
    expect((await state()).tokensIssued).toBe(before + 1);
    expect(await refusal(adapter({ clientSecret: 'wrong' }).getWorkOrder(CORRIGO_WORK_ORDER.guided))).toEqual({
      status: 502, message: "Corrigo refused the company's credentials. Ask an administrator to check the Corrigo connection.",
    });
  });
});

describe('Corrigo simulator: work order lifecycle', () => {
  it('checks in only from Accepted or Paused, pauses only from CheckedIn, and checks out to Completed', async () => {
    const a = adapter();
    const id = CORRIGO_WORK_ORDER.accepted;
    expect(await refusal(a.changeStatus(id, { status: 'Paused', comment: 'Waiting on parts', position: HERE }))).toEqual({
      status: 422, message: 'Corrigo: Work order CG-1503 is Accepted; only a CheckedIn work order can be paused.',
    });
    expect(await a.changeStatus(id, { status: 'CheckedIn', position: HERE })).toBe('CheckedIn');
    expect(await refusal(a.changeStatus(id, { status: 'CheckedIn', position: HERE }))).toEqual({
      status: 422, message: 'Corrigo: Work order CG-1503 is CheckedIn; it can be checked in only when Accepted or Paused.',
    });
    expect(await a.changeStatus(id, { status: 'Paused', comment: 'Waiting on parts', position: HERE })).toBe('Paused');
    expect(await a.changeStatus(id, { status: 'CheckedIn', position: HERE })).toBe('CheckedIn');
    const settings = await a.getCustomerSettings(CORRIGO_CUSTOMER.simple);
    expect(await a.checkOut(id, { comment: 'Cleaned the coil', customFields: [], repairInfo: null }, HERE, settings)).toBe('Completed');
    expect((await refusal(a.changeStatus(id, { status: 'CheckedIn', position: HERE }))).message).toBe(
      'Corrigo: Work order CG-1503 is Completed; it can be checked in only when Accepted or Paused.',
    );
    const wo = (await state()).workOrders[id];
    expect(wo.Status).toBe('Completed');
    expect(wo.LastPause).toEqual({ Comment: 'Waiting on parts', Location: { Latitude: HERE.latitude, Longitude: HERE.longitude } });
    expect(wo.LastCheckIn).toEqual({ Location: { Latitude: HERE.latitude, Longitude: HERE.longitude } });
  });

  it('accepts only a New work order and refuses a check-in without a location or backdated where the customer forbids it', async () => {
    expect((await raw('POST', `/api/v1/workOrders/${CORRIGO_WORK_ORDER.guided}/accept`)).body.Error).toEqual({
      Code: 'InvalidStatus', Message: 'Work order CG-1501 is CheckedIn; only a New work order can be accepted.',
    });
    expect(await raw('POST', `/api/v1/workOrders/${CORRIGO_WORK_ORDER.fresh}/accept`)).toEqual({ status: 200, body: { WorkOrderId: CORRIGO_WORK_ORDER.fresh, Status: 'Accepted' } });
    const noLocation = await raw('POST', `/api/v1/workOrders/${CORRIGO_WORK_ORDER.fresh}/checkIn`, {});
    expect(noLocation).toEqual({ status: 400, body: { Error: { Code: 'LocationRequired', Message: 'A Location with Latitude and Longitude is required.' } } });
    const badLocation = await raw('POST', `/api/v1/workOrders/${CORRIGO_WORK_ORDER.fresh}/checkIn`, { Location: { Latitude: 91, Longitude: 0 } });
    expect(badLocation.status).toBe(400);
    const guidedPause = await raw('POST', `/api/v1/workOrders/${CORRIGO_WORK_ORDER.guided}/pause`, { Comment: 'x', Location: { Latitude: 1, Longitude: 1 }, ActualActionDate: '2026-01-01T00:00:00Z' });
    expect(guidedPause.body.Error?.Code).toBe('BackdatingNotAllowed');
    expect((await state()).workOrders[CORRIGO_WORK_ORDER.guided].Status).toBe('CheckedIn');
    expect((await raw('GET', '/api/v1/workOrders/1')).status).toBe(404);
  });
});

describe('Corrigo simulator: check-out rules', () => {
  const location = { Latitude: 32.78, Longitude: -96.8 };
  const complete = { Comment: 'Replaced the fan motor', Location: location, Procedures: [], RepairInfo: { CodeId: 3101, Code: 'Replaced fan motor', CategoryId: 310, Category: 'Refrigeration' }, CustomFields: [{ Id: 5101, Value: 'Yes', DataType: 'String' }] };
  const checkOut = (body: object, id: number = CORRIGO_WORK_ORDER.guided) => raw('POST', `/api/v1/workOrders/${id}/checkOut`, body);
  const doneSteps = { Id: 9101, Steps: [{ Id: 91011, Value: '37', Comment: 'Measured', State: 'Done' }, { Id: 91012, Value: 'true', Comment: 'Sealed', State: 'Done' }] };

  it('refuses a check-out missing what the customer requires, in the provider\'s words, and changes nothing', async () => {
    const words = async (body: object) => (await checkOut(body)).body.Error?.Message;
    expect(await words({ ...complete, Comment: '' })).toBe('Comment is required.');
    expect(await words({ ...complete, Comment: 'x'.repeat(3001), Procedures: [doneSteps] })).toBe('Comment must be at most 3000 characters.');
    expect(await words({ ...complete, RepairInfo: null, Procedures: [doneSteps] })).toBe('RepairInfo is required for this customer.');
    expect(await words({ ...complete, RepairInfo: { ...complete.RepairInfo, CodeId: 3201 }, Procedures: [doneSteps] })).toBe('RepairInfo names an unknown repair code.');
    expect(await words({ ...complete, CustomFields: [], Procedures: [doneSteps] })).toBe('Custom field Equipment left operational is required.');
    expect(await words({ ...complete, CustomFields: [{ Id: 5101, Value: 'yes' }], Procedures: [doneSteps] })).toBe('Custom field Equipment left operational must be one of Yes, No.');
    expect(await words({ ...complete, CustomFields: [{ Id: 5101, Value: 'Yes' }, { Id: 5104, Value: 'C-1' }], Procedures: [doneSteps] })).toBe('Custom field Contract number cannot be changed.');
    expect(await words(complete)).toMatch(/^Required procedure steps are not done \(Walk-in cooler inspection: Record the discharge air temperature; /);
    const { Location: _, ...noLocation } = complete;
    expect(await words({ ...noLocation, Procedures: [doneSteps] })).toBe('A Location with Latitude and Longitude is required.');
    const wo = (await state()).workOrders[CORRIGO_WORK_ORDER.guided];
    expect([wo.Status, wo.LastCheckOut, wo.Procedures[0].Steps.map((s) => s.State)]).toEqual(['CheckedIn', null, ['Open', 'Open', 'Open']]);
  });

  it('completes a customer-request order that carries everything, and keeps what was sent', async () => {
    expect(await checkOut({ ...complete, Procedures: [doneSteps] })).toEqual({ status: 200, body: { WorkOrderId: CORRIGO_WORK_ORDER.guided, Status: 'Completed' } });
    const wo = (await state()).workOrders[CORRIGO_WORK_ORDER.guided];
    expect(wo.LastCheckOut).toEqual({ ...complete, Procedures: [doneSteps] });
    expect(wo.Procedures[0].Steps.map((s) => s.State)).toEqual(['Done', 'Done', 'Open']);
  });

  it('leaves a preventive-maintenance order lacking its completion data as NeedsCompletionDetails', async () => {
    const res = await checkOut({ Comment: 'Quarterly visit done', Location: location, Procedures: [], RepairInfo: null, CustomFields: [] }, CORRIGO_WORK_ORDER.maintenance);
    expect(res.body).toEqual({ WorkOrderId: CORRIGO_WORK_ORDER.maintenance, Status: 'NeedsCompletionDetails' });
  });

  it('saves procedure steps through the adapter and refuses not applicable where the procedure does not allow it', async () => {
    const a = adapter();
    const saved = await a.updateProcedureSteps(CORRIGO_WORK_ORDER.guided, 9101, [{ id: 91013, value: null, comment: 'No access to the roof', status: 'NA' }]);
    expect(saved[0].steps.find((s) => s.id === 91013)).toMatchObject({ status: 'NA', comment: 'No access to the roof' });
    expect((await a.getProcedures(CORRIGO_WORK_ORDER.guided))[0].steps[2].status).toBe('NA');
    expect(await refusal(a.updateProcedureSteps(CORRIGO_WORK_ORDER.guided, 9102, [{ id: 91021, value: null, comment: 'Nobody there', status: 'NA' }]))).toEqual({
      status: 422, message: 'Corrigo: Steps of Site sign-off cannot be marked not applicable.',
    });
  });
});

describe('Corrigo adapter: a provider that fails', () => {
  it('tells the technician when Corrigo does not answer in time, after trying a read three times', async () => {
    await fault({ pathContains: '/settings', kind: 'timeout', times: 3, delayMs: 1500 });
    const started = Date.now();
    expect(await refusal(adapter({}, 300).getCustomerSettings(CORRIGO_CUSTOMER.strict))).toEqual({
      status: 504, message: 'Corrigo did not answer in time. Please try again in a moment.',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('sends a check-in once when Corrigo answers 500, tells the technician, and the work order stays as it was', async () => {
    await fault({ pathContains: '/checkIn', kind: 'error500', times: 1 });
    expect(await refusal(adapter().changeStatus(CORRIGO_WORK_ORDER.accepted, { status: 'CheckedIn', position: HERE }))).toEqual({
      status: 502, message: 'Corrigo had a problem answering: Internal server error. Please try again in a moment.',
    });
    const wo = (await state()).workOrders[CORRIGO_WORK_ORDER.accepted];
    expect([wo.Status, wo.LastCheckIn]).toEqual(['Accepted', null]);
    // The fault was used up by the one attempt: the next check-in goes through.
    expect(await adapter().changeStatus(CORRIGO_WORK_ORDER.accepted, { status: 'CheckedIn', position: HERE })).toBe('CheckedIn');
  });

  it('recovers a read when Corrigo fails once and answers the next time', async () => {
    await fault({ pathContains: `/workOrders/${CORRIGO_WORK_ORDER.plain}`, kind: 'error500', times: 1 });
    expect((await adapter().getWorkOrder(CORRIGO_WORK_ORDER.plain)).status).toBe('CheckedIn');
  });

  it('says Corrigo cannot be reached when nothing listens at the address', async () => {
    const withdraw = allowOutboundHosts(['127.0.0.1:9']);
    try {
      expect(await refusal(adapter({ baseUrl: 'http://127.0.0.1:9/corrigo' }).changeStatus(CORRIGO_WORK_ORDER.accepted, { status: 'CheckedIn', position: HERE }))).toEqual({
        status: 502, message: 'Corrigo cannot be reached right now. Please try again in a moment.',
      });
    } finally {
      withdraw();
    }
  });

  it('does not call an address on this machine that nobody allowed, and tells the technician whom to ask', async () => {
    expect(await refusal(adapter({ baseUrl: 'http://127.0.0.1:9/corrigo' }).changeStatus(CORRIGO_WORK_ORDER.accepted, { status: 'CheckedIn', position: HERE }))).toEqual({
      status: 502, message: 'Corrigo cannot be called at the address the company saved. Ask an administrator to check the Corrigo connection.',
    });
  });
});
