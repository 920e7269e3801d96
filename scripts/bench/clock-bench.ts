/**
 * `npm run bench:clock`: throughput and p50/p99 latency of `technicianWorkOrders` and of a clock-in/clock-out
 * cycle for 50 concurrent technicians, each beside the same SQL sent bare through `pg`, on PostgreSQL with
 * 1,000,000 work orders. Results go to bench-results/clock.json and clock.md.
 *
 * Each of the four (API list, bare list, API cycle, bare cycle) runs twice: saturated (every user sends its next
 * request as soon as the answer comes: throughput) and paced (every user at a fixed rate: latency at a stated
 * load). The data set is generated first when the bench database lacks it (generate.ts; `--regenerate`).
 * Everything runs on loopback, each phase for BENCH_DURATION seconds, and the whole run stops by itself.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { bareCycle, bareList } from './bare-load';
import { adminUrlOf, BENCH, BENCH_URL } from './config';
import { startCpuProbe, waitForQuietMachine, type CpuUse } from './cpu';
import { ensureDataset } from './generate';
import { httpCycle, httpList } from './http-load';
import { pacedApiCycle, pacedApiFloor, pacedApiList, pacedBareCycle, pacedBareList } from './paced';
import { describeEnvironment, judge, writeResults, type CyclePhase, type Results } from './report';
import { startServerProcess, type ServerProcess } from './server-process';
import { captureCycles, captureListQueries, capturingDb, closeOpenLabor, keepAccess, prepareUsers, restoreClockData } from './setup';
import type { Summary } from './stats';

const log = (msg: string) => console.log(`[bench] ${msg}`);
let server: ServerProcess | null = null;

async function stopServer() {
  const running = server;
  server = null;
  await running?.stop();
}

const { database } = adminUrlOf(BENCH_URL);
const cpu: Record<string, CpuUse | null> = {};
const fmt = (s: Summary, unit: string) =>
  `${s.perSec.toFixed(0)} ${unit}/s, p50 ${s.p50Ms.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms, ${s.errors} errors`;

/** Runs one measured phase, noting how much of the machine other processes took meanwhile. */
async function measure<T extends Summary | CyclePhase>(pool: pg.Pool, name: string, fn: () => Promise<T>): Promise<T> {
  await pool.query('CHECKPOINT');
  await waitForQuietMachine(server?.pid, database, BENCH.quietWaitSec);
  const probe = startCpuProbe(server?.pid, database);
  const r = await fn();
  const use = probe.stop();
  cpu[name] = use;
  const isCycle = 'cycle' in r;
  const s: Summary = isCycle ? (r as CyclePhase).cycle : (r as Summary);
  const perOp = (sec: number) => (s.ok === 0 ? '-' : ((sec * 1000) / s.ok).toFixed(2));
  const cpuText = use
    ? `; CPU ms per ${isCycle ? 'cycle' : 'request'}: server ${perOp(use.serverSec)}, PostgreSQL ${perOp(use.postgresSec)}; others took ${(use.othersShare * 100).toFixed(0)}% of the machine`
    : '';
  log(`${name}: ${fmt(s, isCycle ? 'cycles' : 'req')}${cpuText}`);
  return r;
}

async function main() {
  const started = Date.now();
  const dataset = await ensureDataset({ regenerate: process.argv.includes('--regenerate') });
  const pool = new pg.Pool({ connectionString: BENCH_URL, max: BENCH.poolSize, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  try {
    const jwtSecret = randomBytes(32).toString('hex');
    const capture = capturingDb(pool);
    const stopKeepingAccess = await keepAccess(capture.db, BENCH_URL);
    const users = await prepareUsers(pool, capture.db, jwtSecret, BENCH.users);
    await restoreClockData(pool, users);
    const queries = await captureListQueries(capture, users);
    const cycles = await captureCycles(capture, users);
    await stopKeepingAccess();
    const env = await describeEnvironment(pool);
    server = await startServerProcess({ databaseUrl: BENCH_URL, jwtSecret, poolSize: BENCH.poolSize, maxRunSec: BENCH.maxRunSec });
    const { port } = server;
    const { durationSec: d, warmupSec: w, listRatePerUser: lr, cycleRatePerUser: cr } = BENCH;
    log(`API server on 127.0.0.1:${port}; ${users.length} users; ${d} s per phase, ${w} s warm-up; paced at ${lr} req/s and ${cr} cycles/s per user`);

    // Both sides warm up before either is measured, so that the first does not meet colder database caches.
    await httpList(port, users, w);
    await bareList(pool, users, queries, w);
    const apiList = await measure(pool, 'a. API list, saturated', () => httpList(port, users, d));
    const apiListPaced = await measure(pool, 'a. API list, paced', () => pacedApiList(port, users, lr, d));
    const floor = await measure(pool, 'e. API floor, paced', () => pacedApiFloor(port, users, lr, d));
    const bareListR = await measure(pool, 'b. bare list, saturated', () => bareList(pool, users, queries, d));
    const bareListPaced = await measure(pool, 'b. bare list, paced', () => pacedBareList(pool, users, queries, lr, d));

    await httpCycle(port, users, w);
    await closeOpenLabor(pool, users);
    await bareCycle(pool, users, cycles, w);
    await closeOpenLabor(pool, users);
    const apiCycle = await measure(pool, 'c. API cycle, saturated', () => httpCycle(port, users, d));
    await closeOpenLabor(pool, users);
    const apiCyclePaced = await measure(pool, 'c. API cycle, paced', () => pacedApiCycle(port, users, cr, d));
    await closeOpenLabor(pool, users);
    const bareCycleR = await measure(pool, 'd. bare cycle, saturated', () => bareCycle(pool, users, cycles, d));
    const bareCyclePaced = await measure(pool, 'd. bare cycle, paced', () => pacedBareCycle(pool, users, cycles, cr, d));

    await stopServer();
    await restoreClockData(pool, users);
    const phases: Results['phases'] = {
      saturated: { apiList, bareList: bareListR, apiCycle, bareCycle: bareCycleR },
      paced: { apiList: apiListPaced, bareList: bareListPaced, apiCycle: apiCyclePaced, bareCycle: bareCyclePaced },
      floor,
      cpu,
    };
    const results: Results = {
      date: new Date().toISOString(),
      machine: env.machine,
      dataset: { counts: dataset.counts, generatedThisRun: dataset.generated, generationSeconds: dataset.seconds },
      config: { users: users.length, durationSec: d, warmupSec: w, poolSize: BENCH.poolSize, listRatePerUser: lr, cycleRatePerUser: cr },
      indexes: env.indexes,
      statements: { list: queries[0].length, clockIn: cycles[0].clockIn.length, clockOut: cycles[0].clockOut.length },
      phases,
      targets: judge(phases),
    };
    const files = writeResults(results);
    for (const t of results.targets) log(`${t.pass ? 'PASS' : 'FAIL'} ${t.name}: ${t.value} (wanted ${t.target})`);
    log(`wrote ${files.md} and ${files.json} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await stopServer();
    await pool.end();
  }
}

const hardStop = setTimeout(() => {
  console.error(`[bench] still running after ${BENCH.maxRunSec} s: stopping`);
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
