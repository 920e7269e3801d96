import type { SQL } from 'drizzle-orm';
import { moneyPer, SC_TOP_TIER_SHARE, type ReportAnswer, type ReportColumn, type ReportKey, type ReportQuery } from '@sm/shared';
import { quoteConversionStatement, receivablesAgingStatement, revenueStatement, workOrderAgingStatement, type ReportInput, type StatementRow } from './reports-sql';
import { providerScorecardStatement } from './scorecard-sql';
import { firstTimeFixStatement, laborUtilisationStatement, technicianProductivityStatement } from './technician-reports-sql';

/** How a report reads: its columns, its statement, its chart, and what is worked out from the statement's figures. */
export interface Shape {
  columns: ReportColumn[];
  statement: (input: ReportInput) => SQL;
  chart: ReportAnswer['chart'];
  /** A row's figures worked out from the others (a share), for rows and totals alike. */
  derive?: (row: StatementRow) => StatementRow;
  /** Counts the statement answers beside the columns, summed into the totals for `derive`. */
  hiddenCounts?: string[];
}

const col = (key: string, label: string, kind: ReportColumn['kind']): ReportColumn => ({ key, label, kind });

/** A chart of series over the rows' label, side by side unless stacked, with no target line unless given. */
const chart = (kind: 'bar' | 'line', series: string[], more: { stacked?: boolean; target?: number } = {}): ReportAnswer['chart'] => ({
  kind, labelKey: 'label', series, target: more.target ?? null, stacked: more.stacked ?? false,
});

/** `part` of `whole` in percent to one decimal; null of nothing. Counts and hours, not money. */
const shareOf = (part: StatementRow[string], whole: StatementRow[string]) => (Number(whole) === 0 ? null : Math.round((Number(part) * 1000) / Number(whole)) / 10);

const approvalShare = (row: StatementRow): StatementRow => ({ ...row, approvalShare: shareOf(row.approved, Number(row.approved) + Number(row.rejected)) });

/** The scorecard's shares from its counts, and whether every share that counts meets the top tier. */
const scorecardShares = (row: StatementRow): StatementRow => {
  const shares = { checkedShare: shareOf(row.checked, row.workOrders), onTimeShare: shareOf(row.onTime, row.onTimeCounted), invoicedShare: shareOf(row.invoiced, row.invoicedCounted) };
  const counted = Object.values(shares).filter((v) => v !== null);
  return { ...row, ...shares, meetsTopTier: counted.length === 0 ? null : counted.every((v) => v >= SC_TOP_TIER_SHARE) ? 'Yes' : 'No' };
};

const AGING_COLUMNS = (unit: 'money' | 'count', first: string, buckets: [string, string][]) => [col('label', first, 'text'), ...buckets.map(([key, label]) => col(key, label, unit))];

export function shapeOf(reportKey: ReportKey, groupBy: ReportQuery['groupBy']): Shape {
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
        chart: chart(grouping === 'customer' ? 'bar' : 'line', ['total', 'collected']),
      };
    }
    case 'technicianProductivity':
      return {
        columns: [
          col('label', 'Technician', 'text'), col('workOrders', 'Work Orders', 'count'), col('visits', 'Visits', 'count'), col('hours', 'Hours Worked', 'hours'),
          col('invoiced', 'Invoiced', 'count'), col('revenue', 'Revenue (before tax)', 'money'), col('revenuePerHour', 'Revenue per Hour', 'money'),
        ],
        statement: technicianProductivityStatement,
        chart: chart('bar', ['revenue']),
        derive: (row) => ({ ...row, revenuePerHour: moneyPer(String(row.revenue), String(row.hours)) }),
      };
    case 'laborUtilisation':
      return {
        columns: [
          col('label', 'Technician', 'text'), col('days', 'Days', 'count'), col('visits', 'Visits', 'count'), col('onSiteHours', 'On Site', 'hours'),
          col('travelHours', 'Travelling', 'hours'), col('overtimeHours', 'Overtime', 'hours'), col('dayHours', 'Working Days', 'hours'),
          col('utilisation', 'Utilisation', 'percent'),
        ],
        statement: laborUtilisationStatement,
        chart: chart('bar', ['onSiteHours', 'travelHours'], { stacked: true }),
        derive: (row) => ({ ...row, utilisation: shareOf(row.onSiteHours, row.dayHours) }),
      };
    case 'firstTimeFix':
      return {
        columns: [
          col('label', 'Technician', 'text'), col('workOrders', 'Work Orders Finished', 'count'), col('firstTime', 'Fixed First Time', 'count'),
          col('firstTimeShare', 'First-Time Fix', 'percent'), col('callbacks', 'Called Back', 'count'), col('callbackShare', 'Callback Rate', 'percent'),
        ],
        statement: firstTimeFixStatement,
        chart: chart('bar', ['firstTimeShare', 'callbackShare']),
        derive: (row) => ({ ...row, firstTimeShare: shareOf(row.firstTime, row.workOrders), callbackShare: shareOf(row.callbacks, row.workOrders) }),
      };
    case 'workOrderAging':
      return {
        columns: [
          ...AGING_COLUMNS('count', 'Status', [['days0to7', '0–7 days'], ['days8to30', '8–30 days'], ['days31to60', '31–60 days'], ['days61to90', '61–90 days'], ['over90', 'Over 90 days']]),
          col('open', 'Open', 'count'),
        ],
        statement: workOrderAgingStatement,
        chart: chart('bar', ['days0to7', 'days8to30', 'days31to60', 'days61to90', 'over90'], { stacked: true }),
      };
    case 'receivablesAging':
      return {
        columns: [
          ...AGING_COLUMNS('money', 'Billing Customer', [['current', 'Current'], ['days1to30', '1–30 days'], ['days31to60', '31–60 days'], ['days61to90', '61–90 days'], ['over90', 'Over 90 days']]),
          col('balance', 'Balance', 'money'),
        ],
        statement: receivablesAgingStatement,
        chart: chart('bar', ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'], { stacked: true }),
      };
    case 'quoteConversion':
      return {
        columns: [
          col('label', 'Month', 'text'), col('quotes', 'Quotes', 'count'), col('approved', 'Approved', 'count'), col('rejected', 'Rejected', 'count'),
          col('waiting', 'Waiting', 'count'), col('approvalShare', 'Approved of Decided', 'percent'),
        ],
        statement: quoteConversionStatement,
        chart: chart('bar', ['approved', 'rejected', 'waiting']),
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
        chart: chart('bar', ['checkedShare', 'onTimeShare', 'invoicedShare'], { target: SC_TOP_TIER_SHARE }),
        derive: scorecardShares,
        hiddenCounts: ['checked', 'onTimeCounted', 'onTime', 'invoicedCounted', 'invoiced'],
      };
  }
}
