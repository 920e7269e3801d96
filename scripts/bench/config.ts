/** Settings of the clock benchmark, read once from the environment; every number has a default. */

const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
};

/** The shape of a generated data set; the generator and its users agree on it through these numbers. */
export interface DatasetShape {
  subscribers: number;
  technicians: number;
  workOrdersPerTechnician: number;
  customersPerSubscriber: number;
  billingCustomersPerSubscriber: number;
  /** Labor items (Employee Types) per technician: one on each of this many billing customers' rate sheets. */
  itemsPerTechnician: number;
  /** Every n-th work order has a second technician. */
  secondTechnicianEvery: number;
  /** Work orders older than this share of a technician's list are closed and carry one closed labor entry. */
  closedShare: number;
  /**
   * Words that make names and problems as varied as real ones (for searching): a customer is named brand + kind, a
   * problem equipment + symptom, each picked from the row's number. Without them: 'Site n' and eight problems.
   */
  words?: { brands: readonly string[]; kinds: readonly string[]; equipment: readonly string[]; symptoms: readonly string[] };
}

/** The bench's data set. */
export const DATASET = {
  subscribers: 4,
  technicians: 10_000,
  workOrdersPerTechnician: 100,
  customersPerSubscriber: 5_000,
  billingCustomersPerSubscriber: 50,
  /** Labor items (Employee Types) per technician: one on each of this many billing customers' rate sheets. */
  itemsPerTechnician: 3,
  /** Every tenth work order has a second technician. */
  secondTechnicianEvery: 10,
  /** Work orders older than this share of a technician's list are closed and carry one closed labor entry. */
  closedShare: 0.85,
} as const satisfies DatasetShape;

export const TOTAL_WORK_ORDERS = DATASET.technicians * DATASET.workOrdersPerTechnician;

/** Bumped whenever the generator's output changes, so an old data set is rebuilt instead of reused. */
export const DATASET_VERSION = 1;
export const DATASET_MARKER = `sm-bench v${DATASET_VERSION}: ${DATASET.technicians} technicians, ${TOTAL_WORK_ORDERS} work orders`;

export const BENCH_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/sm_bench';

export const BENCH = {
  /** Virtual users (technicians), one connection each. */
  users: num('BENCH_USERS', 50),
  /** Seconds each measured phase runs, after its warm-up. */
  durationSec: num('BENCH_DURATION', 10),
  warmupSec: num('BENCH_WARMUP', 3),
  /** Size of the pg pool of the API server and of the bare-SQL runner alike. */
  poolSize: num('BENCH_POOL', 20),
  /** Paced phases: requests per second each user sends to `technicianWorkOrders`, and cycles per second. */
  listRatePerUser: num('BENCH_LIST_RATE', 2),
  cycleRatePerUser: num('BENCH_CYCLE_RATE', 0.5),
  /** Before each measured phase, wait up to this many seconds for the rest of the machine to go quiet. */
  quietWaitSec: Number(process.env.BENCH_QUIET_WAIT ?? 15),
  /** Hard stop of the whole run, whatever happens. */
  maxRunSec: num('BENCH_MAX_RUN', 900),
} as const;

export const TARGETS = {
  listP99Ms: 10,
  cycleP99Ms: 25,
  /** The API must reach at least this share of the bare SQL's throughput. */
  apiToBareRatio: 0.5,
} as const;

/** The URL of the maintenance database `postgres` on the same server, and the bench database's name. */
export function adminUrlOf(url: string): { adminUrl: string; database: string } {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`bench database name must be lower-case letters, digits and _: "${database}"`);
  const host = u.hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1' && host !== '[::1]') {
    throw new Error(`the bench drops and recreates its database: refusing a non-local host "${host}"`);
  }
  u.pathname = '/postgres';
  return { adminUrl: u.toString(), database };
}
