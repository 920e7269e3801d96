import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { allowOutboundHosts } from '../../../lib/outbound-http';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CORRIGO_DEMO_CLIENT } from '../providers/corrigo/corrigo-simulator-data';
import { corrigoSimulator } from '../providers/corrigo/corrigo-simulator';
import { providerAccounts } from '../providers/providers.table';
import { SC_DEMO_CREDENTIALS } from '../providers/service-channel/service-channel-demo-data';
import { serviceChannelSimulator } from '../providers/service-channel/service-channel-simulator';
import { startProviderSimulator, type RunningSimulator } from '../providers/simulator/simulator-server';
import { allowedSimulator } from '../../../test/allowed-simulator';

let t: TestApp;
let sim: RunningSimulator;

beforeAll(async () => {
  [t, sim] = await Promise.all([createTestApp(), startProviderSimulator({ plugins: [corrigoSimulator(), serviceChannelSimulator()] }).then(allowedSimulator)]);
  await t.db.delete(providerAccounts);
});
afterAll(async () => {
  await Promise.all([t.close(), sim.close()]);
});
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
});

type Provider = 'corrigo' | 'serviceChannel';
const ACCOUNTS: Record<Provider, () => Record<string, unknown>> = {
  corrigo: () => ({ baseUrl: `${sim.url}/corrigo`, ...CORRIGO_DEMO_CLIENT, isEnabled: true }),
  serviceChannel: () => ({ baseUrl: `${sim.url}/service-channel`, ...SC_DEMO_CREDENTIALS, isEnabled: true }),
};
const PROVIDERS: Provider[] = ['corrigo', 'serviceChannel'];

const save = async (provider: Provider, changes: Record<string, unknown> = {}, as = 'admin') => {
  const res = await t.call('PUT', `/api/v1/ThirdParty/${provider}/account`, as, { ...ACCOUNTS[provider](), ...changes });
  expect(res.statusCode, res.body).toBe(200);
};
const test = async (provider: Provider, as = 'admin') => {
  const res = await t.call('POST', `/api/v1/ThirdParty/${provider}/test`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; message: string };
};
const simState = async () => (await (await fetch(`${sim.url}/__state`)).json()) as Record<Provider, { tokensIssued: number }>;
const fault = (body: Record<string, unknown>) => fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** An address on this machine where nothing listens, allowed as an operator would allow an on-premises gateway. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  const withdrawPort = allowOutboundHosts([`127.0.0.1:${port}`]);
  onTestFinished(withdrawPort);
  return `http://127.0.0.1:${port}`;
}

