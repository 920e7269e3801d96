import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';

/** Avery 5160 as a person measures it on the sheet, in points: 3 × 10 labels of 189 × 72, from 13.5 and 36, 198 apart across. */
const SHEET = { columns: 3, rows: 10, left: 13.5, top: 36, width: 189, height: 72, columnPitch: 198 };
const DPI = 200;

/** One printed label as read back: where it sits on which page, and the link its QR code holds. */
export interface ReadLabel {
  page: number;
  row: number;
  column: number;
  link: string;
}

/**
 * Reads a label sheet as a phone would: each page rendered to a PNG by poppler's pdftoppm, each label's square of the
 * picture cut out and its QR code decoded by jsQR. Labels without a QR code are left out; the text is pdftotext's.
 */
export async function readLabelSheet(pdf: Buffer): Promise<{ labels: ReadLabel[]; pages: number; text: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'sm-labels-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(DPI), join(dir, 'sheet.pdf'), join(dir, 'page')]);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' });
    const pngs = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
    const scale = DPI / 72;
    const labels: ReadLabel[] = [];
    for (const [page, png] of pngs.entries()) {
      const image = readFileSync(join(dir, png));
      for (let row = 0; row < SHEET.rows; row += 1) {
        for (let column = 0; column < SHEET.columns; column += 1) {
          // The label's left part, where its code is: a square as high as the label.
          const region = { left: Math.round((SHEET.left + column * SHEET.columnPitch) * scale), top: Math.round((SHEET.top + row * SHEET.height) * scale), width: Math.round(SHEET.height * scale), height: Math.round(SHEET.height * scale) };
          const { data, info } = await sharp(image).extract(region).extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
          const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
          if (code) labels.push({ page: page + 1, row, column, link: code.data });
        }
      }
    }
    return { labels, pages: pngs.length, text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
