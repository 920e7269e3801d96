#!/usr/bin/env node
// `npm test`: two lines of work at once: the strict type-check and the audit, the unit and API tests on PGlite, the
// OpenAPI linter on the document they wrote (and on PostgreSQL when TEST_DATABASE_URL is set, followed by the soak with a
// crash on that server); beside them, the browser tests against the built app, started first (the type-check uses one
// core: run before everything else, it left the other idle for minutes); then the linter, on whichever line ends first.
// Ends with what failed, each with the first line of its error, and one "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const out = join(process.cwd(), '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, named where the last lines of the output show it: `where › test: first line of the error`. */
const failures = [];
let broken = false;
const strip = (text) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '');
const firstLine = (text) => strip(text).trim().split('\n')[0].slice(0, 300);

/** How long each step took and when it began, printed at the end: where the run's time goes. */
const timings = [];
const runStarted = Date.now();
const seconds = (ms) => Math.round(ms / 1000);

/**
 * Runs one step; its output goes to the terminal, or to the file `log` when the step runs beside another (the file is
 * printed whole once both are done). Resolves whether it passed.
 */
function run(label, cmd, args, env = {}, log = null) {
  const fd = log ? openSync(log, 'a') : null;
  const say = (line) => (fd !== null ? writeLine(fd, line) : console.log(line));
  say(`\n▶ ${label}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: fd !== null ? ['ignore', fd, fd] : 'inherit', env: { ...process.env, ...env } });
    child.on('close', (status) => {
      timings.push({ began: started - runStarted, line: `${String(seconds(Date.now() - started)).padStart(5)} s  ${label} (from ${fmtClock(started - runStarted)})` });
      if (status !== 0) {
        say(`✗ ${label} failed (exit ${status})`);
        failures.push(`${label}: exit ${status}`);
        broken = true;
      }
      if (fd !== null) closeSync(fd);
      resolve(status === 0);
    });
  });
}
const writeLine = (fd, line) => writeSync(fd, `${line}\n`);
const fmtClock = (ms) => `${Math.floor(seconds(ms) / 60)}:${String(seconds(ms) % 60).padStart(2, '0')}`;

function countVitest(name, file) {
  try {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    for (const suite of j.testResults) {
      const where = `${name} ${suite.name.replace(`${process.cwd()}/`, '')}`;
      const failed = suite.assertionResults.filter((t) => t.status === 'failed');
      for (const t of failed) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
      if (suite.status === 'failed' && failed.length === 0) failures.push(`${where}: ${firstLine(suite.message)}`);
    }
  } catch {
    totals.failed += 1;
    failures.push(`${name}: no report was written`);
  }
}

/**
 * What the page of a failed browser test said when it failed: the text of its alerts and dialogs (a toast with an error,
 * a form's first error), read from the page snapshot Playwright writes beside the failure.
 */
function pageSaid(result) {
  const context = result?.attachments?.find((a) => a.name === 'error-context' && a.path);
  if (!context) return '';
  try {
    const yaml = readFileSync(context.path, 'utf8').split('# Page snapshot')[1] ?? '';
    const said = [];
    const lines = yaml.split('\n');
    lines.forEach((line, i) => {
      const head = /^(\s*)- (alert|alertdialog|dialog)\b/.exec(line);
      if (!head) return;
      const texts = [];
      for (let j = i; j < lines.length && (j === i || lines[j].search(/\S/) > head[1].length); j++) {
        const text = /:\s+(.+)$/.exec(lines[j].replace(/\[ref=\w+\]/g, ''))?.[1]?.trim();
        if (text) texts.push(text.replace(/^"|"$/g, ''));
      }
      said.push(`${head[2]}${/"([^"]+)"/.exec(line)?.[1] ? ` "${/"([^"]+)"/.exec(line)[1]}"` : ''}: ${texts.join(' / ') || '(no text)'}`);
    });
    return said.length > 0 ? ` [the page showed ${said.join('; ').slice(0, 600)}]` : '';
  } catch {
    return '';
  }
}

