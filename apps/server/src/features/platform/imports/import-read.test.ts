import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { openRows } from './import-read';

/** A workbook of one sheet, its zip entries in the order given (the rest after them, as written). */
async function workbook(first: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Customers');
  sheet.addRow(['External ID', 'Name']);
  sheet.addRow(['X-1', 'Sheet Diner']);
  const written = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  const names = Object.keys(written.files).filter((n) => !written.files[n].dir);
  const reordered = new JSZip();
  for (const name of [...first, ...names.filter((n) => !first.includes(n))]) reordered.file(name, await written.files[name].async('uint8array'));
  return reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const rowsOf = async (file: Buffer) => {
  const { format, rows } = await openRows('customers.xlsx', Readable.from([file]));
  const out: string[][] = [];
  for await (const row of rows) out.push(row.cells);
  return { format, rows: out };
};

describe('reading an XLSX file', () => {
  it('reads the first sheet whatever the order of the parts in the file', async () => {
    const expected = { format: 'XLSX', rows: [['External ID', 'Name'], ['X-1', 'Sheet Diner']] };
    expect(await rowsOf(await workbook(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml']))).toEqual(expected);
    // The sheet before the workbook part that names it, the shared strings before both.
    expect(await rowsOf(await workbook(['xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml', 'xl/workbook.xml']))).toEqual(expected);
    // The sheet before its shared strings too.
    expect(await rowsOf(await workbook(['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'xl/workbook.xml']))).toEqual(expected);
  });
});
