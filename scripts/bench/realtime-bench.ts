/**
 * `npm run bench:realtime`: (1) 1,000 team-leader sockets on one server process; the administrator changes a
 * schedule item through the API and the time from sending that change to its `upsert` arriving is taken at every
 * socket (p50/p99 over all arrivals, and the slowest socket of each change); (2) the month view query on a company
 * of 500 technicians with recurring series: one technician's month (the target), and the whole company's.
 * Targets: arrival p99 under 100 ms, month view p99 under 50 ms. Results: bench-results/realtime.{json,md}.
 *
 * Needs the local PostgreSQL; the database (BENCH_REALTIME_URL, default .../sm_bench_realtime) is dropped and
 * rebuilt each run (a few seconds). Settings: BENCH_SOCKETS (1000), BENCH_UPSERTS (100), BENCH_MONTH_REQUESTS (200).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { openDatabase } from '../../apps/server/src/db/client';
import { buildClaims } from '../../apps/server/src/features/platform/auth/auth.service';
import { signAccessToken } from '../../apps/server/src/features/platform/auth/tokens';
import { freePort, openLog, startServer, stopServer } from '../../apps/server/src/test/server-process';
import type { DatasetShape } from './config';
import { buildDataset } from './generate';
import { fillSchedule, SCHEDULE_SHAPE } from './schedule-data';
import { Recorder, sleep, type Summary } from './stats';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const URL_ = process.env.BENCH_REALTIME_URL || 'postgres://postgres@127.0.0.1:5432/sm_bench_realtime';
const SOCKETS = num('BENCH_SOCKETS', 1000);
const UPSERTS = num('BENCH_UPSERTS', 100);
const MONTH_REQUESTS = num('BENCH_MONTH_REQUESTS', 200);
const TARGETS = { arrivalP99Ms: 100, monthViewP99Ms: 50 };
const ROOT = resolve(import.meta.dirname, '../..');
const log = (msg: string) => console.log(`[bench:realtime] ${msg}`);

const SHAPE: DatasetShape = {
  subscribers: 1,
  technicians: SCHEDULE_SHAPE.technicians,
  workOrdersPerTechnician: 4,
  customersPerSubscriber: 200,
  billingCustomersPerSubscriber: 10,
  itemsPerTechnician: 3,
  secondTechnicianEvery: 10,
  closedShare: 0.5,
};

/** Opens `count` hub sockets, a few at a time, and answers them with the arrival times they record. */
async function openSockets(port: number, token: string, count: number, arrivals: Map<string, number[]>) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, () => new Promise<void>((res, rej) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/hubs/teamLeader?access_token=${token}`);
        ws.on('message', (raw) => {
          const at = performance.now();
          const m = JSON.parse(String(raw)) as { event: string; payload: { task?: string } };
          if (m.event === 'upsert' && m.payload.task) arrivals.get(m.payload.task)?.push(at);
        });
        ws.once('open', () => res());
        ws.once('error', rej);
        sockets.push(ws);
      })),
    );
  }
  return sockets;
}

async function main() {
  const jwtSecret = randomBytes(32).toString('base64url');
  const started = Date.now();
  await buildDataset(URL_, SHAPE);
  const c = new pg.Client({ connectionString: URL_ });
  await c.connect();
  const counts = await fillSchedule(c);
  await c.query('VACUUM (ANALYZE)');
  log(`data set in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);

  const database = await openDatabase({ url: URL_, poolSize: 1 });
  const { subscriberName: _, ...claims } = await buildClaims(database.db, SHAPE.technicians + 1);
  await database.close();
  const token = await signAccessToken(jwtSecret, claims, new Date());
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const port = await freePort();
  const server = await startServer({ port, env: { DATABASE_URL: URL_, JWT_SECRET: jwtSecret, SEED_DEMO: '0' }, log: openLog(join(ROOT, '.tmp/bench-realtime-server.log')) });
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    // (1) fan-out of an upsert to every socket
    const arrivals = new Map<string, number[]>();
    const sockets = await openSockets(port, token, SOCKETS, arrivals);
    log(`${sockets.length} sockets open`);
    const item = (
      await c.query(`SELECT id, start_at, duration_hours, work_order_id, technician_user_id FROM schedule_items
                      WHERE recurrence_rule IS NULL AND NOT is_appointment ORDER BY id LIMIT 1`)
    ).rows[0];
    const form = { schedulerId: item.id, start: item.start_at.toISOString(), durationHours: Number(item.duration_hours), workOrderId: item.work_order_id, technicianId: item.technician_user_id };
    const perArrival = new Recorder();
    const slowest = new Recorder();
    const t0 = performance.now();
    for (let k = 0; k < UPSERTS; k++) {
      const task = `Bench change ${k}`;
      arrivals.set(task, []);
      const sent = performance.now();
      const res = await fetch(`${base}/Scheduler/save`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...form, task }),
      });
      if (!res.ok) throw new Error(`Scheduler/save answered ${res.status}: ${await res.text()}`);
      const deadline = performance.now() + 5000;
      while (arrivals.get(task)!.length < sockets.length && performance.now() < deadline) await sleep(2);
      const times = arrivals.get(task)!;
      for (const at of times) perArrival.add(at - sent);
      if (times.length < sockets.length) perArrival.fail('not delivered within 5 s', sockets.length - times.length);
      else slowest.add(Math.max(...times) - sent);
      await sleep(50);
    }
    const fanout = { perArrival: perArrival.summary((performance.now() - t0) / 1000), slowestSocket: slowest.summary((performance.now() - t0) / 1000) };
    for (const ws of sockets) ws.terminate();

    // (2) the month view: a month with its padding, for one technician at a time (the calendar of a technician,
    // and what a dispatcher sees with one selected) and for the whole company at once
    const monthStart = new Date();
    monthStart.setUTCDate(1);
    const from = new Date(monthStart.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(monthStart.getTime() + 35 * 86_400_000).toISOString().slice(0, 10);
    const monthUrl = (technicianId?: number) => `${base}/Scheduler/items?start=${from}&end=${to}${technicianId ? `&technicianId=${technicianId}` : ''}`;
    const month = async (requests: number, concurrency: number, perTechnician: boolean) => {
      const rec = new Recorder();
      const sizes: number[] = [];
      const t = performance.now();
      let next = 0;
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          const k = next++;
          const s = performance.now();
          const res = await fetch(monthUrl(perTechnician ? 1 + ((k * 37) % SHAPE.technicians) : undefined), { headers });
          const body = (await res.json()) as unknown[];
          if (res.ok) {
            rec.add(performance.now() - s);
            sizes.push(body.length);
          } else rec.fail(`HTTP ${res.status}`);
        }
      }));
      sizes.sort((a, b) => a - b);
      return { ...rec.summary((performance.now() - t) / 1000), itemsPerAnswer: [sizes[0], sizes[sizes.length - 1]] };
    };
    await month(20, 1, true); // warm-up
    const monthView = {
      technicianSerial: await month(MONTH_REQUESTS, 1, true),
      technicianFourAtATime: await month(MONTH_REQUESTS, 4, true),
      company: await month(10, 1, false),
    };
    writeOut({ when: new Date().toISOString(), sockets: sockets.length, upserts: UPSERTS, dataset: counts, fanout, monthView, monthRange: { from, to } });
  } finally {
    await stopServer(server);
    await c.end();
  }
}

