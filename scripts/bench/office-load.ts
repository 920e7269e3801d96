/**
 * The office benchmark's runners: one request kind (a search, a page of all work orders) sent by every virtual
 * user through the API, saturated (autocannon, one keep-alive connection per user) and paced (a fixed rate per user,
 * latency counted from when each request was due), and the same request's statements, captured from the product's
 * code, sent bare through `pg` by one worker per user in the same two ways. The bare side sends them as the API
 * server does: unnamed, in the same order and the same transactions.
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { RawHttpUser } from './raw-http';
import type { CapturedQuery } from './setup';
import { messageOf, Recorder, sleep, type Summary } from './stats';

export interface OfficeUser {
  userId: number;
  subscriberId: number;
  userName: string;
  token: string;
}

/** One request of a user: its method, path (with its query) and JSON body. */
export interface OfficeRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** Saturated API phase: every user sends its request again as soon as the answer comes. */
export async function apiSaturated(port: number, users: OfficeUser[], requestOf: (i: number) => OfficeRequest, durationSec: number): Promise<Summary> {
  const rec = new Recorder();
  let next = 0;
  const started = performance.now();
  let guard: NodeJS.Timeout | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: users.length,
        duration: durationSec,
        timeout: 10,
        requests: [{ method: 'GET', path: '/api/health' }],
        setupClient: (client) => {
          const i = next++ % users.length;
          const r = requestOf(i);
          client.on('response', (status: number, _bytes: number, ms: number) => (is2xx(status) ? rec.add(ms) : rec.fail(`HTTP ${status}`)));
          client.setRequests([
            {
              method: r.method,
              path: r.path,
              headers: { authorization: `Bearer ${users[i].token}`, 'content-type': 'application/json' },
              body: r.body === undefined ? undefined : JSON.stringify(r.body),
            },
          ]);
        },
      },
      (err, res) => {
        clearTimeout(guard);
        if (err) reject(err);
        else resolve(res);
      },
    );
    guard = setTimeout(() => instance.stop(), (durationSec + 15) * 1000);
  });
  if (result.errors > 0) rec.fail(`connection errors (${result.timeouts} timeouts)`, result.errors);
  return rec.summary((performance.now() - started) / 1000);
}

/** Runs `step` for every user at `ratePerUser` a second, the users' schedules spread over one interval. */
async function runPaced(count: number, ratePerUser: number, durationSec: number, rec: Recorder, step: (i: number) => Promise<boolean>): Promise<number> {
  const interval = 1000 / ratePerUser;
  const start = performance.now() + 50;
  const deadline = start + durationSec * 1000;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      for (let k = 0; ; k++) {
        const due = start + (i / count) * interval + k * interval;
        if (due >= deadline) return;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (await step(i)) rec.add(performance.now() - due);
      }
    }),
  );
  return (performance.now() - start) / 1000;
}

/** Paced API phase, through a minimal keep-alive client per user. */
export async function apiPaced(port: number, users: OfficeUser[], requestOf: (i: number) => OfficeRequest, ratePerUser: number, durationSec: number): Promise<Summary> {
  const rec = new Recorder();
  const clients = users.map((u) => new RawHttpUser(port, u.token));
  const seconds = await runPaced(users.length, ratePerUser, durationSec, rec, async (i) => {
    const r = requestOf(i);
    try {
      const a = r.method === 'GET' ? await clients[i].get(r.path) : await clients[i].post(r.path, r.body);
      if (!is2xx(a.status)) rec.fail(`HTTP ${a.status}: ${a.body.slice(0, 80)}`);
      return is2xx(a.status);
    } catch (e) {
      rec.fail(messageOf(e));
      return false;
    }
  });
  for (const c of clients) c.close();
  return rec.summary(seconds);
}

/** Sends captured statements in order: on the pool outside a transaction, on one connection from BEGIN to COMMIT. */
export async function replay(pool: pg.Pool, queries: CapturedQuery[]) {
  let client: pg.PoolClient | null = null;
  try {
    for (const q of queries) {
      const text = q.sql.trim().toLowerCase();
      if (text === 'begin') client = await pool.connect();
      await (client ?? pool).query({ text: q.sql, values: q.params, rowMode: 'array' });
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
}

/** Saturated bare phase: one worker per user replaying its request's statements in a loop. */
export async function bareSaturated(pool: pg.Pool, captured: CapturedQuery[][], durationSec: number): Promise<Summary> {
  const rec = new Recorder();
  const started = performance.now();
  const deadline = started + durationSec * 1000;
  await Promise.all(
    captured.map(async (queries) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await replay(pool, queries);
          rec.add(performance.now() - t0);
        } catch (e) {
          rec.fail(messageOf(e));
        }
      }
    }),
  );
  return rec.summary((performance.now() - started) / 1000);
}

/** Paced bare phase. */
export async function barePaced(pool: pg.Pool, captured: CapturedQuery[][], ratePerUser: number, durationSec: number): Promise<Summary> {
  const rec = new Recorder();
  const seconds = await runPaced(captured.length, ratePerUser, durationSec, rec, async (i) => {
    try {
      await replay(pool, captured[i]);
      return true;
    } catch (e) {
      rec.fail(messageOf(e));
      return false;
    }
  });
  return rec.summary(seconds);
}
