import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectDemoToSimulator } from '../../../db/seed/providers';
import { secretKeyOf, useSecretKeys, type SecretKeys } from '../../../lib/secret-box';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CORRIGO_DEMO_CLIENT } from './corrigo/corrigo-simulator-data';
import { corrigoSimulator } from './corrigo/corrigo-simulator';
import { resealProviderSecrets } from './provider-secrets';
import { providerAccounts } from './providers.table';
import { SC_DEMO_CREDENTIALS } from './service-channel/service-channel-demo-data';
import { serviceChannelSimulator } from './service-channel/service-channel-simulator';
import { startProviderSimulator, type RunningSimulator } from './simulator/simulator-server';
import { allowedSimulator } from '../../../test/allowed-simulator';

let t: TestApp;
let sim: RunningSimulator;

const A = secretKeyOf(randomBytes(32).toString('base64'), 'A');
const B = secretKeyOf(randomBytes(32).toString('hex'), 'B');
/** Every value that must never be stored as it is. */
const PLAIN = [CORRIGO_DEMO_CLIENT.clientSecret, SC_DEMO_CREDENTIALS.clientSecret, SC_DEMO_CREDENTIALS.password];

type Provider = 'corrigo' | 'serviceChannel';
const PROVIDERS: Provider[] = ['corrigo', 'serviceChannel'];
const ACCOUNTS: Record<Provider, () => Record<string, unknown>> = {
  corrigo: () => ({ baseUrl: `${sim.url}/corrigo`, ...CORRIGO_DEMO_CLIENT, isEnabled: true }),
  serviceChannel: () => ({ baseUrl: `${sim.url}/service-channel`, ...SC_DEMO_CREDENTIALS, isEnabled: true }),
};

/** The rows as the database holds them, read with plain SQL. */
async function rawRows(): Promise<{ provider: string; client_secret: string; password: string | null }[]> {
  const res = await t.db.execute(sql`select provider, client_secret, password from provider_accounts order by id`);
  return (res as unknown as { rows: { provider: string; client_secret: string; password: string | null }[] }).rows;
}
const rawText = async () => JSON.stringify(await rawRows());
/** The key id every stored secret is sealed under. */
const keyIdsOfRows = async () => [...new Set((await rawRows()).flatMap((r) => [r.client_secret, r.password]).filter((v) => v !== null).map((v) => v.split(':')[2]))];

const save = async (provider: Provider) => {
  const res = await t.call('PUT', `/api/v1/ThirdParty/${provider}/account`, 'admin', ACCOUNTS[provider]());
  expect(res.statusCode, res.body).toBe(200);
};
const testConnection = async (provider: Provider) => {
  const res = await t.call('POST', `/api/v1/ThirdParty/${provider}/test`, 'admin');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; message: string };
};
/** Stored plain, as every version before encryption kept them. */
const storePlain = async () => {
  await t.db.update(providerAccounts).set({ clientSecret: CORRIGO_DEMO_CLIENT.clientSecret }).where(eq(providerAccounts.provider, 'corrigo'));
  await t.db.update(providerAccounts).set({ clientSecret: SC_DEMO_CREDENTIALS.clientSecret, password: SC_DEMO_CREDENTIALS.password }).where(eq(providerAccounts.provider, 'serviceChannel'));
};
/** What a server start does with its keys. */
const startWith = async (keys: SecretKeys) => {
  useSecretKeys(keys);
  return resealProviderSecrets(t.db);
};

beforeAll(async () => {
  [t, sim] = await Promise.all([createTestApp(), startProviderSimulator({ plugins: [corrigoSimulator(), serviceChannelSimulator()] }).then(allowedSimulator)]);
  // Only the demo company's two accounts, pointed at this simulator.
  await t.db.delete(providerAccounts).where(sql`subscriber_id <> (select subscriber_id from users where user_name = 'admin')`);
});
afterAll(async () => {
  await Promise.all([t.close(), sim.close()]);
});
// Each test starts from the demo's two accounts as an earlier version stored them: plain.
beforeEach(async () => {
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
  await storePlain();
});

