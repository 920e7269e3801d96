/**
 * The office benchmark's data set on the local PostgreSQL: 1,000,000 work orders and 100,000 customers (each with a
 * contact) over four companies, with names and problems as varied as real ones so that a search has something to
 * tell apart, and twelve dispatchers per company (All WorkOrders, Customers, Contacts) to search and page as.
 * Everything is written by set-based SQL (generate-sql.ts, then the statements below); about two minutes.
 *
 * Its own database (`BENCH_OFFICE_DATABASE_URL`, default sm_bench_office), so the clock benchmark's is left alone.
 * Kept between runs while its marker (the database comment) matches; `--regenerate` rebuilds it.
 */
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedReference } from '../../apps/server/src/db/seed/reference';
import { adminUrlOf, type DatasetShape } from './config';
import { buildDataset } from './generate';

export const OFFICE_URL = process.env.BENCH_OFFICE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/sm_bench_office';

export const OFFICE_SHAPE = {
  subscribers: 4,
  technicians: 10_000,
  workOrdersPerTechnician: 100,
  customersPerSubscriber: 25_000,
  billingCustomersPerSubscriber: 50,
  itemsPerTechnician: 3,
  secondTechnicianEvery: 10,
  closedShare: 0.85,
  words: {
    brands: [
      'FreshMart', 'Walmart', 'Kroger', 'Tom Thumb', 'Sprouts', 'Whataburger', 'Lone Star', 'Pecan Lodge', 'Trinity', 'Bishop Arts',
      'Cedar Springs', 'Ice House', 'Uptown', 'Deep Ellum', 'Lakewood', 'Oak Lawn', 'Preston Hollow', 'Bluebonnet', 'Mesquite', 'Red River',
    ],
    kinds: ['Grocers', 'Market', 'Grill', 'Cafe', 'Medical Center', 'Cold Storage', 'Steakhouse', 'Deli', 'Bakery', 'Pharmacy'],
    equipment: [
      'Walk-in cooler', 'Walk-in freezer', 'Ice machine', 'Reach-in cooler', 'Reach-in freezer', 'Rooftop unit', 'Display case', 'Beverage cooler',
      'Combi oven', 'Fryer', 'Dish machine', 'Condensing unit', 'Evaporator coil', 'Heat pump', 'Split system', 'Chiller', 'Prep table',
      'Blast chiller', 'Steam kettle', 'Convection oven', 'Exhaust hood', 'Water heater', 'Make-up air unit',
    ],
    symptoms: [
      'not holding temperature', 'leaking water', 'not cooling', 'alarm sounding', 'fan motor noisy', 'frosting over', 'tripping breaker',
      'will not start', 'short cycling', 'icing up', 'low refrigerant suspected', 'door gasket torn', 'thermostat unresponsive',
      'error code on display', 'compressor grinding', 'drain line clogged', 'pilot light out', 'quarterly maintenance', 'smells of burning',
    ],
  },
} as const satisfies DatasetShape;

/** Dispatchers added to each company: the people who search and page through all work orders. */
export const DISPATCHERS_PER_COMPANY = 12;
const DISPATCHER_ROLE = 21;
const VERSION = 1;
const MARKER = `sm-bench-office v${VERSION}: ${OFFICE_SHAPE.technicians * OFFICE_SHAPE.workOrdersPerTechnician} work orders, ${OFFICE_SHAPE.subscribers * OFFICE_SHAPE.customersPerSubscriber} customers`;

