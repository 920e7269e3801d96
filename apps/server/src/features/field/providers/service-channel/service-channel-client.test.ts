import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-http';
import type { ProviderAccount } from '../provider-accounts';
import { startProviderSimulator, type RunningSimulator } from '../simulator/simulator-server';
import { getScStatusLists, getScWorkOrder, scCheckIn, serviceChannelToken } from './service-channel-client';
import { SC_DEMO_CREDENTIALS, SC_DEMO_WORK_ORDERS } from './service-channel-demo-data';
import { serviceChannelSimulator } from './service-channel-simulator';
import { allowedSimulator } from '../../../../test/allowed-simulator';

let sim: RunningSimulator;
let nextId = 900;
/** A fresh account (its own token cache key) at the simulator. */
const account = (extra: Partial<ProviderAccount> = {}): ProviderAccount => ({
  id: nextId++, subscriberId: 1, provider: 'serviceChannel', baseUrl: `${sim.url}/service-channel`, isEnabled: true, updatedBy: null, updatedAt: new Date(),
  ...SC_DEMO_CREDENTIALS, ...extra,
});
/** The simulator's state, read field by field in assertions. */
const simState = async (): Promise<any> => ((await (await fetch(`${sim.url}/__state`)).json()) as { serviceChannel: unknown }).serviceChannel;
const [near] = SC_DEMO_WORK_ORDERS;

beforeAll(async () => {
  sim = await startProviderSimulator({ plugins: [serviceChannelSimulator()] }).then(allowedSimulator);
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
});
afterAll(async () => {
  await sim.close();
});

describe('service-channel adapter', () => {
  it('signs in with the password grant and Basic client credentials once, then reuses the token', async () => {
    const a = account();
    const token = await serviceChannelToken(a);
    expect(await serviceChannelToken(a)).toBe(token);
    await getScWorkOrder(a, near.providerWorkOrderId);
    const s = await simState();
    expect(s.tokensIssued).toBe(1);
    expect(s.received[0]).toMatchObject({ method: 'POST', path: '/service-channel/oauth/token', body: { grant_type: 'password', username: SC_DEMO_CREDENTIALS.userName, password: '***' } });
  });

  it('says plainly when the credentials are wrong, or the account has no user', async () => {
    await expect(serviceChannelToken(account({ clientSecret: 'wrong' }))).rejects.toThrow(
      'ServiceChannel refused the company\'s credentials. Ask an administrator to check the ServiceChannel connection.',
    );
    await expect(serviceChannelToken(account({ password: null }))).rejects.toThrow('ServiceChannel needs a user name and password on the account to sign in.');
  });

  it('asks for the status lists once: the Stop dialog falls back to the fixed list instead of waiting', async () => {
    const a = account();
    await fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pathContains: '/workorders/statuses', kind: 'error500', times: 1 }) });
    await expect(getScStatusLists(a)).rejects.toBeInstanceOf(ProviderError);
    expect((await getScStatusLists(a)).length).toBe(4);
  });

  it('reads the work order and the status lists', async () => {
    const a = account();
    expect(await getScWorkOrder(a, near.providerWorkOrderId)).toMatchObject({ Id: near.providerWorkOrderId, Status: { Primary: 'OPEN' }, IsCheckInDenied: false });
    expect((await getScStatusLists(a)).map((l) => l.Primary)).toEqual(['OPEN', 'IN PROGRESS', 'COMPLETED', 'INVOICED']);
  });

  it('tries a read again after a 500, and words a refusal in the provider\'s own terms with its code', async () => {
    const a = account();
    await fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pathContains: `/workorders/${near.providerWorkOrderId}`, kind: 'error500', times: 1 }) });
    expect((await getScWorkOrder(a, near.providerWorkOrderId)).Id).toBe(near.providerWorkOrderId);
    const err = await scCheckIn(a, near.providerWorkOrderId, { WorkTypeId: 1, UserId: 5, TechsCount: 1, Latitude: 0, Longitude: 0, Actor: 'tech' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).status).toBe(422);
    expect((err as ProviderError).providerCode).toBe(924);
    expect((err as ProviderError).message).toMatch(/^ServiceChannel: Check-in is out of range/);
  });

  it('gives up on a write that does not answer in time, without sending it twice', async () => {
    const a = account();
    await serviceChannelToken(a);
    await fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pathContains: 'universalCheckIn', kind: 'timeout', times: 1, delayMs: 9_000 }) });
    const err = await scCheckIn(a, near.providerWorkOrderId, { WorkTypeId: 1, UserId: 5, TechsCount: 1, Latitude: near.site.latitude, Longitude: near.site.longitude, Actor: 'tech' }).catch((e: unknown) => e);
    expect((err as ProviderError).status).toBe(504);
    expect((err as ProviderError).message).toBe('ServiceChannel did not answer in time. Please try again in a moment.');
    // The fault holds only the first call: a second attempt would have reached the provider and checked in.
    const s = await simState();
    expect(s.received.filter((r: { path: string }) => r.path.includes('universalCheckIn'))).toEqual([]);
    expect(s.checkIns).toEqual([]);
  });
});
