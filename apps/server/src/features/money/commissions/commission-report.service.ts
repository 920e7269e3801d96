import { asc, eq, gte, lte, sql } from 'drizzle-orm';
import { commissionKindLabel, hasFunctionality, jsonNumberOf, sumMoney, type Access, type CommissionReport, type CommissionReportQuery, type ReportColumn } from '@sm/shared';
import { invoiceCommissions, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { companyToday } from '../../platform/subscribers/company-time';
import type { ReportSource } from '../../office/reports/reports-export';

/** Whose commissions the caller reads: everyone's with All Sales Reports, his own with Sales Reports, none otherwise. */
export function commissionsOf(ctx: Ctx, access: Access): number | null {
  if (hasFunctionality(access, 'Reports', 'All Sales Reports')) return null;
  if (hasFunctionality(access, 'Reports', 'Sales Reports')) return ctx.actor.userId;
  throw new AppError(403, 'You need Sales Reports to read commissions.');
}

/**
 * `GET Sales/commissionReport` (/sales/reports): the commissions earned in a period by person and kind, the
 * reversals of credits applied in the period included, with the invoices counted and the totals. Left out, the period
 * is this month so far. A sales person reads his own; All Sales Reports reads everyone's, or one person's when asked.
 */
export async function commissionReport(ctx: Ctx, access: Access, query: CommissionReportQuery): Promise<{ answer: CommissionReport; exact: { base: string; amount: string }[] }> {
  const own = commissionsOf(ctx, access);
  if (own !== null && query.userId !== undefined && query.userId !== own) throw new AppError(403, 'You can read only your own commissions.');
  const today = await companyToday(ctx);
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 8)}01`;
  if (to < from) throw new AppError(400, 'To must be on or after From.');
  const ic = invoiceCommissions;
  const userId = own ?? query.userId;
  const rows = await ctx.db
    .select({
      userId: ic.userId, userName: users.name, kind: ic.kind,
      invoiceCount: sql<number>`count(distinct ${ic.invoiceId}) filter (where not ${ic.isReversal})::int`,
      base: sql<string>`sum(${ic.base})::numeric(14,2)::text`,
      amount: sql<string>`sum(${ic.amount})::numeric(14,2)::text`,
    })
    .from(ic)
    .innerJoin(users, eq(users.id, ic.userId))
    .where(ofTenant(ic, ctx, gte(ic.earnedOn, from), lte(ic.earnedOn, to), userId === undefined ? undefined : eq(ic.userId, userId)))
    .groupBy(ic.userId, users.name, ic.kind)
    .orderBy(asc(users.name), sql`array_position(array['salesPerson','manager','previous','territory'], ${ic.kind})`);
  const answer: CommissionReport = {
    from,
    to,
    rows: rows.map((x) => ({ userId: x.userId, userName: x.userName, kind: x.kind, invoiceCount: x.invoiceCount, base: jsonNumberOf(x.base), amount: jsonNumberOf(x.amount) })),
    totals: { base: jsonNumberOf(sumMoney(rows.map((x) => x.base))), amount: jsonNumberOf(sumMoney(rows.map((x) => x.amount))) },
  };
  return { answer, exact: rows.map((x) => ({ base: x.base, amount: x.amount })) };
}

const COLUMNS: ReportColumn[] = [
  { key: 'userName', label: 'Sales Person', kind: 'text' },
  { key: 'kind', label: 'Commission', kind: 'text' },
  { key: 'invoiceCount', label: 'Invoices', kind: 'count' },
  { key: 'base', label: 'Base', kind: 'money' },
  { key: 'amount', label: 'Commission Amount', kind: 'money' },
];

/** The report as the reports' export writes it: the same rows, money as decimal text, and a totals row. */
export async function commissionReportSource(ctx: Ctx, access: Access, query: CommissionReportQuery): Promise<ReportSource> {
  const { answer, exact } = await commissionReport(ctx, access, query);
  return {
    answer: { reportKey: 'sales-commissions', title: 'Sales Commissions', from: answer.from, to: answer.to, columns: COLUMNS },
    exact: {
      rows: answer.rows.map((x, i) => ({ userName: x.userName, kind: commissionKindLabel(x.kind), invoiceCount: x.invoiceCount, base: exact[i].base, amount: exact[i].amount })),
      totals: { userName: 'Total', kind: null, invoiceCount: answer.rows.reduce((n, x) => n + x.invoiceCount, 0), base: sumMoney(exact.map((x) => x.base)), amount: sumMoney(exact.map((x) => x.amount)) },
    },
  };
}
