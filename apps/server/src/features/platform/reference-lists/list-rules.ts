import { and, asc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import { withArticle, type ReferenceColumn, type ReferenceListDefinition, type ReferenceUserChoice } from '@sm/shared';
import { intacctItemGlGroups, users } from '../../../db/schema';
import { ofTenant } from '../../../lib/tenancy';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import type { ListStorage } from './reference-list-tables';

/**
 * The rules some lists add to the plain add-and-change of a row, each declared on a column of the shared description:
 * a user it names is one of the caller's company, a value held by one row only (a technician's truck), and a flag one
 * row holds (the default ship-to address). The database holds the last two as well, for changes made at one moment.
 */

type Body = Record<string, unknown>;

/**
 * A user a row names (a truck's technician) must be an active user of the caller's company, as the form offers;
 * another company's is a 404.
 */
export async function ensureUsers(tx: Tx, ctx: Ctx, def: ReferenceListDefinition, body: Body) {
  for (const c of def.columns) {
    if (c.type !== 'user' || body[c.field] == null) continue;
    const [found] = await tx
      .select({ name: users.name, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.subscriberId, ctx.actor.subscriberId), eq(users.id, body[c.field] as number)));
    if (!found) throw notFound(c.label);
    if (!found.isActive) throw new AppError(400, `${found.name} is not an active user: choose an active user as ${c.label}.`);
  }
}

/** An item GL group a row names (a standard item's) must be one of the caller's company; another company's is a 404. */
export async function ensureItemGlGroups(tx: Tx, ctx: Ctx, def: ReferenceListDefinition, body: Body) {
  for (const c of def.columns) {
    if (c.type !== 'itemGlGroup' || body[c.field] == null) continue;
    const [found] = await tx.select({ id: intacctItemGlGroups.id }).from(intacctItemGlGroups).where(ofTenant(intacctItemGlGroups, ctx, eq(intacctItemGlGroups.id, body[c.field] as number)));
    if (!found) throw notFound(c.label);
  }
}

/** `GET ReferenceList/{listKey}/itemGlGroups`: the company's item GL groups a row may name, by name. */
export async function listItemGlGroupChoices(ctx: Ctx): Promise<ReferenceUserChoice[]> {
  const rows = await ctx.db
    .select({ id: intacctItemGlGroups.id, name: intacctItemGlGroups.name })
    .from(intacctItemGlGroups)
    .where(ofTenant(intacctItemGlGroups, ctx))
    .orderBy(asc(sql`lower(${intacctItemGlGroups.name})`), asc(intacctItemGlGroups.id));
  return rows.map((r) => ({ ...r, isActive: true }));
}

/** The text a value reads as in a sentence: a user by name, a choice by its label, anything else as it is. */
async function valueText(tx: Tx, ctx: Ctx, column: ReferenceColumn, value: unknown): Promise<string> {
  if (column.type === 'choice') return column.choices?.find((o) => o.value === value)?.label ?? String(value);
  if (column.type !== 'user') return String(value);
  const [found] = await tx.select({ name: users.name }).from(users).where(and(eq(users.subscriberId, ctx.actor.subscriberId), eq(users.id, value as number)));
  return found?.name ?? String(value);
}

/** A value only one row may hold (a technician's truck) is refused on a second row, the sentence naming the first. */
export async function ensureUniqueValues(tx: Tx, ctx: Ctx, def: ReferenceListDefinition, s: ListStorage, scope: (...more: (SQL | undefined)[]) => SQL | undefined, body: Body, exceptId?: number) {
  for (const c of def.columns) {
    if (!c.unique || body[c.field] == null) continue;
    const [other] = await tx
      .select({ name: s.columns.name })
      .from(s.table)
      .where(scope(eq(s.columns[c.field], body[c.field]), exceptId ? ne(s.id, exceptId) : undefined))
      .limit(1);
    if (other) {
      const who = await valueText(tx, ctx, c, body[c.field]);
      throw new AppError(409, `${who} already has ${withArticle(c.unique.noun)}, ${other.name as string}: ${withArticle(c.label.toLowerCase())} has at most one ${c.unique.noun}.`);
    }
  }
}

/** A flag one row holds (the default address) is taken from the company's other rows when a row is given it. */
export async function takeOnlyOneFlags(tx: Tx, def: ReferenceListDefinition, s: ListStorage, scope: (...more: (SQL | undefined)[]) => SQL | undefined, body: Body, exceptId?: number) {
  for (const c of def.columns) {
    if (c.type !== 'flag' || !c.isOnlyOne || body[c.field] !== true) continue;
    const column = s.columns[c.field];
    const property = Object.entries(getTableColumns(s.table)).find(([, v]) => v === column)?.[0] ?? c.field;
    await tx.update(s.table).set({ [property]: false } as never).where(scope(eq(column, true), exceptId ? ne(s.id, exceptId) : undefined));
  }
}

/**
 * `GET ReferenceList/{listKey}/users`: the company's users a row may name (a truck's technician), by name; the
 * inactive ones too, so a row naming one still reads, though the form offers only the active.
 */
export async function listUserChoices(ctx: Ctx): Promise<ReferenceUserChoice[]> {
  return ctx.db
    .select({ id: users.id, name: users.name, isActive: users.isActive })
    .from(users)
    .where(eq(users.subscriberId, ctx.actor.subscriberId))
    .orderBy(asc(users.name), asc(users.id));
}

/** The name of the constraint a database error reports, to tell a name taken from another unique rule broken. */
export function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } };
  return typeof e?.constraint === 'string' ? e.constraint : typeof e?.cause?.constraint === 'string' ? e.cause.constraint : undefined;
}
