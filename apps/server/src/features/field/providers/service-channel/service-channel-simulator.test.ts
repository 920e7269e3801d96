import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProviderSimulator, type RunningSimulator } from '../simulator/simulator-server';
import { SC_DEMO_CREDENTIALS, SC_DEMO_WORK_ORDERS } from './service-channel-demo-data';
import { serviceChannelDemoSeed, serviceChannelSimulator } from './service-channel-simulator';

let sim: RunningSimulator;
const [near, far] = SC_DEMO_WORK_ORDERS;
const HOUR = 3600_000;

/** The demo seed plus work orders in the states a check-in must be refused in. */
function seed() {
  const base = serviceChannelDemoSeed();
  const like = (id: number, extra: object) => ({ ...base.workOrders[0], Id: id, Number: String(id), ...extra });
  base.workOrders.push(
    like(1, { Status: { Primary: 'COMPLETED', Extended: 'CONFIRMED' } }),
    like(2, { Status: { Primary: 'COMPLETED', Extended: 'PENDING CONFIRMATION' } }),
    like(3, { Status: { Primary: 'INVOICED', Extended: null } }),
    like(4, { IsVoided: true }),
    like(5, { CallDate: new Date(Date.now() - 200 * HOUR).toISOString() }),
  );
  return { ...base, customExtended: { 'IN PROGRESS': ['TECH DELAYED'] } };
}

