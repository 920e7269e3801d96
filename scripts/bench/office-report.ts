/** Writes the office benchmark's results as JSON (every figure) and Markdown (the tables a person reads). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CpuUse } from './cpu';
import type { Summary } from './stats';

export interface PhaseResult {
  summary: Summary;
  cpu: CpuUse | null;
}

export interface OperationResult {
  /** Statements one request sends (after access is kept in memory), as captured from the product's code. */
  statements: number;
  /** The paced phases' total rate: a stated load below saturation. */
  pacedRatePerSec: number;
  apiSaturated: PhaseResult;
  apiPaced: PhaseResult;
  bareSaturated: PhaseResult;
  barePaced: PhaseResult;
  /** The hand-written query for the same page: what the database can do; `handWrittenIn` names its file. */
  handWrittenIn?: string;
  handSaturated?: PhaseResult;
  handPaced?: PhaseResult;
}

export interface OfficeResults {
  date: string;
  machine: { nproc: number; cpu: string; memoryGb: number; node: string; postgres: string; settings: Record<string, string> };
  dataset: { counts: Record<string, number>; generatedThisRun: boolean; generationSeconds: number };
  config: { users: number; durationSec: number; warmupSec: number; poolSize: number; fixedRatePerUser: number | null; searches: string[]; gridBody: unknown };
  operations: { allWorkOrders: OperationResult | { skipped: string }; search: OperationResult };
}

const isMeasured = (op: OperationResult | { skipped: string }): op is OperationResult => !('skipped' in op);
const ratio = (api: Summary, bare: Summary) => (bare.perSec === 0 ? 0 : api.perSec / bare.perSec);

function row(what: string, load: string, p: PhaseResult) {
  const s = p.summary;
  const perOp = (sec: number) => (s.ok === 0 ? '-' : ((sec * 1000) / s.ok).toFixed(2));
  const cpu = p.cpu ? `${perOp(p.cpu.serverSec)} | ${perOp(p.cpu.postgresSec)} | ${(p.cpu.othersShare * 100).toFixed(0)}%` : ' | | ';
  return `| ${what} | ${load} | ${s.perSec.toFixed(0)} req/s | ${s.p50Ms.toFixed(2)} | ${s.p99Ms.toFixed(2)} | ${s.maxMs.toFixed(1)} | ${s.ok} | ${s.errors} | ${cpu} |`;
}