type MonthSummary = Summary & { itemsPerAnswer: number[] };

function writeOut(r: { when: string; sockets: number; upserts: number; dataset: Record<string, number>; fanout: Record<string, Summary>; monthView: Record<'technicianSerial' | 'technicianFourAtATime' | 'company', MonthSummary>; monthRange: { from: string; to: string } }) {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const met = (x: number, target: number) => (x < target ? 'met' : 'NOT met');
  const row = (label: string, m: MonthSummary, target: string) =>
    `| ${label} | ${m.itemsPerAnswer.join('–')} | ${m.perSec.toFixed(1)} | ${ms(m.p50Ms)} | ${ms(m.p99Ms)} | ${ms(m.maxMs)} | ${target} |`;
  const { technicianSerial, technicianFourAtATime, company } = r.monthView;
  const lines = [
    '# Real-time and month view benchmark',
    '',
    `${r.when}, one server process on PostgreSQL, load generator in another process, loopback, 2 shared cores.`,
    `Data: ${JSON.stringify(r.dataset)}.`,
    '',
    `## Upsert to ${r.sockets} team-leader sockets (${r.upserts} changes through \`Scheduler/save\`)`,
    '',
    '| | p50 | p99 | max | target |',
    '|---|---|---|---|---|',
    `| every arrival (${r.fanout.perArrival.ok} in all, ${r.fanout.perArrival.errors} missing) | ${ms(r.fanout.perArrival.p50Ms)} | ${ms(r.fanout.perArrival.p99Ms)} | ${ms(r.fanout.perArrival.maxMs)} | p99 < ${TARGETS.arrivalP99Ms} ms: ${met(r.fanout.perArrival.p99Ms, TARGETS.arrivalP99Ms)} |`,
    `| slowest socket of each change | ${ms(r.fanout.slowestSocket.p50Ms)} | ${ms(r.fanout.slowestSocket.p99Ms)} | ${ms(r.fanout.slowestSocket.maxMs)} | |`,
    '',
    `## Month view \`Scheduler/items?start=${r.monthRange.from}&end=${r.monthRange.to}\`, 500 technicians with recurring series`,
    '',
    '| | items and occurrences per answer | requests/s | p50 | p99 | max | target |',
    '|---|---|---|---|---|---|---|',
    row('one technician, one request at a time', technicianSerial, `p99 < ${TARGETS.monthViewP99Ms} ms: ${met(technicianSerial.p99Ms, TARGETS.monthViewP99Ms)}`),
    row('one technician, 4 requests at a time', technicianFourAtATime, ''),
    row('the whole company at once', company, ''),
    '',
  ];
  const dir = join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'realtime.json'), JSON.stringify(r, null, 2) + '\n');
  writeFileSync(join(dir, 'realtime.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

const hardStop = setTimeout(() => {
  console.error('[bench:realtime] still running after 10 minutes: giving up');
  process.exit(2);
}, 600_000);
hardStop.unref();
main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