describe('testing a provider connection against the provider over HTTP', () => {
  it('asks the company to save the connection first when there is none', async () => {
    const issued = await simState();
    for (const provider of PROVIDERS) {
      expect(await test(provider)).toEqual({ ok: false, message: `Save the ${provider === 'corrigo' ? 'Corrigo' : 'ServiceChannel'} connection before testing it.` });
    }
    expect(await simState()).toMatchObject({ corrigo: { tokensIssued: issued.corrigo.tokensIssued }, serviceChannel: { tokensIssued: issued.serviceChannel.tokensIssued } });
  });

  it('gets a token with the stored credentials and says so, asking afresh each time', async () => {
    for (const provider of PROVIDERS) await save(provider);
    const before = await dbFingerprint(t.db);
    const issued = await simState();
    expect(await test('corrigo')).toEqual({ ok: true, message: 'Connected to Corrigo: the credentials were accepted.' });
    expect(await test('serviceChannel')).toEqual({ ok: true, message: 'Connected to ServiceChannel: the credentials were accepted.' });
    expect(await test('corrigo')).toMatchObject({ ok: true });
    const state = await simState();
    expect(state.corrigo.tokensIssued - issued.corrigo.tokensIssued).toBe(2);
    expect(state.serviceChannel.tokensIssued - issued.serviceChannel.tokensIssued).toBe(1);
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('still tests a switched-off connection, and says it is off', async () => {
    await save('corrigo', { isEnabled: false });
    const answer = await test('corrigo');
    expect(answer.ok).toBe(true);
    expect(answer.message).toContain('The connection is switched off');
  });

  it('says the provider refused the credentials after a wrong secret, password or user is saved', async () => {
    await save('corrigo', { clientSecret: 'not-the-secret' });
    expect(await test('corrigo')).toEqual({ ok: false, message: 'Corrigo refused these credentials. Check the client ID and client secret, save, and test again.' });
    await save('serviceChannel', { clientSecret: 'not-the-secret' });
    const scRefused = { ok: false, message: 'ServiceChannel refused these credentials. Check the client ID, client secret, user name and password, save, and test again.' };
    expect(await test('serviceChannel')).toEqual(scRefused);
    await save('serviceChannel', { password: 'not-the-password' });
    expect(await test('serviceChannel')).toEqual(scRefused);
    await save('serviceChannel', { userName: 'someone.else' });
    expect(await test('serviceChannel')).toEqual(scRefused);
    // Putting the right values back works at once: no token of the wrong ones is kept.
    for (const provider of PROVIDERS) await save(provider);
    for (const provider of PROVIDERS) expect((await test(provider)).ok).toBe(true);
  });

  it('says nothing answers at an address where nothing listens', async () => {
    const address = await closedPortUrl();
    for (const provider of PROVIDERS) {
      await save(provider, { baseUrl: address });
      expect(await test(provider)).toEqual({
        ok: false,
        message: `Nothing answered at ${address}. Check the base URL (sandbox or production) and that ${provider === 'corrigo' ? 'Corrigo' : 'ServiceChannel'} can be reached from this server.`,
      });
    }
  });

  it('says the provider answered but did not accept the sign-in when the address is not its API', async () => {
    await save('corrigo', { baseUrl: `${sim.url}/elsewhere` });
    const answer = await test('corrigo');
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(new RegExp(`^Corrigo answered at ${sim.url}/elsewhere but did not accept the sign-in\\. It said: ".+"\\. Check the base URL and the credentials\\.$`));
  });

  it('says the provider did not answer in time when its token call hangs, with its own sentence', async () => {
    for (const provider of PROVIDERS) await save(provider);
    await fault({ pathContains: '/corrigo/oauth/token', kind: 'timeout', times: 1, delayMs: 9_000 });
    await fault({ pathContains: '/service-channel/oauth/token', kind: 'timeout', times: 1, delayMs: 9_000 });
    const started = Date.now();
    const [c, sc] = await Promise.all([test('corrigo'), test('serviceChannel')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(7_500);
    expect(c).toEqual({ ok: false, message: `Corrigo did not answer within 8 seconds at ${sim.url}/corrigo. Check the base URL, or try again in a moment.` });
    expect(sc).toEqual({ ok: false, message: `ServiceChannel did not answer within 8 seconds at ${sim.url}/service-channel. Check the base URL, or try again in a moment.` });
  });

  it('says the provider had a problem when it fails, and never answers with a 5xx', async () => {
    await save('corrigo');
    await fault({ pathContains: '/corrigo/oauth/token', kind: 'error500', times: 1 });
    const answer = await test('corrigo');
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/^Corrigo had a problem answering/);
  });

  it('tests only the caller\'s own company\'s account, and refuses a technician', async () => {
    await save('corrigo');
    const issued = (await simState()).corrigo.tokensIssued;
    expect(await test('corrigo', 'coastal.admin')).toEqual({ ok: false, message: 'Save the Corrigo connection before testing it.' });
    const res = await t.call('POST', '/api/v1/ThirdParty/corrigo/test', 'tech');
    expect(res.statusCode).toBe(403);
    expect((await simState()).corrigo.tokensIssued).toBe(issued);
  });
});
