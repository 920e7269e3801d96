import { sql, type SQL } from 'drizzle-orm';
import {
  jsonNumberOf, REPORT_DEFINITIONS, SC_TOP_TIER_SHARE, sumMoney, wallClockOf,
  type ReportAnswer, type ReportCatalog, type ReportCell, type ReportColumn, type ReportKey, type ReportQuery,
} from '@sm/shared';
import { subscribers } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { quoteConversionStatement, revenueStatement, workOrderAgingStatement, type ReportInput, type StatementRow } from './reports-sql';
import { providerScorecardStatement } from './scorecard-sql';

/** `GET Reports`: the catalogue, in the order the page lists it. */
export function reportCatalog(): ReportCatalog {
  return REPORT_DEFINITIONS.map((d) => ({ ...d, groupings: [...d.groupings] }));
}

/** A report as read: its answer, and its rows' figures as exact text for the files made from it. */
export interface ReadReport {
  answer: ReportAnswer;
  /** The rows and the totals with money as decimal text (the answer carries JSON numbers). */
  exact: { rows: StatementRow[]; totals: StatementRow };
}

interface Shape {
  columns: ReportColumn[];
  statement: (input: ReportInput) => SQL;
  chart: ReportAnswer['chart'];
  /** A row's figures worked out from the others (a share), for rows and totals alike. */
  derive?: (row: StatementRow) => StatementRow;
  /** Counts the statement answers beside the columns, summed into the totals for `derive`. */
  hiddenCounts?: string[];
}

const col = (key: string, label: string, kind: ReportColumn['kind']): ReportColumn => ({ key, label, kind });

/** `part` of `whole` in percent to one decimal; null of nothing. Counts, not money. */
const shareOf = (part: StatementRow[string], whole: StatementRow[string]) => (Number(whole) === 0 ? null : Math.round((Number(part) * 1000) / Number(whole)) / 10);

const approvalShare = (row: StatementRow): StatementRow => ({ ...row, approvalShare: shareOf(row.approved, Number(row.approved) + Number(row.rejected)) });

/** The scorecard's shares from its counts, and whether every share that counts meets the top tier. */
const scorecardShares = (row: StatementRow): StatementRow => {
  const shares = { checkedShare: shareOf(row.checked, row.workOrders), onTimeShare: shareOf(row.onTime, row.onTimeCounted), invoicedShare: shareOf(row.invoiced, row.invoicedCounted) };
  const counted = Object.values(shares).filter((v) => v !== null);
  return { ...row, ...shares, meetsTopTier: counted.length === 0 ? null : counted.every((v) => v >= SC_TOP_TIER_SHARE) ? 'Yes' : 'No' };
};

function shapeOf(reportKey: ReportKey, groupBy: ReportQuery['groupBy']): Shape {
  switch (reportKey) {
    case 'revenue': {
      const grouping = groupBy ?? 'month';
      const label = { month: 'Month', week: 'Week', customer: 'Billing Customer' }[grouping];
      return {
        columns: [
          col('label', label, 'text'), col('invoices', 'Invoices', 'count'), col('subtotal', 'Subtotal', 'money'), col('tax', 'Tax', 'money'),
          col('total', 'Total', 'money'), col('collected', 'Collected', 'money'), col('due', 'Due', 'money'),
        ],
        statement: (input) => revenueStatement(input, grouping),
        chart: { kind: grouping === 'customer' ? 'bar' : 'line', labelKey: 'label', series: ['total', 'collected'], target: null },
      };
    }
    case 'workOrderAging':
      return {
        columns: [
          col('label', 'Status', 'text'), col('days0to7', '0–7 days', 'count'), col('days8to30', '8–30 days', 'count'),
          col('days31to60', '31–60 days', 'count'), col('days61to90', '61–90 days', 'count'), col('over90', 'Over 90 days', 'count'),
          col('open', 'Open', 'count'),
        ],
        statement: workOrderAgingStatement,
        chart: { kind: 'bar', labelKey: 'label', series: ['days0to7', 'days8to30', 'days31to60', 'days61to90', 'over90'], target: null },
      };
    case 'quoteConversion':
      return {
        columns: [
          col('label', 'Month', 'text'), col('quotes', 'Quotes', 'count'), col('approved', 'Approved', 'count'), col('rejected', 'Rejected', 'count'),
          col('waiting', 'Waiting', 'count'), col('approvalShare', 'Approved of Decided', 'percent'),
        ],
        statement: quoteConversionStatement,
        chart: { kind: 'bar', labelKey: 'label', series: ['approved', 'rejected', 'waiting'], target: null },
        derive: approvalShare,
      };
    case 'providerScorecard':
      return {
        columns: [
          col('technician', 'Technician', 'text'), col('client', 'Client', 'text'), col('workOrders', 'Work Orders', 'count'),
          col('checkedShare', 'Checked In and Out', 'percent'), col('onTimeShare', 'Arrived on Time', 'percent'), col('invoicedShare', 'Invoiced in Time', 'percent'),
          col('meetsTopTier', `Meets ${SC_TOP_TIER_SHARE}%`, 'text'),
        ],
        statement: providerScorecardStatement,
        chart: { kind: 'bar', labelKey: 'label', series: ['checkedShare', 'onTimeShare', 'invoicedShare'], target: SC_TOP_TIER_SHARE },
        derive: scorecardShares,
        hiddenCounts: ['checked', 'onTimeCounted', 'onTime', 'invoicedCounted', 'invoiced'],
      };
  }
}

