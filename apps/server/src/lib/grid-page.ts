import { and, count, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { GridRequestParsed } from '@sm/shared';
import type { DbOrTx } from './context';
import { gridQuery, type GridColumns } from './grid';

/** What a grid lists and how: the request, the columns it sorts and filters on, and the statements' parts. */
export interface GridSpec<J extends string> {
  request: GridRequestParsed;
  /** The columns a request may sort and filter on, each with the join it needs, if any. */
  columns: GridColumns<J>;
  /** The sort when the request names none. */
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  /**
   * The company's time zone, for a grid with date columns (a date filter means the company's day): read only for a
   * request that filters on a date, so that the other pages send no statement for it.
   */
  timeZone?: () => Promise<string>;
  /** The table listed, one grid row per row of it. */
  table: PgTable;
  /** Its unique id, the last sort key (newest first), so that equal values keep one order from page to page. */
  id: PgColumn;
  /** What every statement keeps beside the request's filters: the company, what the caller may see, the grid's narrowing. */
  where: SQL | undefined;
  /**
   * Adds the joins of a statement. `needed` holds those the request's filters (for the total) or its filters and sort
   * (for the page) name through their columns' `join` (a filter a column's own `condition` answers names none); a grid
   * whose columns name none joins the same tables always.
   */
  join: (query: PgSelect, needed: ReadonlySet<J>) => PgSelect;
  /**
   * Stop counting past this many rows, or past the end of the page asked for when that is further: the total is then
   * that number and `isTotalCapped` is set. Unset, the total is exact.
   */
  totalCap?: number;
}

/** A grid whose page statement selects its rows' fields itself. */
export interface GridPageSpec<F extends SelectedFields, J extends string> extends GridSpec<J> {
  /** The page's fields. */
  select: F;
}

/** A page of a grid as the routes answer it; `isTotalCapped` only when the total stopped at the cap. */
export type GridPageAnswer<Row> = { data: Row[]; total: number; isTotalCapped?: true };

/**
 * The page chosen, as a subquery for the statement that reads its rows: each row's `id` and its `ordinal` in the
 * page's order (order the rows by it).
 */
export type GridPageIds = SubqueryWithSelection<{ id: SQL.Aliased<number>; ordinal: SQL.Aliased<number> }, 'page'>;

/** The request as the statements need it: conditions, order, joins of the page and of the count, limit and offset. */
async function planOf<J extends string>(db: DbOrTx, spec: GridSpec<J>) {
  const { request, columns } = spec;
  const isDated = (request.filter?.filters ?? []).some((f) => columns[f.field]?.type === 'date' || columns[f.field]?.type === 'day');
  const q = gridQuery(request, columns, spec.defaultSort, isDated ? await spec.timeZone?.() : undefined);
  const joinsOf = (fields: string[]) => new Set(fields.map((f) => columns[f]?.join).filter((j): j is J => j !== undefined));
  const sortFields = (request.sort.length > 0 ? request.sort : [spec.defaultSort]).map((s) => s.field);
  // The joins change a dynamic query's type; each statement selects its own fields, so its rows keep their type.
  const from = (fields: SelectedFields, joins: ReadonlySet<J>) => spec.join(db.select(fields).from(spec.table).$dynamic() as unknown as PgSelect, joins);
  return {
    where: and(spec.where, q.where),
    order: [...q.orderBy, desc(spec.id)],
    limit: q.limit,
    offset: q.offset,
    pageJoins: joinsOf([...q.comparedFields, ...sortFields]),
    countJoins: joinsOf(q.comparedFields),
    from,
  };
}

/**
 * The total beside a page of `found` rows: told by the page when it is the last one (or the first and empty), else
 * counted with the joins the filters need, and stopped at the cap when the grid has one.
 */
async function totalOf<J extends string>(db: DbOrTx, spec: GridSpec<J>, plan: Awaited<ReturnType<typeof planOf<J>>>, found: number): Promise<Omit<GridPageAnswer<never>, 'data'>> {
  if ((found > 0 && found < plan.limit) || (found === 0 && plan.offset === 0)) return { total: plan.offset + found };
  if (spec.totalCap === undefined) {
    const [{ n }] = (await plan.from({ n: count() }, plan.countJoins).where(plan.where)) as { n: number }[];
    return { total: n };
  }
  const cap = Math.max(spec.totalCap, plan.offset + plan.limit);
  const matches = plan.from({ one: sql`1` }, plan.countJoins).where(plan.where).limit(cap + 1);
  const [{ n }] = await db.select({ n: count() }).from(matches.as('matches'));
  return n > cap ? { total: cap, isTotalCapped: true } : { total: n };
}

/**
 * One page of a grid (spec platform 3.3) and its total, the statements every grid sends: the page (its filters,
 * sort, the id last, limit and offset, with the joins it needs) and the count of the filtered set with the joins its
 * filters need, asked only when the page does not tell the total (a last page, or nothing at all). With `totalCap` the
 * count stops there, so that a grid over a million rows costs what its page costs, not a count of every match.
 * `answer` turns the page's rows into the grid's rows.
 */
export async function gridPage<F extends SelectedFields, J extends string, Row>(
  db: DbOrTx,
  spec: GridPageSpec<F, J>,
  answer: (rows: SelectResultFields<F>[]) => Row[] | Promise<Row[]>,
): Promise<GridPageAnswer<Row>> {
  const plan = await planOf(db, spec);
  const rows = (await plan.from(spec.select, plan.pageJoins).where(plan.where).orderBy(...plan.order).limit(plan.limit).offset(plan.offset)) as SelectResultFields<F>[];
  return { data: await answer(rows), ...(await totalOf(db, spec, plan, rows.length)) };
}

/**
 * The same page for a grid over a large table whose rows join more than its filters and sort need: the page is chosen
 * on the ids alone (with only the joins its filters and sort name, so that an index can give them in order and stop),
 * and `rowsOf` reads the rows of those ids around it, in the same statement; the total as `gridPage` tells it.
 */
export async function gridPageAround<J extends string, Row>(
  db: DbOrTx,
  spec: GridSpec<J>,
  rowsOf: (page: GridPageIds) => Promise<Row[]>,
): Promise<GridPageAnswer<Row>> {
  const plan = await planOf(db, spec);
  const ids = {
    // Names no joined table has: a subquery's field is written by its name alone.
    id: sql<number>`${spec.id}`.as('page_id'),
    // Numbered in the page's own order, which the same sort gives at no cost.
    ordinal: sql<number>`row_number() over (order by ${sql.join(plan.order, sql`, `)})`.as('page_ordinal'),
  };
  const page = plan.from(ids, plan.pageJoins).where(plan.where).orderBy(...plan.order).limit(plan.limit).offset(plan.offset).as('page') as unknown as GridPageIds;
  const data = await rowsOf(page);
  return { data, ...(await totalOf(db, spec, plan, data.length)) };
}
