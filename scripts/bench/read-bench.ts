/**
 * A bench of read-only requests on a fresh PostgreSQL database with the demo companies and a generated data set: each
 * group of requests through the API server beside the same statements sent bare through `pg` in the same run,
 * saturated (throughput) then paced at half the API's saturated rate (latency). The collections and reports benches
 * are this runner with their data and their requests.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemoIfEmpty } from '../../apps/server/src/db/seed/demo';
import { buildClaims } from '../../apps/server/src/features/platform/auth/auth.service';
import { signAccessToken } from '../../apps/server/src/features/platform/auth/tokens';
import type { Ctx } from '../../apps/server/src/lib/context';
import { replay } from './bare-load';
import { startCpuProbe, waitForQuietMachine, type CpuUse } from './cpu';
import { RawHttpUser } from './raw-http';
import { startServerProcess, type ServerProcess } from './server-process';
import { capturingDb, type CapturedQuery } from './setup';
import { pacedPhase, phaseTable, saturatedPhase, stopAfter, targetTable, type Step, type Target } from './phases';
import { messageOf, type Summary } from './stats';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** One request of a group: its API path, and the product's own call that sends its statements (captured once). */
export interface ReadRequest {
  path: string;
  run: (ctx: Ctx) => Promise<unknown>;
}

/** Requests measured together: users ask for them in turn, each user starting at another. */
export interface ReadGroup {
  name: string;
  requests: ReadRequest[];
}

export interface ReadBench<F extends { subscriberId: number }> {
  /** The bench's name: `bench:<name>`, and bench-results/<name>.json and .md. */
  name: string;
  databaseUrl: string;
  /** Makes the data set in the demo database; answers what it holds. */
  makeData: (pool: pg.Pool, log: (m: string) => void) => Promise<F>;
  groups: ReadGroup[];
  /** What a request is called in the results' tables (page, report). */
  unit: string;
  /** The results file's opening paragraph. */
  describe: (facts: F, config: ReadBenchConfig & { generationSec: number }) => string;
  users?: number;
}

export interface ReadBenchConfig {
  users: number;
  durationSec: number;
  warmupSec: number;
  poolSize: number;
  maxRunSec: number;
}

