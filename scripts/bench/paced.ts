/**
 * Latency at a stated load: each user sends at a fixed rate instead of as fast as answers come. Latency runs
 * from the moment a request was due, not from when it could be sent, so a slow answer that delays the next
 * request still counts against the next one too (no coordinated omission). The API is called through a minimal
 * HTTP client (raw-http.ts), one keep-alive socket per user, so that the load generator's own work stays small
 * beside what it measures.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { RawHttpUser, type Answer } from './raw-http';
import { bareCycleStep, bareListStep, cycleRecorders, type CycleRecorders } from './bare-load';
import { clockInBodyOf, clockOutBodyOf } from './cycle-bodies';
import { CLOCK_IN_PATH, CLOCK_OUT_PATH, LIST_PATH } from './http-load';
import type { BenchUser, CapturedCycle, CapturedQuery } from './setup';
import { messageOf, Recorder, sleep, type Summary } from './stats';

/**
 * Runs `step` for every user at `ratePerUser` per second for `durationSec`, the users' schedules spread evenly
 * over one interval. `step` answers whether the operation succeeded; the runner records its latency.
 */
async function runPaced(
  users: BenchUser[],
  ratePerUser: number,
  durationSec: number,
  rec: Recorder,
  step: (user: BenchUser, index: number) => Promise<boolean>,
): Promise<number> {
  const interval = 1000 / ratePerUser;
  const start = performance.now() + 50;
  const deadline = start + durationSec * 1000;
  await Promise.all(
    users.map(async (user, index) => {
      for (let k = 0; ; k++) {
        const due = start + (index / users.length) * interval + k * interval;
        if (due >= deadline) return;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (await step(user, index)) {
          const ms = performance.now() - due;
          rec.add(ms);
          if (process.env.BENCH_TRACE && ms > 40) console.log(`[trace] slow at +${(due - start).toFixed(0)} ms: ${ms.toFixed(1)} ms`);
        }
      }
    }),
  );
  return (performance.now() - start) / 1000;
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;

const clientsFor = (port: number, users: BenchUser[]) => users.map((u) => new RawHttpUser(port, u.token));

/** One request per due time through each user's own client; anything but a 2xx answer is an error. */
async function pacedApi(port: number, users: BenchUser[], ratePerUser: number, durationSec: number, send: (c: RawHttpUser) => Promise<Answer>) {
  const rec = new Recorder();
  const clients = clientsFor(port, users);
  const seconds = await runPaced(users, ratePerUser, durationSec, rec, async (_user, i) => {
    try {
      const a = await send(clients[i]);
      if (!ok(a)) rec.fail(`HTTP ${a.status}`);
      return ok(a);
    } catch (e) {
      rec.fail(messageOf(e));
      return false;
    }
  });
  for (const c of clients) c.close();
  return rec.summary(seconds);
}

export const pacedApiList = (port: number, users: BenchUser[], ratePerUser: number, durationSec: number): Promise<Summary> =>
  pacedApi(port, users, ratePerUser, durationSec, (c) => c.post(LIST_PATH, { take: 3 }));

/**
 * The floor of any API request on this machine at the list's load: the health check, which reads nothing, through
 * the same client, server process and loopback.
 */
export const pacedApiFloor = (port: number, users: BenchUser[], ratePerUser: number, durationSec: number): Promise<Summary> =>
  pacedApi(port, users, ratePerUser, durationSec, (c) => c.get('/api/health'));

export async function pacedBareList(pool: pg.Pool, users: BenchUser[], queries: CapturedQuery[][], ratePerUser: number, durationSec: number): Promise<Summary> {
  const rec = new Recorder();
  const seconds = await runPaced(users, ratePerUser, durationSec, rec, async (_user, i) => {
    try {
      await bareListStep(pool, queries[i]);
      return true;
    } catch (e) {
      rec.fail(messageOf(e));
      return false;
    }
  });
  return rec.summary(seconds);
}

const summaries = (rec: CycleRecorders, seconds: number) => ({
  clockIn: rec.clockIn.summary(seconds),
  clockOut: rec.clockOut.summary(seconds),
  cycle: rec.cycle.summary(seconds),
});

/** A clock-in then a clock-out through the API, each request timed on its own as well. */
async function apiCycleStep(client: RawHttpUser, user: BenchUser, rec: CycleRecorders): Promise<boolean> {
  try {
    const t0 = performance.now();
    const a = await client.post(CLOCK_IN_PATH, clockInBodyOf(user, new Date()));
    if (!ok(a)) {
      rec.clockIn.fail(`HTTP ${a.status}`);
      rec.cycle.fail(`clock-in HTTP ${a.status}: ${a.body.slice(0, 80)}`);
      return false;
    }
    const t1 = performance.now();
    rec.clockIn.add(t1 - t0);
    const laborId = (JSON.parse(a.body) as { workOrderLaborId: number }).workOrderLaborId;
    const b = await client.post(CLOCK_OUT_PATH, clockOutBodyOf(user, laborId));
    if (!ok(b)) {
      rec.clockOut.fail(`HTTP ${b.status}`);
      rec.cycle.fail(`clock-out HTTP ${b.status}: ${b.body.slice(0, 80)}`);
      return false;
    }
    rec.clockOut.add(performance.now() - t1);
    return true;
  } catch (e) {
    rec.cycle.fail(messageOf(e));
    return false;
  }
}

export async function pacedApiCycle(port: number, users: BenchUser[], ratePerUser: number, durationSec: number) {
  const rec = cycleRecorders();
  const clients = clientsFor(port, users);
  const seconds = await runPaced(users, ratePerUser, durationSec, rec.cycle, (user, i) => apiCycleStep(clients[i], user, rec));
  for (const c of clients) c.close();
  return summaries(rec, seconds);
}

export async function pacedBareCycle(pool: pg.Pool, users: BenchUser[], cycles: CapturedCycle[], ratePerUser: number, durationSec: number) {
  const rec = cycleRecorders();
  const seconds = await runPaced(users, ratePerUser, durationSec, rec.cycle, (_user, i) => bareCycleStep(pool, cycles[i], rec));
  return summaries(rec, seconds);
}
