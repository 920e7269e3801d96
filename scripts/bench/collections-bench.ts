/**
 * `npm run bench:collections`: the receivables' aging (`GET Collection/aging`) on 1,000,000 invoices of 100,000 billing
 * customers in one company, on PostgreSQL, through the API beside the same statements sent bare through `pg` in the
 * same run. Office users ask for a few pages as collectors do (by name, by balance, the over-90 bucket, a name search,
 * over their limit, a later page). Saturated phases give throughput, paced ones (at half the API's saturated rate)
 * latency. Results go to bench-results/collections.json and collections.md.
 *
 * A fresh database (COLLECTIONS_BENCH_DATABASE_URL, default sm_collections_bench on the local server) is made for the
 * run and dropped after it unless COLLECTIONS_BENCH_KEEP=1.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { agingQuery } from '@sm/shared';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemoIfEmpty } from '../../apps/server/src/db/seed/demo';
import { buildClaims } from '../../apps/server/src/features/platform/auth/auth.service';
import { signAccessToken } from '../../apps/server/src/features/platform/auth/tokens';
import { listAging } from '../../apps/server/src/features/money/collections/aging.service';
import { replay } from './bare-load';
import { addCollectionsData, type CollectionsFacts } from './collections-data';
import { startCpuProbe, waitForQuietMachine, type CpuUse } from './cpu';
import { RawHttpUser } from './raw-http';
import { startServerProcess, type ServerProcess } from './server-process';
import { capturingDb, type CapturedQuery } from './setup';
import { pacedPhase, phaseTable, saturatedPhase, stopAfter, targetTable, type Step, type Target } from './phases';
import { messageOf, type Summary } from './stats';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CONFIG = {
  customers: num('COLLECTIONS_BENCH_CUSTOMERS', 100_000),
  invoices: num('COLLECTIONS_BENCH_INVOICES', 1_000_000),
  users: num('BENCH_USERS', 16),
  durationSec: num('BENCH_DURATION', 10),
  warmupSec: num('BENCH_WARMUP', 3),
  poolSize: num('BENCH_POOL', 20),
  maxRunSec: num('BENCH_MAX_RUN', 1800),
};
const URL_ = process.env.COLLECTIONS_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sm_collections_bench';
const DATABASE = new URL(URL_).pathname.slice(1);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const log = (m: string) => console.log(`[bench:collections] ${m}`);

/** The pages collectors ask for, each user starting at another. */
const PAGES = ['', 'sort=balance&dir=desc', 'bucket=over90&sort=oldestPastDueDays&dir=desc', 'search=customer%200123', 'overLimit=true&sort=balance&dir=desc', 'skip=500'];

const adminUrl = () => Object.assign(new URL(URL_), { pathname: '/postgres' }).toString();

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin.end();
}

async function freshDatabase() {
  await dropDatabase();
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${DATABASE}"`);
  await admin.end();
}

/** Each page's statements, captured by running the product's code once as the company's admin. */
async function capturePages(pool: pg.Pool, subscriberId: number): Promise<CapturedQuery[][]> {
  const capture = capturingDb(pool);
  const { rows: [admin] } = await pool.query(`select id, user_name from users where user_name = 'admin'`);
  const ctx = { db: capture.db, actor: { userId: admin.id as number, subscriberId, userName: admin.user_name as string }, now: new Date() };
  const out: CapturedQuery[][] = [];
  for (const page of PAGES) out.push(await capture.capture(() => listAging(ctx, agingQuery.parse(Object.fromEntries(new URLSearchParams(page))))));
  return out;
}

let server: ServerProcess | null = null;

