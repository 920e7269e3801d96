/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) of every statement the API sends for one `technicianWorkOrders` request
 * and one clock-in/clock-out cycle, captured from the product's own code (access check included), so that the
 * slow ones and their plans can be read. Writes run inside a rolled-back transaction.
 *
 *   npx tsx scripts/bench/explain.ts [--plans] [--user <technician id>]
 */
import pg from 'pg';
import { clockInBody, clockOutBody } from '@sm/shared';
import { clockIn, clockOut } from '../../apps/server/src/features/field/clock/clock.service';
import { loadAccess } from '../../apps/server/src/features/platform/permissions/access-load';
import { listTechnicianWorkOrders } from '../../apps/server/src/features/office/work-orders/work-orders.service';
import { BENCH_URL } from './config';
import { clockInBodyOf, clockOutBodyOf } from './cycle-bodies';
import { capturingDb, LIST_REQUEST, prepareUsers, restoreClockData, type CapturedQuery } from './setup';

const showPlans = process.argv.includes('--plans');
const userArg = process.argv.indexOf('--user');
const userOffset = userArg > 0 ? Number(process.argv[userArg + 1]) - 1 : 0;

interface Explained {
  step: string;
  sql: string;
  ms: number;
  buffers: number;
  plan: string[];
}

const isTxControl = (q: CapturedQuery) => /^(begin|commit|rollback|savepoint|release)/i.test(q.sql.trim());

/**
 * Explains a step's statements in order inside one transaction, so that each sees what the previous wrote,
 * after `prepare` (e.g. reopening the labor entry a clock-out closes); everything is rolled back. The step
 * runs once unmeasured first, so that plans and pages are warm, as they are in the bench.
 */
async function explainStep(pool: pg.Pool, step: string, queries: CapturedQuery[], prepare?: CapturedQuery): Promise<Explained[]> {
  const client = await pool.connect();
  const out: Explained[] = [];
  try {
    await client.query('BEGIN');
    if (prepare) await client.query(prepare.sql, prepare.params);
    await client.query('SAVEPOINT warm');
    for (const q of queries.filter((x) => !isTxControl(x))) await client.query(`EXPLAIN (ANALYZE) ${q.sql}`, q.params);
    await client.query('ROLLBACK TO SAVEPOINT warm');
    for (const q of queries.filter((x) => !isTxControl(x))) {
      const r = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
      const plan = r.rows.map((row) => row['QUERY PLAN']);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
      const top = plan.find((l) => /Buffers:/.test(l)) ?? '';
      const buffers = [...top.matchAll(/(?:hit|read|dirtied|written)=(\d+)/g)].reduce((a, m) => a + Number(m[1]), 0);
      out.push({ step, sql: q.sql, ms, buffers, plan });
    }
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
  return out;
}

async function main() {
  const pool = new pg.Pool({ connectionString: BENCH_URL, max: 4 });
  const cap = capturingDb(pool);
  try {
    const [user] = (await prepareUsers(pool, cap.db, 'explain-only-secret-explain-only-secret', 50)).slice(userOffset, userOffset + 1);
    await restoreClockData(pool, [user]);
    const actor = { userId: user.userId, subscriberId: user.subscriberId, userName: user.userName };
    const ctx = () => ({ db: cap.db, actor, now: new Date() });
    let access = null as Awaited<ReturnType<typeof loadAccess>>;
    const steps: [string, CapturedQuery[]][] = [];
    steps.push(['access check (first request; kept after)', await cap.capture(async () => (access = await loadAccess(cap.db, actor.subscriberId, actor.userId)))]);
    if (!access) throw new Error('the technician has no access');
    const granted = access;
    steps.push(['technicianWorkOrders', await cap.capture(() => listTechnicianWorkOrders(ctx(), LIST_REQUEST))]);
    let laborId = 0;
    steps.push([
      'clock-in',
      await cap.capture(async () => {
        laborId = (await clockIn(ctx(), granted, clockInBody.parse(clockInBodyOf(user, new Date())))).workOrderLaborId;
      }),
    ]);
    await new Promise((r) => setTimeout(r, 5));
    steps.push(['clock-out', await cap.capture(() => clockOut(ctx(), granted, clockOutBody.parse(clockOutBodyOf(user, laborId))))]);
    console.log(`technician ${user.userId} (company ${user.subscriberId}), work order ${user.workOrderId}\n`);
    // The cycle has run: the clock-in is explained on the state after it, the clock-out with its entry reopened.
    const reopen = { sql: 'UPDATE work_order_labor SET stopped_at = NULL WHERE id = $1', params: [laborId] };
    let total = 0;
    for (const [step, queries] of steps) {
      for (const e of await explainStep(pool, step, queries, step === 'clock-out' ? reopen : undefined)) {
        total += e.ms;
        const text = e.sql.replace(/"/g, '').replace(/\s+/g, ' ');
        console.log(`${e.ms.toFixed(3).padStart(8)} ms ${String(e.buffers).padStart(6)} buf  ${step.padEnd(28)} ${text.slice(0, 150)}`);
        if (showPlans) console.log(`${e.plan.map((l) => `      ${l}`).join('\n')}\n`);
      }
    }
    console.log(`\n${total.toFixed(3)} ms of execution in all`);
    await restoreClockData(pool, [user]);
  } finally {
    await pool.end();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
