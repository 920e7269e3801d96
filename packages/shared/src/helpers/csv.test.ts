import { describe, expect, it } from 'vitest';
import { csvCell, csvNumber, toCsv } from './csv';
import * as shared from '../index';

/** A CSV text read back as RFC 4180 says: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  return rows;
}

describe('csvCell', () => {
  it('quotes as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Отчёт, 報告')).toBe('"Отчёт, 報告"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1+1`), JSON.stringify(start)).toBe(`'${start}1+1`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('-12.50')).toBe("'-12.50");
    expect(csvCell('=cmd|calc!A1')).toBe("'=cmd|calc!A1");
    // Only the first character counts: a formula sign inside a name is harmless.
    expect(csvCell('Smith-Jones = boss')).toBe('Smith-Jones = boss');
  });

  it('writes numbers as numbers, negative ones too', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(1e21)).toBe('1e+21');
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
  });

  it('writes a decimal text marked as a number as it is, and defuses a marked text that is not a plain decimal', () => {
    expect(csvCell(csvNumber('-12.50'))).toBe('-12.50');
    expect(csvCell(csvNumber('1366.88'))).toBe('1366.88');
    expect(csvCell(csvNumber(-0.25))).toBe('-0.25');
    expect(csvCell(csvNumber(null))).toBe('');
    expect(csvCell(csvNumber(''))).toBe('');
    expect(csvCell(csvNumber('-1+2'))).toBe("'-1+2");
    expect(csvCell(csvNumber('=1,2'))).toBe(`"'=1,2"`);
    expect(csvCell(csvNumber('+12'))).toBe("'+12");
  });
});

describe('toCsv', () => {
  it('writes rows with CRLF after each record, the last one too, and reads back cell for cell', () => {
    expect(toCsv([['A', 'B'], [1, 'x']])).toBe('A,B\r\n1,x\r\n');
    expect(toCsv([])).toBe('');
    const rows = [
      ['Employee', 'Amount', 'Note'],
      ['=HYPERLINK("http://x")', csvNumber('-12.50'), 'line one\r\nline two, "quoted"'],
      ['Zoë', -3, '@SUM(A1)'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual([
      ['Employee', 'Amount', 'Note'],
      [`'=HYPERLINK("http://x")`, '-12.50', 'line one\r\nline two, "quoted"'],
      ['Zoë', '-3', "'@SUM(A1)"],
    ]);
  });

  it('is exported by the shared package, like its other helpers', () => {
    expect(shared.toCsv).toBe(toCsv);
    expect(shared.csvNumber).toBe(csvNumber);
  });
});
