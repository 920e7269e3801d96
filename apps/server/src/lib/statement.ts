import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DbOrTx } from './context';

/**
 * One statement made of data-modifying parts: `with a as (...), b as (...) <final>`. A single statement is atomic on
 * its own and costs one round trip, where BEGIN, one statement per change and COMMIT cost several. Each part names
 * itself (`name as (...)`); a part that must only write when an earlier one did reads from it.
 */
export const oneStatement = (parts: SQL[], final: SQL = sql`select 1`): SQL => sql`with ${sql.join(parts, sql`, `)} ${final}`;

/** `and <guard>` when a guard is given: a part that writes only when an earlier part did. */
export const andGuard = (guard?: SQL): SQL => (guard ? sql` and ${guard}` : sql``);

/** Runs a statement built with `oneStatement` in a transaction or on the database, and answers its rows. */
export async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const result = (await (db as Db).execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
