import ExcelJS from 'exceljs';
import { csvNumber, jsonNumberOf, toCsv, type CsvCell, type ReportColumn, type ReportFormat } from '@sm/shared';
import type { ReadReport } from './reports.service';
import type { StatementRow } from './reports-sql';

/** What a file is written from: a report's heading, columns, and its rows and totals with money as decimal text. */
export interface ReportSource {
  answer: Pick<ReadReport['answer'], 'title' | 'from' | 'to' | 'columns'> & { reportKey: string };
  exact: ReadReport['exact'];
}

/** A report's file: its bytes, type and name. */
export interface ReportFile {
  body: Buffer | string;
  contentType: string;
  fileName: string;
}

const csvOf = (c: ReportColumn, v: StatementRow[string]): CsvCell => (c.kind === 'text' ? (v === null ? null : String(v)) : csvNumber(v));

/** Text cells defused as in the CSV: a spreadsheet never runs what a customer's name starts with. */
const safeText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

function xlsxOf(c: ReportColumn, v: StatementRow[string]): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (c.kind === 'text') return safeText(String(v));
  return c.kind === 'money' || c.kind === 'hours' ? jsonNumberOf(String(v)) : Number(v);
}

const NUMBER_FORMATS: Partial<Record<ReportColumn['kind'], string>> = { money: '#,##0.00', hours: '0.00', percent: '0.0"%"', count: '0' };

/**
 * A report as CSV (the one CSV writer, money to the cent as written by the database) or XLSX (a sheet with a bold
 * heading row, money formatted to the cent, a totals row): the same rows and totals the page shows.
 */
export async function reportFile(report: ReportSource, format: ReportFormat): Promise<ReportFile> {
  const { answer, exact } = report;
  const baseName = `${answer.reportKey}-${answer.from}-to-${answer.to}`;
  const lines = [...exact.rows, exact.totals];
  if (format === 'csv') {
    const csv = toCsv([answer.columns.map((c) => c.label), ...lines.map((r) => answer.columns.map((c) => csvOf(c, r[c.key] ?? null)))]);
    return { body: csv, contentType: 'text/csv; charset=utf-8', fileName: `${baseName}.csv` };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(answer.title);
  sheet.columns = answer.columns.map((c) => ({ header: c.label, key: c.key, width: c.kind === 'text' ? 28 : 14, style: { numFmt: NUMBER_FORMATS[c.kind] } }));
  sheet.getRow(1).font = { bold: true };
  for (const r of lines) sheet.addRow(answer.columns.map((c) => xlsxOf(c, r[c.key] ?? null)));
  sheet.getRow(sheet.rowCount).font = { bold: true };
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { body, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `${baseName}.xlsx` };
}
