import { jsonNumberOf, REPORT_DEFINITIONS, sumMoney, type ReportAnswer, type ReportCatalog, type ReportCell, type ReportColumn, type ReportKey, type ReportQuery } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { companyTimeZone, dateIn } from '../../platform/subscribers/company-time';
import { shapeOf } from './report-shapes';
import type { ReportInput, StatementRow } from './reports-sql';

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

/** The sums of the rows: money and hours to the hundredth, counts whole; the first column says Total, other text is left empty. */
function totalsOf(columns: ReportColumn[], rows: StatementRow[], hiddenCounts: string[]): StatementRow {
  const totals: StatementRow = {};
  for (const key of hiddenCounts) totals[key] = rows.reduce((n, r) => n + Number(r[key] ?? 0), 0);
  for (const [i, c] of columns.entries()) {
    if (c.kind === 'text') totals[c.key] = i === 0 ? 'Total' : null;
    else if (c.kind === 'money' || c.kind === 'hours') totals[c.key] = sumMoney(rows.map((r) => String(r[c.key] ?? '0')));
    else if (c.kind === 'count') totals[c.key] = rows.reduce((n, r) => n + Number(r[c.key] ?? 0), 0);
  }
  return totals;
}

/** The answer's cells: money as its JSON number, the rest as read; with the chart's label. */
function jsonRow(columns: ReportColumn[], row: StatementRow, labelKey: string): Record<string, ReportCell> {
  const cells = columns.map((c) => [c.key, (c.kind === 'money' || c.kind === 'hours') && row[c.key] !== null ? jsonNumberOf(String(row[c.key])) : (row[c.key] ?? null)]);
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
  const timeZone = await companyTimeZone(ctx);
  const today = dateIn(ctx.now, timeZone);
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
