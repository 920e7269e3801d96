import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from './context';
import { notFound } from './errors';

/**
 * The one place that scopes a query to the caller's company. Every business table has `subscriberId`;
 * a record of another company is reported exactly as one that does not exist.
 */
export function ofTenant(table: { subscriberId: PgColumn }, ctx: Pick<Ctx, 'actor'>, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.subscriberId, ctx.actor.subscriberId), ...more) as SQL;
}

/** Returns the row, or throws the 404 that another company's row also gets. */
export function foundOrThrow<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw notFound(what);
  return row;
}