function section(title: string, op: OperationResult | { skipped: string }): string[] {
  if (!isMeasured(op)) return [`## ${title}`, '', `Not measured: ${op.skipped}.`, ''];
  const paced = `${op.pacedRatePerSec.toFixed(1)} req/s`;
  const sat = ratio(op.apiSaturated.summary, op.bareSaturated.summary);
  const p99 = op.apiPaced.summary.p99Ms / Math.max(op.barePaced.summary.p99Ms, 0.001);
  const hand = op.handSaturated && op.handPaced ? { saturated: op.handSaturated, paced: op.handPaced } : null;
  const phases = [op.apiSaturated, op.apiPaced, op.bareSaturated, op.barePaced, ...(hand ? [hand.saturated, hand.paced] : [])];
  const errors = phases.flatMap((p) => Object.entries(p.summary.errorKinds).map(([k, n]) => `- ${n} × ${k}`));
  const p99Of = (a: PhaseResult, b: PhaseResult) => (a.summary.p99Ms / Math.max(b.summary.p99Ms, 0.001)).toFixed(2);
  const pgPerOp = (p: PhaseResult) => (p.cpu && p.summary.ok > 0 ? (p.cpu.postgresSec * 1000) / p.summary.ok : null);
  const pgRatio = (a: PhaseResult, b: PhaseResult) => {
    const x = pgPerOp(a);
    const y = pgPerOp(b);
    return x === null || y === null || y === 0 ? '-' : (x / y).toFixed(2);
  };
  return [
    `## ${title}`,
    '',
    '| side | load | throughput | p50 ms | p99 ms | max ms | ok | errors | server CPU ms/op | PostgreSQL CPU ms/op | CPU taken by others |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    row('API', 'saturated', op.apiSaturated),
    row('API', paced, op.apiPaced),
    row('bare SQL', 'saturated', op.bareSaturated),
    row('bare SQL', paced, op.barePaced),
    ...(hand ? [row('hand-written SQL', 'saturated', hand.saturated), row('hand-written SQL', paced, hand.paced)] : []),
    '',
    `API / bare SQL: throughput ${sat.toFixed(2)} (saturated); p99 at ${paced} ${p99.toFixed(2)}×. One request sends ${op.statements} statement(s).`,
    ...(hand
      ? [
          '',
          `Against the hand-written query (one statement for the same page, \`${op.handWrittenIn ?? 'scripts/bench/office-search-sql.ts'}\`): API / hand-written throughput ` +
            `${ratio(op.apiSaturated.summary, hand.saturated.summary).toFixed(2)}, bare SQL / hand-written ${ratio(op.bareSaturated.summary, hand.saturated.summary).toFixed(2)} ` +
            `(saturated); p99 at ${paced} API ${p99Of(op.apiPaced, hand.paced)}×, bare SQL ${p99Of(op.barePaced, hand.paced)}×; PostgreSQL CPU per request, saturated, ` +
            `API ${pgRatio(op.apiSaturated, hand.saturated)}×, bare SQL ${pgRatio(op.bareSaturated, hand.saturated)}× the hand-written query's.`,
        ]
      : []),
    ...(errors.length > 0 ? ['', 'Errors:', ...errors] : []),
    '',
  ];
}

export function officeMarkdown(r: OfficeResults): string {
  const m = r.machine;
  const counts = Object.entries(r.dataset.counts).map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`).join(', ');
  return [
    '# Office benchmark',
    '',
    `${r.date} · ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB · Node ${m.node} · PostgreSQL ${m.postgres}`,
    '',
    `Data set: ${counts}${r.dataset.generatedThisRun ? ` (generated this run in ${r.dataset.generationSeconds.toFixed(0)} s)` : ''}.`,
    '',
    `Load: ${r.config.users} dispatchers (All WorkOrders, Customers, Contacts) spread over the four companies, each with one ` +
      `keep-alive connection (API) or one worker (bare SQL), ${r.config.durationSec} s per phase after ${r.config.warmupSec} s of ` +
      `warm-up; a pg pool of ${r.config.poolSize} for the API server and the bare SQL alike. **Saturated**: each user sends again ` +
      `as soon as answered (throughput; its latency is queueing). **Paced**: all users together at the rate shown ` +
      `(${r.config.fixedRatePerUser === null ? "half the API's saturated throughput" : `${r.config.fixedRatePerUser} a second each`}), ` +
      'latency counted from when each request was due. The bare side sends the statements the product sends, captured from ' +
      "its code for each user, in the same order and transactions, unnamed as the API server sends them. Server, load generator and " +
      'PostgreSQL share the machine, on loopback.',
    '',
    ...section('`POST WorkOrder/allWorkOrders`: open To Do work orders by customer name, 25 a page', r.operations.allWorkOrders),
    ...section('`GET Search/records`: work orders, customers and contacts, 5 of each', r.operations.search),
    `Searches (one per user, in turn): ${r.config.searches.map((s) => `\`${s}\``).join(', ')}.`,
    '',
    `PostgreSQL settings: ${Object.entries(m.settings).map(([k, v]) => `${k}=${v}`).join(', ')}.`,
    '',
  ].join('\n');
}

/** `bench-results/office.json` and `office.md` at the root of the workspace. */
export function writeOfficeResults(results: OfficeResults): { json: string; md: string } {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench-results');
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'office.json');
  const md = join(dir, 'office.md');
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(md, officeMarkdown(results));
  return { json, md };
}
