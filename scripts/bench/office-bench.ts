/**
 * `npm run bench:office`: the office's two heavy reads on PostgreSQL with 1,000,000 work orders and 100,000
 * customers: (1) `POST WorkOrder/allWorkOrders` with a filter and a sort, (2) `GET Search/records` (trigram search
 * over work orders, customers and contacts). Each runs through the API and, in the same run, as the same statements
 * sent bare through `pg`, and as the hand-written query for the same page (office-grid-sql.ts, office-search-sql.ts),
 * what the database can do. Saturated (throughput) and paced (p99 at a fixed rate). Results go to
 * bench-results/office.json and office.md. A grid route the server does not have is reported as skipped.
 *
 * Settings: BENCH_OFFICE_DATABASE_URL, BENCH_DURATION (10 s), BENCH_WARMUP (3 s), BENCH_POOL (20),
 * BENCH_OFFICE_RATE (requests a second per user in the paced phases; by default half the API's saturated throughput),
 * BENCH_QUIET_WAIT (15 s), BENCH_MAX_RUN.
 */
import { startServerProcess, type ServerProcess } from './server-process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { gridRequestSchema, searchRecordsQuery, type Access } from '@sm/shared';
import type { Db } from '../../apps/server/src/db/client';
import { buildClaims } from '../../apps/server/src/features/platform/auth/auth.service';
import { signAccessToken } from '../../apps/server/src/features/platform/auth/tokens';
import { accessOf } from '../../apps/server/src/features/platform/permissions/access-cache';
import { searchRecords } from '../../apps/server/src/features/office/search/search.service';
import type { Ctx } from '../../apps/server/src/lib/context';
import { adminUrlOf, BENCH } from './config';
import { startCpuProbe, waitForQuietMachine } from './cpu';
import { dispatcherIds, ensureOfficeDataset, OFFICE_URL } from './office-data';
import { apiPaced, apiSaturated, barePaced, bareSaturated, type OfficeRequest, type OfficeUser } from './office-load';
import { GRID_BODY, handWrittenGridPage } from './office-grid-sql';
import { handWrittenSearch, HAND_WRITTEN_SETUP, SEARCHES } from './office-search-sql';
import { writeOfficeResults, type OperationResult, type PhaseResult } from './office-report';
import { describeEnvironment } from './report';
import { capturingDb, keepAccess, type CapturedQuery } from './setup';
import type { Summary } from './stats';

const log = (msg: string) => console.log(`[office] ${msg}`);
/** Requests a second per user in the paced phases; by default half of what the API sustained saturated, so p99 is read below saturation. */
const FIXED_RATE = process.env.BENCH_OFFICE_RATE ? Number(process.env.BENCH_OFFICE_RATE) : null;

export { GRID_BODY, SEARCHES };
const GRID_PATH = '/api/v1/WorkOrder/allWorkOrders';
const searchPath = (q: string) => `/api/v1/Search/records?q=${encodeURIComponent(q)}&take=5`;

let server: ServerProcess | null = null;

async function stopServer() {
  const running = server;
  server = null;
  await running?.stop();
}

/** The grid's service, when the product has it (it may not yet while the route is being written). */
async function gridService(): Promise<((ctx: Ctx, access: Access, req: unknown) => Promise<unknown>) | null> {
  const path = '../../apps/server/src/features/office/work-orders/all-work-orders.service';
  try {
    const mod = (await import(path)) as { listAllWorkOrders?: (ctx: Ctx, access: Access, req: unknown) => Promise<unknown> };
    return mod.listAllWorkOrders ?? null;
  } catch {
    return null;
  }
}

/** Every statement one request sends once the caller's access is kept in memory, captured from the product's code. */
async function statementsOf(capture: ReturnType<typeof capturingDb>, u: OfficeUser, run: (ctx: Ctx, access: Access) => Promise<unknown>): Promise<CapturedQuery[]> {
  const ctx: Ctx = { db: capture.db as Db, actor: { userId: u.userId, subscriberId: u.subscriberId, userName: u.userName }, now: new Date() };
  await accessOf(capture.db, u.subscriberId, u.userId);
  return capture.capture(async () => run(ctx, (await accessOf(capture.db, u.subscriberId, u.userId))!));
}

const fmt = (s: Summary) => `${s.perSec.toFixed(0)} req/s, p50 ${s.p50Ms.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms, ${s.errors} errors`;

/** The hand-written query of each user's request, sent on a pool whose connections carry its settings, if any. */
interface HandWritten {
  pool: pg.Pool;
  captured: CapturedQuery[][];
  /** The file that writes it, named in the results. */
  source: string;
}

/**
 * One request kind through the API and bare (and hand-written, when given), saturated and paced, each after a
 * checkpoint and a quiet machine.
 */
