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
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service receives; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
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
    const db = drizzlePg(pool, { schema }) as unknown as Db;
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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

/** The PGlite client behind a Database, for tests that save a migrated data directory. */
export function pgliteClientOf(db: Db): PGlite {
  return (db as unknown as { $client: PGlite }).$client;
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
