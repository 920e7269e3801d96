#!/usr/bin/env node
// `npm run test:calendar`: the unit and API tests on PGlite with the clock of every process moved to instants that
// break tests written for the day they were written, each the next one to come: just after the demo companies'
// midnight on New Year's Day, just before midnight at the end of February (the run crosses it), the morning the clocks
// go forward, seven months on, and a leap day. Debian's libfaketime moves the clock (`apt-get install -y faketime`); the
// move is an offset from now, so the test processes and the servers they start agree on the time. Its arguments go to
// Vitest (files, a name filter): `npm run test:calendar -- apps/server/src/features/money`. Each instant costs the
// processor time of one API test run on PGlite, so CI does not run this.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The first instant `at` gives (UTC) after now, trying this year and the four after (a leap day comes within four). */
const next = (at) => {
  const year = new Date().getUTCFullYear();
  return [year, year + 1, year + 2, year + 3, year + 4].map((y) => at(y)).find((d) => d && d.getTime() > Date.now());
};
const utc = (y, month, day, h, m) => new Date(Date.UTC(y, month - 1, day, h, m));
/** The second Sunday of March: the clocks go forward in Chicago and New York at 2:00. */
const secondSundayOfMarch = (y) => 8 + ((7 - utc(y, 3, 1, 12, 0).getUTCDay()) % 7);

/** Where the clocks are moved to; the demo companies keep Chicago's and New York's time. */
const INSTANTS = [
  ["New Year's Day, 00:10 in Chicago", next((y) => utc(y, 1, 1, 6, 10))],
  ['the end of February, crossing midnight in Chicago', next((y) => utc(y, 3, 1, 5, 57))],
  ['the morning the clocks go forward, 3:10 in Chicago', next((y) => utc(y, 3, secondSundayOfMarch(y), 8, 10))],
  ['seven months from now', new Date(Date.now() + 213 * 86_400_000)],
  ['a leap day', next((y) => (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? utc(y, 2, 29, 18, 0) : null))],
].map(([name, at]) => [name, at.toISOString()]);

const lib = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'].find((path) => existsSync(path));
if (!lib) {
  console.error("libfaketime is not installed: install Debian's package with `apt-get install -y faketime`.");
  process.exit(2);
}

const vitestArgs = process.argv.slice(2);
const out = join(process.cwd(), '.tmp', 'calendar-sweep');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let failed = 0;
for (const [name, instant] of INSTANTS) {
  const offset = Math.round((Date.parse(instant) - Date.now()) / 1000);
  const report = join(out, `${instant.replace(/[:]/g, '')}.json`);
  console.log(`\n▶ ${name} (${instant})`);
  spawnSync('npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile=${report}`, ...vitestArgs], {
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DRIVER: 'pglite',
      LD_PRELOAD: lib,
      FAKETIME: `${offset >= 0 ? '+' : ''}${offset}`,
      // Timers keep the machine's pace: only the calendar moves.
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
  });
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    for (const file of result.testResults) {
      for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
        failed += 1;
        console.log(`  ✗ ${name}: ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}: ${String(test.failureMessages?.[0] ?? '').split('\n')[0]}`);
      }
    }
    console.log(`  ${result.numPassedTests} passed, ${result.numFailedTests} failed`);
  } catch {
    failed += 1;
    console.log(`  ✗ ${name}: no report was written`);
  }
}
console.log(`\n${failed === 0 ? 'No test failed at any instant.' : `${failed} failed.`}`);
process.exit(failed === 0 ? 0 : 1);
