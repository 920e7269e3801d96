import { and, asc, desc, eq, gt, gte, ilike, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { GridFilter, GridRequestParsed } from '@sm/shared';
import { AppError } from './errors';

export type GridColumnType = 'text' | 'number' | 'date';
export type GridColumns = Record<string, { sql: SQL | import('drizzle-orm/pg-core').PgColumn; type: GridColumnType }>;

function value(f: GridFilter, type: GridColumnType): unknown {
  const v = f.value;
  if (v === null) throw new AppError(400, `Filter on ${f.field} needs a value.`);
  if (type === 'number') {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) throw new AppError(400, `Filter on ${f.field} needs a number.`);
    return n;
  }
  if (type === 'date') {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new AppError(400, `Filter on ${f.field} needs a date.`);
    return d;
  }
  return String(v);
}

function condition(f: GridFilter, columns: GridColumns): SQL {
  const col = columns[f.field];
  if (!col) throw new AppError(400, `${f.field} cannot be filtered.`);
  const v = value(f, col.type);
  const c = col.sql as never;
  switch (f.operator) {
    case 'eq':
      return col.type === 'text' ? sql`lower(${c}) = lower(${v})` : eq(c, v);
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
    case 'contains':
      if (col.type !== 'text') throw new AppError(400, `${f.field} cannot be searched as text.`);
      return ilike(c, `%${String(v).replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  }
}

/**
 * Turns the one grid request shape (spec platform 3.3) into a WHERE, ORDER BY, LIMIT and OFFSET over the
 * columns a grid exposes; anything else is refused with a sentence, never passed to SQL.
 */
export function gridQuery(req: GridRequestParsed, columns: GridColumns, fallbackSort: { field: string; dir: 'asc' | 'desc' }) {
  const filters = (req.filter?.filters ?? []).map((f) => condition(f, columns));
  const where = filters.length === 0 ? undefined : req.filter?.logic === 'or' ? or(...filters) : and(...filters);
  const sorts = req.sort.length > 0 ? req.sort : [fallbackSort];
  const orderBy = sorts.map((s) => {
    const col = columns[s.field];
    if (!col) throw new AppError(400, `${s.field} cannot be sorted.`);
    return s.dir === 'desc' ? desc(col.sql as never) : asc(col.sql as never);
  });
  return { where, orderBy, limit: req.take, offset: req.skip };
}
