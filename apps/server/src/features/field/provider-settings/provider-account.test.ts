import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openAccountSecret } from '../providers/provider-secrets';
import { providerAccounts } from '../providers/providers.table';

let t: TestApp;
const subscriberOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select({ userName: users.userName, subscriberId: users.subscriberId }).from(users)) subscriberOf[u.userName] = u.subscriberId;
  // Every company starts unconnected here, whatever the demo data connects.
  await t.db.delete(providerAccounts);
});
afterAll(() => t.close());

const SECRET = 'Sup3r-s3cret-client-value';
const PASSWORD = 'Pa55-word-of-the-dispatch-user';
const url = (provider: string, what = 'account') => `/api/v1/ThirdParty/${provider}/${what}`;
const corrigo = { baseUrl: 'https://corrigo.example.test/api', clientId: 'polar-client', clientSecret: SECRET, isEnabled: true };
const serviceChannel = { baseUrl: 'https://sb2api.example.test/v3', clientId: 'polar-sc', clientSecret: SECRET, userName: 'polar.dispatch', password: PASSWORD, isEnabled: true };

const put = async (provider: string, body: unknown, as = 'admin') => t.call('PUT', url(provider), as, body);
const stored = async (userName: string, provider: 'corrigo' | 'serviceChannel') => {
  const [row] = await t.db
    .select()
    .from(providerAccounts)
    .where(and(eq(providerAccounts.subscriberId, subscriberOf[userName]), eq(providerAccounts.provider, provider)));
  // The database holds the secret and the password sealed, never as typed; the server opens them.
  for (const typed of [SECRET, PASSWORD, 'a-brand-new-secret', 'coastal-secret']) expect(JSON.stringify(row)).not.toContain(typed);
  return { ...row, clientSecret: openAccountSecret(row, 'clientSecret'), password: openAccountSecret(row, 'password') };
};

