import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '../../../lib/errors';

/**
 * Reads an uploaded file as it arrives, one row at a time (papaparse for CSV, exceljs's streaming reader for XLSX, its
 * first worksheet), so memory stays flat whatever the file's size. Answers the format and the rows with their line
 * numbers as a spreadsheet shows them; blank rows are skipped.
 */

export interface FileRow {
  line: number;
  cells: string[];
}

export const NOT_A_SPREADSHEET = 'The file is not a CSV or XLSX file: save it from your spreadsheet as CSV (comma-separated) or as an Excel workbook (.xlsx), and send it again.';
export const EMPTY_FILE = 'The file is empty: send a CSV or XLSX file whose first row names the columns.';

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** Text has no NUL bytes and no control characters other than tabs and line ends. */
const looksLikeText = (b: Buffer) => !b.subarray(0, 8192).some((c) => c === 0 || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c));

/**
 * The first chunk of a stream (null when it is empty), put back so that the stream reads again from its start: the
 * same stream goes on to its reader, as `unshift` is meant for.
 */
async function peek(source: Readable): Promise<Buffer | null> {
  for (;;) {
    const chunk = source.read() as Buffer | null;
    if (chunk !== null) {
      source.unshift(chunk);
      return chunk;
    }
    if (source.readableEnded || source.destroyed) return null;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        source.off('readable', done).off('end', done).off('error', failed);
        resolve();
      };
      const failed = (e: unknown) => {
        source.off('readable', done).off('end', done).off('error', failed);
        reject(e);
      };
      source.once('readable', done).once('end', done).once('error', failed);
    });
  }
}

/** The text of a spreadsheet cell, whatever exceljs read it as. */
function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return v.result == null ? '' : cellText(v.result as ExcelJS.CellValue);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

async function* csvRows(source: Readable): AsyncGenerator<FileRow> {
  const decoder = new StringDecoder('utf8');
  async function* text() {
    let isFirst = true;
    for await (const chunk of source) {
      let s = decoder.write(chunk as Buffer);
      if (isFirst) s = s.replace(/^\uFEFF/, '');
      isFirst = false;
      if (s) yield s;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
  // Papaparse parses each chunk of text as it arrives and hands over its rows; the parser and the file wait, paused,
  // until those rows are taken, so one chunk at a time is held (a row at a time through its stream mode pauses the
  // parser every few rows, and each pause parses the rest of the chunk again).
  const input = Readable.from(text());
  const at: { rows: string[][]; paused: Papa.Parser | null; isComplete: boolean; failure: unknown; wake(): void } = { rows: [], paused: null, isComplete: false, failure: null, wake: () => undefined };
  Papa.parse<string[]>(input, {
    chunk: (results, parser) => {
      parser.pause();
      input.pause();
      Object.assign(at, { rows: results.data, paused: parser });
      at.wake();
    },
    complete: () => {
      at.isComplete = true;
      at.wake();
    },
    error: (e) => {
      at.failure = e;
      at.wake();
    },
  });
  let line = 0;
  for (;;) {
    if (at.failure) throw at.failure;
    const parser = at.paused;
    if (parser) {
      const records = at.rows;
      Object.assign(at, { rows: [], paused: null });
      for (const record of records) {
        line++;
        if (!record.every((c) => c.trim() === '')) yield { line, cells: record };
      }
      parser.resume();
      if (!at.paused) input.resume();
    } else if (at.isComplete) {
      return;
    } else {
      await new Promise<void>((resolve) => (at.wake = resolve));
    }
  }
}

async function* xlsxRows(source: Readable): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  // The streaming reader names each worksheet from the workbook part and fails on a worksheet stored before that part
  // (a zip's order is its writer's choice; exceljs's own writer varies it). Unnamed sheets are all this reader needs.
  Object.assign(reader, { model: { sheets: [] } });
  let isFirstSheet = true;
  try {
    for await (const sheet of reader) {
      if (!isFirstSheet) continue;
      isFirstSheet = false;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells = values.slice(1).map((v) => cellText(v));
        if (cells.every((c) => c.trim() === '')) continue;
        yield { line: row.number, cells };
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(400, NOT_A_SPREADSHEET);
  }
}

/** The file's format and its rows; a file that is empty or neither CSV nor XLSX is a 400 with a sentence. */
export async function openRows(fileName: string, source: Readable): Promise<{ format: 'CSV' | 'XLSX'; rows: AsyncGenerator<FileRow> }> {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (!['csv', 'txt', 'xlsx'].includes(ext)) {
    source.resume();
    throw new AppError(400, NOT_A_SPREADSHEET);
  }
  const first = await peek(source);
  if (!first || first.length === 0) throw new AppError(400, EMPTY_FILE);
  if (isZip(first)) {
    if (ext !== 'xlsx') throw new AppError(400, NOT_A_SPREADSHEET);
    return { format: 'XLSX', rows: xlsxRows(source) };
  }
  if (ext === 'xlsx' || !looksLikeText(first)) {
    source.resume();
    throw new AppError(400, NOT_A_SPREADSHEET);
  }
  return { format: 'CSV', rows: csvRows(source) };
}
