/** Reads the figures of a Lighthouse run, and writes bench-results/web.json and web.md. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from 'lighthouse';
import { JS_BUDGET } from '../../apps/web/build-tools/size-budget';

/** What one Lighthouse run says of one page: the two scores (0-100) and the key metrics. */
export interface PageRun {
  performance: number;
  accessibility: number;
  /** Milliseconds, as Lighthouse simulates them on its mobile profile. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  /** Bytes over the network, compressed, headers included. */
  scriptBytes: number;
  totalBytes: number;
  requests: number;
  scripts: number;
}

export interface PageResult {
  name: string;
  path: string;
  /** The run whose performance score is the median of the runs. */
  median: PageRun;
  runs: PageRun[];
}

export interface WebResults {
  date: string;
  machine: { nproc: number; cpu: string; memoryGb: number; node: string; chromium: string; lighthouse: string };
  settings: { formFactor: string; screen: string; throttling: string; runsPerPage: number };
  pages: PageResult[];
  budget: { signInScriptBytes: number; firstPageAddedScriptBytes: number };
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** The scores and metrics of one Lighthouse result. */
export function pageRunOf(lhr: Result): PageRun {
  const details = lhr.audits['network-requests']?.details;
  const items = (details && 'items' in details ? details.items : []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    speedIndexMs: metric(lhr, 'speed-index'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    scriptBytes: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    totalBytes: items.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    requests: items.length,
    scripts: scripts.length,
  };
}

/** The run with the median performance score (the lower middle one for an even count), as Lighthouse advises. */
export function medianRun(runs: PageRun[]): PageRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The machine the run had, and the settings Lighthouse used. */
export function describeRun(lhr: Result, runsPerPage: number): Pick<WebResults, 'machine' | 'settings'> {
  const s = lhr.configSettings;
  const t = s.throttling;
  return {
    machine: {
      nproc: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      chromium: lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown',
      lighthouse: lhr.lighthouseVersion,
    },
    settings: {
      formFactor: s.formFactor,
      screen: `${s.screenEmulation.width}×${s.screenEmulation.height} at ${s.screenEmulation.deviceScaleFactor}×`,
      throttling: `${s.throttlingMethod}: ${t.rttMs} ms round trip, ${((t.throughputKbps ?? 0) / 1000).toFixed(1)} Mbit/s, CPU slowed ${t.cpuSlowdownMultiplier}×`,
      runsPerPage,
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function webMarkdown(r: WebResults): string {
  const m = r.machine;
  const rows = r.pages.map(({ name, path, median: p }) =>
    `| ${name} \`${path}\` | **${p.performance}** | **${p.accessibility}** | ${seconds(p.fcpMs)} | ${seconds(p.lcpMs)} | ${Math.round(p.tbtMs)} ms | ${p.cls.toFixed(3)} | ${seconds(p.speedIndexMs)} | ${kB(p.scriptBytes)} (${p.scripts}) | ${kB(p.totalBytes)} (${p.requests}) |`,
  );
  const spread = r.pages.map(({ name, runs }) => `${name}: performance ${runs.map((x) => x.performance).join(', ')}; accessibility ${runs.map((x) => x.accessibility).join(', ')}.`);
  return [
    '# Web benchmark (Lighthouse)',
    '',
    `${r.date} · ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB · Node ${m.node} · Chromium ${m.chromium} · Lighthouse ${m.lighthouse}`,
    '',
    `A technician on a phone: Lighthouse's ${r.settings.formFactor} form factor (${r.settings.screen}), ${r.settings.throttling}. ` +
      `The built app served by the product's server (fresh demo database, loopback), a cold cache and a fresh Chromium profile for every run; ` +
      `${r.settings.runsPerPage} runs per page, the run with the median performance score shown. My Work Orders is opened signed in as the demo technician (\`tech\`), ` +
      'with his token in localStorage as the app keeps it.',
    '',
    '| page | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index | JavaScript transferred (files) | everything transferred (requests) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Each run: ${spread.join(' ')}`,
    '',
    `Budget (compressed, headers included): the sign-in page's JavaScript ≤ ${kB(r.budget.signInScriptBytes)}; what the first page after sign-in adds ≤ ${kB(r.budget.firstPageAddedScriptBytes)}, ` +
      'checked by the browser test `e2e/tests/transfer-budget.spec.ts`. A cold load of My Work Orders, as above, also downloads what the sign-in page has.',
    '',
  ].join('\n');
}

/** `bench-results/web.json` and `web.md` at the root of the workspace. */
export function writeWebResults(results: WebResults): { json: string; md: string } {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench-results');
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'web.json');
  const md = join(dir, 'web.md');
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(md, webMarkdown(results));
  return { json, md };
}

export const BUDGET = { signInScriptBytes: JS_BUDGET.signInBytes, firstPageAddedScriptBytes: JS_BUDGET.firstPageAddedBytes };