describe('provider account settings', () => {
  it('answers an unconnected company with an empty, unconfigured account for both providers', async () => {
    for (const provider of ['corrigo', 'serviceChannel']) {
      const res = await t.call('GET', url(provider), 'admin');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        provider, isConfigured: false, baseUrl: '', clientId: '', userName: null, isEnabled: false,
        hasClientSecret: false, hasPassword: false, updatedBy: null, updatedAt: null,
      });
    }
  });

  it('saves a Corrigo account, says who saved it, and never sends the secret back', async () => {
    const saved = await put('corrigo', { ...corrigo, userName: 'ignored', password: 'ignored-password' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    expect(saved.json()).toMatchObject({
      provider: 'corrigo', isConfigured: true, baseUrl: corrigo.baseUrl, clientId: corrigo.clientId, userName: null,
      isEnabled: true, hasClientSecret: true, hasPassword: false, updatedBy: 'Alicia Moreno',
    });
    expect(Date.now() - Date.parse(saved.json().updatedAt)).toBeLessThan(60_000);

    const read = await t.call('GET', url('corrigo'), 'admin');
    expect(read.body).not.toContain(SECRET);
    expect(read.json()).toEqual(saved.json());
    const row = await stored('admin', 'corrigo');
    expect(row).toMatchObject({ clientSecret: SECRET, userName: null, password: null });

    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'providerAccount'), eq(auditLog.entityId, row.id)));
    expect(entry).toMatchObject({ action: 'create', before: null, after: { baseUrl: corrigo.baseUrl, clientId: corrigo.clientId, isClientSecretChanged: true } });
    expect(JSON.stringify(entry)).not.toContain(SECRET);
  });

  it('keeps the stored secret when the field is left blank, and replaces it when one is typed', async () => {
    const kept = await put('corrigo', { ...corrigo, baseUrl: 'https://corrigo-sandbox.example.test', clientSecret: '' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ baseUrl: 'https://corrigo-sandbox.example.test', hasClientSecret: true });
    expect((await stored('admin', 'corrigo')).clientSecret).toBe(SECRET);

    const omitted = await put('corrigo', { baseUrl: corrigo.baseUrl, clientId: 'renamed-client', isEnabled: false });
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect(omitted.json()).toMatchObject({ clientId: 'renamed-client', isEnabled: false });
    expect((await stored('admin', 'corrigo')).clientSecret).toBe(SECRET);

    const replaced = await put('corrigo', { ...corrigo, clientSecret: 'a-brand-new-secret' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.body).not.toContain('a-brand-new-secret');
    expect((await stored('admin', 'corrigo')).clientSecret).toBe('a-brand-new-secret');

    const row = await stored('admin', 'corrigo');
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'providerAccount'), eq(auditLog.entityId, row.id))).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, (e.after as { isClientSecretChanged: boolean }).isClientSecretChanged])).toEqual([
      ['create', true], ['update', false], ['update', false], ['update', true],
    ]);
    expect(JSON.stringify(entries)).not.toContain('a-brand-new-secret');
  });

  it('needs the user name and password for ServiceChannel, keeps a blank password, and never answers either secret', async () => {
    const { userName: _u, ...withoutUser } = serviceChannel;
    const before = await dbFingerprint(t.db);
    expect((await put('serviceChannel', withoutUser)).json().title).toBe('User Name field is required!');
    expect((await put('serviceChannel', { ...serviceChannel, password: '  ' })).json().title).toBe('Password field is required!');
    expect(await dbFingerprint(t.db)).toBe(before);

    const saved = await put('serviceChannel', serviceChannel);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ userName: 'polar.dispatch', hasClientSecret: true, hasPassword: true });
    const kept = await put('serviceChannel', { ...serviceChannel, clientSecret: '', password: '', userName: '  polar.office  ' });
    expect(kept.json()).toMatchObject({ userName: 'polar.office', hasPassword: true });
    expect(await stored('admin', 'serviceChannel')).toMatchObject({ clientSecret: SECRET, password: PASSWORD, userName: 'polar.office' });

    for (const provider of ['corrigo', 'serviceChannel']) {
      for (const res of [await t.call('GET', url(provider), 'admin'), await t.call('GET', url(provider, 'workOrders'), 'admin')]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(SECRET);
        expect(res.body).not.toContain(PASSWORD);
        expect(res.body).not.toContain('a-brand-new-secret');
      }
    }
  });

  it('refuses bad input with the product\'s sentence and changes nothing', async () => {
    const cases: [string, unknown, string][] = [
      ['corrigo', { ...corrigo, baseUrl: '' }, 'Base URL field is required!'],
      ['corrigo', { ...corrigo, baseUrl: 'ftp://corrigo.example.test' }, 'Base URL must be a web address starting with http:// or https://.'],
      ['corrigo', { ...corrigo, baseUrl: 'corrigo.example.test' }, 'Base URL must be a web address starting with http:// or https://.'],
      ['corrigo', { ...corrigo, baseUrl: 'javascript:alert(1)' }, 'Base URL must be a web address starting with http:// or https://.'],
      ['corrigo', { ...corrigo, baseUrl: 'https://user:pw@corrigo.example.test' }, 'Base URL must be a web address starting with http:// or https://.'],
      ['corrigo', { ...corrigo, baseUrl: `https://x.test/${'a'.repeat(500)}` }, 'Base URL must be at most 500 characters.'],
      ['corrigo', { ...corrigo, clientId: '   ' }, 'Client ID field is required!'],
      ['corrigo', { ...corrigo, clientId: 'c'.repeat(201) }, 'Client ID must be at most 200 characters.'],
      ['corrigo', { ...corrigo, clientSecret: 's'.repeat(501) }, 'Client Secret must be at most 500 characters.'],
      ['corrigo', { ...corrigo, clientSecret: 'a\u0000b' }, 'Client Secret contains characters that are not allowed.'],
      ['corrigo', { ...corrigo, isEnabled: 'yes' }, 'Enabled must be true or false.'],
      ['corrigo', { baseUrl: corrigo.baseUrl, clientSecret: SECRET, isEnabled: true }, 'Client ID field is required!'],
      ['serviceChannel', { ...serviceChannel, userName: 'u'.repeat(201) }, 'User Name must be at most 200 characters.'],
      ['serviceChannel', { ...serviceChannel, password: 'p'.repeat(501) }, 'Password must be at most 500 characters.'],
      ['ecotrak', corrigo, 'Provider must be corrigo or serviceChannel.'],
    ];
    const before = await dbFingerprint(t.db);
    for (const [provider, body, sentence] of cases) {
      const res = await put(provider, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    // The coastal company has no account yet: its first save needs a secret.
    const first = await put('corrigo', { ...corrigo, clientSecret: '' }, 'coastal.admin');
    expect(first.statusCode).toBe(400);
    expect(first.json().title).toBe('Client Secret field is required!');
    expect((await t.call('GET', url('ecotrak'), 'admin')).statusCode).toBe(400);
    expect((await t.call('GET', `${url('corrigo', 'workOrders')}?take=0`, 'admin')).json().title).toBe('Take must be at least 1.');
    expect((await t.call('GET', `${url('corrigo', 'workOrders')}?skip=-1`, 'admin')).json().title).toBe('Skip must be a whole number, written in digits only.');
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('refuses a technician every provider setting, reading or writing, and changes nothing', async () => {
    const before = await dbFingerprint(t.db);
    for (const provider of ['corrigo', 'serviceChannel']) {
      for (const [method, path, body] of [
        ['GET', url(provider), undefined], ['PUT', url(provider), corrigo], ['POST', url(provider, 'test'), undefined], ['GET', url(provider, 'workOrders'), undefined],
      ] as const) {
        const res = await t.call(method, path, 'tech', body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.body).not.toContain(SECRET);
      }
    }
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('keeps each company\'s account to itself', async () => {
    const coastal = await t.call('GET', url('corrigo'), 'coastal.admin');
    expect(coastal.json()).toMatchObject({ isConfigured: false, baseUrl: '', clientId: '' });
    expect(coastal.body).not.toContain('corrigo.example.test');

    const saved = await put('corrigo', { ...corrigo, baseUrl: 'https://coastal.example.test', clientId: 'coastal-client', clientSecret: 'coastal-secret' }, 'coastal.admin');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ baseUrl: 'https://coastal.example.test', clientId: 'coastal-client', updatedBy: 'Rosa Delgado' });
    expect(await stored('admin', 'corrigo')).toMatchObject({ baseUrl: corrigo.baseUrl, clientSecret: 'a-brand-new-secret' });
    expect((await t.call('GET', url('corrigo'), 'admin')).json()).toMatchObject({ baseUrl: corrigo.baseUrl, updatedBy: 'Alicia Moreno' });
    expect((await stored('coastal.admin', 'corrigo')).clientSecret).toBe('coastal-secret');
  });
});
