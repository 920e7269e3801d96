import { and, eq, sql } from 'drizzle-orm';
import type { GridLayout, GridPreferenceAnswer } from '@sm/shared';
import { gridPreferences } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';

const mine = (ctx: Ctx, gridKey: string) => ofTenant(gridPreferences, ctx, and(eq(gridPreferences.userId, ctx.actor.userId), eq(gridPreferences.gridKey, gridKey)));

/** `GET GridPreferences/{gridKey}`: the caller's saved layout of a grid, or null when the grid's defaults apply. */
export async function getGridPreference(ctx: Ctx, gridKey: string): Promise<GridPreferenceAnswer> {
  const [row] = await ctx.db.select().from(gridPreferences).where(mine(ctx, gridKey));
  return { gridKey, layout: (row?.layout as GridLayout | undefined) ?? null, updatedAt: row ? row.updatedAt.toISOString() : null };
}

/**
 * `PUT GridPreferences/{gridKey}`: keeps the caller's layout of a grid, replacing the one before. One statement, so
 * two devices saving at once leave one whole layout, never a mix.
 */
export async function saveGridPreference(ctx: Ctx, gridKey: string, layout: GridLayout): Promise<GridPreferenceAnswer> {
  const [row] = await ctx.db
    .insert(gridPreferences)
    .values({ subscriberId: ctx.actor.subscriberId, userId: ctx.actor.userId, gridKey, layout, updatedAt: ctx.now })
    .onConflictDoUpdate({
      target: [gridPreferences.userId, gridPreferences.gridKey],
      set: { layout: sql`excluded.layout`, updatedAt: sql`excluded.updated_at` },
      setWhere: eq(gridPreferences.subscriberId, ctx.actor.subscriberId),
    })
    .returning();
  return { gridKey, layout: row.layout as GridLayout, updatedAt: row.updatedAt.toISOString() };
}

/** `DELETE GridPreferences/{gridKey}` (Reset layout): forgets the caller's layout; the grid's defaults apply again. */
export async function resetGridPreference(ctx: Ctx, gridKey: string): Promise<GridPreferenceAnswer> {
  await ctx.db.delete(gridPreferences).where(mine(ctx, gridKey));
  return { gridKey, layout: null, updatedAt: null };
}
