import { and, asc, desc, eq, gt, gte, ilike, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { addDays, parseZonedIso, wallClockOf, type GridFilter, type GridRequestParsed } from '@sm/shared';
import { AppError } from './errors';

/**
 * How a column compares: as text, as a number, as an instant (`date`, a timestamp) or as a calendar date of the
 * company (`day`, a PostgreSQL date such as an invoice's date).
 */
export type GridColumnType = 'text' | 'number' | 'date' | 'day';

/** A column a grid sorts and filters on. `J` names the joins a grid's statements add only when a column needs one. */
export interface GridColumn<J extends string = string> {
  sql: SQL | import('drizzle-orm/pg-core').PgColumn;
  type: GridColumnType;
  /** The join this column needs beside the grid's table: a page joins only those its filters and sort name (`gridPage`). */
  join?: J;
  /**
   * The column's own condition for a filter, where it has a better one than comparing `sql` (undefined compares `sql`);
   * a filter it answers needs no `join`.
   */
  condition?: (f: GridFilter) => SQL | undefined;
}
export type GridColumns<J extends string = string> = Record<string, GridColumn<J>>;

type Operator = GridFilter['operator'];

/**
 * A date filter's value, read in the company's time zone: a bare date (YYYY-MM-DD) is the company's whole day, from
 * its midnight to the next; a date-time is one instant, at its offset when it has one, else on the company's clock.
 * `day` is the company's date of either.
 */
type DateValue = { day: string; from: Date; to: Date } | { day: string; at: Date };

function dateValue(f: GridFilter, timeZone: string | undefined): DateValue {
  if (!timeZone) throw new Error(`A date filter on ${f.field} needs the company's time zone.`);
  const text = String(f.value).trim().replace(' ', 'T');
  const at = parseZonedIso(text, timeZone);
  if (!at) throw new AppError(400, `Filter on ${f.field} needs a date.`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { day: text, from: at, to: parseZonedIso(addDays(text, 1), timeZone)! };
  return { day: wallClockOf(at, timeZone).toISOString().slice(0, 10), at };
}

function value(f: GridFilter, type: 'text' | 'number'): unknown {
  const v = f.value;
  if (type === 'number') {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) throw new AppError(400, `Filter on ${f.field} needs a number.`);
    return n;
  }
  return String(v);
}

/** One comparison of a column with one value. */
function compare(operator: Exclude<Operator, 'contains'>, c: never, v: unknown): SQL {
  switch (operator) {
    case 'eq':
      return eq(c, v);
    case 'neq':
      return ne(c, v);
    case 'gt':
      return gt(c, v);
    case 'gte':
      return gte(c, v);
    case 'lt':
      return lt(c, v);
    case 'lte':
      return lte(c, v);
  }
}

/** An instant column against the company's whole day: "greater than" a day is the days after it, "less than" the days before. */
function dayOfInstants(operator: Exclude<Operator, 'contains'>, c: never, v: { from: Date; to: Date }): SQL {
  switch (operator) {
    case 'eq':
      return and(gte(c, v.from), lt(c, v.to))!;
    case 'neq':
      return or(lt(c, v.from), gte(c, v.to))!;
    case 'gt':
      return gte(c, v.to);
    case 'gte':
      return gte(c, v.from);
    case 'lt':
      return lt(c, v.from);
    case 'lte':
      return lt(c, v.to);
  }
}

/**
 * A filter compared on a column's expression: text contains and equals in any case, numbers, instants and days as
 * their type says. For a column's own `condition`, which may compare the same value on another expression.
 */
export function compareColumn(f: GridFilter, col: Pick<GridColumn, 'sql' | 'type'>, timeZone: string | undefined): SQL {
  if (f.value === null) throw new AppError(400, `Filter on ${f.field} needs a value.`);
  const c = col.sql as never;
  if (col.type === 'date' || col.type === 'day') {
    const v = dateValue(f, timeZone);
    if (f.operator === 'contains') throw new AppError(400, `${f.field} cannot be searched as text.`);
    if (col.type === 'day') return compare(f.operator, c, v.day);
    return 'at' in v ? compare(f.operator, c, v.at) : dayOfInstants(f.operator, c, v);
  }
  const v = value(f, col.type);
  if (f.operator === 'contains') {
    if (col.type !== 'text') throw new AppError(400, `${f.field} cannot be searched as text.`);
    return ilike(c, `%${String(v).replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  }
  return f.operator === 'eq' && col.type === 'text' ? sql`lower(${c}) = lower(${v})` : compare(f.operator, c, v);
}

/** A filter's condition, and whether it compares the column's expression (and so needs the column's join). */
function condition(f: GridFilter, columns: GridColumns, timeZone: string | undefined): { sql: SQL; isCompared: boolean } {
  const col = columns[f.field];
  if (!col) throw new AppError(400, `${f.field} cannot be filtered.`);
  if (f.value === null) throw new AppError(400, `Filter on ${f.field} needs a value.`);
  const own = col.condition?.(f);
  return own ? { sql: own, isCompared: false } : { sql: compareColumn(f, col, timeZone), isCompared: true };
}

/**
 * Turns the one grid request shape (spec platform 3.3) into a WHERE, ORDER BY, LIMIT and OFFSET over the
 * columns a grid exposes; anything else is refused with a sentence, never passed to SQL. A grid with date columns
 * passes the company's time zone: a date filter means the company's day, not UTC's.
 */
export function gridQuery(req: GridRequestParsed, columns: GridColumns, fallbackSort: { field: string; dir: 'asc' | 'desc' }, timeZone?: string) {
  const given = req.filter?.filters ?? [];
  const conditions = given.map((f) => condition(f, columns, timeZone));
  const filters = conditions.map((c) => c.sql);
  const where = filters.length === 0 ? undefined : req.filter?.logic === 'or' ? or(...filters) : and(...filters);
  const sorts = req.sort.length > 0 ? req.sort : [fallbackSort];
  const orderBy = sorts.map((s) => {
    const col = columns[s.field];
    if (!col) throw new AppError(400, `${s.field} cannot be sorted.`);
    return s.dir === 'desc' ? desc(col.sql as never) : asc(col.sql as never);
  });
  /** The fields whose filters compare the column's expression: their joins are needed to count. */
  const comparedFields = given.filter((_, i) => conditions[i].isCompared).map((f) => f.field);
  return { where, orderBy, limit: req.take, offset: req.skip, comparedFields };
}