/** The provider's JSON, read field by field in assertions. */
type Json = any;
const jsonOf = async (res: Response): Promise<Json> => res.json();
const url = (path: string) => `${sim.url}/service-channel${path}`;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
async function token(creds: { clientId: string; clientSecret: string; userName: string; password: string } = SC_DEMO_CREDENTIALS) {
  return fetch(url('/oauth/token'), {
    method: 'POST',
    headers: { authorization: basic(creds.clientId, creds.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: creds.userName, password: creds.password }).toString(),
  });
}
async function api(method: string, path: string, body?: unknown) {
  const { access_token } = await jsonOf(await token());
  const res = await fetch(url(path), {
    method,
    headers: { authorization: `Bearer ${access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await jsonOf(res) };
}
const near0 = { Latitude: near.site.latitude + 0.001, Longitude: near.site.longitude };
const checkIn = (id: number, extra: object = {}) =>
  api('POST', `/workorders/${id}/universalCheckIn`, { WorkTypeId: 1, UserId: 42, TechsCount: 2, ...near0, CheckInTime: new Date().toISOString(), Actor: 'tech', ...extra });
const state = async () => (await jsonOf(await fetch(`${sim.url}/__state`))).serviceChannel;

beforeAll(async () => {
  sim = await startProviderSimulator({ plugins: [serviceChannelSimulator(seed)] });
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
});
afterAll(() => sim.close());

describe('service-channel simulator: sign-in', () => {
  it('gives a token for the password grant with HTTP Basic client credentials, and 401 for wrong ones', async () => {
    const ok = await token();
    expect(ok.status).toBe(200);
    expect(await jsonOf(ok)).toMatchObject({ token_type: 'bearer', expires_in: 600, access_token: expect.any(String) });
    expect((await token({ ...SC_DEMO_CREDENTIALS, clientSecret: 'wrong' })).status).toBe(401);
    const badUser = await token({ ...SC_DEMO_CREDENTIALS, password: 'wrong' });
    expect(badUser.status).toBe(401);
    expect((await jsonOf(badUser)).error).toBe('invalid_grant');
  });

  it('refuses API calls without a valid token', async () => {
    const res = await fetch(url(`/workorders/${near.providerWorkOrderId}`), { headers: { authorization: 'Bearer made-up' } });
    expect(res.status).toBe(401);
  });
});

describe('service-channel simulator: work orders and check-ins', () => {
  it('answers a work order with its statuses, NTE, location, radius and whether a check-in is denied', async () => {
    const { status, json } = await api('GET', `/workorders/${near.providerWorkOrderId}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      Id: near.providerWorkOrderId,
      Status: { Primary: 'OPEN', Extended: null },
      Nte: { NotToExceed: near.nte },
      Location: { Latitude: near.site.latitude, Longitude: near.site.longitude, GpsRadius: 805 },
      IsCheckInDenied: false,
      CheckInDeniedReason: null,
    });
    expect((await api('GET', '/workorders/1')).json).toMatchObject({ IsCheckInDenied: true, CheckInDeniedReason: 'The work order is completed.' });
  });

  it('lists primary statuses with their extended statuses, the customer\'s own included', async () => {
    const { json } = await api('GET', '/workorders/statuses');
    const inProgress = json.find((s: { Primary: string }) => s.Primary === 'IN PROGRESS');
    expect(inProgress.Extended).toEqual(expect.arrayContaining(['ON SITE', 'PARTS ON ORDER', 'TECH DELAYED']));
    expect(json.find((s: { Primary: string }) => s.Primary === 'COMPLETED').Extended).toEqual(['PENDING CONFIRMATION', 'CONFIRMED']);
  });

  it('refuses a position outside the GPS radius with error 924, in validateCheckIn and in the check-in', async () => {
    const q = `latitude=${far.site.latitude}&longitude=${far.site.longitude}&workTypeId=1`;
    const validate = await api('GET', `/workorders/${near.providerWorkOrderId}/validateCheckIn?${q}`);
    expect(validate.status).toBe(400);
    expect(validate.json.ErrorCode).toBe(924);
    expect(validate.json.ErrorMessage).toMatch(/^Check-in is out of range: the technician is \d+ m from Lone Star Grill Downtown/);
    const res = await checkIn(near.providerWorkOrderId, { Latitude: far.site.latitude, Longitude: far.site.longitude });
    expect(res.json.ErrorCode).toBe(924);
    expect((await state()).checkIns).toEqual([]);
    expect((await api('GET', `/workorders/${near.providerWorkOrderId}/validateCheckIn?latitude=${near0.Latitude}&longitude=${near0.Longitude}`)).json).toEqual({ IsValid: true });
  });

  it('refuses a check-in too late (24 h past the location time, 168 h after the call date) with 503', async () => {
    const late = await checkIn(near.providerWorkOrderId, { CheckInTime: new Date(Date.now() - 25 * HOUR).toISOString() });
    expect(late.json).toMatchObject({ ErrorCode: 503, ErrorMessage: expect.stringContaining('too late') });
    expect((await checkIn(5)).json).toMatchObject({ ErrorCode: 503, ErrorMessage: expect.stringContaining('168 hours') });
  });

  it('refuses a check-in once COMPLETED (except PENDING CONFIRMATION), invoiced or voided', async () => {
    expect((await checkIn(1)).json.ErrorMessage).toBe('Check-in is not allowed: the work order is completed.');
    expect((await checkIn(3)).json.ErrorMessage).toBe('Check-in is not allowed: the work order is invoiced.');
    expect((await checkIn(4)).json.ErrorMessage).toBe('Check-in is not allowed: the work order is voided.');
    expect((await checkIn(2)).status).toBe(200);
  });

  it('checks in (IN PROGRESS / ON SITE) and out with the same MechanicId, moving the status as PrimaryStatus says', async () => {
    const id = near.providerWorkOrderId;
    const inRes = await checkIn(id);
    expect(inRes.status).toBe(200);
    const mechanicId = inRes.json.MechanicId;
    expect((await api('GET', `/workorders/${id}`)).json.Status).toEqual({ Primary: 'IN PROGRESS', Extended: 'ON SITE' });
    const wrongUser = await api('POST', `/workorders/${id}/universalCheckOut`, { WorkTypeId: 1, PrimaryStatus: 'Completed', UserId: 99, TechsCount: 2 });
    expect(wrongUser.status).toBe(400);
    const badStatus = await api('POST', `/workorders/${id}/universalCheckOut`, { WorkTypeId: 1, PrimaryStatus: 'Finished', UserId: 42, TechsCount: 2 });
    expect(badStatus.json.ErrorMessage).toBe('PrimaryStatus Finished is not valid.');
    const out = await api('POST', `/workorders/${id}/universalCheckOut`, { WorkTypeId: 1, PrimaryStatus: 'PartsOnOrder', ExtendedStatus: 'PARTS ON ORDER', UserId: 42, TechsCount: 2, ...near0 });
    expect(out.json).toEqual({ MechanicId: mechanicId, Status: { Primary: 'IN PROGRESS', Extended: 'PARTS ON ORDER' } });
    const s = await state();
    expect(s.checkIns).toEqual([expect.objectContaining({ MechanicId: mechanicId, UserId: 42, TechsCount: 2, CheckOut: expect.objectContaining({ MechanicId: mechanicId, UserId: 42 }) })]);
    expect(s.received.some((r: { path: string }) => r.path.endsWith('/universalCheckOut'))).toBe(true);
  });

  it('changes status through PUT status, but never to a billing status', async () => {
    const id = far.providerWorkOrderId;
    const ok = await api('PUT', `/workorders/${id}/status`, { Status: { Primary: 'IN PROGRESS', Extended: 'WAITING FOR QUOTE' }, Note: 'Quote needed', Actor: 'tech' });
    expect(ok.json).toEqual({ Status: { Primary: 'IN PROGRESS', Extended: 'WAITING FOR QUOTE' } });
    const invoiced = await api('PUT', `/workorders/${id}/status`, { Status: { Primary: 'INVOICED', Extended: null }, Note: '', Actor: 'tech' });
    expect(invoiced.json.ErrorMessage).toBe('Providers cannot set billing statuses.');
    expect((await api('GET', `/workorders/${id}`)).json.Status.Extended).toBe('WAITING FOR QUOTE');
  });
});
