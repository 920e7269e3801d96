/**
 * Generates the clock benchmark's data set on the local PostgreSQL: a fresh database, the project's migrations,
 * the reference data, then 10,000 technicians and 1,000,000 work orders written by set-based SQL.
 *
 *   npx tsx scripts/bench/generate.ts [--regenerate]
 *
 * A database that already holds this generator's data (its marker is the database comment) is kept: only the
 * project's newer migrations are applied to it. `--regenerate` drops and rebuilds it.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { rolePermissions } from '../../apps/server/src/db/schema';
import { seedReference } from '../../apps/server/src/db/seed/reference';
import { hashPassword } from '../../apps/server/src/features/platform/auth/auth.service';
import { defaultMatrixRows } from '../../apps/server/src/features/platform/permissions/default-matrix';
import { adminUrlOf, BENCH_URL, DATASET, DATASET_MARKER, TOTAL_WORK_ORDERS, type DatasetShape } from './config';
import { datasetStatements, SERIAL_TABLES } from './generate-sql';

export const BENCH_PASSWORD = 'bench1234';

export interface DatasetInfo {
  generated: boolean;
  seconds: number;
  counts: Record<string, number>;
}

const log = (msg: string) => console.log(`[generate] ${msg}`);

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The database's comment when it exists (null when it has none), undefined when there is no such database. */
async function markerOf(adminUrl: string, database: string): Promise<string | null | undefined> {
  return withClient(adminUrl, async (c) => {
    const r = await c.query<{ marker: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS marker FROM pg_database WHERE datname = $1`,
      [database],
    );
    return r.rowCount === 0 ? undefined : r.rows[0].marker;
  });
}

async function recreateDatabase(adminUrl: string, database: string) {
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${database}`);
  });
}

/** Row counts of the tables the bench relies on, for the results file. */
export async function datasetCounts(url = BENCH_URL): Promise<Record<string, number>> {
  return withClient(url, async (c) => {
    const tables = ['subscribers', 'users', 'customers', 'rate_sheet_labor_items', 'work_orders', 'work_order_technicians', 'work_order_labor'];
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await c.query(`SELECT count(*)::bigint AS n FROM ${t}`)).rows[0].n);
    return out;
  });
}

/** Runs the project's migrations (all, or those newer than the data set) through the server's own migrator. */
async function migrate(url: string) {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await database.migrate();
    await seedReference(database.db);
  } finally {
    await database.close();
  }
}

async function fill(url: string, hash: string, shape: DatasetShape) {
  const anchor = new Date();
  await withClient(url, async (c) => {
    await c.query('BEGIN');
    // A bulk load of consistent data: skip the per-row FK triggers and the WAL flush at each statement.
    await c.query(`SET LOCAL session_replication_role = replica`);
    await c.query(`SET LOCAL synchronous_commit = off`);
    await c.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const st of datasetStatements(shape)) {
      const t0 = Date.now();
      const params = st.params === 'none' ? [] : st.params === 'anchor' ? [anchor] : [anchor, hash];
      const r = await c.query(st.sql, params);
      log(`${st.label}: ${r.rowCount} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    for (const t of SERIAL_TABLES) {
      await c.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
    }
    await c.query('COMMIT');
  });
  // The permission matrix each company starts with, written by the product's own code.
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    for (let s = 1; s <= shape.subscribers; s++) await database.db.insert(rolePermissions).values(defaultMatrixRows(s));
  } finally {
    await database.close();
  }
}

/** Checks a sample of the arithmetic the statements rely on: every technician can clock in on its work orders. */
async function verify(url: string) {
  await withClient(url, async (c) => {
    const r = await c.query<{ missing: string; orphans: string }>(`
      SELECT
        (SELECT count(*) FROM work_orders w
           JOIN work_order_technicians wt ON wt.work_order_id = w.id
          WHERE w.id % 997 = 0 AND NOT EXISTS (
            SELECT 1 FROM rate_sheet_labor_items i JOIN customer_rate_sheets rs ON rs.id = i.customer_rate_sheet_id
             WHERE i.technician_user_id = wt.user_id AND rs.billing_customer_id = w.billing_customer_id)) AS missing,
        (SELECT count(*) FROM work_orders w JOIN customers c ON c.id = w.customer_id
          WHERE w.id % 997 = 0 AND (c.subscriber_id <> w.subscriber_id OR c.billing_customer_id <> w.billing_customer_id)) AS orphans`);
    const { missing, orphans } = r.rows[0];
    if (Number(missing) > 0 || Number(orphans) > 0) {
      throw new Error(`generated data is inconsistent: ${missing} assignments without an Employee Type, ${orphans} work orders on a wrong site`);
    }
  });
}

/**
 * Makes sure the bench database holds the data set: generated once, then reused (with newer migrations applied)
 * until `regenerate` is asked or the generator's version changes.
 */
export async function ensureDataset(opts: { regenerate?: boolean; url?: string } = {}): Promise<DatasetInfo> {
  const url = opts.url ?? BENCH_URL;
  const { adminUrl, database } = adminUrlOf(url);
  const started = Date.now();
  const marker = await markerOf(adminUrl, database);
  if (!opts.regenerate && marker === DATASET_MARKER) {
    log(`${database} already holds "${marker}"; applying newer migrations only (--regenerate rebuilds it)`);
    await migrate(url);
    return { generated: false, seconds: (Date.now() - started) / 1000, counts: await datasetCounts(url) };
  }
  const found = marker === undefined ? 'absent' : marker === null ? 'present, without a marker' : `marker "${marker}"`;
  log(`creating ${database} (it was ${found})`);
  await buildDataset(url, DATASET);
  await withClient(adminUrl, (c) => c.query(`COMMENT ON DATABASE ${database} IS '${DATASET_MARKER.replace(/'/g, "''")}'`));
  const counts = await datasetCounts(url);
  if (counts.work_orders < TOTAL_WORK_ORDERS) throw new Error(`only ${counts.work_orders} work orders were written`);
  const seconds = (Date.now() - started) / 1000;
  log(`done in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
  return { generated: true, seconds, counts };
}

/**
 * Drops and recreates the (local) database of `url`, runs the project's migrations and fills it with a data set
 * of the given shape, checked and analysed. The bench builds its large one with it, the soak its small one.
 */
export async function buildDataset(url: string, shape: DatasetShape) {
  const { adminUrl, database } = adminUrlOf(url);
  await recreateDatabase(adminUrl, database);
  await migrate(url);
  await fill(url, await hashPassword(BENCH_PASSWORD), shape);
  await verify(url);
  const t0 = Date.now();
  await withClient(url, (c) => c.query('VACUUM (ANALYZE)'));
  log(`VACUUM ANALYZE in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const hardStop = setTimeout(() => {
    console.error('[generate] still running after 15 minutes: giving up');
    process.exit(2);
  }, 15 * 60_000);
  hardStop.unref();
  ensureDataset({ regenerate: process.argv.includes('--regenerate') }).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
