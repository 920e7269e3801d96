import { asc, count, eq, sql } from 'drizzle-orm';
import {
  ACCOUNTING_LINE_KIND_LABELS, ACCOUNTING_LINE_KINDS,
  type AccountingLineKind, type AdditionalLineItem, type AdditionalLineItemChoice, type ItemGlGroup, type LineKindAccount,
} from '@sm/shared';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { invoiceLines, standardItems } from '../../../db/schema';
import { intacctAdditionalLineItems, intacctDepartments, intacctGlAccounts, intacctItemGlGroups, intacctLineKindAccounts } from './accounting.table';

/**
 * What each line posts to (administration intacct/itemGLGroup and intacct/additionalLineItem, and the line-kind
 * mapping): every row names a GL account (and maybe a department) of the caller's company, checked here because a
 * foreign key alone would accept another company's.
 */

/** The company's GL account, or the 404 of one that is not the company's. */
async function ownGlAccount(db: DbOrTx, ctx: Ctx, glAccountId: number) {
  const [row] = await db.select().from(intacctGlAccounts).where(ofTenant(intacctGlAccounts, ctx, eq(intacctGlAccounts.id, glAccountId)));
  if (!row) throw notFound('GL account');
  return row;
}

async function ensureOwnDepartment(db: DbOrTx, ctx: Ctx, departmentId: number | null) {
  if (departmentId === null) return;
  const [row] = await db.select({ id: intacctDepartments.id }).from(intacctDepartments).where(ofTenant(intacctDepartments, ctx, eq(intacctDepartments.id, departmentId)));
  if (!row) throw notFound('Department');
}

// ---------------------------------------------------------------- item GL groups

const selectGroups = (ctx: Ctx) =>
  ctx.db.select({ g: intacctItemGlGroups, accountNo: intacctGlAccounts.number }).from(intacctItemGlGroups).innerJoin(intacctGlAccounts, eq(intacctGlAccounts.id, intacctItemGlGroups.glAccountId)).$dynamic();
const groupOf = (r: { g: typeof intacctItemGlGroups.$inferSelect; accountNo: string }): ItemGlGroup => ({ itemGlGroupId: r.g.id, name: r.g.name, glAccountId: r.g.glAccountId, accountNo: r.accountNo });

/** `GET Intacct/itemGLGroup`. */
export async function listItemGlGroups(ctx: Ctx): Promise<ItemGlGroup[]> {
  return (await selectGroups(ctx).where(ofTenant(intacctItemGlGroups, ctx)).orderBy(asc(sql`lower(${intacctItemGlGroups.name})`))).map(groupOf);
}

async function groupById(ctx: Ctx, id: number): Promise<ItemGlGroup> {
  const [row] = await selectGroups(ctx).where(ofTenant(intacctItemGlGroups, ctx, eq(intacctItemGlGroups.id, id)));
  if (!row) throw notFound('Item GL group');
  return groupOf(row);
}

/** `POST Intacct/itemGLGroup`: a group name (unique in the company, any case) and its account. */
export async function createItemGlGroup(ctx: Ctx, input: { name: string; glAccountId: number }): Promise<ItemGlGroup> {
  await ownGlAccount(ctx.db, ctx, input.glAccountId);
  const [row] = await ctx.db.insert(intacctItemGlGroups).values({ subscriberId: ctx.actor.subscriberId, ...input }).returning({ id: intacctItemGlGroups.id });
  return groupById(ctx, row.id);
}

/** `PUT Intacct/itemGLGroup/{itemGlGroupId}`. */
export async function updateItemGlGroup(ctx: Ctx, itemGlGroupId: number, input: { name: string; glAccountId: number }): Promise<ItemGlGroup> {
  await ownGlAccount(ctx.db, ctx, input.glAccountId);
  const [row] = await ctx.db.update(intacctItemGlGroups).set(input).where(ofTenant(intacctItemGlGroups, ctx, eq(intacctItemGlGroups.id, itemGlGroupId))).returning({ id: intacctItemGlGroups.id });
  if (!row) throw notFound('Item GL group');
  return groupById(ctx, row.id);
}

