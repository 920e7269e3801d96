/**
 * Prepares a browser-test server's data directory with the demo database already migrated and seeded, so that the
 * servers (started one after another by Playwright) each start in seconds instead of migrating and seeding anew.
 * The seeded database is made once and kept under .tmp/e2e-seed, named by the day (the demo's dates follow today) and
 * by the server's source, so a change to the schema or the seed makes a new one. With --payroll-history the demo's two
 * last pay periods are worked, as a fresh `npm start` has them (db/seed/payroll-history.ts).
 * Usage: tsx e2e/seeded-data-dir.ts DIR [--payroll-history]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = '.tmp/e2e-seed';
const STALE_LOCK_MS = 5 * 60_000;

function sourceKey(): string {
  // The demo's day in each of its companies' zones: a seed of yesterday's evening is not today's.
  const days = ['America/Chicago', 'America/New_York'].map((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()));
  const hash = createHash('sha256').update(days.join()).update(process.env.TEST_SEED_AT ?? '');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|sql|json)$/.test(name) && !name.endsWith('.test.ts')) hash.update(path).update(readFileSync(path));
    }
  };
  walk('apps/server/src');
  walk('packages/shared/src');
  return hash.digest('hex').slice(0, 16);
}

/** The seeded archive of today's source: made by the first server that needs it while the others wait. */
async function seededArchive(): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const key = sourceKey();
  const archive = join(CACHE, `${key}.tar`);
  const lock = join(CACHE, `${key}.lock`);
  for (;;) {
    if (existsSync(archive)) return archive;
    try {
      mkdirSync(lock);
    } catch {
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 300));
      continue;
    }
    try {
      const { seededPgliteDump } = await import('../apps/server/src/test/seeded-dump');
      writeFileSync(`${archive}.part`, await seededPgliteDump());
      renameSync(`${archive}.part`, archive);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

const [target, option] = process.argv.slice(2);
if (!target || (option && option !== '--payroll-history')) throw new Error('Usage: tsx e2e/seeded-data-dir.ts DATA_DIR [--payroll-history]');
const archive = await seededArchive();
rmSync(target, { recursive: true, force: true });
mkdirSync(join(target, 'pglite'), { recursive: true });
// The archive names its files from the root ("/base/1/..."); tar says so on stderr, and unpacks them inside the folder.
execFileSync('tar', ['-xf', archive, '-C', join(target, 'pglite')], { stdio: ['ignore', 'ignore', 'pipe'] });

if (option === '--payroll-history') {
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { seedPayrollHistory } = await import('../apps/server/src/db/seed/payroll-history');
  const { seedInstant } = await import('../apps/server/src/test/seeded-dump');
  const database = await openDatabase({ dataDir: join(target, 'pglite') });
  const now = seedInstant();
  await seedPayrollHistory(database.db, now);
  // The periods worked are the two before this instant's: the tests read it to find them after a new period began.
  writeFileSync(join(target, 'payroll-history-at'), now.toISOString());
  await database.close();
}
