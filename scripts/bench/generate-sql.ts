import type { DatasetShape } from './config';

/**
 * The set-based statements that fill the bench database. Ids are given explicitly and computed from the
 * generate_series counter, so every statement can find its parents by arithmetic instead of by joins:
 *
 * - subscriber s (1..S) has technicians `(s-1)*TPS+1 .. s*TPS`, and one administrator `T+s`;
 * - customers of s are `(s-1)*CPS+1 .. s*CPS`: the first B are billing customers, the others sites, site k
 *   billed to billing customer `(k-B) % B`;
 * - technician t (0-based inside its company) has a labor item on the rate sheets of billing customers
 *   `(t*J + j) % B`, j < J, and each of its work orders belongs to one of them, so clock-in always finds
 *   an Employee Type;
 * - work order n (1..N) belongs to technician `(n-1) % T` and is that technician's `(n-1) / T`-th; the older
 *   ones are closed and carry one closed labor entry, the newest are open.
 *
 * `$1` is the anchor time (timestamptz) every date is computed from; `$2` (users only) the password hash.
 */
export interface Statement {
  label: string;
  sql: string;
  /** Which of [anchor, hash] the statement takes. */
  params: 'anchor' | 'anchor+hash' | 'none';
}

/** The statements for a data set of shape `D`: the bench's large one, or the soak's small one. */
export function datasetStatements(D: DatasetShape): Statement[] {
  const N = D.technicians * D.workOrdersPerTechnician;
  const S = D.subscribers;
  const T = D.technicians;
  const TPS = T / S;
  const CPS = D.customersPerSubscriber;
  const B = D.billingCustomersPerSubscriber;
  const J = D.itemsPerTechnician;
  const W = D.workOrdersPerTechnician;
  const CLOSED_BELOW = Math.floor(W * D.closedShare);
  /** Seconds between two consecutive work orders, so that the N of them span two years up to the anchor. */
  const STEP_SEC = (730 * 86400) / N;

  if (!Number.isInteger(TPS) || (TPS * J) % B !== 0 || CPS % B !== 0 || J > B) {
    throw new Error('DATASET: technicians must divide evenly among subscribers and billing customers');
  }

  /** Work-order ids with their technician u (0-based, global), sequence i, company s, local index t, billing b. */
  const workOrderParts = `
    SELECT n, u, i, s, t, (t * ${J} + i % ${J}) % ${B} AS b
    FROM (SELECT n, u, i, u / ${TPS} + 1 AS s, u % ${TPS} AS t
          FROM (SELECT n, (n - 1) % ${T} AS u, (n - 1) / ${T} AS i FROM generate_series(1, ${N}) n) a) c`;

  const createdAt = `($1::timestamptz - ((${N} - n) * ${STEP_SEC}) * interval '1 second')`;

  const list = (words: readonly string[]) => `(ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}])`;
  const vocab = D.words;
  const siteName = vocab
    ? `${list(vocab.brands)}[g % ${vocab.brands.length} + 1] || ' ' || ${list(vocab.kinds)}[(g / ${vocab.brands.length}) % ${vocab.kinds.length} + 1] || ' #' || g`
    : `'Site ' || g`;
  const problem = vocab
    ? `${list(vocab.equipment)}[n % ${vocab.equipment.length} + 1] || ' ' || ${list(vocab.symptoms)}[(n / ${vocab.equipment.length}) % ${vocab.symptoms.length} + 1]`
    : `(ARRAY['Walk-in cooler not holding temperature', 'Ice machine leaking water', 'RTU not cooling',
                          'Reach-in freezer alarm', 'Condenser fan motor noisy', 'Display case frosting over',
                          'Thermostat unresponsive', 'Preventive maintenance visit'])[n % 8 + 1]`;

  return [
    {
      label: 'subscribers',
      params: 'none',
      sql: `INSERT INTO subscribers (id, name, settings, is_active)
            SELECT g, 'Bench Company ' || g, '{"hasWorkOrder": true, "hasCustomer": true}'::jsonb, true
            FROM generate_series(1, ${S}) g`,
    },
    {
      label: 'users',
      params: 'anchor+hash',
      sql: `INSERT INTO users (id, subscriber_id, user_name, name, email, phone, password_hash, user_status_id, created_at)
            SELECT g, (g - 1) / ${TPS} + 1, 'tech' || lpad(g::text, 5, '0'), 'Technician ' || g,
                   'tech' || g || '@bench.example', '214-555-' || lpad((g % 10000)::text, 4, '0'), $2, 10,
                   $1::timestamptz - interval '800 days'
            FROM generate_series(1, ${T}) g
            UNION ALL
            SELECT ${T} + s, s, 'benchadmin' || s, 'Bench Administrator ' || s, 'admin' || s || '@bench.example',
                   NULL, $2, 10, $1::timestamptz - interval '800 days'
            FROM generate_series(1, ${S}) s`,
    },
    {
      label: 'user_roles',
      params: 'none',
      sql: `INSERT INTO user_roles (subscriber_id, user_id, role_id)
            SELECT (g - 1) / ${TPS} + 1, g, 7 FROM generate_series(1, ${T}) g
            UNION ALL SELECT s, ${T} + s, 2 FROM generate_series(1, ${S}) s`,
    },
    {
      label: 'user_status_entries',
      params: 'anchor',
      sql: `INSERT INTO user_status_entries (id, subscriber_id, user_id, user_status_id, started_at)
            SELECT g, (g - 1) / ${TPS} + 1, g, 10, $1::timestamptz - interval '12 hours' FROM generate_series(1, ${T}) g`,
    },
    {
      label: 'customers',
      params: 'none',
      sql: `INSERT INTO customers (id, subscriber_id, name, address, city, state, zip, phone, email, latitude, longitude,
                                   is_billing_customer, billing_customer_id)
            SELECT g, s, CASE WHEN k < ${B} THEN 'Billing Customer ' || g ELSE ${siteName} END,
                   (100 + k) || ' ' || (ARRAY['Main St','Oak Ave','Elm St','Commerce Blvd','Park Rd','Lake Dr','Hill St','Market St'])[g % 8 + 1],
                   (ARRAY['Dallas','Plano','Irving','Frisco','Garland','Arlington','Denton','Mesquite','Allen','McKinney'])[g % 10 + 1],
                   'TX', (75000 + g % 900)::text, '972-555-' || lpad((g % 10000)::text, 4, '0'), 'site' || g || '@bench.example',
                   32.70 + (g % 1000) / 10000.0, -96.80 - (g * 7 % 1000) / 10000.0,
                   k < ${B}, CASE WHEN k < ${B} THEN NULL ELSE (s - 1) * ${CPS} + (k - ${B}) % ${B} + 1 END
            FROM (SELECT g, (g - 1) / ${CPS} + 1 AS s, (g - 1) % ${CPS} AS k FROM generate_series(1, ${S * CPS}) g) a
            ORDER BY g`,
    },
    {
      label: 'customer_rate_sheets',
      params: 'none',
      sql: `INSERT INTO customer_rate_sheets (id, subscriber_id, billing_customer_id, name)
            SELECT g, (g - 1) / ${B} + 1, ((g - 1) / ${B}) * ${CPS} + (g - 1) % ${B} + 1, 'Service Rates ' || g
            FROM generate_series(1, ${S * B}) g`,
    },
    {
      label: 'rate_sheet_trucks',
      params: 'none',
      sql: `INSERT INTO rate_sheet_trucks (id, subscriber_id, customer_rate_sheet_id, name, hourly_rate, trip_charge)
            SELECT g, (g - 1) / ${B} + 1, g, 'Service Van', 25, 85 FROM generate_series(1, ${S * B}) g`,
    },
    {
      label: 'rate_sheet_labor_items',
      params: 'none',
      sql: `INSERT INTO rate_sheet_labor_items (id, subscriber_id, customer_rate_sheet_id, technician_user_id,
                                               daily_rate, hourly_rate, ot_hourly_rate, stand_by_rate, apprentice_rate)
            SELECT id, s, (s - 1) * ${B} + ((tech - 1) % ${TPS} * ${J} + j) % ${B} + 1, tech,
                   880 + j * 40, 110 + j * 5, 165 + j * 7.5, 55 + j * 2.5, 65
            FROM (SELECT id, (id - 1) / ${J} + 1 AS tech, (id - 1) % ${J} AS j, ((id - 1) / ${J}) / ${TPS} + 1 AS s
                  FROM generate_series(1, ${T * J}) id) a`,
    },
    {
      // A technician with labor items works on rate sheets: the clock then asks, and takes, an Employee Type.
      label: 'users on rate sheets',
      params: 'none',
      sql: `UPDATE users u SET works_on_rate_sheets = true
            WHERE EXISTS (SELECT 1 FROM rate_sheet_labor_items i WHERE i.technician_user_id = u.id)`,
    },
    {
      label: 'work_orders',
      params: 'anchor',
      sql: `INSERT INTO work_orders (id, subscriber_id, work_order_number, customer_id, billing_customer_id,
                                    work_order_status_id, problem, nte, created_by, created_at)
            SELECT n, s, (10000000 + n)::text,
                   (s - 1) * ${CPS} + ${B} + b + ${B} * ((n::bigint * 7919) % ${(CPS - B) / B})::int + 1,
                   (s - 1) * ${CPS} + b + 1,
                   CASE WHEN i < ${CLOSED_BELOW} THEN (ARRAY[38, 27, 53, 22])[n % 4 + 1]
                        ELSE (ARRAY[13, 7, 26, 10, 50, 17])[n % 6 + 1] END,
                   ${problem},
                   500 + (n % 5) * 250, ${T} + s, ${createdAt}
            FROM (${workOrderParts}) p`,
    },
    {
      label: 'work_order_technicians',
      params: 'none',
      sql: `INSERT INTO work_order_technicians (subscriber_id, work_order_id, user_id)
            SELECT s, n, u + 1 FROM (${workOrderParts}) p
            UNION ALL
            SELECT s, n, (s - 1) * ${TPS} + (t + ${B}) % ${TPS} + 1 FROM (${workOrderParts}) p
            WHERE n % ${D.secondTechnicianEvery} = 0`,
    },
    {
      label: 'work_order_labor',
      params: 'anchor',
      sql: `INSERT INTO work_order_labor (id, subscriber_id, work_order_id, user_id, started_at, stopped_at,
                                         is_reached_at_site, rate_sheet_labor_item_id, item_rate_type_id,
                                         description, user_status_id_after, start_latitude, start_longitude, created_at)
            SELECT n, s, n, u + 1, st, st + interval '90 minutes' + (n % 5) * interval '15 minutes',
                   true, u * ${J} + i % ${J} + 1, 1, 'Completed the work.', 3, 32.78, -96.80, st
            FROM (SELECT p.*, ${createdAt} + interval '1 day' + (n % 8) * interval '1 hour' AS st
                  FROM (${workOrderParts}) p WHERE i < ${CLOSED_BELOW}) q`,
    },
  ];
}

/** Tables whose serial ids the statements set by hand: their sequences must continue after the largest id. */
export const SERIAL_TABLES = [
  'subscribers', 'users', 'user_status_entries', 'customers', 'customer_rate_sheets', 'rate_sheet_trucks',
  'rate_sheet_labor_items', 'work_orders', 'work_order_labor',
] as const;
