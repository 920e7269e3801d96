#!/usr/bin/env node
// `npm test`: strict type-check, unit and API tests on PGlite, the OpenAPI linter on the document they wrote (and on
// PostgreSQL when TEST_DATABASE_URL is set, followed by the soak with a crash on that server), then the browser tests
// against the built app. Ends with what failed, each with the first line of its error, and one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const out = join(process.cwd(), '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, named where the last lines of the output show it: `where › test: first line of the error`. */
const failures = [];
let broken = false;
const firstLine = (text) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')[0].slice(0, 300);

/** How long each step took, printed at the end: where the run's time goes. */
const timings = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s  ${label}`);
  if (r.status !== 0) {
    console.error(`✗ ${label} failed (exit ${r.status})`);
    failures.push(`${label}: exit ${r.status}`);
    broken = true;
  }
  return r.status === 0;
}

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
          const error = t.results.at(-1)?.error?.message;
          failures.push(`browser [${t.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(error)}`);
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

run('type-check (strict; unused code is an error)', 'npm', ['run', '--silent', 'check']);
// High or critical advisories in production dependencies fail the run; an unreachable advisory service is said, not failed.
run('npm audit of production dependencies', 'npm', ['run', '--silent', 'audit']);

const vitest = (name, extraArgs, env) => {
  const file = join(out, `${name}.json`);
  run(`unit and API tests (${name})`, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${file}`, ...extraArgs], env);
  countVitest(name, file);
};
vitest('pglite', [], { TEST_DRIVER: 'pglite' });
// The OpenAPI document the API tests wrote (apps/server/src/lib/openapi.test.ts), under Redocly's recommended rules.
const linted = run('OpenAPI document under the linter\'s recommended rules (redocly.yaml)', 'npx', ['redocly', 'lint', '.tmp/openapi.json', '--config', 'redocly.yaml'], {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
});
totals[linted ? 'passed' : 'failed'] += 1;
if (process.env.TEST_DATABASE_URL) {
  vitest('postgresql', ['apps/server'], { TEST_DRIVER: 'pg' });
  const soakUrl = new URL(process.env.TEST_DATABASE_URL);
  soakUrl.pathname = `/sm_soak_${process.pid}`;
  const ok = run('soak: 2 server processes, 200 technicians, 60 s, one process killed mid-run', 'npx', ['tsx', 'scripts/soak/soak.ts'], { SOAK_DATABASE_URL: soakUrl.toString() });
  totals[ok ? 'passed' : 'failed'] += 1;
} else console.log('\n(TEST_DATABASE_URL is not set: API tests ran on PGlite only, and the soak did not run)');

if (run('build the web app', 'npm', ['run', '--silent', 'build'])) {
  const file = join(out, 'browser.json');
  run('browser tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  countPlaywright(file);
}

console.log(`\nTime by step:\n${timings.join('\n')}`);
if (failures.length > 0) console.log(`\nWhat failed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
