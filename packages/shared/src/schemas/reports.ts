import { z } from 'zod';
import { dateText } from './common';

/**
 * The office's reports (spec platform 2.1 `/reports`): a catalogue of reports, each asked for a range of the company's
 * dates and, where it has them, a grouping. Every report answers the same table shape (columns, rows, totals and the
 * chart that reads it), so the page, the CSV and the XLSX are all made from one answer and their figures agree.
 */
export const REPORT_KEYS = [
  'revenue', 'technicianProductivity', 'laborUtilisation', 'firstTimeFix', 'workOrderAging', 'receivablesAging', 'quoteConversion', 'providerScorecard',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

export const REPORT_GROUPINGS = ['month', 'week', 'customer'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** Hours are exact decimals to the hundredth, summed like money. */
export const REPORT_COLUMN_KINDS = ['text', 'count', 'money', 'hours', 'percent'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

/** Work orders in these statuses are finished with: Canceled, Duplicate, Billed, Completed, Invoice Submitted. */
export const FINISHED_WORK_ORDER_STATUS_IDS = [22, 25, 27, 38, 53] as const;

/** Work orders finished with the work done: Billed, Completed, Invoice Submitted (not Canceled or Duplicate). */
export const COMPLETED_WORK_ORDER_STATUS_IDS = [27, 38, 53] as const;

/** A work order is called back when another one is opened for the same site within this many days of its last visit. */
export const CALLBACK_DAYS = 30;

/** Revenue and receivables by customer list this many, the largest first, and every other customer in one row. */
export const REVENUE_TOP_CUSTOMERS = 25;

/** The longest range one report reads: a little over two years. */
export const REPORT_RANGE_MAX_DAYS = 800;

/** What the catalogue says of each report: its title, what it tells, and the groupings it offers. */
export interface ReportDefinition {
  reportKey: ReportKey;
  title: string;
  description: string;
  /** The groupings offered, the first the default; none for a report with one shape. */
  groupings: readonly ReportGrouping[];
  /** Whether the range filters anything (an aging is read as of today). */
  usesRange: boolean;
}

export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  {
    reportKey: 'revenue',
    title: 'Revenue',
    description: 'Invoiced revenue by month, week or customer (the 25 largest, then all others): invoices, subtotal, tax, total, collected and still due.',
    groupings: ['month', 'week', 'customer'],
    usesRange: true,
  },
  {
    reportKey: 'technicianProductivity',
    title: 'Technician Productivity',
    description:
      'By technician: work orders and visits worked in the range, hours worked (on site and travelling), and the invoiced revenue (before tax) of those work orders shared by his part of all hours worked on them, per hour.',
    groupings: [],
    usesRange: true,
  },
  {
    reportKey: 'laborUtilisation',
    title: 'Labor Hours & Utilisation',
    description:
      'By technician: days worked, hours on site, travelling and overtime, and the share of his working days (first clock-in to last clock-out) spent on site.',
    groupings: [],
    usesRange: true,
  },
  {
    reportKey: 'firstTimeFix',
    title: 'First-Time Fix & Callbacks',
    description: `By technician: work orders finished in the range, the share fixed on one day on site, and the share called back (another work order for the site within ${CALLBACK_DAYS} days).`,
    groupings: [],
    usesRange: true,
  },
  {
    reportKey: 'workOrderAging',
    title: 'Work Order Aging',
    description: 'Open work orders by status, counted by how many days ago they were created.',
    groupings: [],
    usesRange: false,
  },
  {
    reportKey: 'receivablesAging',
    title: 'Receivables Aging',
    description: 'What billing customers owe today by days past due (the 25 largest balances, then all others): current, 1-30, 31-60, 61-90 and over 90 days.',
    groupings: [],
    usesRange: false,
  },
  {
    reportKey: 'quoteConversion',
    title: 'Quote Conversion',
    description: 'Quotes sent by month, how many the customers approved or declined, and the share and value approved.',
    groupings: [],
    usesRange: true,
  },
  {
    reportKey: 'providerScorecard',
    title: 'Provider Compliance Scorecard',
    description:
      'ServiceChannel work orders by technician and client: the share checked in and out at least 10 minutes apart, arrived within the planned visit, and invoiced within the client\'s days, against the 90% of the top tier.',
    groupings: [],
    usesRange: true,
  },
];

export const reportKeyParams = z.object({
  reportKey: z.enum(REPORT_KEYS, { error: `Report must be one of: ${REPORT_KEYS.join(', ')}.` }),
});

const rangeQuery = z.object({
  from: dateText('From').optional(),
  to: dateText('To').optional(),
  groupBy: z.enum(REPORT_GROUPINGS, { error: `Group by must be one of: ${REPORT_GROUPINGS.join(', ')}.` }).optional(),
});

function rangeIsSound(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', message: 'To must be on or after From.', path: ['to'] });
  else if (q.from && q.to && Date.parse(q.to) - Date.parse(q.from) > REPORT_RANGE_MAX_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', message: `A report covers at most ${REPORT_RANGE_MAX_DAYS} days.`, path: ['to'] });
  }
}

/** `?from=&to=&groupBy=`: the company's dates, both included; left out, the last twelve months to today. */
export const reportQuery = rangeQuery.superRefine(rangeIsSound);
export type ReportQuery = z.output<typeof reportQuery>;

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The export adds `format`. */
export const reportExportQuery = rangeQuery
  .extend({ format: z.enum(REPORT_FORMATS, { error: 'Format must be csv or xlsx.' }) })
  .superRefine(rangeIsSound);
export type ReportExportQuery = z.output<typeof reportExportQuery>;

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

const cell = z.union([z.string().nullable(), z.number()]);
export type ReportCell = z.infer<typeof cell>;

export const reportAnswer = z.object({
  reportKey: z.enum(REPORT_KEYS),
  title: z.string(),
  /** The range read, the company's dates (for an aging: the day it is read as of, twice). */
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS).nullable(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), cell)),
  /** The sums of the rows (money exact to the cent), labelled in the first column. */
  totals: z.record(z.string(), cell),
  /** What the chart draws: the label column and the series columns. */
  chart: z.object({
    kind: z.enum(['bar', 'line']),
    labelKey: z.string(),
    series: z.array(z.string()),
    /** A line the figures are held to (the scorecard's 90%), or null. */
    target: z.number().nullable(),
    /** Whether the series are parts of one whole, drawn stacked (aging buckets). */
    stacked: z.boolean(),
  }),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

export const reportCatalogAnswer = z.array(
  z.object({
    reportKey: z.enum(REPORT_KEYS),
    title: z.string(),
    description: z.string(),
    groupings: z.array(z.enum(REPORT_GROUPINGS)),
    usesRange: z.boolean(),
  }),
);
export type ReportCatalog = z.infer<typeof reportCatalogAnswer>;