async function measure(pool: pg.Pool, port: number, users: OfficeUser[], name: string, requestOf: (i: number) => OfficeRequest, captured: CapturedQuery[][], hand?: HandWritten): Promise<OperationResult> {
  const { durationSec: d, warmupSec: w } = BENCH;
  const { database } = adminUrlOf(OFFICE_URL);
  await apiSaturated(port, users, requestOf, w);
  await bareSaturated(pool, captured, w);
  if (hand) await bareSaturated(hand.pool, hand.captured, w);
  const phase = async (label: string, fn: () => Promise<Summary>): Promise<PhaseResult> => {
    await pool.query('CHECKPOINT');
    await waitForQuietMachine(server?.pid, database, BENCH.quietWaitSec);
    const probe = startCpuProbe(server?.pid, database);
    const summary = await fn();
    const cpu = probe.stop();
    log(`${name}, ${label}: ${fmt(summary)}${cpu ? `; others took ${(cpu.othersShare * 100).toFixed(0)}% of the machine` : ''}`);
    return { summary, cpu };
  };
  const apiSat = await phase('API saturated', () => apiSaturated(port, users, requestOf, d));
  const rate = FIXED_RATE ?? Math.max(0.02, Math.round((apiSat.summary.perSec * 0.5 * 100) / users.length) / 100);
  const total = `${(rate * users.length).toFixed(1)} req/s`;
  return {
    statements: captured[0].length,
    pacedRatePerSec: rate * users.length,
    ...(hand ? { handWrittenIn: hand.source } : {}),
    apiSaturated: apiSat,
    apiPaced: await phase(`API paced at ${total}`, () => apiPaced(port, users, requestOf, rate, d)),
    bareSaturated: await phase('bare saturated', () => bareSaturated(pool, captured, d)),
    barePaced: await phase(`bare paced at ${total}`, () => barePaced(pool, captured, rate, d)),
    ...(hand
      ? {
          handSaturated: await phase('hand-written saturated', () => bareSaturated(hand.pool, hand.captured, d)),
          handPaced: await phase(`hand-written paced at ${total}`, () => barePaced(hand.pool, hand.captured, rate, d)),
        }
      : {}),
  };
}

async function main() {
  const started = Date.now();
  const dataset = await ensureOfficeDataset(process.argv.includes('--regenerate'));
  const pool = new pg.Pool({ connectionString: OFFICE_URL, max: BENCH.poolSize, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  const handPool = new pg.Pool({ connectionString: OFFICE_URL, max: BENCH.poolSize, idleTimeoutMillis: 0 });
  handPool.on('error', () => undefined);
  handPool.on('connect', (client) => void client.query(HAND_WRITTEN_SETUP).catch(() => undefined));
  try {
    const jwtSecret = randomBytes(32).toString('hex');
    const capture = capturingDb(pool);
    const stopKeeping = await keepAccess(capture.db, OFFICE_URL);
    const users: OfficeUser[] = [];
    for (const d of await dispatcherIds()) {
      const { subscriberName: _, ...claims } = await buildClaims(capture.db, d.id);
      users.push({ userId: d.id, subscriberId: d.subscriberId, userName: claims.userName, token: await signAccessToken(jwtSecret, claims, new Date()) });
    }
    const termOf = (i: number) => SEARCHES[i % SEARCHES.length];
    const searchCaptured = [];
    for (const [i, u] of users.entries()) searchCaptured.push(await statementsOf(capture, u, (ctx, access) => searchRecords(ctx, access, searchRecordsQuery.parse({ q: termOf(i), take: '5' }))));
    const list = await gridService();
    const gridCaptured: CapturedQuery[][] = [];
    if (list) for (const u of users) gridCaptured.push(await statementsOf(capture, u, (ctx, access) => list(ctx, access, gridRequestSchema.parse(GRID_BODY))));
    await stopKeeping();
    const env = await describeEnvironment(pool);
    server = await startServerProcess({ databaseUrl: OFFICE_URL, jwtSecret, poolSize: BENCH.poolSize, maxRunSec: BENCH.maxRunSec });
    const { port } = server;
    log(`API server on 127.0.0.1:${port}; ${users.length} dispatchers; ${BENCH.durationSec} s per phase`);

    const probe = await fetch(`http://127.0.0.1:${port}${GRID_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${users[0].token}`, 'content-type': 'application/json' }, body: JSON.stringify(GRID_BODY) });
    const gridSkipped = !list ? 'the grid service is not in the product yet' : probe.status !== 200 ? `the API answered ${probe.status} to ${GRID_PATH}` : null;
    // The grid's hand-written page needs no settings of its own: it is sent on the bare side's pool.
    const gridHand = { pool, captured: users.map((u) => [handWrittenGridPage(u.subscriberId, gridRequestSchema.parse(GRID_BODY))]), source: 'scripts/bench/office-grid-sql.ts' };
    const grid = gridSkipped
      ? { skipped: gridSkipped }
      : await measure(pool, port, users, 'allWorkOrders', () => ({ method: 'POST', path: GRID_PATH, body: GRID_BODY }), gridCaptured, gridHand);
    if (gridSkipped) log(`allWorkOrders skipped: ${gridSkipped}`);
    const handCaptured = users.map((u, i) => [handWrittenSearch(u.subscriberId, searchRecordsQuery.parse({ q: termOf(i), take: '5' }))]);
    const search = await measure(pool, port, users, 'search', (i) => ({ method: 'GET', path: searchPath(termOf(i)) }), searchCaptured, {
      pool: handPool,
      captured: handCaptured,
      source: 'scripts/bench/office-search-sql.ts',
    });
    await stopServer();
    const files = writeOfficeResults({
      date: new Date().toISOString(),
      machine: env.machine,
      dataset: { counts: dataset.counts, generatedThisRun: dataset.generated, generationSeconds: dataset.seconds },
      config: { users: users.length, durationSec: BENCH.durationSec, warmupSec: BENCH.warmupSec, poolSize: BENCH.poolSize, fixedRatePerUser: FIXED_RATE, searches: SEARCHES, gridBody: GRID_BODY },
      operations: { allWorkOrders: grid, search },
    });
    log(`wrote ${files.md} and ${files.json} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await stopServer();
    await pool.end();
    await handPool.end();
  }
}

const hardStop = setTimeout(() => {
  console.error(`[office] still running after ${BENCH.maxRunSec} s: stopping`);
  process.exit(2);
}, BENCH.maxRunSec * 1000);
hardStop.unref();

main().then(
  () => process.exit(0),
  async (e: unknown) => {
    console.error(e);
    await stopServer().catch(() => undefined);
    process.exit(1);
  },
);
