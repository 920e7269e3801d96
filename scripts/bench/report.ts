/** Writes the results of a run as JSON (every figure) and Markdown (the table a person reads). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { TARGETS } from './config';
import type { CpuUse } from './cpu';
import type { Summary } from './stats';

export interface CyclePhase {
  clockIn: Summary;
  clockOut: Summary;
  cycle: Summary;
}

export interface PhaseSet {
  apiList: Summary;
  bareList: Summary;
  apiCycle: CyclePhase;
  bareCycle: CyclePhase;
}

export interface Results {
  date: string;
  machine: { nproc: number; cpu: string; memoryGb: number; node: string; postgres: string; settings: Record<string, string> };
  dataset: { counts: Record<string, number>; generatedThisRun: boolean; generationSeconds: number };
  config: { users: number; durationSec: number; warmupSec: number; poolSize: number; listRatePerUser: number; cycleRatePerUser: number };
  /** Secondary indexes present on the tables the bench reads and writes, so a results file says what it measured. */
  indexes: string[];
  /** Statements one request sends once the caller's access is kept, as captured from the product's code. */
  statements: { list: number; clockIn: number; clockOut: number };
  /** Saturated: every user sends again as soon as answered. Paced: every user at a fixed rate. */
  /** CPU used during each measured phase, by name: the bench's processes, and how busy the rest of the machine was. */
  /** The health check at the list's paced load: what any API request costs on this machine, database aside. */
  phases: { saturated: PhaseSet; paced: PhaseSet; floor: Summary; cpu: Record<string, CpuUse | null> };
  targets: { name: string; target: string; value: string; pass: boolean }[];
}

const TABLES = [
  'work_orders', 'work_order_technicians', 'customers', 'work_order_labor', 'work_order_status_history',
  'user_status_entries', 'users', 'user_roles', 'role_permissions', 'rate_sheet_labor_items', 'customer_rate_sheets',
];

