/**
 * The bare side of the benchmark: the statements the API sends, captured from the product's code, sent straight
 * through `pg` by one async worker per virtual user, on a pool of the same size as the server's. It shows what
 * the database and the driver cost alone, without HTTP, the framework, validation and query building.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { BenchUser, CapturedCycle, CapturedQuery } from './setup';
import { messageOf, Recorder, type Summary } from './stats';

/** Runs `step` in a loop per worker until the deadline; each worker is one user. */
export async function runWorkers<U>(users: U[], durationSec: number, step: (user: U, index: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  const deadline = started + durationSec * 1000;
  await Promise.all(
    users.map(async (user, index) => {
      while (performance.now() < deadline) await step(user, index);
    }),
  );
  return (performance.now() - started) / 1000;
}

const names = new Map<string, string | undefined>();

/**
 * The name the bare side prepares a statement under, once per connection, as the API server prepares every
 * statement of these requests (clock-facts.ts, the clock's writes, the first page of the list); none for
 * transaction control.
 */
function preparedName(text: string): string | undefined {
  let name = names.get(text);
  if (!names.has(text)) {
    name = /^(begin|commit|rollback)$/i.test(text.trim()) ? undefined : `bare_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Sends captured statements in their order, as the API sent them: outside a transaction on the pool, and from
 * BEGIN to COMMIT on one connection. `swap` replaces parameters (the new labor entry's id); answers the id the
 * insert into `idOf` (work_order_labor unless told) returned, if one did. `prepared` false sends each statement
 * unnamed, parsed and planned every time, as the API sends the statements it does not prepare.
 */
export async function replay(pool: pg.Pool, queries: CapturedQuery[], swap?: (q: CapturedQuery) => unknown[], idOf = 'work_order_labor', prepared = true): Promise<number | null> {
  let client: pg.PoolClient | null = null;
  let laborId: number | null = null;
  try {
    for (const q of queries) {
      const text = q.sql.trim().toLowerCase();
      if (text === 'begin') client = await pool.connect();
      const r = await (client ?? pool).query({ name: prepared ? preparedName(q.sql) : undefined, text: q.sql, values: swap ? swap(q) : q.params, rowMode: 'array' });
      if (text.includes(`insert into "${idOf}"`)) laborId = Number(r.rows[0]?.[0]);
      if (text === 'commit' || text === 'rollback') {
        client?.release();
        client = null;
      }
    }
  } catch (e) {
    if (client) await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client?.release();
  }
  return laborId;
}

/** One `technicianWorkOrders` request done bare: its statements captured from the product. */
export async function bareListStep(pool: pg.Pool, queries: CapturedQuery[]) {
  await replay(pool, queries);
}

/** Phase b: `bareListStep` by every user in a loop. */
export async function bareList(pool: pg.Pool, users: BenchUser[], queries: CapturedQuery[][], durationSec: number): Promise<Summary> {
  const rec = new Recorder();
  const seconds = await runWorkers(users, durationSec, async (_user, i) => {
    const t0 = performance.now();
    try {
      await bareListStep(pool, queries[i]);
      rec.add(performance.now() - t0);
    } catch (e) {
      rec.fail(messageOf(e));
    }
  });
  return rec.summary(seconds);
}

/** The clock-out's statements with the captured labor entry's id replaced by the one this cycle opened. */
const forLabor = (cycle: CapturedCycle, laborId: number) => (q: CapturedQuery) =>
  /work_order_labor/.test(q.sql) || q.params.includes('workOrderLabor') ? q.params.map((p) => (p === cycle.laborId ? laborId : p)) : q.params;

export interface CycleRecorders {
  clockIn: Recorder;
  clockOut: Recorder;
  cycle: Recorder;
}

export const cycleRecorders = (): CycleRecorders => ({ clockIn: new Recorder(), clockOut: new Recorder(), cycle: new Recorder() });

/**
 * One cycle done bare: the statements of the clock-in request, then of the clock-out request, as the API sent them
 * (the rules' reads, the writes). Records each request; answers whether the cycle went through.
 */
export async function bareCycleStep(pool: pg.Pool, cycle: CapturedCycle, rec: CycleRecorders): Promise<boolean> {
  const t0 = performance.now();
  let laborId: number | null;
  try {
    laborId = await replay(pool, cycle.clockIn);
    if (laborId === null) throw new Error('the clock-in inserted no labor entry');
    rec.clockIn.add(performance.now() - t0);
  } catch (e) {
    rec.clockIn.fail(messageOf(e));
    rec.cycle.fail(`clock-in: ${messageOf(e)}`);
    return false;
  }
  const t1 = performance.now();
  try {
    await replay(pool, cycle.clockOut, forLabor(cycle, laborId));
    rec.clockOut.add(performance.now() - t1);
    return true;
  } catch (e) {
    rec.clockOut.fail(messageOf(e));
    rec.cycle.fail(`clock-out: ${messageOf(e)}`);
    return false;
  }
}

/** Phase d: `bareCycleStep` by every user in a loop. */
export async function bareCycle(pool: pg.Pool, users: BenchUser[], cycles: CapturedCycle[], durationSec: number) {
  const rec = cycleRecorders();
  const seconds = await runWorkers(users, durationSec, async (_user, i) => {
    const t0 = performance.now();
    if (await bareCycleStep(pool, cycles[i], rec)) rec.cycle.add(performance.now() - t0);
  });
  return { clockIn: rec.clockIn.summary(seconds), clockOut: rec.clockOut.summary(seconds), cycle: rec.cycle.summary(seconds) };
}
