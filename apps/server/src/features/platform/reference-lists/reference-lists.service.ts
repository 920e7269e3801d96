import { and, asc, count, eq, getTableColumns, ne, sql, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { capitalized, referenceListOf, TOLL_ITEM_NAME, withArticle, type ReferenceListDefinition, type ReferenceListKey, type ReferenceRow } from '@sm/shared';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { constraintOf, ensureItemGlGroups, ensureUniqueValues, ensureUsers, takeOnlyOneFlags } from './list-rules';
import { LIST_STORAGE, type ListStorage } from './reference-list-tables';

/** A body as the shared schema parsed it: the columns by field, and isActive where rows can be retired. */
export type ReferenceBody = Record<string, unknown>;

/** Rows whose name the product relies on: renaming or deleting them would break what looks them up by name. */
const FIXED_NAMES: Partial<Record<ReferenceListKey, { name: string; why: string }>> = {
  standardItems: { name: TOLL_ITEM_NAME, why: 'is priced on each use' },
};

const storageOf = (key: ReferenceListKey) => LIST_STORAGE[key];

/** The caller's company's rows of a list (every row of a global list), with the conditions given. */
function scope(ctx: Ctx, s: ListStorage, ...more: (SQL | undefined)[]): SQL | undefined {
  return and(
    s.subscriberId ? eq(s.subscriberId, ctx.actor.subscriberId) : undefined,
    s.discriminator ? eq(s.discriminator.column, s.discriminator.value) : undefined,
    ...more,
  );
}

function selection(def: ReferenceListDefinition, s: ListStorage): Record<string, PgColumn> {
  return { id: s.id, ...s.columns, ...(def.canRetire && s.isActive ? { isActive: s.isActive } : {}) };
}

/** A stored row as the list answers it: money and percentages as JSON numbers. */
function rowOf(def: ReferenceListDefinition, stored: Record<string, unknown>): ReferenceRow {
  const row: Record<string, unknown> = { ...stored };
  for (const c of def.columns) if ((c.type === 'money' || c.type === 'percent') && row[c.field] != null) row[c.field] = Number(row[c.field]);
  return row as ReferenceRow;
}

/** A body as the table stores it: money and percentages as exact text, empty optional text as null. */
function valuesOf(def: ReferenceListDefinition, body: ReferenceBody): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const c of def.columns) {
    const v = body[c.field];
    if (c.type === 'money' || c.type === 'percent') values[c.field] = v == null ? null : (v as number).toFixed(2);
    else if (c.type === 'wholeNumber') values[c.field] = v ?? null;
    else if (c.type === 'lines') values[c.field] = ((v as string[] | undefined) ?? []).map((line) => line.trim());
    else if (typeof v === 'string') values[c.field] = v.trim() === '' && !c.isRequired ? null : v.trim();
    else values[c.field] = v ?? null;
  }
  if (def.canRetire) values.isActive = body.isActive ?? true;
  return values;
}

/** The values keyed by the table's own properties, where a field's column is named otherwise (a term's net days). */
function storedValues(s: ListStorage, values: Record<string, unknown>): Record<string, unknown> {
  const properties = Object.entries(getTableColumns(s.table));
  const stored: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const column = field === 'isActive' ? s.isActive : s.columns[field];
    stored[properties.find(([, c]) => c === column)?.[0] ?? field] = value;
  }
  return stored;
}

function pgCodeOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
}

const duplicate = (def: ReferenceListDefinition, name: string) => new AppError(409, `${capitalized(withArticle(def.singular))} named ${name} already exists.`);

async function ensureUniqueName(tx: Tx, ctx: Ctx, def: ReferenceListDefinition, s: ListStorage, name: string, exceptId?: number) {
  const [found] = await tx
    .select({ id: s.id })
    .from(s.table)
    .where(scope(ctx, s, sql`lower(${s.columns.name}) = lower(${name})`, exceptId ? ne(s.id, exceptId) : undefined))
    .limit(1);
  if (found) throw duplicate(def, name);
}

