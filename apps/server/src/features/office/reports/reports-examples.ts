import type { ReportAnswer } from '@sm/shared';

/** A revenue report by month, as the API answers it. */
export const EXAMPLE_REPORT: ReportAnswer = {
  reportKey: 'revenue',
  title: 'Revenue',
  from: '2026-10-01',
  to: '2026-11-30',
  groupBy: 'month',
  columns: [
    { key: 'label', label: 'Month', kind: 'text' },
    { key: 'invoices', label: 'Invoices', kind: 'count' },
    { key: 'subtotal', label: 'Subtotal', kind: 'money' },
    { key: 'tax', label: 'Tax', kind: 'money' },
    { key: 'total', label: 'Total', kind: 'money' },
    { key: 'collected', label: 'Collected', kind: 'money' },
    { key: 'due', label: 'Due', kind: 'money' },
  ],
  rows: [
    { label: '2026-10', invoices: 12, subtotal: 10450, tax: 862.13, total: 11312.13, collected: 9800, due: 1512.13 },
    { label: '2026-11', invoices: 9, subtotal: 7820.5, tax: 645.19, total: 8465.69, collected: 2100, due: 6365.69 },
  ],
  totals: { label: 'Total', invoices: 21, subtotal: 18270.5, tax: 1507.32, total: 19777.82, collected: 11900, due: 7877.82 },
  chart: { kind: 'line', labelKey: 'label', series: ['total', 'collected'], target: null, stacked: false },
};