/** Machine, server and index facts read at run time. */
export async function describeEnvironment(pool: pg.Pool) {
  const version = (await pool.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0].v;
  const names = ['shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'synchronous_commit', 'max_connections'];
  const settings: Record<string, string> = {};
  for (const n of names) settings[n] = (await pool.query<Record<string, string>>(`SHOW ${n}`)).rows[0][n];
  const idx = await pool.query<{ def: string }>(
    `SELECT indexdef AS def FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = ANY($1) AND indexname !~ '_(pkey|pk)$' ORDER BY tablename, indexname`,
    [TABLES],
  );
  return {
    machine: {
      nproc: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres: version,
      settings,
    },
    indexes: idx.rows.map((r) => r.def.replace(' USING btree', '').replace('CREATE UNIQUE INDEX', 'UNIQUE').replace('CREATE INDEX', 'INDEX')),
  };
}

export function judge(phases: Results['phases']): Results['targets'] {
  const { saturated: sat, paced } = phases;
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const ratio = (api: Summary, bare: Summary) => (bare.perSec === 0 ? 0 : api.perSec / bare.perSec);
  const listRatio = ratio(sat.apiList, sat.bareList);
  const cycleRatio = ratio(sat.apiCycle.cycle, sat.bareCycle.cycle);
  const all = (p: PhaseSet) => [p.apiList, p.bareList, p.apiCycle.clockIn, p.apiCycle.clockOut, p.apiCycle.cycle, p.bareCycle.cycle];
  const errors = [...all(sat), ...all(paced), phases.floor].reduce((n, s) => n + s.errors, 0);
  const p99 = (name: string, limit: number, s: Summary) => ({ name, target: `< ${limit} ms`, value: ms(s.p99Ms), pass: s.p99Ms < limit && s.ok > 0 });
  return [
    p99('technicianWorkOrders p99, API, paced', TARGETS.listP99Ms, paced.apiList),
    p99('technicianWorkOrders p99, API, saturated', TARGETS.listP99Ms, sat.apiList),
    p99('clock cycle p99, API, paced', TARGETS.cycleP99Ms, paced.apiCycle.cycle),
    p99('clock cycle p99, API, saturated', TARGETS.cycleP99Ms, sat.apiCycle.cycle),
    { name: 'technicianWorkOrders throughput, API / bare SQL', target: `>= ${TARGETS.apiToBareRatio}`, value: listRatio.toFixed(2), pass: listRatio >= TARGETS.apiToBareRatio },
    { name: 'clock cycles throughput, API / bare SQL', target: `>= ${TARGETS.apiToBareRatio}`, value: cycleRatio.toFixed(2), pass: cycleRatio >= TARGETS.apiToBareRatio },
    { name: 'errors (non-2xx, timeouts, SQL errors), all phases', target: '0', value: String(errors), pass: errors === 0 },
  ];
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '?' : `${(v * 100).toFixed(0)}%`);

function row(name: string, load: string, unit: string, s: Summary, use?: CpuUse | null) {
  const perOp = (sec: number) => (s.ok === 0 ? '-' : ((sec * 1000) / s.ok).toFixed(2));
  const cpu = use ? `${perOp(use.serverSec)} | ${perOp(use.postgresSec)} | ${pct(use.othersShare)}` : ' | | ';
  return `| ${name} | ${load} | ${s.perSec.toFixed(0)} ${unit}/s | ${s.p50Ms.toFixed(2)} | ${s.p99Ms.toFixed(2)} | ${s.maxMs.toFixed(1)} | ${s.ok} | ${s.errors} | ${cpu} |`;
}

function figures(r: Results): string[] {
  const { saturated: s, paced: p, cpu: c } = r.phases;
  const lr = `${r.config.listRatePerUser * r.config.users} req/s`;
  const cr = `${r.config.cycleRatePerUser * r.config.users} cycles/s`;
  return [
    '| phase | load | throughput | p50 ms | p99 ms | max ms | ok | errors | server CPU ms/op | PostgreSQL CPU ms/op | CPU taken by others |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    row('a. API `technicianWorkOrders` {take: 3}', 'saturated', 'req', s.apiList, c['a. API list, saturated']),
    row('a. API `technicianWorkOrders` {take: 3}', lr, 'req', p.apiList, c['a. API list, paced']),
    row('b. bare SQL of it', 'saturated', 'req', s.bareList, c['b. bare list, saturated']),
    row('b. bare SQL of it', lr, 'req', p.bareList, c['b. bare list, paced']),
    row('c. API clock cycle', 'saturated', 'cycles', s.apiCycle.cycle, c['c. API cycle, saturated']),
    row('c. · clock-in request', 'saturated', 'req', s.apiCycle.clockIn),
    row('c. · clock-out request', 'saturated', 'req', s.apiCycle.clockOut),
    row('c. API clock cycle', cr, 'cycles', p.apiCycle.cycle, c['c. API cycle, paced']),
    row('c. · clock-in request', cr, 'req', p.apiCycle.clockIn),
    row('c. · clock-out request', cr, 'req', p.apiCycle.clockOut),
    row('d. bare SQL of a cycle', 'saturated', 'cycles', s.bareCycle.cycle, c['d. bare cycle, saturated']),
    row('d. · clock-in statements', 'saturated', 'req', s.bareCycle.clockIn),
    row('d. · clock-out statements', 'saturated', 'req', s.bareCycle.clockOut),
    row('d. bare SQL of a cycle', cr, 'cycles', p.bareCycle.cycle, c['d. bare cycle, paced']),
    row('e. API `health` (reads nothing)', lr, 'req', r.phases.floor, c['e. API floor, paced']),
  ];
}

function errorLines(r: Results): string[] {
  const lines: string[] = [];
  for (const [mode, set] of Object.entries({ saturated: r.phases.saturated, paced: r.phases.paced })) {
    const all: [string, Summary][] = [
      ['API list', set.apiList], ['bare list', set.bareList], ['API clock-in', set.apiCycle.clockIn],
      ['API clock-out', set.apiCycle.clockOut], ['API cycle', set.apiCycle.cycle], ['bare cycle', set.bareCycle.cycle],
    ];
    for (const [name, s] of all) for (const [kind, n] of Object.entries(s.errorKinds)) lines.push(`- ${name}, ${mode}: ${n} × ${kind}`);
  }
  return lines;
}

export function toMarkdown(r: Results): string {
  const m = r.machine;
  const counts = Object.entries(r.dataset.counts).map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`).join(', ');
  const errors = errorLines(r);
  const busiest = Math.max(0, ...Object.values(r.phases.cpu).map((v) => v?.othersShare ?? 0));
  return [
    '# Clock benchmark',
    '',
    `${r.date} · ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB · Node ${m.node} · PostgreSQL ${m.postgres}`,
    '',
    `Data set: ${counts}.`,
    '',
    `Load: ${r.config.users} technicians, each with one keep-alive connection (API) or one worker (bare SQL), ${r.config.durationSec} s per phase ` +
      `after ${r.config.warmupSec} s of warm-up; pg pool of ${r.config.poolSize} for the API server and for the bare SQL alike. ` +
      '**Saturated**: each user sends again as soon as answered (autocannon), which measures throughput; its latency is ' +
      'mostly queueing (50 in flight / throughput). **Paced**: each user sends at a fixed rate, latency counted from when ' +
      'the request was due, which measures latency at that load. API server (own process), load generator and PostgreSQL ' +
      'share the machine, on loopback. Each phase starts after a CHECKPOINT, so that it does not carry the writing of the ' +
      "pages the previous phase changed.",
    ...(busiest > 0.15 ? ['', `**The machine was busy**: other processes used up to ${pct(busiest)} of the CPU during a phase; figures are lower than on an idle machine.`] : []),
    '',
    '## Targets',
    '',
    '| target | wanted | measured | result |',
    '|---|---|---|---|',
    ...r.targets.map((t) => `| ${t.name} | ${t.target} | ${t.value} | ${t.pass ? 'PASS' : 'FAIL'} |`),
    '',
    '## Figures',
    '',
    ...figures(r),
    '',
    `The bare side sends the statements the API sends, captured from the product's code for each user once the caller's ` +
      `access is kept in memory (as the API server keeps it between requests): the service's own statements, in the same order ` +
      `and transactions (a list request: ${r.statements.list} statement(s); a clock-in: ${r.statements.clockIn}; a clock-out: ` +
      `${r.statements.clockOut}), each prepared once per connection as the API server prepares them. The API adds HTTP, the token's verification, the access check in memory, validation, query ` +
      `building and the answer's serialisation. Row e is the floor of any API request on this machine at the list's load: ` +
      `the health check, which reads nothing, through the same client, server process and loopback.`,
    '',
    ...(errors.length > 0 ? ['## Errors', '', ...errors, ''] : []),
    '## Secondary indexes present',
    '',
    ...r.indexes.map((d) => `- \`${d}\``),
    '',
    `PostgreSQL settings: ${Object.entries(m.settings).map(([k, v]) => `${k}=${v}`).join(', ')}.`,
    '',
  ].join('\n');
}

/** `bench-results/clock.json` and `clock.md` at the root of the workspace. */
export function writeResults(results: Results): { json: string; md: string } {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dir = join(root, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'clock.json');
  const md = join(dir, 'clock.md');
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(md, toMarkdown(results));
  return { json, md };
}
