/**
 * `npm run bench:web`: Lighthouse (performance and accessibility) on the sign-in page and on the technician's My Work
 * Orders, at phone size, against the built app served by the product's own server. Builds the app when a source is
 * newer than the build, starts the server on a fresh data directory and a free port, runs each page
 * BENCH_WEB_RUNS times (3) in a fresh Chromium each, and writes bench-results/web.json and web.md. Not a test.
 *
 * Settings: CHROME_PATH (/usr/bin/chromium), BENCH_WEB_RUNS (3), BENCH_WEB_BUILD=1 to build whatever the dates say,
 * WEB_DIST to measure a build kept elsewhere (as the server takes it; nothing is built then).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { BUDGET, describeRun, medianRun, pageRunOf, writeWebResults, type PageResult } from './web-report';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TOKEN_KEY = 'sm.accessToken';
const TECHNICIAN = { userName: 'tech', password: 'demo1234' };

/** What the page's window offers that this script uses (the bench is type-checked without the DOM library). */
interface BrowserWindow {
  localStorage: { setItem(key: string, value: string): void };
}

const log = (msg: string) => console.log(`[web] ${msg}`);

/** The newest modification time under `path` (a file or a folder), in ms. */
function newestUnder(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestUnder(join(path, name))), info.mtimeMs);
}

/** Builds the web app when asked to, when it was never built, or when a source is newer than the build. */
function buildIfNeeded() {
  if (process.env.WEB_DIST) return log(`measuring the build in ${process.env.WEB_DIST}`);
  const built = join(ROOT, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/build-tools', 'packages/shared/src'];
  const isStale = !existsSync(built) || sources.some((s) => newestUnder(join(ROOT, s)) > statSync(built).mtimeMs);
  if (!isStale && process.env.BENCH_WEB_BUILD !== '1') return log('the build is up to date');
  log('building the web app');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port'))));
    });
  });
}

/** The product's server on a fresh data directory (the demo company is seeded), on loopback. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...process.execArgv, join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: '1', ALLOW_DEMO_ACCOUNTS: '1', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PROVIDER_SIMULATOR: 'off' },
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early (${child.exitCode})`);
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { child, origin };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer within 180 s');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

async function technicianToken(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/api/v1/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(TECHNICIAN) });
  if (!answer.ok) throw new Error(`signing in as ${TECHNICIAN.userName} answered ${answer.status}`);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/**
 * One Lighthouse run on `url` in a fresh Chromium with an empty profile. With a token, it is first put in
 * localStorage from a page of the same origin that loads none of the app (the health check), and Lighthouse is
 * told to keep storage, so the page opens signed in while the HTTP cache is still cold.
 */
async function lighthouseRun(url: string, token: string | null): Promise<Result> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'sm-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'error' });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    if (token) {
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((key, value) => (globalThis as unknown as BrowserWindow).localStorage.setItem(key, value), TOKEN_KEY, token);
    }
    const flags: Flags = { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'], disableStorageReset: !!token };
    const result = await lighthouse(url, flags, undefined, page);
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (error) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
    if (token && !result.lhr.finalDisplayedUrl.endsWith(new URL(url).pathname)) throw new Error(`${url} ended on ${result.lhr.finalDisplayedUrl}: not signed in`);
    return result.lhr;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse sometimes fails to record the trace of a load on a busy machine (NO_NAVSTART, NO_FCP) and asks to be
 * run again: a failed run is tried twice more before the bench gives up.
 */
async function withRetry(run: () => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`${(error as Error).message}: trying again`);
    }
  }
}

async function main() {
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'sm-web-bench-'));
  const { child, origin } = await startServer(dataDir);
  try {
    log(`server ready on ${origin}`);
    const token = await technicianToken(origin);
    const targets = [
      { name: 'Sign-in', path: '/login', token: null },
      { name: 'My Work Orders', path: '/workOrder/mine', token },
    ];
    const pages: PageResult[] = [];
    let last: Result | null = null;
    for (const target of targets) {
      const runs = [];
      for (let i = 1; i <= RUNS; i++) {
        last = await withRetry(() => lighthouseRun(`${origin}${target.path}`, target.token));
        const run = pageRunOf(last);
        log(`${target.name} run ${i}/${RUNS}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${Math.round(run.lcpMs)} ms, JS ${(run.scriptBytes / 1000).toFixed(1)} kB`);
        runs.push(run);
      }
      pages.push({ name: target.name, path: target.path, median: medianRun(runs), runs });
    }
    const { json, md } = writeWebResults({ date: new Date().toISOString(), ...describeRun(last!, RUNS), pages, budget: BUDGET });
    log(`results: ${json}, ${md}`);
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