describe('provider secrets at rest', () => {
  it('seals the plain secrets an earlier version stored, at start-up, once, and the demo still finds its accounts', async () => {
    expect(await rawText()).toContain(CORRIGO_DEMO_CLIENT.clientSecret);
    expect(await startWith([A])).toBe(2);
    const sealed = await rawText();
    for (const plain of PLAIN) expect(sealed).not.toContain(plain);
    expect(await keyIdsOfRows()).toEqual([A.id]);
    // Idempotent: a second start changes nothing.
    expect(await startWith([A])).toBe(0);
    expect(await rawText()).toBe(sealed);

    // The demo's accounts are recognised by their (sealed) simulator credentials and pointed at the simulator.
    await t.db.update(providerAccounts).set({ baseUrl: 'http://127.0.0.1:9/elsewhere' });
    await connectDemoToSimulator(t.db, sim.url);
    expect((await t.db.select({ baseUrl: providerAccounts.baseUrl }).from(providerAccounts).orderBy(providerAccounts.provider)).map((r) => r.baseUrl)).toEqual([
      `${sim.url}/corrigo`, `${sim.url}/service-channel`,
    ]);
    for (const provider of PROVIDERS) expect(await testConnection(provider)).toMatchObject({ ok: true });
  });

  it('seals each secret once when two servers start at once', async () => {
    useSecretKeys([A]);
    const counts = await Promise.all([resealProviderSecrets(t.db), resealProviderSecrets(t.db)]);
    expect(counts.sort()).toEqual([0, 2]);
    expect(await keyIdsOfRows()).toEqual([A.id]);
    for (const provider of PROVIDERS) expect(await testConnection(provider)).toMatchObject({ ok: true });
  });

  it('stores what an administrator saves sealed, never plain, and the adapters still sign in with it', async () => {
    await startWith([A]);
    for (const provider of PROVIDERS) await save(provider);
    const stored = await rawText();
    for (const plain of PLAIN) expect(stored).not.toContain(plain);
    expect(await keyIdsOfRows()).toEqual([A.id]);
    const issued = (await (await fetch(`${sim.url}/__state`)).json()) as Record<Provider, { tokensIssued: number }>;
    for (const provider of PROVIDERS) expect(await testConnection(provider)).toMatchObject({ ok: true });
    const after = (await (await fetch(`${sim.url}/__state`)).json()) as Record<Provider, { tokensIssued: number }>;
    for (const provider of PROVIDERS) expect(after[provider].tokensIssued - issued[provider].tokensIssued).toBe(1);
    // The answers carry neither the secrets nor their sealed form.
    for (const provider of PROVIDERS) {
      const body = (await t.call('GET', `/api/v1/ThirdParty/${provider}/account`, 'admin')).body;
      expect(body).not.toContain('enc:v1');
      for (const plain of PLAIN) expect(body).not.toContain(plain);
    }
  });

  it('reads secrets under the previous key after a rotation, re-seals them under the new one, and names a key it lacks', async () => {
    await startWith([A]);
    for (const provider of PROVIDERS) await save(provider);
    expect(await keyIdsOfRows()).toEqual([A.id]);

    // Restarted with only B: the values under A cannot be read, and the start says which key is missing.
    useSecretKeys([B]);
    const before = await dbFingerprint(t.db);
    let refusal: Error | undefined;
    await resealProviderSecrets(t.db).catch((err: Error) => (refusal = err));
    expect(refusal?.message).toContain(`key ${A.id}`);
    expect(refusal?.message).toContain('SECRETS_PREVIOUS_KEYS');
    expect(refusal?.message).toMatch(/Corrigo account of company \d+/);
    for (const plain of PLAIN) expect(`${refusal?.message} ${refusal?.stack}`).not.toContain(plain);
    expect(await dbFingerprint(t.db)).toBe(before);
    const unreadable = await testConnection('corrigo');
    expect(unreadable.ok).toBe(false);
    expect(unreadable.message).toContain(`key ${A.id}`);

    // Restarted with B and A: A's values read fine, then are sealed again under B, all in one start.
    useSecretKeys([B, A]);
    for (const provider of PROVIDERS) expect(await testConnection(provider)).toMatchObject({ ok: true });
    expect(await startWith([B, A])).toBe(2);
    expect(await keyIdsOfRows()).toEqual([B.id]);
    for (const plain of PLAIN) expect(await rawText()).not.toContain(plain);

    // A can now be dropped.
    expect(await startWith([B])).toBe(0);
    for (const provider of PROVIDERS) expect(await testConnection(provider)).toMatchObject({ ok: true });
  });
});