async function main() {
  const started = Date.now();
  log('making a fresh database with the demo companies');
  await freshDatabase();
  const database = await openDatabase({ url: URL_, poolSize: 4 });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const pool = new pg.Pool({ connectionString: URL_, max: CONFIG.poolSize, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  const cpu: Record<string, CpuUse | null> = {};
  try {
    const genStarted = Date.now();
    const facts = await addCollectionsData(pool, { customers: CONFIG.customers, invoices: CONFIG.invoices }, log);
    const generationSec = Math.round((Date.now() - genStarted) / 1000);
    log(`data made in ${generationSec} s: ${facts.invoices} invoices (${facts.openInvoices} open) of ${facts.customers} customers, ${facts.payments} payments`);
    const jwtSecret = randomBytes(32).toString('hex');
    const { rows: [admin] } = await pool.query(`select id from users where user_name = 'admin'`);
    const { subscriberName: _, ...claims } = await buildClaims(database.db, admin.id as number);
    const token = await signAccessToken(jwtSecret, claims, new Date());
    const captured = await capturePages(pool, facts.subscriberId);
    await database.close();
    server = await startServerProcess({ databaseUrl: URL_, jwtSecret, poolSize: CONFIG.poolSize, maxRunSec: CONFIG.maxRunSec });
    const clients = Array.from({ length: CONFIG.users }, () => new RawHttpUser(server!.port, token));
    const api: Step = async (i, k, rec) => {
      try {
        const page = PAGES[(i + k) % PAGES.length];
        const a = await clients[i].get(`/api/v1/Collection/aging${page ? `?${page}` : ''}`);
        if (a.status !== 200) return (rec.fail(`HTTP ${a.status}: ${a.body.slice(0, 80)}`), false);
        return true;
      } catch (e) {
        return (rec.fail(messageOf(e)), false);
      }
    };
    const bare: Step = async (i, k, rec) => {
      try {
        await replay(pool, captured[(i + k) % PAGES.length], undefined, 'invoices', false);
        return true;
      } catch (e) {
        return (rec.fail(messageOf(e)), false);
      }
    };
    const measure = async (name: string, fn: () => Promise<Summary>) => {
      await pool.query('CHECKPOINT');
      await waitForQuietMachine(server?.pid, DATABASE, 15);
      const probe = startCpuProbe(server?.pid, DATABASE);
      const s = await fn();
      cpu[name] = probe.stop();
      log(`${name}: ${s.perSec.toFixed(1)} pages/s, p50 ${s.p50Ms.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms, ${s.errors} errors`);
      return s;
    };
    const { users, durationSec: d, warmupSec: w } = CONFIG;
    log(`API server on 127.0.0.1:${server.port}; ${users} users; ${d} s per phase after ${w} s warm-up`);
    await saturatedPhase(users, w, api);
    await saturatedPhase(users, w, bare);
    const apiSat = await measure('API, saturated', () => saturatedPhase(users, d, api));
    const bareSat = await measure('bare, saturated', () => saturatedPhase(users, d, bare));
    const rate = Math.max(0.05, (apiSat.perSec * 0.5) / users);
    log(`paced at ${rate.toFixed(2)} pages/s per user (half the API's saturated throughput)`);
    const apiPaced = await measure('API, paced', () => pacedPhase(users, rate, d, api));
    const barePaced = await measure('bare, paced', () => pacedPhase(users, rate, d, bare));
    for (const c of clients) c.close();
    await server.stop();
    const throughput = apiSat.perSec / bareSat.perSec;
    const p99 = apiPaced.p99Ms / barePaced.p99Ms;
    const errors = [apiSat, bareSat, apiPaced, barePaced].reduce((n, s) => n + s.errors, 0);
    const targets = [
      { name: 'throughput, API / bare (saturated)', target: '>= 0.5', value: throughput.toFixed(2), pass: throughput >= 0.5 },
      { name: 'p99, API / bare (paced)', target: '<= 2', value: p99.toFixed(2), pass: p99 <= 2 },
      { name: 'errors, all phases', target: '0', value: String(errors), pass: errors === 0 },
    ];
    const results = { date: new Date().toISOString(), config: { ...CONFIG, pages: PAGES, pacedRatePerUser: rate }, facts, generationSec, phases: { apiSat, bareSat, apiPaced, barePaced }, cpu, targets };
    writeResults(results);
    for (const t of targets) log(`${t.pass ? 'PASS' : 'FAIL'} ${t.name}: ${t.value} (wanted ${t.target})`);
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await server?.stop();
    await pool.end();
    await database.close().catch(() => undefined);
    if (process.env.COLLECTIONS_BENCH_KEEP !== '1') await dropDatabase();
  }
}

interface Results {
  date: string;
  config: typeof CONFIG & { pages: string[]; pacedRatePerUser: number };
  facts: CollectionsFacts;
  generationSec: number;
  phases: Record<string, Summary>;
  cpu: Record<string, CpuUse | null>;
  targets: Target[];
}

function writeResults(r: Results) {
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/collections.json'), `${JSON.stringify(r, null, 2)}\n`);
  const md = [
    `# Collections bench (${r.date.slice(0, 10)})`,
    '',
    `The aging (\`GET Collection/aging\`) of one company with ${r.facts.customers.toLocaleString('en-US')} customers and ${r.facts.invoices.toLocaleString('en-US')} invoices (${r.facts.openInvoices.toLocaleString('en-US')} open, ${r.facts.payments.toLocaleString('en-US')} payments), PostgreSQL; data made in ${r.generationSec} s. ${r.config.users} office users ask in turn for: ${r.config.pages.map((p) => `\`${p || 'first page by name'}\``).join(', ')}. Bare: the statements the API sends, captured from the product's code, sent through \`pg\` unnamed as the API sends them, on a pool of the same size (${r.config.poolSize}). ${r.config.durationSec} s a phase; paced at ${r.config.pacedRatePerUser.toFixed(2)} pages/s per user (half the API's saturated throughput).`,
    '',
    ...phaseTable(r.phases, r.cpu, 'page'),
    ...targetTable(r.targets),
  ].join('\n');
  writeFileSync(join(ROOT, 'bench-results/collections.md'), md);
}

stopAfter('bench:collections', CONFIG.maxRunSec);

main().then(
  () => process.exit(0),
  async (e: unknown) => {
    console.error(e);
    await server?.stop().catch(() => undefined);
    process.exit(1);
  },
);