function countPlaywright(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const s = report.stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    const visit = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests) {
          if (t.status !== 'unexpected') continue;
          const last = t.results.at(-1);
          const error = last?.error;
          // Where the failing step is, and what it waited for: the locator, the expected and the received lines, and the
          // lines a list had that it should not (the violations an accessibility check found).
          const at = error?.location ? ` (at line ${error.location.line})` : '';
          const detail = strip(error?.message).split('\n').filter((l) => /^\s*(Locator|Expected|Received|Timeout)\b|^\+\s+"/.test(l)).map((l) => l.trim()).join('; ');
          failures.push(`browser [${t.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}${at}: ${firstLine(error?.message)}${detail ? ` (${detail.slice(0, 800)})` : ''}${pageSaid(last)}`);
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
    };
    for (const suite of report.suites) visit(suite, []);
  } catch {
    totals.failed += 1;
    failures.push('browser: no report was written');
  }
}

/** The type-check, the audit, the unit and API tests, the OpenAPI linter and the soak, one after another, in their own log. */
const apiLog = join(out, 'api-tests.log');
async function apiTests() {
  await run('type-check (strict; unused code is an error)', 'npm', ['run', '--silent', 'check'], {}, apiLog);
  // High or critical advisories in production dependencies fail the run; an unreachable advisory service is said, not failed.
  await run('npm audit of production dependencies', 'npm', ['run', '--silent', 'audit'], {}, apiLog);
  const vitest = async (name, extraArgs, env) => {
    const file = join(out, `${name}.json`);
    await run(`unit and API tests (${name})`, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${file}`, ...extraArgs], env, apiLog);
    countVitest(name, file);
  };
  // With PostgreSQL to follow, the bad-input sweep sends the cases the schemas refuse there only (test/route-sweep.ts).
  await vitest('pglite', [], { TEST_DRIVER: 'pglite', ...(process.env.TEST_DATABASE_URL ? { BAD_INPUT_REFUSED_CASES: 'postgresql' } : {}) });
  // The OpenAPI document the API tests wrote (apps/server/src/lib/openapi.test.ts), under Redocly's recommended rules.
  const linted = await run('OpenAPI document under the linter\'s recommended rules (redocly.yaml)', 'npx', ['redocly', 'lint', '.tmp/openapi.json', '--config', 'redocly.yaml'], {
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  }, apiLog);
  totals[linted ? 'passed' : 'failed'] += 1;
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set: API tests ran on PGlite only, and the soak did not run';
  await vitest('postgresql', ['apps/server'], { TEST_DRIVER: 'pg' });
  const soakUrl = new URL(process.env.TEST_DATABASE_URL);
  soakUrl.pathname = `/sm_soak_${process.pid}`;
  const ok = await run('soak: 2 server processes, 200 technicians, 60 s, one process killed mid-run', 'npx', ['tsx', 'scripts/soak/soak.ts'], { SOAK_DATABASE_URL: soakUrl.toString() }, apiLog);
  totals[ok ? 'passed' : 'failed'] += 1;
  return null;
}

/**
 * The linter (type-aware rules and import circles, tools/lint/eslint.config.js), on whichever line ends first: it uses
 * one core for minutes, and run at the end of a line that ends last it would lengthen the run by its whole time.
 */
const lintLog = join(out, 'lint.log');
let linting = null;
function lintOnce() {
  linting ??= run('linter (floating promises, exhaustive switches, import circles, layout)', 'npm', ['run', '--silent', 'lint'], {}, lintLog).then((linted) => {
    totals[linted ? 'passed' : 'failed'] += 1;
  });
  return linting;
}

/** The browser tests against the built app, on the terminal. */
async function browserTests() {
  if (!(await run('build the web app', 'npm', ['run', '--silent', 'build']))) return;
  const file = join(out, 'browser.json');
  await run('browser tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  countPlaywright(file);
}

console.log(`\nThe unit and API tests run beside the browser tests; their output follows the browser tests' (${apiLog}).`);
const [apiNote] = await Promise.all([apiTests().then(async (note) => (await lintOnce(), note)), browserTests().then(lintOnce)]);
console.log(`\n──── unit and API tests ────\n${readFileSync(apiLog, 'utf8')}`);
console.log(`\n──── linter ────\n${readFileSync(lintLog, 'utf8')}`);
if (apiNote) console.log(`\n(${apiNote})`);

console.log(`\nTime by step (minutes:seconds from the start of the run):\n${timings.sort((x, y) => x.began - y.began).map((t) => t.line).join('\n')}\ntotal ${fmtClock(Date.now() - runStarted)}`);
if (failures.length > 0) console.log(`\nWhat failed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
