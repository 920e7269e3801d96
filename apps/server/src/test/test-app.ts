import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { wallClockOf } from '@sm/shared';
import { buildApp, type AppOptions } from '../app';
import { openDatabase, type Database, type Db } from '../db/client';
import { resealProviderSecrets } from '../features/field/providers/provider-secrets';
import { secretKeyOf, useSecretKeys } from '../lib/secret-box';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  driver: Database['driver'];
  /** Signs a demo user in and returns the access token. */
  token(userName: string): Promise<string>;
  /** Calls the API as a user (or anonymously with null). */
  call(method: InjectOptions['method'], url: string, as: string | null, body?: unknown, extra?: Partial<InjectOptions>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
/** The key that seals provider secrets in API tests (SECRETS_KEY of a server). */
export const TEST_SECRETS_KEY = secretKeyOf(Buffer.alloc(32, 7).toString('base64'), 'TEST_SECRETS_KEY');

/**
 * The date the demo was seeded on in a time zone (YYYY-MM-DD): the day its "today" is, which is not today's date when
 * the run crossed midnight there.
 */
export const seededDay = (timeZone: string) => wallClockOf(seededAt(), timeZone).toISOString().slice(0, 10);

/** The instant the demo was seeded at: its dates ("today", this week) are laid out around it. */
export const seededAt = () => new Date(inject('seededAt'));

/** A fresh copy of the seeded demo database and a server on it, for one test file. */
export async function createTestApp(
  opts: {
    loginRateLimit?: number; loginFailuresPerAddress?: number; logger?: AppOptions['logger']; files?: AppOptions['files']; trustProxy?: AppOptions['trustProxy']; publicUrl?: string;
    publicSignup?: boolean; geocoder?: AppOptions['geocoder'];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  // As a server starts: the demo's provider secrets, stored plain by the seed, are sealed.
  useSecretKeys([TEST_SECRETS_KEY]);
  await resealProviderSecrets(database.db);
  const app = await buildApp({
    db: database.db, watch: database.watch, jwtSecret: TEST_SECRET, files: opts.files, loginRateLimit: opts.loginRateLimit ?? 1000, loginFailuresPerAddress: opts.loginFailuresPerAddress ?? 1000, logger: opts.logger,
    trustProxy: opts.trustProxy, publicUrl: opts.publicUrl, publicSignup: opts.publicSignup, geocoder: opts.geocoder,
  });
  await app.ready();
  const tokens = new Map<string, string>();
  const token = async (userName: string) => {
    if (!tokens.has(userName)) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { userName, password: 'demo1234' } });
      if (res.statusCode !== 200) throw new Error(`login ${userName}: ${res.statusCode} ${res.body}`);
      tokens.set(userName, res.json().accessToken);
    }
    return tokens.get(userName)!;
  };
  return {
    app,
    db: database.db,
    driver: database.driver,
    token,
    async call(method, url, as, body, extra) {
      const headers: Record<string, string> = { ...(extra?.headers as Record<string, string>) };
      if (as) headers.authorization = `Bearer ${await token(as)}`;
      return app.inject({ ...extra, method, url, headers, ...(body === undefined ? {} : { payload: body as never }) });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A database of its own on the PostgreSQL test server (TEST_DATABASE_URL), dropped again when closed: a copy of
 * `template`, or empty (not even migrated) without one. CREATE DATABASE from a template fails while another copy is
 * being made from it: tried again a moment later.
 */
export async function ownPgDatabase(template?: string): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `sm_t_${(template ?? 'empty').replace('sm_tmpl_', '')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      break;
    } catch (e) {
      if (attempt > 20) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function openTestDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  if (template) return ownPgDatabase(template);
  return openDatabase({ loadDataDir: seededArchive(inject('pgliteDump')) });
}

/**
 * The seeded archive as PGlite reads it (`arrayBuffer()`, once per database it opens), its bytes read from disk once
 * per test process and shared by every copy: PGlite copies each file out of them and never writes to them. A Blob made
 * of the file anew for each test file and read back through Node's Blob streams cost about 0.7 s of processor time.
 */
class ArchiveBlob extends Blob {
  readonly #content: ArrayBuffer;
  constructor(content: ArrayBuffer) {
    super([], { type: 'application/x-tar' });
    this.#content = content;
  }
  override arrayBuffer() {
    return Promise.resolve(this.#content);
  }
}
const archives = new Map<string, ArchiveBlob>();
function seededArchive(path: string): Blob {
  let archive = archives.get(path);
  if (!archive) {
    const file = readFileSync(path);
    archive = new ArchiveBlob(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
    archives.set(path, archive);
  }
  return archive;
}