interface GroupResult {
  name: string;
  phases: Record<string, Summary>;
  cpu: Record<string, CpuUse | null>;
  pacedRatePerUser: number;
  targets: Target[];
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Runs the bench and writes its results; the database is made anew and dropped after, unless BENCH_KEEP=1 keeps it
 * (and BENCH_REUSE=1 then runs on it again without making its data).
 */
export async function runReadBench<F extends { subscriberId: number }>(bench: ReadBench<F>): Promise<void> {
  const config: ReadBenchConfig = {
    users: num('BENCH_USERS', bench.users ?? 16),
    durationSec: num('BENCH_DURATION', 10),
    warmupSec: num('BENCH_WARMUP', 3),
    poolSize: num('BENCH_POOL', 20),
    maxRunSec: num('BENCH_MAX_RUN', 1800),
  };
  const log = (m: string) => console.log(`[bench:${bench.name}] ${m}`);
  const url = bench.databaseUrl;
  const database = new URL(url).pathname.slice(1);
  const adminUrl = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  stopAfter(`bench:${bench.name}`, config.maxRunSec);
  const started = Date.now();
  // A database kept by BENCH_KEEP=1 is used again by BENCH_REUSE=1: its facts are in .tmp/bench/<name>-<database>.json.
  const keptFacts = join(ROOT, '.tmp/bench', `${bench.name}-${database}.json`);
  const reuse = process.env.BENCH_REUSE === '1' && existsSync(keptFacts);
  if (!reuse) {
    log('making a fresh database with the demo companies');
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin(`CREATE DATABASE "${database}"`);
  }
  const db = await openDatabase({ url, poolSize: 4 });
  if (!reuse) {
    await db.migrate();
    await seedDemoIfEmpty(db.db);
  }
  const pool = new pg.Pool({ connectionString: url, max: config.poolSize, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  let server: ServerProcess | null = null;
  try {
    const { facts, generationSec } = reuse ? (JSON.parse(readFileSync(keptFacts, 'utf8')) as { facts: F; generationSec: number }) : await makeData(bench, pool, log);
    if (reuse) log(`using the kept database ${database}: ${JSON.stringify(facts)}`);
    else if (process.env.BENCH_KEEP === '1') {
      mkdirSync(join(ROOT, '.tmp/bench'), { recursive: true });
      writeFileSync(keptFacts, JSON.stringify({ facts, generationSec }));
    }
    const jwtSecret = randomBytes(32).toString('hex');
    const { rows: [caller] } = await pool.query(`select id, user_name from users where user_name = 'admin'`);
    const { subscriberName: _, ...claims } = await buildClaims(db.db, caller.id as number);
    const token = await signAccessToken(jwtSecret, claims, new Date());
    const capture = capturingDb(pool);
    const ctx: Ctx = { db: capture.db, actor: { userId: caller.id as number, subscriberId: facts.subscriberId, userName: caller.user_name as string }, now: new Date() };
    const captured: CapturedQuery[][][] = [];
    for (const group of bench.groups) {
      const statements: CapturedQuery[][] = [];
      for (const request of group.requests) statements.push(await capture.capture(() => request.run(ctx)));
      captured.push(statements);
    }
    await db.close();
    server = await startServerProcess({ databaseUrl: url, jwtSecret, poolSize: config.poolSize, maxRunSec: config.maxRunSec });
    const clients = Array.from({ length: config.users }, () => new RawHttpUser(server!.port, token));
    const results: GroupResult[] = [];
    for (const [g, group] of bench.groups.entries()) {
      const pick = (i: number, k: number) => (i + k) % group.requests.length;
      const api: Step = async (i, k, rec) => {
        try {
          const a = await clients[i].get(group.requests[pick(i, k)].path);
          if (a.status !== 200) return (rec.fail(`HTTP ${a.status}: ${a.body.slice(0, 80)}`), false);
          return true;
        } catch (e) {
          return (rec.fail(messageOf(e)), false);
        }
      };
      const bare: Step = async (i, k, rec) => {
        try {
          await replay(pool, captured[g][pick(i, k)], undefined, 'work_orders', false);
          return true;
        } catch (e) {
          return (rec.fail(messageOf(e)), false);
        }
      };
      const cpu: Record<string, CpuUse | null> = {};
      const measure = async (phase: string, fn: () => Promise<Summary>) => {
        await pool.query('CHECKPOINT');
        await waitForQuietMachine(server?.pid, database, 15);
        const probe = startCpuProbe(server?.pid, database);
        const s = await fn();
        cpu[phase] = probe.stop();
        log(`${group.name}, ${phase}: ${s.perSec.toFixed(1)} ${bench.unit}s/s, p50 ${s.p50Ms.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms, ${s.errors} errors`);
        return s;
      };
      const { users, durationSec: d, warmupSec: w } = config;
      await saturatedPhase(users, w, api);
      await saturatedPhase(users, w, bare);
      const apiSat = await measure('API, saturated', () => saturatedPhase(users, d, api));
      const bareSat = await measure('bare, saturated', () => saturatedPhase(users, d, bare));
      const rate = Math.max(0.05, (apiSat.perSec * 0.5) / users);
      const apiPaced = await measure('API, paced', () => pacedPhase(users, rate, d, api));
      const barePaced = await measure('bare, paced', () => pacedPhase(users, rate, d, bare));
      const throughput = apiSat.perSec / bareSat.perSec;
      const p99 = apiPaced.p99Ms / barePaced.p99Ms;
      const errors = [apiSat, bareSat, apiPaced, barePaced].reduce((n, s) => n + s.errors, 0);
      const targets: Target[] = [
        { name: `${group.name}: throughput, API / bare (saturated)`, target: '>= 0.5', value: throughput.toFixed(2), pass: throughput >= 0.5 },
        { name: `${group.name}: p99, API / bare (paced)`, target: '<= 2', value: p99.toFixed(2), pass: p99 <= 2 },
        { name: `${group.name}: errors, all phases`, target: '0', value: String(errors), pass: errors === 0 },
      ];
      for (const t of targets) log(`${t.pass ? 'PASS' : 'FAIL'} ${t.name}: ${t.value} (wanted ${t.target})`);
      results.push({ name: group.name, phases: { apiSat, bareSat, apiPaced, barePaced }, cpu, pacedRatePerUser: rate, targets });
    }
    for (const c of clients) c.close();
    await server.stop();
    writeResults(bench, { date: new Date().toISOString(), config, facts, generationSec, groups: results });
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await server?.stop();
    await pool.end();
    await db.close().catch(() => undefined);
    if (process.env.BENCH_KEEP !== '1') {
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(keptFacts, { force: true });
    }
  }
}

async function makeData<F extends { subscriberId: number }>(bench: ReadBench<F>, pool: pg.Pool, log: (m: string) => void) {
  const started = Date.now();
  const facts = await bench.makeData(pool, log);
  const generationSec = Math.round((Date.now() - started) / 1000);
  log(`data made in ${generationSec} s: ${JSON.stringify(facts)}`);
  return { facts, generationSec };
}

function writeResults<F extends { subscriberId: number }>(
  bench: ReadBench<F>,
  r: { date: string; config: ReadBenchConfig; facts: F; generationSec: number; groups: GroupResult[] },
) {
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, `bench-results/${bench.name}.json`), `${JSON.stringify(r, null, 2)}\n`);
  const md = [
    `# ${bench.name[0].toUpperCase()}${bench.name.slice(1)} bench (${r.date.slice(0, 10)})`,
    '',
    bench.describe(r.facts, { ...r.config, generationSec: r.generationSec }),
    '',
    ...r.groups.flatMap((g) => [
      `## ${g.name}`,
      '',
      `Paced at ${g.pacedRatePerUser.toFixed(2)} ${bench.unit}s/s per user (half the API's saturated throughput).`,
      '',
      ...phaseTable(g.phases, g.cpu, bench.unit),
    ]),
    '## Targets',
    '',
    ...targetTable(r.groups.flatMap((g) => g.targets)),
  ].join('\n');
  writeFileSync(join(ROOT, `bench-results/${bench.name}.md`), md);
}

/** Runs a bench as a script: exits 0 when it ran, 1 on an error. */
export function runAsScript<F extends { subscriberId: number }>(bench: ReadBench<F>) {
  runReadBench(bench).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