/** Rows of other lists that a body names (a district's region) must be rows of the caller's company. */
async function ensureReferences(tx: Tx, ctx: Ctx, def: ReferenceListDefinition, body: ReferenceBody) {
  for (const c of def.columns) {
    if (c.type !== 'reference' || !c.list || body[c.field] == null) continue;
    const target = storageOf(c.list);
    const [found] = await tx.select({ id: target.id }).from(target.table).where(scope(ctx, target, eq(target.id, body[c.field] as number)));
    if (!found) throw notFound(c.label);
  }
}

/** A row of a list that another record names (a form's default term) must be a row of the caller's company. */
export async function ensureListRow(tx: DbOrTx, ctx: Ctx, key: ReferenceListKey, id: number, label: string) {
  const target = storageOf(key);
  const [found] = await tx.select({ id: target.id }).from(target.table).where(scope(ctx, target, eq(target.id, id)));
  if (!found) throw notFound(label);
}

async function lockedRow(tx: Tx, ctx: Ctx, def: ReferenceListDefinition, s: ListStorage, id: number): Promise<ReferenceRow> {
  const [row] = await tx.select(selection(def, s)).from(s.table).where(scope(ctx, s, eq(s.id, id))).for('update');
  if (!row) throw notFound(capitalized(def.singular));
  return rowOf(def, row);
}

/**
 * Runs a change, turning a unique index's refusal into its sentence: two people adding the same name at once, or
 * giving the same technician a truck (or two addresses the default) at the same moment.
 */
async function changing<T>(ctx: Ctx, def: ReferenceListDefinition, name: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } catch (e) {
    if (pgCodeOf(e) !== '23505') throw e;
    const constraint = constraintOf(e);
    if (constraint && !constraint.endsWith('_name_unique')) throw new AppError(409, `The ${def.title.toLowerCase()} changed at the same moment: reload and try again.`);
    throw duplicate(def, name);
  }
}

/** The rows a body names (a district's region, a truck's technician, an item's GL group) are the caller's company's. */
async function ensureNamedRows(tx: Tx, ctx: Ctx, def: ReferenceListDefinition, body: ReferenceBody) {
  await ensureReferences(tx, ctx, def, body);
  await ensureUsers(tx, ctx, def, body);
  await ensureItemGlGroups(tx, ctx, def, body);
}

/** What a row must satisfy beyond its columns' rules and the rows it names: the values only one row holds. */
async function ensureRules(tx: Tx, ctx: Ctx, def: ReferenceListDefinition, s: ListStorage, body: ReferenceBody, exceptId?: number) {
  const inScope = (...more: (SQL | undefined)[]) => scope(ctx, s, ...more);
  await ensureUniqueValues(tx, ctx, def, s, inScope, body, exceptId);
  await takeOnlyOneFlags(tx, def, s, inScope, body, exceptId);
}

/** `GET ReferenceList/{listKey}`: every row of the caller's company (retired ones too), by name; statuses by id. */
export async function listReferenceRows(ctx: Ctx, key: ReferenceListKey): Promise<ReferenceRow[]> {
  const def = referenceListOf(key);
  const s = storageOf(key);
  const order = def.isReadOnly ? [asc(s.id)] : [asc(sql`lower(${s.columns.name})`), asc(s.id)];
  const rows = await ctx.db.select(selection(def, s)).from(s.table).where(scope(ctx, s)).orderBy(...order);
  return rows.map((r) => rowOf(def, r));
}

/** `POST ReferenceList/{listKey}`: adds a row to the caller's company's list; the name is unique in the list. */
export async function addReferenceRow(ctx: Ctx, key: ReferenceListKey, body: ReferenceBody): Promise<ReferenceRow> {
  const def = referenceListOf(key);
  const s = storageOf(key);
  const values = valuesOf(def, body);
  return changing(ctx, def, values.name as string, async (tx) => {
    await ensureNamedRows(tx, ctx, def, body);
    await ensureUniqueName(tx, ctx, def, s, values.name as string);
    await ensureRules(tx, ctx, def, s, body);
    const [{ id }] = (await tx
      .insert(s.table)
      .values({ ...storedValues(s, values), ...(s.discriminator ? { [s.discriminator.property]: s.discriminator.value } : {}), subscriberId: ctx.actor.subscriberId } as never)
      .returning({ id: s.id })) as { id: number }[];
    const row = await lockedRow(tx, ctx, def, s, id);
    await recordAudit(tx, ctx, { entity: key, entityId: id, action: 'added', after: row });
    return row;
  });
}