/** How many of something use a row, in words: "1 standard item", "3 standard items". */
const counted = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/** `DELETE Intacct/itemGLGroup/{itemGlGroupId}`: refused while standard items are in the group. */
export async function deleteItemGlGroup(ctx: Ctx, itemGlGroupId: number): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const [group] = await tx.select().from(intacctItemGlGroups).where(ofTenant(intacctItemGlGroups, ctx, eq(intacctItemGlGroups.id, itemGlGroupId))).for('update');
    if (!group) throw notFound('Item GL group');
    const [{ n }] = await tx.select({ n: count() }).from(standardItems).where(ofTenant(standardItems, ctx, eq(standardItems.itemGlGroupId, itemGlGroupId)));
    if (n > 0) throw new AppError(409, `The item GL group ${group.name} is used by ${counted(n, ['standard item', 'standard items'])} and cannot be removed: move them to another group first.`);
    await tx.delete(intacctItemGlGroups).where(eq(intacctItemGlGroups.id, group.id));
    return { message: `Item GL group ${group.name} was removed.` };
  });
}

// ---------------------------------------------------------------- additional line items

interface LineItemInput { name: string; glAccountId: number; departmentId: number | null; isActive: boolean }

const selectLineItems = (ctx: Ctx) =>
  ctx.db.select({ l: intacctAdditionalLineItems, accountNo: intacctGlAccounts.number }).from(intacctAdditionalLineItems).innerJoin(intacctGlAccounts, eq(intacctGlAccounts.id, intacctAdditionalLineItems.glAccountId)).$dynamic();
const lineItemOf = (r: { l: typeof intacctAdditionalLineItems.$inferSelect; accountNo: string }): AdditionalLineItem => ({
  additionalLineItemId: r.l.id, name: r.l.name, glAccountId: r.l.glAccountId, accountNo: r.accountNo, departmentId: r.l.departmentId, isActive: r.l.isActive,
});

/** `GET Intacct/additionalLineItem`. */
export async function listAdditionalLineItems(ctx: Ctx): Promise<AdditionalLineItem[]> {
  return (await selectLineItems(ctx).where(ofTenant(intacctAdditionalLineItems, ctx)).orderBy(asc(sql`lower(${intacctAdditionalLineItems.name})`))).map(lineItemOf);
}

async function lineItemById(ctx: Ctx, id: number): Promise<AdditionalLineItem> {
  const [row] = await selectLineItems(ctx).where(ofTenant(intacctAdditionalLineItems, ctx, eq(intacctAdditionalLineItems.id, id)));
  if (!row) throw notFound('Additional line item');
  return lineItemOf(row);
}

/** `POST Intacct/additionalLineItem`. */
export async function createAdditionalLineItem(ctx: Ctx, input: LineItemInput): Promise<AdditionalLineItem> {
  await ownGlAccount(ctx.db, ctx, input.glAccountId);
  await ensureOwnDepartment(ctx.db, ctx, input.departmentId);
  const [row] = await ctx.db.insert(intacctAdditionalLineItems).values({ subscriberId: ctx.actor.subscriberId, ...input }).returning({ id: intacctAdditionalLineItems.id });
  return lineItemById(ctx, row.id);
}

/** `PUT Intacct/additionalLineItem/{additionalLineItemId}`. */
export async function updateAdditionalLineItem(ctx: Ctx, additionalLineItemId: number, input: LineItemInput): Promise<AdditionalLineItem> {
  await ownGlAccount(ctx.db, ctx, input.glAccountId);
  await ensureOwnDepartment(ctx.db, ctx, input.departmentId);
  const [row] = await ctx.db
    .update(intacctAdditionalLineItems)
    .set(input)
    .where(ofTenant(intacctAdditionalLineItems, ctx, eq(intacctAdditionalLineItems.id, additionalLineItemId)))
    .returning({ id: intacctAdditionalLineItems.id });
  if (!row) throw notFound('Additional line item');
  return lineItemById(ctx, row.id);
}

/** `DELETE Intacct/additionalLineItem/{additionalLineItemId}`: refused once an invoice carries it (it is retired instead). */
export async function deleteAdditionalLineItem(ctx: Ctx, additionalLineItemId: number): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(intacctAdditionalLineItems)
      .where(ofTenant(intacctAdditionalLineItems, ctx, eq(intacctAdditionalLineItems.id, additionalLineItemId)))
      .for('update');
    if (!item) throw notFound('Additional line item');
    const [{ n }] = await tx.select({ n: count() }).from(invoiceLines).where(ofTenant(invoiceLines, ctx, eq(invoiceLines.additionalLineItemId, additionalLineItemId)));
    if (n > 0) throw new AppError(409, `The additional line item ${item.name} is on ${counted(n, ['invoice line', 'invoice lines'])} and cannot be removed. Retire it instead.`);
    await tx.delete(intacctAdditionalLineItems).where(eq(intacctAdditionalLineItems.id, item.id));
    return { message: `Additional line item ${item.name} was removed.` };
  });
}

