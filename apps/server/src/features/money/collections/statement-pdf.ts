import { formatDate, moneyText, sumMoney, type DocumentTemplate, type OpenInvoice } from '@sm/shared';
import { drawBand, drawBlocks, drawHeading, drawPageFooters, drawTable, roomFor, startPdf, type LogoPng, type TableColumn } from '../documents/pdf-document';

/** The aging of a statement: the same amounts as the aging API, in dollars. */
export interface StatementAging {
  current: number;
  days1to30: number;
  days31to60: number;
  days61to90: number;
  over90: number;
  balance: number;
}

/** Everything a customer statement says, apart from its look (the company's invoice template). */
export interface StatementContent {
  companyName: string;
  /** The company's name and address, as lines. */
  companyLines: string[];
  customerLines: string[];
  /** The company's today the statement is as of, and the first day of the period its payments and credits are from. */
  asOf: string;
  periodFrom: string;
  termsName: string | null;
  aging: StatementAging;
  invoices: OpenInvoice[];
  payments: { on: string; invoiceNumber: number; method: string; reference: string | null; amount: string }[];
  credits: { on: string; reason: string; amount: string; applied: string }[];
}

type AgingRow = StatementAging;
const AGING_COLUMNS: TableColumn<AgingRow>[] = [
  { label: 'Current', width: 86, align: 'right', text: (r) => moneyText(r.current) },
  { label: '1-30 days', width: 86, align: 'right', text: (r) => moneyText(r.days1to30) },
  { label: '31-60 days', width: 86, align: 'right', text: (r) => moneyText(r.days31to60) },
  { label: '61-90 days', width: 86, align: 'right', text: (r) => moneyText(r.days61to90) },
  { label: 'Over 90 days', width: 86, align: 'right', text: (r) => moneyText(r.over90) },
  { label: 'Balance due', width: 86, align: 'right', text: (r) => moneyText(r.balance) },
];

const INVOICE_COLUMNS: TableColumn<OpenInvoice>[] = [
  { label: 'Invoice', width: 70, align: 'left', text: (i) => String(i.invoiceNumber) },
  { label: 'Work order', width: 76, align: 'left', text: (i) => i.workOrderNumber },
  { label: 'Date', width: 66, align: 'left', text: (i) => formatDate(i.invoiceDate) },
  { label: 'Due', width: 66, align: 'left', text: (i) => formatDate(i.dueDate) },
  { label: 'Amount', width: 80, align: 'right', text: (i) => moneyText(i.total) },
  { label: 'Paid', width: 78, align: 'right', text: (i) => moneyText(sumMoney([i.paymentsTotal, i.creditsApplied])) },
  { label: 'Balance', width: 80, align: 'right', text: (i) => moneyText(i.balance) },
];

type Payment = StatementContent['payments'][number];
const PAYMENT_COLUMNS: TableColumn<Payment>[] = [
  { label: 'Date', width: 80, align: 'left', text: (p) => formatDate(p.on) },
  { label: 'Invoice', width: 80, align: 'left', text: (p) => String(p.invoiceNumber) },
  { label: 'Method', width: 130, align: 'left', text: (p) => p.method },
  { label: 'Reference', width: 136, align: 'left', text: (p) => p.reference ?? '' },
  { label: 'Amount', width: 90, align: 'right', text: (p) => moneyText(p.amount) },
];

type Credit = StatementContent['credits'][number];
const CREDIT_COLUMNS: TableColumn<Credit>[] = [
  { label: 'Date', width: 80, align: 'left', text: (c) => formatDate(c.on) },
  { label: 'Reason', width: 256, align: 'left', text: (c) => c.reason },
  { label: 'Applied', width: 90, align: 'right', text: (c) => moneyText(c.applied) },
  { label: 'Amount', width: 90, align: 'right', text: (c) => moneyText(c.amount) },
];

/**
 * Renders a customer statement (US Letter) in the company's invoice template: its colours, logo and footer; the
 * company and the customer; the aging buckets; the open invoices; the payments and credits of the period.
 */
export function renderStatementPdf(template: DocumentTemplate, logo: LogoPng, s: StatementContent): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: `Statement ${s.asOf}`, Author: s.companyName });
  drawBand(doc, { colour: template.headerColour, logo, title: 'STATEMENT', subtitle: `As of ${formatDate(s.asOf)}`, companyName: s.companyName });
  const colour = template.accentColour;
  let y = drawBlocks(doc, 116, colour, [
    { title: 'From', lines: s.companyLines },
    { title: 'Statement for', lines: s.customerLines },
    {
      title: 'Summary',
      lines: [`Balance due: ${moneyText(s.aging.balance)}`, `Terms: ${s.termsName ?? 'Due on receipt'}`, `Period: ${formatDate(s.periodFrom)} to ${formatDate(s.asOf)}`],
    },
  ]);
  y = drawHeading(doc, roomFor(doc, y, 60), colour, 'Aging');
  y = drawTable(doc, y, AGING_COLUMNS, [s.aging], { colour, empty: '' }) + 10;
  y = drawHeading(doc, roomFor(doc, y, 60), colour, 'Open invoices');
  y = drawTable(doc, y, INVOICE_COLUMNS, s.invoices, { colour, empty: 'No open invoices: nothing is owed.' }) + 10;
  y = drawHeading(doc, roomFor(doc, y, 60), colour, 'Payments received in the period');
  y = drawTable(doc, y, PAYMENT_COLUMNS, s.payments, { colour, empty: 'No payments in the period.' }) + 10;
  y = drawHeading(doc, roomFor(doc, y, 60), colour, 'Credits in the period');
  drawTable(doc, y, CREDIT_COLUMNS, s.credits, { colour, empty: 'No credits in the period.' });
  drawPageFooters(doc, (page, count) => [template.footer, `Page ${page} of ${count}`].filter(Boolean).join('   ·   '));
  doc.end();
  return done;
}
