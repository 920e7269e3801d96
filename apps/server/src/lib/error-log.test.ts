import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { errorForLog } from './error-log';

/** Values that look like secrets, sent as query parameters. */
const LIVE_KEY = 'sk_live_51HqSecretLookingValue9x';
const CLIENT_SECRET = 'Corrigo-Client-Secret-7f3a9c';

let t: TestApp;
const lines: string[] = [];
const logged = () => lines.join('');

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
});
afterAll(() => t.close());

describe('errors in the logs hold no query parameters', () => {
  it('logs an unexpected database error of a request with its SQL and code, without the parameters or the row', async () => {
    // The database fails in an unexpected way, telling the row's values in its detail as PostgreSQL does.
    await t.db.execute(sql.raw(`create function test_refuse_provider_accounts() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure' using detail = 'Failing row contains (' || new.client_id || ').'; end $$`));
    await t.db.execute(sql.raw(`create trigger test_refuse_provider_accounts before insert or update on provider_accounts
      for each row execute function test_refuse_provider_accounts()`));
    try {
      lines.length = 0;
      const res = await t.call('PUT', '/api/v1/ThirdParty/corrigo/account', 'coastal.admin', {
        baseUrl: 'https://corrigo.example.test', clientId: LIVE_KEY, clientSecret: CLIENT_SECRET, isEnabled: true,
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(LIVE_KEY);
      const line = lines.find((l) => l.includes('request failed'));
      expect(line, logged()).toBeDefined();
      const entry = JSON.parse(line!) as { err: Record<string, unknown> };
      expect(JSON.stringify(entry.err)).toContain('insert into \\"provider_accounts\\"');
      expect(JSON.stringify(entry.err)).toContain('simulated failure');
      expect(JSON.stringify(entry.err)).toContain('P0001');
      expect(logged()).not.toContain(LIVE_KEY);
      expect(logged()).not.toContain(CLIENT_SECRET);
      // No parameter at all: not even the sealed secret.
      expect(logged()).not.toContain('enc:v1');
      expect(logged()).not.toContain('Failing row');
    } finally {
      await t.db.execute(sql.raw('drop trigger test_refuse_provider_accounts on provider_accounts'));
      await t.db.execute(sql.raw('drop function test_refuse_provider_accounts()'));
    }
  });

  it('gives any logger an error without parameters, the cause\'s included', async () => {
    let thrown: unknown;
    await t.db.execute(sql`select 1 / 0 where ${LIVE_KEY} <> ''`).catch((err: unknown) => (thrown = err));
    // The driver's error does carry them: that is what must not reach a log.
    expect(JSON.stringify(thrown)).toContain(LIVE_KEY);
    const safe = errorForLog(thrown);
    const text = JSON.stringify(safe);
    expect(text).not.toContain(LIVE_KEY);
    expect(text).toContain('select 1 / 0 where');
    expect(text).toContain('22012');
    expect(safe).toMatchObject({ cause: { code: '22012', message: 'division by zero' } });
    expect(errorForLog('a thrown string')).toBe('a thrown string');
  });
});
