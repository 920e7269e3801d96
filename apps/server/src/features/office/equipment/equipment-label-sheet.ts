import QRCode from 'qrcode';
import { startPdf } from '../../money/documents/pdf-document';

/** What one label shows: the QR code of the piece's link, its name, serial and location in small type. */
export interface EquipmentLabel {
  link: string;
  name: string;
  serialNumber: string | null;
  location: string;
}

/**
 * Avery 5160 (and its equivalents 8160, 5260...): 30 labels of 2⅝ × 1 in on US Letter, 3 across and 10 down, in points
 * (1/72 in): the sheet's margins, one label's size and the distance from one label to the next.
 */
export const AVERY_5160 = { columns: 3, rows: 10, left: 13.5, top: 36, width: 189, height: 72, columnPitch: 198, rowPitch: 72 } as const;

/** Inside a label: the white kept along its edges (printers drift), the QR code's side and its own quiet zone in modules. */
const PADDING = 5;
const CODE_SIDE = AVERY_5160.height - 2 * PADDING;
const QUIET_MODULES = 2;

type Pdf = PDFKit.PDFDocument;

/**
 * Draws a QR code as filled squares (vector, sharp at any printer's resolution), each row's dark modules joined into
 * runs. Error correction M: a label scratched or smudged by a tenth still reads.
 */
function drawQrCode(doc: Pdf, text: string, x: number, y: number, side: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const cell = side / (count + 2 * QUIET_MODULES);
  const origin = { x: x + QUIET_MODULES * cell, y: y + QUIET_MODULES * cell };
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col += 1;
      // A hair taller than a module, so that rows printed one under the other leave no white seam between them.
      doc.rect(origin.x + start * cell, origin.y + row * cell, (col - start) * cell, cell + 0.05);
    }
  }
  doc.fill('#000000');
}

/** Small type beside the code: the name in bold on up to two lines, then the serial, then the location on up to two. */
function drawLabelText(doc: Pdf, label: EquipmentLabel, x: number, y: number) {
  const left = x + PADDING + CODE_SIDE + 4;
  const width = x + AVERY_5160.width - PADDING - left;
  let top = y + PADDING + 3;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(8.5);
  const nameHeight = Math.min(doc.heightOfString(label.name, { width }), 21);
  doc.text(label.name, left, top, { width, height: 21, ellipsis: true });
  top += nameHeight + 3;
  doc.font('Helvetica').fontSize(7);
  if (label.serialNumber) {
    doc.text(`S/N ${label.serialNumber}`, left, top, { width, height: 9, ellipsis: true, lineBreak: false });
    top += 10;
  }
  doc.fillColor('#333333').text(label.location, left, top, { width, height: Math.max(9, y + AVERY_5160.height - PADDING - top), ellipsis: true });
}

/**
 * A PDF of label sheets (Avery 5160, US Letter), filled from the top left, row by row, as many pages as the labels
 * need. Printed at actual size, each label's QR code opens its piece's page when scanned with a phone's camera.
 */
export function renderLabelSheet(labels: readonly EquipmentLabel[], companyName: string): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: 'Equipment labels', Author: companyName }, 0);
  const perPage = AVERY_5160.columns * AVERY_5160.rows;
  labels.forEach((label, i) => {
    if (i > 0 && i % perPage === 0) doc.addPage({ size: 'LETTER', margin: 0 });
    const cellIndex = i % perPage;
    const x = AVERY_5160.left + (cellIndex % AVERY_5160.columns) * AVERY_5160.columnPitch;
    const y = AVERY_5160.top + Math.floor(cellIndex / AVERY_5160.columns) * AVERY_5160.rowPitch;
    drawQrCode(doc, label.link, x + PADDING, y + PADDING, CODE_SIDE);
    drawLabelText(doc, label, x, y);
  });
  doc.end();
  return done;
}
