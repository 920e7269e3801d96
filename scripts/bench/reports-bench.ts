/**
 * `npm run bench:reports`: each report of `/reports` on 1,000,000 work orders of one company (reports-data.ts), on
 * PostgreSQL, through the API beside the same statement sent bare through `pg` in the same run (read-bench.ts): the
 * last twelve months of revenue by month and by customer, technician productivity, labor hours and utilisation,
 * first-time fix and callbacks, the work-order aging, the receivables aging, the quote conversion and the provider
 * compliance scorecard. Results go to bench-results/reports.json and reports.md.
 *
 * A fresh database (REPORTS_BENCH_DATABASE_URL, default sm_reports_bench on the local server) is made for the run and
 * dropped after it unless BENCH_KEEP=1.
 */
import { reportQuery, type ReportKey } from '@sm/shared';
import { readReport } from '../../apps/server/src/features/office/reports/reports.service';
import { runAsScript } from './read-bench';
import { addReportsData } from './reports-data';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SHAPE = { customers: num('REPORTS_BENCH_CUSTOMERS', 100_000), invoices: num('REPORTS_BENCH_WORK_ORDERS', 1_000_000) };

const request = (reportKey: ReportKey, query = '') => ({
  path: `/api/v1/Reports/${reportKey}${query ? `?${query}` : ''}`,
  run: (ctx: Parameters<typeof readReport>[0]) => readReport(ctx, reportKey, reportQuery.parse(Object.fromEntries(new URLSearchParams(query)))),
});

runAsScript({
  name: 'reports',
  databaseUrl: process.env.REPORTS_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sm_reports_bench',
  makeData: (pool, log) => addReportsData(pool, SHAPE, log),
  unit: 'report',
  users: 8,
  groups: [
    { name: 'Revenue by month', requests: [request('revenue')] },
    { name: 'Revenue by customer', requests: [request('revenue', 'groupBy=customer')] },
    { name: 'Technician productivity', requests: [request('technicianProductivity')] },
    { name: 'Labor hours and utilisation', requests: [request('laborUtilisation')] },
    { name: 'First-time fix and callbacks', requests: [request('firstTimeFix')] },
    { name: 'Work order aging', requests: [request('workOrderAging')] },
    { name: 'Receivables aging', requests: [request('receivablesAging')] },
    { name: 'Quote conversion', requests: [request('quoteConversion')] },
    { name: 'Provider compliance scorecard', requests: [request('providerScorecard')] },
  ],
  describe: (f, c) =>
    `Each report of one company with ${f.workOrders.toLocaleString('en-US')} work orders (${f.openWorkOrders.toLocaleString('en-US')} open), ${f.invoices.toLocaleString('en-US')} invoices, ${f.quotes.toLocaleString('en-US')} quotes and ${f.serviceChannelVisits.toLocaleString('en-US')} ServiceChannel visits (${f.plannedVisits.toLocaleString('en-US')} planned), PostgreSQL; data made in ${c.generationSec} s. Each report as the page first asks for it (the last twelve months). ${c.users} office users; bare: the statements the API sends, captured from the product's code, sent through \`pg\` unnamed, on a pool of the same size (${c.poolSize}). ${c.durationSec} s a phase. No report needs a summary table: each is one statement over the company's rows, on indexes of its dates.`,
});
