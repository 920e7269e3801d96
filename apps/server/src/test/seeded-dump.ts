import { openDatabase, pgliteClientOf } from '../db/client';
import { seedDemoIfEmpty } from '../db/seed/demo';

/**
 * The embedded database migrated and seeded with the demo companies, as a PGlite data-directory archive: made once,
 * then unpacked for each test file (API tests) or each test server (browser tests), which start without migrating or
 * seeding.
 */
export async function seededPgliteDump(): Promise<Buffer> {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const dump = await pgliteClientOf(database.db).dumpDataDir('none');
  await database.close();
  return Buffer.from(await dump.arrayBuffer());
}
