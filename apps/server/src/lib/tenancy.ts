import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from './context';
import { notFound } from './errors';

/**
 * The one place that scopes a query to the caller's company. Every business table has `subscriberId`;
 * a record of another company is reported exactly as one that does not exist.
 */
export function ofTenant(table: { subscriberId: PgColumn }, ctx: { actor: Pick<Ctx['actor'], 'subscriberId'> }, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.subscriberId, ctx.actor.subscriberId), ...more) as SQL;
}

/** Returns the row, or throws the 404 that another company's row also gets. */
export function foundOrThrow<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw notFound(what);
  return row;
}

/**
 * The same scope for a statement prepared once and run for many callers: the company is a placeholder, bound
 * from the caller at execution with `tenantParams(ctx)`.
 */
export function ofTenantPrepared(table: { subscriberId: PgColumn }, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.subscriberId, sql.placeholder('subscriberId')), ...more) as SQL;
}

/** The placeholders of the caller's scope, for a statement built with `ofTenantPrepared`. */
export const tenantParams = (ctx: Pick<Ctx, 'actor'>) => ({ subscriberId: ctx.actor.subscriberId, userId: ctx.actor.userId });

/**
 * The same scope as `ofTenant`, compared in a form no btree index on the company matches, so that the planner starts
 * from the other conditions' index instead: for a trigram search, a few hundred candidates of the trigram index rather
 * than every row of the company, each checked against the search. The search's trigram indexes hold the company in
 * this very form (`(subscriber_id + 0)`, btree_gin), so the index alone keeps to the company's rows. Use it only where
 * those conditions are indexed.
 */
export function ofTenantByOtherIndex(table: { subscriberId: PgColumn }, ctx: Pick<Ctx, 'actor'>, ...more: (SQL | undefined)[]): SQL {
  return and(sql`${table.subscriberId} + 0 = ${ctx.actor.subscriberId}`, ...more) as SQL;
}
