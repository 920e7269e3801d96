import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './global-setup';

/**
 * The database that server processes of a test share (started with `startServer`): a copy of the seeded template on
 * PostgreSQL, a folder holding the seeded embedded database on PGlite. Its removal is pushed onto `cleanups`.
 */
export async function databaseEnv(cleanups: (() => Promise<void> | void)[], label: string): Promise<Record<string, string>> {
  const template = inject('pgTemplate');
  if (!template) {
    // The seeded database of this run, unpacked where the server keeps its embedded database: no migration nor seeding.
    const dataDir = mkdtempSync(join(tmpdir(), `sm-${label}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    mkdirSync(join(dataDir, 'pglite'));
    execFileSync('tar', ['-xf', inject('pgliteDump'), '-C', join(dataDir, 'pglite')]);
    return { DATA_DIR: dataDir };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `sm_t_${template.replace('sm_tmpl_', '')}_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return { DATABASE_URL: withDatabase(url, name), SEED_DEMO: '0' };
}

/** One call of a running server's API: GET without a body, POST with one (or the method given). */
export async function api<T>(base: string, token: string | null, path: string, body?: unknown, method?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}/api/v1/${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}
