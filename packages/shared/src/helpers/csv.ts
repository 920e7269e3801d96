/**
 * The one CSV writer of the product: every export (contacts, the payroll report, …) goes through it, so that every
 * file people open in a spreadsheet is quoted the same way and none can carry a formula.
 *
 * Numbers stay numbers. A cell given as a JavaScript number is written as it is (`-12.5`): its text can only be
 * digits, a sign, a point and an exponent, which no spreadsheet runs. Money and hours come from the database as
 * decimal text ("-12.50", to keep every cent); an export marks such a column with `csvNumber(...)`, and the text is
 * written as it is when it is a plain decimal (an optional minus, digits, an optional fraction). Anything else, a
 * marked text that is not a plain decimal included, is text, and text starting with = + - @ a tab or a carriage return
 * gets a leading apostrophe, which spreadsheets show as text and do not run (OWASP "CSV injection").
 */

/** A decimal given as text that an export means as a number; see `csvNumber`. */
export interface CsvNumber {
  readonly csvNumber: string;
}

/** What a CSV cell may be given as; null and undefined are empty cells. */
export type CsvCell = string | number | boolean | CsvNumber | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Marks a decimal kept as text ("-12.50", a Decimal's `toFixed`) as a number, so a negative amount is written as a
 * number and not defused into text. Null, undefined and '' stay empty cells.
 */
export function csvNumber(value: string | number | null | undefined): CsvNumber | null {
  return value == null || value === '' ? null : { csvNumber: String(value) };
}

/** Text as a cell: defused when it would start a formula, then quoted when it holds a comma, a quote or a line break (RFC 4180). */
function textCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One cell as CSV text: numbers (and marked plain decimals) as they are, everything else as defused, quoted text. */
export function csvCell(cell: CsvCell): string {
  if (cell == null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : textCell(String(cell));
  if (typeof cell === 'object') return PLAIN_DECIMAL.test(cell.csvNumber) ? cell.csvNumber : textCell(cell.csvNumber);
  return textCell(String(cell));
}

/** Rows (the header row first) as CSV text: comma-separated, CRLF after every record, the last one too (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
