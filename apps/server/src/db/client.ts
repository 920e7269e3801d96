import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteInScope, poolInScope, type PgliteScopes, type Scope } from './company-scope';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service receives; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  /** The database as its owner, for work that is no company's (sign-in, jobs, migrations, tests' setup). */
  db: Db;
  driver: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Listens to a notification channel of every process (PostgreSQL only); see `watchChannel`. */
  watch?: Watch;
}

/**
 * Calls `notify` for each notification on `channel`, and `live(true)` once listening, `live(false)` whenever the
 * listening connection is lost (notifications may then be missed) until it is back. Answers how to stop.
 */
export type Watch = (channel: string, on: { notify(): void; live(isLive: boolean): void }) => () => Promise<void>;

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite kept in `dataDir`
 * (in memory when `dataDir` is null, or loaded from a saved data directory for tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  loadDataDir?: Blob;
  poolSize?: number;
}): Promise<Database> {
  if (opts.url) {
    // Connections stay open: closing idle ones (the driver's default after 10 s) stalls PostgreSQL for a few hundred
    // milliseconds each time a burst of backends exits, and drops their prepared statements.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, idleTimeoutMillis: 0 });
    pool.on('error', () => undefined);
    const scopes = new WeakMap<pg.PoolClient, Scope>();
    const inScope = (scope: Scope) => drizzlePg(poolInScope(pool, scope, scopes), { schema }) as unknown as Db;
    const db = withCompanies(inScope);
    return {
      db,
      driver: 'pg',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
      watch: (channel, on) => watchChannel(opts.url!, channel, on),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir ?? undefined,
    loadDataDir: opts.loadDataDir,
    // Trigram matching for the search box, and btree_gin to keep each company's rows together in its indexes: the
    // same extensions PostgreSQL has.
    extensions: { pg_trgm, btree_gin },
  });
  const scopes: PgliteScopes = { current: 'system', tail: Promise.resolve() };
  const db = withCompanies((scope) => drizzlePglite({ client: pgliteInScope(client, scope, scopes) as PGlite, schema }) as unknown as Db);
  pgliteClients.set(db, client);
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** `Database.watch` on PostgreSQL: one connection of its own that LISTENs, opened again a second after it is lost. */
export function watchChannel(url: string, channel: string, on: Parameters<Watch>[1]): () => Promise<void> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      on.live(false);
      client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void open(), 1000);
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (n) => {
      if (n.channel === channel) on.notify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      return lose();
    }
    if (stopped) return void client.end().catch(() => undefined);
    current = client;
    on.live(true);
  };
  void open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    on.live(false);
    await current?.end().catch(() => undefined);
  };
}

const pgliteClients = new WeakMap<Db, PGlite>();

/** The PGlite client behind a Database, for tests that save a migrated data directory. */
export function pgliteClientOf(db: Db): PGlite {
  const client = pgliteClients.get(db);
  if (!client) throw new Error('Not an embedded database.');
  return client;
}

const companyHandles = new WeakMap<Db, (subscriberId: number) => Db>();
const owners = new WeakMap<Db, Db>();

/**
 * The owner's handle, remembering how to make each company's: one handle per company, made on first use and kept
 * (statements prepared once per handle stay prepared).
 */
function withCompanies(inScope: (scope: Scope) => Db): Db {
  const db = inScope('system');
  const companies = new Map<number, Db>();
  companyHandles.set(db, (subscriberId) => {
    let handle = companies.get(subscriberId);
    if (!handle) {
      companies.set(subscriberId, (handle = inScope(subscriberId)));
      owners.set(handle, db);
    }
    return handle;
  });
  return db;
}

/** The owner's handle of a database: itself, or the one a company's handle was made from (`companyDb`). */
export const ownerOf = (db: Db): Db => owners.get(db) ?? db;

/**
 * The database as one company sees it through row-level security (`company-scope.ts`): what a caller's request runs
 * on, so that a query that forgets its company filter finds nothing of another company.
 */
export function companyDb(db: Db, subscriberId: number): Db {
  const forCompany = companyHandles.get(db);
  if (!forCompany) throw new Error('Not a database opened by openDatabase.');
  return forCompany(subscriberId);
}

/** A statement built and prepared once per database handle, on first use: `const page = oncePerDatabase((db) => ...prepare(name))`. */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}
