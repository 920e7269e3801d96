import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../features/platform/auth/auth.service';
import { readEnv } from '../../lib/env';
import { databaseEnv } from '../../test/process-database';
import { freePort, openLog, startServer, stopServer } from '../../test/server-process';
import { createTestApp, type TestApp } from '../../test/test-app';
import { users } from '../schema';
import { demoAccountsRefusal, npmStartDefaults } from './demo-guard';

const envOf = (vars: Record<string, string>) => readEnv({ JWT_SECRET: 'demo-guard-secret', ...vars });

describe('demo data only when asked', () => {
  it('seeds the demo only with SEED_DEMO=1, on the embedded database and on PostgreSQL alike', () => {
    expect(envOf({}).seedDemo).toBe(false);
    expect(envOf({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(envOf({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(envOf({ DATABASE_URL: 'postgres://127.0.0.1/x' }).seedDemo).toBe(false);
    expect(envOf({ DATABASE_URL: 'postgres://127.0.0.1/x', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('reads production from NODE_ENV and the permission for demo accounts from ALLOW_DEMO_ACCOUNTS=1', () => {
    expect(envOf({})).toMatchObject({ isProduction: false, allowDemoAccounts: false });
    expect(envOf({ NODE_ENV: 'production', ALLOW_DEMO_ACCOUNTS: '1' })).toMatchObject({ isProduction: true, allowDemoAccounts: true });
    expect(envOf({ NODE_ENV: 'development', ALLOW_DEMO_ACCOUNTS: 'yes' })).toMatchObject({ isProduction: false, allowDemoAccounts: false });
  });

  it('npm start asks for the demo on the embedded database, except in production or when SEED_DEMO is chosen', () => {
    expect(npmStartDefaults({})).toEqual({ SEED_DEMO: '1' });
    expect(npmStartDefaults({ NODE_ENV: 'development' })).toEqual({ SEED_DEMO: '1' });
    expect(npmStartDefaults({ SEED_DEMO: '0' })).toEqual({});
    expect(npmStartDefaults({ SEED_DEMO: '' })).toEqual({});
    expect(npmStartDefaults({ NODE_ENV: 'production' })).toEqual({});
    expect(npmStartDefaults({ DATABASE_URL: 'postgres://127.0.0.1/x' })).toEqual({});
  });
});

describe('production refuses demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const production = { isProduction: true, seedDemo: false, allowDemoAccounts: false };

  it('refuses SEED_DEMO=1 in production unless ALLOW_DEMO_ACCOUNTS=1, and anything outside production', async () => {
    expect(await demoAccountsRefusal(t.db, { ...production, seedDemo: true })).toBe(
      'SEED_DEMO=1 loads the demo companies, whose users sign in with the published password demo1234, and NODE_ENV is production: unset SEED_DEMO, or set ALLOW_DEMO_ACCOUNTS=1 to run with demo accounts anyway.',
    );
    expect(await demoAccountsRefusal(t.db, { ...production, seedDemo: true, allowDemoAccounts: true })).toBeNull();
    expect(await demoAccountsRefusal(t.db, { ...production, isProduction: false, seedDemo: true })).toBeNull();
  });

  it('refuses a database whose demo accounts still sign in with demo1234, naming them; none once their passwords change', async () => {
    expect(await demoAccountsRefusal(t.db, production)).toBe(
      'The database holds demo accounts that still sign in with the published password demo1234 (admin, leader, dispatcher, tech, tech2, payroll, sales, customer, data, dsm, salesmgr, maya, pm, pmdirector, coastal.admin, coastal.tech), and NODE_ENV is production: change their passwords or disable them, or set ALLOW_DEMO_ACCOUNTS=1 to run with them anyway.',
    );
    expect(await demoAccountsRefusal(t.db, { ...production, allowDemoAccounts: true })).toBeNull();
    expect(await demoAccountsRefusal(t.db, { ...production, isProduction: false })).toBeNull();

    const otherHash = await hashPassword(randomBytes(12).toString('base64url'));
    await t.db.update(users).set({ passwordHash: otherHash }).where(inArray(users.userName, ['admin', 'leader', 'dispatcher', 'tech', 'tech2', 'payroll', 'sales', 'data', 'dsm', 'salesmgr', 'maya', 'pm', 'pmdirector', 'coastal.admin']));
    await t.db.update(users).set({ isActive: false }).where(eq(users.userName, 'coastal.tech'));
    expect(await demoAccountsRefusal(t.db, production)).toMatch(/\(customer\)/);
    await t.db.update(users).set({ passwordHash: otherHash }).where(eq(users.userName, 'customer'));
    expect(await demoAccountsRefusal(t.db, production)).toBeNull();
  });
});

describe('the server process in production', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'sm-demo-guard-'));
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start on a database with the demo accounts (stderr, exit 1), and starts with ALLOW_DEMO_ACCOUNTS=1', async () => {
    const env = { ...(await databaseEnv(cleanups, 'demoguard')), JWT_SECRET: randomBytes(32).toString('base64url'), NODE_ENV: 'production' };
    const refusedLog = join(dir, 'refused.log');
    const log = openLog(refusedLog);
    await expect(startServer({ port: await freePort(), env: { ...env, ALLOW_DEMO_ACCOUNTS: '' }, log })).rejects.toThrow(/exited with 1 before it answered/);
    await new Promise((r) => setTimeout(r, 200));
    expect(readFileSync(refusedLog, 'utf8')).toContain('The database holds demo accounts that still sign in with the published password demo1234 (admin,');

    const server = await startServer({ port: await freePort(), env: { ...env, ALLOW_DEMO_ACCOUNTS: '1' }, log: openLog(join(dir, 'allowed.log')) });
    cleanups.push(() => stopServer(server));
    const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'demo1234' }) });
    expect(res.status).toBe(200);
  }, 600_000);
});