const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Susan', 'David', 'Karen', 'Carlos', 'Nancy', 'Daniel', 'Lisa', 'Kevin', 'Sandra', 'Jose'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Miller', 'Davis', 'Martinez', 'Wilson', 'Anderson', 'Thomas', 'Moore', 'Jackson', 'Lee', 'Perez'];
const list = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(', ')}]`;

/** What the office needs beyond the clock benchmark's data: a contact per customer, the dispatchers. */
const EXTRA: { label: string; sql: string }[] = [
  {
    label: 'contacts',
    sql: `INSERT INTO contacts (subscriber_id, customer_id, name, title, phone, email, is_primary)
          SELECT subscriber_id, id, f || ' ' || l, 'Store Manager', phone, lower(f || '.' || l || id) || '@bench.example', true
          FROM (SELECT c.*, (${list(FIRST)})[c.id % 16 + 1] AS f, (${list(LAST)})[(c.id / 16) % 16 + 1] AS l FROM customers c) x`,
  },
  {
    label: 'dispatchers',
    sql: `WITH added AS (
            INSERT INTO users (subscriber_id, user_name, name, email, password_hash, user_status_id, created_at)
            SELECT s, 'dispatcher' || s || '_' || k, 'Dispatcher ' || s || '-' || k, 'dispatcher' || s || '_' || k || '@bench.example',
                   (SELECT password_hash FROM users ORDER BY id LIMIT 1), 10, now()
            FROM generate_series(1, ${OFFICE_SHAPE.subscribers}) s, generate_series(1, ${DISPATCHERS_PER_COMPANY}) k
            RETURNING id, subscriber_id)
          INSERT INTO user_roles (subscriber_id, user_id, role_id) SELECT subscriber_id, id, ${DISPATCHER_ROLE} FROM added`,
  },
];

const log = (msg: string) => console.log(`[office-data] ${msg}`);

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Row counts of the tables the office benchmark reads. */
export async function officeCounts(url = OFFICE_URL): Promise<Record<string, number>> {
  return withClient(url, async (c) => {
    const out: Record<string, number> = {};
    for (const t of ['subscribers', 'users', 'customers', 'contacts', 'work_orders', 'work_order_technicians']) {
      out[t] = Number((await c.query(`SELECT count(*)::bigint AS n FROM ${t}`)).rows[0].n);
    }
    return out;
  });
}

/** The dispatchers of the data set, by company. */
export async function dispatcherIds(url = OFFICE_URL): Promise<{ id: number; subscriberId: number }[]> {
  return withClient(url, async (c) => {
    const r = await c.query<{ id: number; subscriber_id: number }>(
      `SELECT u.id, u.subscriber_id FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role_id = $1 ORDER BY u.subscriber_id, u.id`,
      [DISPATCHER_ROLE],
    );
    return r.rows.map((row) => ({ id: row.id, subscriberId: row.subscriber_id }));
  });
}

/**
 * Makes sure the office database holds the data set: built once (the clock benchmark's generator with this shape,
 * then the contacts and dispatchers), then reused with only newer migrations applied.
 */
export async function ensureOfficeDataset(regenerate: boolean): Promise<{ generated: boolean; seconds: number; counts: Record<string, number> }> {
  const { adminUrl, database } = adminUrlOf(OFFICE_URL);
  const started = Date.now();
  const marker = await withClient(adminUrl, async (c) => {
    const r = await c.query<{ marker: string | null }>(`SELECT shobj_description(oid, 'pg_database') AS marker FROM pg_database WHERE datname = $1`, [database]);
    return r.rowCount === 0 ? undefined : r.rows[0].marker;
  });
  if (!regenerate && marker === MARKER) {
    log(`${database} already holds "${marker}"; applying newer migrations only (--regenerate rebuilds it)`);
    const db = await openDatabase({ url: OFFICE_URL, poolSize: 2 });
    try {
      await db.migrate();
      await seedReference(db.db);
    } finally {
      await db.close();
    }
    return { generated: false, seconds: (Date.now() - started) / 1000, counts: await officeCounts() };
  }
  log(`building ${database} (${marker === undefined ? 'absent' : `marker ${JSON.stringify(marker)}`})`);
  await buildDataset(OFFICE_URL, OFFICE_SHAPE);
  await withClient(OFFICE_URL, async (c) => {
    for (const st of EXTRA) {
      const t0 = Date.now();
      const r = await c.query(st.sql);
      log(`${st.label}: ${r.rowCount} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    await c.query('VACUUM (ANALYZE) contacts, users, user_roles');
  });
  await withClient(adminUrl, (c) => c.query(`COMMENT ON DATABASE ${database} IS '${MARKER}'`));
  const seconds = (Date.now() - started) / 1000;
  const counts = await officeCounts();
  log(`done in ${seconds.toFixed(0)} s: ${JSON.stringify(counts)}`);
  return { generated: true, seconds, counts };
}
