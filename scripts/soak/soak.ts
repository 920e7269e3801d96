/**
 * `npm run soak`: two server processes on one PostgreSQL, simulated technicians clocking in, finishing and
 * starting the next work order and clocking out; in the middle one process is killed with SIGKILL and started
 * again. Then the checker reads the database: no user with two open labor entries, every 2xx answer's effect
 * present, no entry ending before it starts or overlapping another of its user, nothing tied across companies.
 * Loopback only, bounded in time. Results: bench-results/soak.{json,md}; exit code 1 on any violation.
 *
 * Settings: SOAK_DATABASE_URL (local server; the database is dropped and recreated), SOAK_TECHNICIANS (200, a
 * multiple of 20 from 40), SOAK_SECONDS (60), SOAK_THINK_MS (50: mean pause between a technician's requests),
 * SOAK_PORT (3301: the two processes take it and the next one), SOAK_KEEP=1 keeps the database afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { buildClaims } from '../../apps/server/src/features/platform/auth/auth.service';
import { signAccessToken } from '../../apps/server/src/features/platform/auth/tokens';
import { adminUrlOf, type DatasetShape } from '../bench/config';
import { buildDataset } from '../bench/generate';
import { checkerSeesTampering as seesTampering, checkInvariants } from './check';
import { writeResults, type SoakResult } from './report';
import { killHard, openLog, startServer, stopServer, type ServerProcess } from '../../apps/server/src/test/server-process';
import { runTechnician, type Counters, type SoakUser } from './technician';

const setting = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got "${process.env[name]}"`);
  return n;
};
const url = process.env.SOAK_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/sm_soak';
const technicians = setting('SOAK_TECHNICIANS', 200);
const seconds = setting('SOAK_SECONDS', 60);
const thinkMs = setting('SOAK_THINK_MS', 50);
const basePort = setting('SOAK_PORT', 3301);
if (technicians < 40 || technicians % 20 !== 0) throw new Error('SOAK_TECHNICIANS must be a multiple of 20, at least 40');

const SHAPE: DatasetShape = {
  subscribers: 2,
  technicians,
  workOrdersPerTechnician: 6,
  customersPerSubscriber: 100,
  billingCustomersPerSubscriber: 10,
  itemsPerTechnician: 3,
  secondTechnicianEvery: 10,
  closedShare: 0.5,
};
const ROOT = resolve(import.meta.dirname, '../..');
const log = (msg: string) => console.log(`[soak] ${msg}`);

/** Each technician's two newest open work orders, each with the technician's Employee Type on its billing customer. */
async function soakUsers(jwtSecret: string): Promise<SoakUser[]> {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const r = await c.query<{ user_id: number; work_order_id: number; item_id: number }>(
      `SELECT user_id, work_order_id, item_id FROM (
         SELECT wt.user_id, w.id AS work_order_id, i.id AS item_id,
                row_number() OVER (PARTITION BY wt.user_id ORDER BY w.id DESC) AS k
           FROM work_orders w
           JOIN work_order_technicians wt ON wt.work_order_id = w.id
           JOIN customer_rate_sheets rs ON rs.billing_customer_id = w.billing_customer_id
           JOIN rate_sheet_labor_items i ON i.customer_rate_sheet_id = rs.id AND i.technician_user_id = wt.user_id
          WHERE w.work_order_status_id <> ALL ('{22,27,38,53}'::int[]) AND wt.user_id <= $1) x
        WHERE k <= 2 ORDER BY user_id, k`,
      [technicians],
    );
    await c.end();
    const now = new Date();
    const users: SoakUser[] = [];
    for (let userId = 1; userId <= technicians; userId++) {
      const [a, b] = r.rows.filter((row) => row.user_id === userId);
      if (!a || !b) throw new Error(`technician ${userId} has fewer than two open work orders to clock on`);
      const { subscriberName: _, ...claims } = await buildClaims(database.db, userId);
      users.push({
        userId,
        subscriberId: claims.subscriberId,
        token: await signAccessToken(jwtSecret, claims, now),
        a: { workOrderId: a.work_order_id, itemId: a.item_id },
        b: { workOrderId: b.work_order_id, itemId: b.item_id },
      });
    }
    return users;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const { adminUrl, database } = adminUrlOf(url);
  const jwtSecret = randomBytes(32).toString('base64url');
  mkdirSync(resolve(ROOT, '.tmp'), { recursive: true });
  const serverLog = openLog(resolve(ROOT, '.tmp/soak-servers.log'));

  log(`building ${database}: ${technicians} technicians in 2 companies`);
  await buildDataset(url, SHAPE);
  const users = await soakUsers(jwtSecret);
  const ports = [basePort, basePort + 1];
  const servers: ServerProcess[] = [];
  const env = { DATABASE_URL: url, JWT_SECRET: jwtSecret, SEED_DEMO: '0' };
  for (const port of ports) servers.push(await startServer({ port, env, log: serverLog }));
  log(`2 server processes on ports ${ports.join(' and ')}; ${users.length} technicians for ${seconds} s`);

  const counters: Counters = { sent: 0, answered: 0, answered2xx: 0, failed: new Map(), ledger: [] };
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const crash = (async () => {
    await new Promise((r) => setTimeout(r, (seconds * 1000) / 2));
    const sentBefore = counters.sent;
    await killHard(servers[1]);
    const killedAt = (Date.now() - started) / 1000;
    log(`killed the process on port ${ports[1]} with SIGKILL at ${killedAt.toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 1500));
    servers[1] = await startServer({ port: ports[1], env, log: serverLog });
    const restartedAt = (Date.now() - started) / 1000;
    log(`started it again; it answered at ${restartedAt.toFixed(1)} s`);
    return { killedAt, restartedAt, sentBeforeKill: sentBefore };
  })();
  await Promise.all(users.map((u) => runTechnician(u, { ports, deadline, thinkMs, counters })));
  const crashInfo = await crash;
  const ranSec = (Date.now() - started) / 1000;
  for (const s of servers) await stopServer(s);
  serverLog.end();

  const samples: string[] = [];
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const violations = await checkInvariants(db, counters.ledger, samples);
  const checkerSeesTampering = await seesTampering(db, counters.ledger);
  await db.end();
  const result: SoakResult = {
    when: new Date().toISOString(),
    technicians,
    processes: 2,
    seconds: ranSec,
    crash: crashInfo,
    sent: counters.sent,
    answered: counters.answered,
    answered2xx: counters.answered2xx,
    failed: counters.sent - counters.answered2xx,
    failedBy: Object.fromEntries([...counters.failed].sort((x, y) => y[1] - x[1])),
    ledger: {
      clockIns: counters.ledger.filter((e) => e.kind === 'in').length,
      startNews: counters.ledger.filter((e) => e.kind === 'switch').length,
      clockOuts: counters.ledger.filter((e) => e.kind === 'out').length,
    },
    violations,
    violationSamples: samples,
    checkerSeesTampering,
  };
  writeResults(resolve(ROOT, 'bench-results'), result);

  if (process.env.SOAK_KEEP !== '1') {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.end();
  }
  const total = Object.values(violations).reduce((a, b) => a + b, 0);
  return total === 0 && counters.answered2xx > 0 && checkerSeesTampering ? 0 : 1;
}

const hardStop = setTimeout(() => {
  console.error('[soak] still running after its time bound: giving up');
  process.exit(2);
}, (seconds + 240) * 1000);
hardStop.unref();
main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
