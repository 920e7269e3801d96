import { and, asc, eq } from 'drizzle-orm';
import type { Department, GlAccount } from '@sm/shared';
import type { Ctx, Tx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import type { ChartRow } from './accounting-system';
import { intacctDepartments, intacctGlAccounts } from './accounting.table';
import { accountingSystemOf } from './intacct-account.service';

/**
 * The chart of accounts and the departments kept from Intacct (administration intacct/chartOfAccount and
 * intacct/departments): listed, typed by hand, changed, removed while nothing maps to them, and refreshed from
 * Intacct, which adds what is new and updates titles and status by number, never removing a row a mapping may use.
 */

interface GlInput { accountNo: string; title: string; isActive: boolean }
interface DepartmentInput { departmentNo: string; title: string; isActive: boolean }

const glOf = (r: typeof intacctGlAccounts.$inferSelect): GlAccount => ({ glAccountId: r.id, accountNo: r.accountNo, title: r.title, isActive: r.isActive, isFromIntacct: r.isFromIntacct });
const departmentOf = (r: typeof intacctDepartments.$inferSelect): Department => ({ departmentId: r.id, departmentNo: r.departmentNo, title: r.title, isActive: r.isActive, isFromIntacct: r.isFromIntacct });

/** `GET Intacct/chartOfAccount`: the company's GL accounts by number. */
export async function listGlAccounts(ctx: Ctx): Promise<GlAccount[]> {
  const rows = await ctx.db.select().from(intacctGlAccounts).where(ofTenant(intacctGlAccounts, ctx)).orderBy(asc(intacctGlAccounts.accountNo));
  return rows.map(glOf);
}

/** `POST Intacct/chartOfAccount`: a GL account typed by hand; a number the company has is a 409. */
export async function createGlAccount(ctx: Ctx, input: GlInput): Promise<GlAccount> {
  const [row] = await ctx.db.insert(intacctGlAccounts).values({ subscriberId: ctx.actor.subscriberId, ...input }).returning();
  return glOf(row);
}

/** `PUT Intacct/chartOfAccount/{glAccountId}`: changes a GL account of the company. */
export async function updateGlAccount(ctx: Ctx, glAccountId: number, input: GlInput): Promise<GlAccount> {
  const [row] = await ctx.db.update(intacctGlAccounts).set(input).where(ofTenant(intacctGlAccounts, ctx, eq(intacctGlAccounts.id, glAccountId))).returning();
  if (!row) throw notFound('GL account');
  return glOf(row);
}

/** `DELETE Intacct/chartOfAccount/{glAccountId}`: removes a GL account nothing maps to (the database refuses otherwise). */
export async function deleteGlAccount(ctx: Ctx, glAccountId: number): Promise<{ message: string }> {
  const [row] = await ctx.db.delete(intacctGlAccounts).where(ofTenant(intacctGlAccounts, ctx, eq(intacctGlAccounts.id, glAccountId))).returning();
  if (!row) throw notFound('GL account');
  return { message: `GL account ${row.accountNo} was removed.` };
}

/** `GET Intacct/departments`. */
export async function listDepartments(ctx: Ctx): Promise<Department[]> {
  const rows = await ctx.db.select().from(intacctDepartments).where(ofTenant(intacctDepartments, ctx)).orderBy(asc(intacctDepartments.departmentNo));
  return rows.map(departmentOf);
}

/** `POST Intacct/departments`. */
export async function createDepartment(ctx: Ctx, input: DepartmentInput): Promise<Department> {
  const [row] = await ctx.db.insert(intacctDepartments).values({ subscriberId: ctx.actor.subscriberId, ...input }).returning();
  return departmentOf(row);
}

/** `PUT Intacct/departments/{departmentId}`. */
export async function updateDepartment(ctx: Ctx, departmentId: number, input: DepartmentInput): Promise<Department> {
  const [row] = await ctx.db.update(intacctDepartments).set(input).where(ofTenant(intacctDepartments, ctx, eq(intacctDepartments.id, departmentId))).returning();
  if (!row) throw notFound('Department');
  return departmentOf(row);
}

/** `DELETE Intacct/departments/{departmentId}`: removes a department nothing maps to. */
export async function deleteDepartment(ctx: Ctx, departmentId: number): Promise<{ message: string }> {
  const [row] = await ctx.db.delete(intacctDepartments).where(ofTenant(intacctDepartments, ctx, eq(intacctDepartments.id, departmentId))).returning();
  if (!row) throw notFound('Department');
  return { message: `Department ${row.departmentNo} was removed.` };
}

/** What a refresh found: rows added and rows whose title or status Intacct changed. */
interface Merge { added: number; updated: number }

/** Adds and updates rows by number in one transaction; `find` and `write` speak one table. */
async function merge(
  ctx: Ctx,
  rows: ChartRow[],
  find: (tx: Tx, number: string) => Promise<{ id: number; title: string; isActive: boolean } | undefined>,
  write: (tx: Tx, row: ChartRow, id: number | null) => Promise<void>,
): Promise<Merge> {
  return ctx.db.transaction(async (tx) => {
    const counts = { added: 0, updated: 0 };
    for (const row of rows) {
      const existing = await find(tx, row.number);
      if (!existing) counts.added++;
      else if (existing.title !== row.title || existing.isActive !== row.isActive) counts.updated++;
      else continue;
      await write(tx, row, existing?.id ?? null);
    }
    return counts;
  });
}

/** `POST Intacct/chartOfAccount/refresh` ("Refresh from Intacct"): reads GLACCOUNT and keeps it here. */
export async function refreshGlAccounts(ctx: Ctx): Promise<Merge & { rows: GlAccount[] }> {
  const read = await (await accountingSystemOf(ctx.db, ctx.actor.subscriberId)).readGlAccounts();
  const counts = await merge(
    ctx,
    read,
    async (tx, number) => (await tx.select().from(intacctGlAccounts).where(ofTenant(intacctGlAccounts, ctx, eq(intacctGlAccounts.accountNo, number))))[0],
    async (tx, row, id) => {
      const fields = { title: row.title, isActive: row.isActive, isFromIntacct: true };
      if (id === null) await tx.insert(intacctGlAccounts).values({ subscriberId: ctx.actor.subscriberId, accountNo: row.number, ...fields });
      else await tx.update(intacctGlAccounts).set(fields).where(and(ofTenant(intacctGlAccounts, ctx), eq(intacctGlAccounts.id, id)));
    },
  );
  return { ...counts, rows: await listGlAccounts(ctx) };
}

/** `POST Intacct/departments/refresh`: reads DEPARTMENT and keeps it here. */
export async function refreshDepartments(ctx: Ctx): Promise<Merge & { rows: Department[] }> {
  const read = await (await accountingSystemOf(ctx.db, ctx.actor.subscriberId)).readDepartments();
  const counts = await merge(
    ctx,
    read,
    async (tx, number) => (await tx.select().from(intacctDepartments).where(ofTenant(intacctDepartments, ctx, eq(intacctDepartments.departmentNo, number))))[0],
    async (tx, row, id) => {
      const fields = { title: row.title, isActive: row.isActive, isFromIntacct: true };
      if (id === null) await tx.insert(intacctDepartments).values({ subscriberId: ctx.actor.subscriberId, departmentNo: row.number, ...fields });
      else await tx.update(intacctDepartments).set(fields).where(and(ofTenant(intacctDepartments, ctx), eq(intacctDepartments.id, id)));
    },
  );
  return { ...counts, rows: await listDepartments(ctx) };
}
