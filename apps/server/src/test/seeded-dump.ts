import { openDatabase, pgliteClientOf } from '../db/client';
import { seedDemoIfEmpty } from '../db/seed/demo';

/**
 * The embedded database migrated and seeded with the demo companies, as a PGlite data-directory archive: made once,
 * then unpacked for each test file (API tests) or each test server (browser tests), which start without migrating or
 * seeding.
 */
export async function seededPgliteDump(now = seedInstant()): Promise<Buffer> {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  await seedDemoIfEmpty(database.db, now);
  const dump = await pgliteClientOf(database.db).dumpDataDir('none');
  await database.close();
  return Buffer.from(await dump.arrayBuffer());
}

/**
 * The instant the test runs seed the demo at: now, or `TEST_SEED_AT` (an ISO instant) to run the tests as they run when
 * the demo was seeded on another day than the tests read it (a run that crosses midnight in a demo company's zone).
 */
export function seedInstant(): Date {
  const at = process.env.TEST_SEED_AT;
  if (!at) return new Date();
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) throw new Error(`TEST_SEED_AT is not an instant: ${at}`);
  return instant;
}
