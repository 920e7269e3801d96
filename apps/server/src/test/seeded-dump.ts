import { openDatabase, pgliteClientOf } from '../db/client';
import { seedDemoIfEmpty } from '../db/seed/demo';

/**
 * The embedded database migrated and seeded with the demo companies, as a PGlite data-directory archive: made once,
 * then unpacked for each test file (API tests) or each test server (browser tests), which start without migrating or
 * seeding. `sharedBuffers` sets the buffer pool its copies start with: the default of 128 MB is zeroed at every start.
 */
export async function seededPgliteDump(now = seedInstant(), opts: { sharedBuffers?: string } = {}): Promise<Buffer> {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  await seedDemoIfEmpty(database.db, now);
  const client = pgliteClientOf(database.db);
  if (opts.sharedBuffers) await client.exec(`ALTER SYSTEM SET shared_buffers = '${opts.sharedBuffers}'`);
  const dump = await client.dumpDataDir('none');
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