/** `PUT ReferenceList/{listKey}/{id}`: renames or changes a row (or retires it), another company's row being a 404. */
export async function updateReferenceRow(ctx: Ctx, key: ReferenceListKey, id: number, body: ReferenceBody): Promise<ReferenceRow> {
  const def = referenceListOf(key);
  const s = storageOf(key);
  const values = valuesOf(def, body);
  return changing(ctx, def, values.name as string, async (tx) => {
    const before = await lockedRow(tx, ctx, def, s, id);
    // Another company's row named in the body is a 404 before anything about this row is said.
    await ensureNamedRows(tx, ctx, def, body);
    const fixed = FIXED_NAMES[key];
    if (fixed && before.name.toLowerCase() === fixed.name.toLowerCase() && (values.name as string).toLowerCase() !== fixed.name.toLowerCase()) {
      throw new AppError(409, `The ${fixed.name} ${def.singular} ${fixed.why} and cannot be renamed.`);
    }
    await ensureUniqueName(tx, ctx, def, s, values.name as string, id);
    await ensureRules(tx, ctx, def, s, body, id);
    await tx.update(s.table).set(storedValues(s, values) as never).where(scope(ctx, s, eq(s.id, id)));
    const after = await lockedRow(tx, ctx, def, s, id);
    await recordAudit(tx, ctx, { entity: key, entityId: id, action: 'updated', before, after });
    return after;
  });
}

/** How many records of the caller's company use a row, by the usage's label. */
async function usesOf(tx: DbOrTx, ctx: Ctx, s: ListStorage, id: number) {
  const uses: { label: [string, string]; n: number }[] = [];
  for (const u of s.usages) {
    const [{ n }] = await tx.select({ n: count() }).from(u.table).where(and(eq(u.subscriberId, ctx.actor.subscriberId), u.column instanceof SQL ? sql`${u.column} = ${id}` : eq(u.column, id), u.where));
    if (n > 0) uses.push({ label: u.label, n });
  }
  return uses;
}

/**
 * `DELETE ReferenceList/{listKey}/{id}`: removes a row nothing uses. A row in use stays (the sentence says by what,
 * and that it can be retired instead where the list allows it); a reference added meanwhile is caught by its key.
 */
export async function deleteReferenceRow(ctx: Ctx, key: ReferenceListKey, id: number): Promise<{ id: number }> {
  const def = referenceListOf(key);
  const s = storageOf(key);
  const inUse = (name: string, what: string) =>
    new AppError(409, `The ${def.singular} ${name} is used by ${what} and cannot be deleted.${def.canRetire ? ' Retire it instead.' : ''}`);
  let name = '';
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await lockedRow(tx, ctx, def, s, id);
      name = before.name;
      const fixed = FIXED_NAMES[key];
      if (fixed && before.name.toLowerCase() === fixed.name.toLowerCase()) {
        throw new AppError(409, `The ${fixed.name} ${def.singular} ${fixed.why} and cannot be deleted.${def.canRetire ? ' Retire it instead.' : ''}`);
      }
      const uses = await usesOf(tx, ctx, s, id);
      if (uses.length > 0) throw inUse(before.name, uses.map((u) => `${u.n} ${u.label[u.n === 1 ? 0 : 1]}`).join(' and '));
      await tx.delete(s.table).where(scope(ctx, s, eq(s.id, id)));
      await recordAudit(tx, ctx, { entity: key, entityId: id, action: 'deleted', before });
      return { id };
    });
  } catch (e) {
    if (pgCodeOf(e) === '23503') throw inUse(name, 'other records');
    throw e;
  }
}
