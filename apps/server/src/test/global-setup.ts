import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemoIfEmpty } from '../db/seed/demo';
import { seededPgliteDump, seedInstant } from './seeded-dump';
import { buildServerBundle } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
    /** The instant the demo of this run was seeded at (ISO). */
    seededAt: string;
  }
}

/**
 * Migrates and seeds one database for the whole run; each test file then starts from a copy of it
 * (a PGlite data directory, or a PostgreSQL template database when TEST_DRIVER=pg).
 */
export default async function setup(project: TestProject) {
  // The server the tests start as a process of their own (test/server-process.ts), built once; the test processes
  // inherit this environment.
  process.env.TEST_SERVER_BUNDLE = await buildServerBundle('api-test-server.mjs');
  const seededAt = seedInstant();
  project.provide('seededAt', seededAt.toISOString());
  if (process.env.TEST_DRIVER === 'pg') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DRIVER=pg needs TEST_DATABASE_URL');
    const template = `sm_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, template), poolSize: 2 });
    await database.migrate();
    await seedDemoIfEmpty(database.db, seededAt);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'sm_t_${process.pid}_%' OR datname = $1`, [template]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sm-test-'));
  const file = join(dir, 'seeded.tar');
  // A buffer pool of 16 MB, not the default 128 MB: each file's copy starts in half the processor time (zeroing the
  // pool took half of it), and the seeded database of about 20 MB reads from memory either way.
  writeFileSync(file, await seededPgliteDump(seededAt, { sharedBuffers: '16MB' }));
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
