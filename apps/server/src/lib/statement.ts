import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Ctx, DbOrTx } from './context';

/**
 * One statement made of data-modifying parts: `with a as (...), b as (...) <final>`. A single statement is atomic on
 * its own and costs one round trip, where BEGIN, one statement per change and COMMIT cost several. Each part names
 * itself (`name as (...)`); a part that must only write when an earlier one did reads from it.
 */
export const oneStatement = (parts: SQL[], final: SQL = sql`select 1`): SQL => sql`with ${sql.join(parts, sql`, `)} ${final}`;

/** `and <guard>` when a guard is given: a part that writes only when an earlier part did. */
export const andGuard = (guard?: SQL): SQL => (guard ? sql` and ${guard}` : sql``);

/** A value, or a placeholder of a prepared statement (`sql.placeholder(name)`) bound when it runs. */
export type Param<T = unknown> = T | Placeholder;

/** Who writes and when, as parts of a statement see them: the caller's company and user id, and the time (ISO). */
export interface Writer {
  subscriberId: Param<number>;
  userId: Param<number>;
  now: Param<string>;
}

/** The caller of a request, for a statement built for this request alone. */
export const writerOf = (ctx: Ctx): Writer => ({ subscriberId: ctx.actor.subscriberId, userId: ctx.actor.userId, now: ctx.now.toISOString() });

/** The caller as placeholders, for a prepared statement; `writerOf` binds them. */
export const WRITER: Writer = { subscriberId: sql.placeholder('subscriberId'), userId: sql.placeholder('userId'), now: sql.placeholder('now') };

/** A placeholder for each key, named `<prefix><key>`: the values of an insert or an update of a prepared statement. */
export const placeholdersOf = <K extends string>(keys: readonly K[], prefix: string) =>
  Object.fromEntries(keys.map((k) => [k, sql.placeholder(prefix + k)])) as Record<K, Placeholder>;

/** Binds `placeholdersOf(keys, prefix)` to an object's values. */
export const valuesOf = (values: Record<string, unknown>, prefix: string) => Object.fromEntries(Object.entries(values).map(([k, v]) => [prefix + k, v]));

const dialect = new PgDialect();

/**
 * A statement whose text is worked out once, on first use, and run with values bound by placeholder name, in a
 * transaction or on the database. Building a statement of many parts costs the server more than running it; this
 * way it is built once per process, and PostgreSQL parses it once per connection (a named prepared statement).
 * Everything that changes between runs must be a placeholder; anything else is fixed at the first run.
 */
export function preparedStatement<T>(name: string, build: (db: DbOrTx) => SQL) {
  let query: Query | undefined;
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<T[]> => {
    query ??= dialect.sqlToQuery(build(db));
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as unknown as { rows: T[] }).rows;
  };
}

/**
 * Many rows as one parameter: `from ${jsonRecords('x(line int, "externalId" text)')}` reads the JSON array bound to the
 * placeholder `rows` (`JSON.stringify` of the objects, whose keys are the columns named) back as a table. A statement
 * that writes a thousand rows then has a few parameters and the same text at every size, so it is prepared once, where
 * `values(rows)` builds and binds one parameter per column of every row, and building it costs more than running it.
 * A key that is absent or null reads as SQL null.
 */
export const jsonRecords = (shape: string, rows: Placeholder = sql.placeholder('rows')): SQL => sql`json_to_recordset(${rows}::json) as ${sql.raw(shape)}`;