/** `GET Billing/additionalLineItems`: the active additional line items an invoice may carry, by name. */
export async function additionalLineItemChoices(ctx: Ctx): Promise<AdditionalLineItemChoice[]> {
  return ctx.db
    .select({ additionalLineItemId: intacctAdditionalLineItems.id, name: intacctAdditionalLineItems.name })
    .from(intacctAdditionalLineItems)
    .where(ofTenant(intacctAdditionalLineItems, ctx, eq(intacctAdditionalLineItems.isActive, true)))
    .orderBy(asc(sql`lower(${intacctAdditionalLineItems.name})`));
}

// ---------------------------------------------------------------- line kind → account

/** The account and department each kind posts to, by kind, for the worker (a kind absent is a gap). */
export async function lineKindAccountsOf(db: DbOrTx, subscriberId: number): Promise<Map<AccountingLineKind, { accountNo: string; departmentNo: string | null }>> {
  const rows = await db
    .select({ kind: intacctLineKindAccounts.lineKind, accountNo: intacctGlAccounts.number, departmentNo: intacctDepartments.number })
    .from(intacctLineKindAccounts)
    .innerJoin(intacctGlAccounts, eq(intacctGlAccounts.id, intacctLineKindAccounts.glAccountId))
    .leftJoin(intacctDepartments, eq(intacctDepartments.id, intacctLineKindAccounts.departmentId))
    .where(eq(intacctLineKindAccounts.subscriberId, subscriberId));
  return new Map(rows.map((r) => [r.kind as AccountingLineKind, { accountNo: r.accountNo, departmentNo: r.departmentNo }]));
}

/** `GET Intacct/lineKindAccounts`: every kind the product posts, with its account or none yet. */
export async function listLineKindAccounts(ctx: Ctx): Promise<LineKindAccount[]> {
  const rows = await ctx.db
    .select({ m: intacctLineKindAccounts, accountNo: intacctGlAccounts.number })
    .from(intacctLineKindAccounts)
    .innerJoin(intacctGlAccounts, eq(intacctGlAccounts.id, intacctLineKindAccounts.glAccountId))
    .where(ofTenant(intacctLineKindAccounts, ctx));
  return ACCOUNTING_LINE_KINDS.map((lineKind) => {
    const row = rows.find((r) => r.m.lineKind === lineKind);
    return { lineKind, label: ACCOUNTING_LINE_KIND_LABELS[lineKind], glAccountId: row?.m.glAccountId ?? null, accountNo: row?.accountNo ?? null, departmentId: row?.m.departmentId ?? null };
  });
}

/** `PUT Intacct/lineKindAccounts/{lineKind}`: maps a kind to one of the company's accounts (and a department). */
export async function mapLineKind(ctx: Ctx, lineKind: AccountingLineKind, input: { glAccountId: number; departmentId: number | null }): Promise<LineKindAccount[]> {
  await ownGlAccount(ctx.db, ctx, input.glAccountId);
  await ensureOwnDepartment(ctx.db, ctx, input.departmentId);
  await ctx.db
    .insert(intacctLineKindAccounts)
    .values({ subscriberId: ctx.actor.subscriberId, lineKind, ...input })
    .onConflictDoUpdate({ target: [intacctLineKindAccounts.subscriberId, intacctLineKindAccounts.lineKind], set: input });
  return listLineKindAccounts(ctx);
}

/** `DELETE Intacct/lineKindAccounts/{lineKind}`: the kind is unmapped again (postings with such a line then stop). */
export async function unmapLineKind(ctx: Ctx, lineKind: AccountingLineKind): Promise<LineKindAccount[]> {
  await ctx.db.delete(intacctLineKindAccounts).where(ofTenant(intacctLineKindAccounts, ctx, eq(intacctLineKindAccounts.lineKind, lineKind)));
  return listLineKindAccounts(ctx);
}
