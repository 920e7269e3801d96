/**
 * The two kinds of load phase the request benches run, for any number of virtual users: saturated (each user sends
 * again as soon as answered: throughput) and paced (each user at a fixed rate, latency counted from when each request
 * was due). A step answers whether it went through; a failed step records its error itself.
 */
import { performance } from 'node:perf_hooks';
import { runWorkers } from './bare-load';
import type { CpuUse } from './cpu';
import { Recorder, sleep, type Summary } from './stats';

/** One request (or cycle) of user `index`, its `k`th. */
export type Step = (index: number, k: number, rec: Recorder) => Promise<boolean>;

/** Every user steps as fast as answers come. */
export async function saturatedPhase(users: number, durationSec: number, step: Step): Promise<Summary> {
  const rec = new Recorder();
  const counts = Array.from({ length: users }, () => 0);
  const seconds = await runWorkers(counts, durationSec, async (_c, i) => {
    const t0 = performance.now();
    if (await step(i, counts[i]++, rec)) rec.add(performance.now() - t0);
  });
  return rec.summary(seconds);
}

/** Every user steps `rate` times a second, spread evenly, latency counted from when each step was due. */
export async function pacedPhase(users: number, rate: number, durationSec: number, step: Step): Promise<Summary> {
  const rec = new Recorder();
  const interval = 1000 / rate;
  const start = performance.now() + 50;
  const deadline = start + durationSec * 1000;
  await Promise.all(
    Array.from({ length: users }, async (_u, i) => {
      for (let k = 0; ; k++) {
        const due = start + (i / users) * interval + k * interval;
        if (due >= deadline) return;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (await step(i, k, rec)) rec.add(performance.now() - due);
      }
    }),
  );
  return rec.summary((performance.now() - start) / 1000);
}

/** Ends the process if the run is still going after `maxRunSec` (a stuck phase never holds the machine). */
export function stopAfter(name: string, maxRunSec: number) {
  const hardStop = setTimeout(() => {
    console.error(`[${name}] still running after ${maxRunSec} s: stopping`);
    process.exit(2);
  }, maxRunSec * 1000);
  hardStop.unref();
}

/** A target of a run: what was wanted, what was measured, and whether it was met. */
export interface Target {
  name: string;
  target: string;
  value: string;
  pass: boolean;
}

const PHASE_NAMES: Record<string, string> = { apiSat: 'API, saturated', bareSat: 'bare SQL, saturated', apiPaced: 'API, paced', barePaced: 'bare SQL, paced' };

/** The results file's table of the four phases (`apiSat`, `bareSat`, `apiPaced`, `barePaced`), counted in `unit`s, with the CPU the server and PostgreSQL spent on each. */
export function phaseTable(phases: Record<string, Summary>, cpu: Record<string, CpuUse | null>, unit: string): string[] {
  const cpuOf = (name: string, s: Summary) => {
    const use = cpu[PHASE_NAMES[name].replace('bare SQL', 'bare')];
    return use && s.ok > 0 ? `${((use.serverSec * 1000) / s.ok).toFixed(2)} | ${((use.postgresSec * 1000) / s.ok).toFixed(2)}` : '- | -';
  };
  return [
    `| phase | ${unit}s/s | p50 ms | p99 ms | max ms | ${unit}s | errors | server CPU ms/${unit} | PostgreSQL CPU ms/${unit} |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(phases).map(([k, s]) => `| ${PHASE_NAMES[k]} | ${s.perSec.toFixed(1)} | ${s.p50Ms.toFixed(1)} | ${s.p99Ms.toFixed(1)} | ${s.maxMs.toFixed(1)} | ${s.ok} | ${s.errors} | ${cpuOf(k, s)} |`),
    '',
  ];
}

/** The results file's table of the targets. */
export const targetTable = (targets: Target[]): string[] => [
  '| target | wanted | measured | |',
  '|---|---|---|---|',
  ...targets.map((t) => `| ${t.name} | ${t.target} | ${t.value} | ${t.pass ? 'met' : 'NOT MET'} |`),
  '',
];
