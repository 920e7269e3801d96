import { asc, eq } from 'drizzle-orm';
import type { Department, GlAccount } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import type { AccountingSystem } from './accounting-system';
import { intacctDepartments, intacctGlAccounts } from './accounting.table';
import { accountingSystemOf } from './accounting-system-of';

/**
 * The chart of accounts and the departments kept from Intacct (administration intacct/chartOfAccount and
 * intacct/departments): listed, typed by hand, changed, removed while nothing maps to them, and refreshed from
 * Intacct, which adds what is new and updates titles and status by number, never removing a row a mapping may use.
 * Both lists have the same columns (accounting.table.ts, chartColumns), so one set of functions serves both.
 */

/** Both tables, seen through one: their columns are the same, only their names differ. */
type ChartTable = typeof intacctGlAccounts;
type StoredRow = ChartTable['$inferSelect'];

interface Chart<Answer> {
  table: ChartTable;
  /** The record's name in sentences. */
  what: string;
  answer: (row: StoredRow) => Answer;
  read: (system: AccountingSystem) => ReturnType<AccountingSystem['readGlAccounts']>;
}

export interface Charts {
  glAccounts: GlAccount;
  departments: Department;
}
export type ChartKind = keyof Charts;
type ChartInput = { title: string; isActive: boolean } & ({ accountNo: string } | { departmentNo: string });

const CHARTS: { [K in ChartKind]: Chart<Charts[K]> } = {
  glAccounts: {
    table: intacctGlAccounts,
    what: 'GL account',
    answer: (r) => ({ glAccountId: r.id, accountNo: r.number, title: r.title, isActive: r.isActive, isFromIntacct: r.isFromIntacct }),
    read: (system) => system.readGlAccounts(),
  },
  departments: {
    table: intacctDepartments as unknown as ChartTable,
    what: 'Department',
    answer: (r) => ({ departmentId: r.id, departmentNo: r.number, title: r.title, isActive: r.isActive, isFromIntacct: r.isFromIntacct }),
    read: (system) => system.readDepartments(),
  },
};

const fieldsOf = (input: ChartInput) => ({ number: 'accountNo' in input ? input.accountNo : input.departmentNo, title: input.title, isActive: input.isActive });

/** `GET Intacct/chartOfAccount`, `GET Intacct/departments`: the company's rows by number. */
export async function listChart<K extends ChartKind>(ctx: Ctx, kind: K): Promise<Charts[K][]> {
  const { table, answer } = CHARTS[kind] as Chart<Charts[K]>;
  const rows = await ctx.db.select().from(table).where(ofTenant(table, ctx)).orderBy(asc(table.number));
  return rows.map(answer);
}

/** `POST Intacct/chartOfAccount`, `POST Intacct/departments`: a row typed by hand; a number the company has is a 409. */
export async function createChartRow<K extends ChartKind>(ctx: Ctx, kind: K, input: ChartInput): Promise<Charts[K]> {
  const { table, answer } = CHARTS[kind] as Chart<Charts[K]>;
  const [row] = await ctx.db.insert(table).values({ subscriberId: ctx.actor.subscriberId, ...fieldsOf(input) }).returning();
  return answer(row);
}

/** `PUT Intacct/chartOfAccount/{glAccountId}`, `PUT Intacct/departments/{departmentId}`. */
export async function updateChartRow<K extends ChartKind>(ctx: Ctx, kind: K, id: number, input: ChartInput): Promise<Charts[K]> {
  const { table, answer, what } = CHARTS[kind] as Chart<Charts[K]>;
  const [row] = await ctx.db.update(table).set(fieldsOf(input)).where(ofTenant(table, ctx, eq(table.id, id))).returning();
  if (!row) throw notFound(what);
  return answer(row);
}

/** `DELETE …/{id}`: removes a row nothing maps to (the database refuses otherwise, a 409). */
export async function deleteChartRow(ctx: Ctx, kind: ChartKind, id: number): Promise<{ message: string }> {
  const { table, what } = CHARTS[kind];
  const [row] = await ctx.db.delete(table).where(ofTenant(table, ctx, eq(table.id, id))).returning();
  if (!row) throw notFound(what);
  return { message: `${what} ${row.number} was removed.` };
}

/**
 * `POST Intacct/chartOfAccount/refresh`, `POST Intacct/departments/refresh` ("Refresh from Intacct"): reads the list
 * from Intacct and, in one transaction, adds the numbers that are new and updates those whose title or status
 * changed. Answers how many of each, and the list as it now is.
 */
export async function refreshChart<K extends ChartKind>(ctx: Ctx, kind: K): Promise<{ added: number; updated: number; rows: Charts[K][] }> {
  const { table, read } = CHARTS[kind] as Chart<Charts[K]>;
  const rows = await read(await accountingSystemOf(ctx.db, ctx.actor.subscriberId));
  const counts = await ctx.db.transaction(async (tx) => {
    const found = { added: 0, updated: 0 };
    for (const row of rows) {
      const [existing] = await tx.select().from(table).where(ofTenant(table, ctx, eq(table.number, row.number)));
      const fields = { title: row.title, isActive: row.isActive, isFromIntacct: true };
      if (!existing) {
        await tx.insert(table).values({ subscriberId: ctx.actor.subscriberId, number: row.number, ...fields });
        found.added++;
      } else if (existing.title !== row.title || existing.isActive !== row.isActive) {
        await tx.update(table).set(fields).where(ofTenant(table, ctx, eq(table.id, existing.id)));
        found.updated++;
      }
    }
    return found;
  });
  return { ...counts, rows: await listChart(ctx, kind) };
}