/** The sums of the rows: money to the cent, counts whole; the first column says Total, other text is left empty. */
function totalsOf(columns: ReportColumn[], rows: StatementRow[], hiddenCounts: string[]): StatementRow {
  const totals: StatementRow = {};
  for (const key of hiddenCounts) totals[key] = rows.reduce((n, r) => n + Number(r[key] ?? 0), 0);
  for (const [i, c] of columns.entries()) {
    if (c.kind === 'text') totals[c.key] = i === 0 ? 'Total' : null;
    else if (c.kind === 'money') totals[c.key] = sumMoney(rows.map((r) => String(r[c.key] ?? '0')));
    else if (c.kind === 'count') totals[c.key] = rows.reduce((n, r) => n + Number(r[c.key] ?? 0), 0);
  }
  return totals;
}

/** The answer's cells: money as its JSON number, the rest as read; with the chart's label. */
function jsonRow(columns: ReportColumn[], row: StatementRow, labelKey: string): Record<string, ReportCell> {
  const cells = columns.map((c) => [c.key, c.kind === 'money' && row[c.key] !== null ? jsonNumberOf(String(row[c.key])) : (row[c.key] ?? null)]);
  return Object.fromEntries([[labelKey, row[labelKey] ?? null], ...cells]);
}

/** First day of the month eleven months before today's: with today, the last twelve months. */
function yearBefore(today: string): string {
  const [y, m] = today.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 12, 1));
  return start.toISOString().slice(0, 10);
}

/**
 * `GET Reports/{reportKey}`: one report over the company's dates (the last twelve months to today when no range is
 * given), read in one statement; the totals are summed from its rows, so the rows always add up to them.
 */
export async function readReport(ctx: Ctx, reportKey: ReportKey, query: ReportQuery): Promise<ReadReport> {
  const [company] = await ctx.db.select({ timeZone: subscribers.timeZone }).from(subscribers).where(sql`${subscribers.id} = ${ctx.actor.subscriberId}`);
  const timeZone = company?.timeZone ?? 'UTC';
  const today = wallClockOf(ctx.now, timeZone).toISOString().slice(0, 10);
  const definition = REPORT_DEFINITIONS.find((d) => d.reportKey === reportKey)!;
  const from = definition.usesRange ? (query.from ?? yearBefore(query.to ?? today)) : today;
  const to = definition.usesRange ? (query.to ?? today) : today;
  const shape = shapeOf(reportKey, query.groupBy);
  const input: ReportInput = { subscriberId: ctx.actor.subscriberId, timeZone, today, from, to };
  const read = ((await ctx.db.execute(shape.statement(input))) as unknown as { rows: StatementRow[] }).rows;
  const derive = shape.derive ?? ((r: StatementRow) => r);
  const rows = read.map(derive);
  const totals = derive(totalsOf(shape.columns, read, shape.hiddenCounts ?? []));
  return {
    answer: {
      reportKey,
      title: definition.title,
      from,
      to,
      groupBy: definition.groupings.length > 0 ? (query.groupBy ?? definition.groupings[0]) : null,
      columns: shape.columns,
      rows: rows.map((r) => jsonRow(shape.columns, r, shape.chart.labelKey)),
      totals: jsonRow(shape.columns, totals, shape.chart.labelKey),
      chart: shape.chart,
    },
    exact: { rows, totals },
  };
}
