import PDFDocument from 'pdfkit';
import { DOCUMENT_COLUMN_LABELS, DOCUMENT_COLUMNS, moneyText, type DocumentColumn, type DocumentTemplate } from '@sm/shared';

/** One line of a printed quote or invoice; amounts are exact decimal texts ('1234.50'), never binary numbers. */
export interface DocumentLine {
  description: string;
  quantity?: string | null;
  unitPrice?: string | null;
  discount?: string | null;
  technician?: string | null;
  amount: string;
}

/** A line under the table: Subtotal, Tax %, Payments, Invoice Total... */
export interface DocumentTotal {
  label: string;
  amount: string;
  isEmphasised?: boolean;
}

/** Everything a printed quote or invoice says, apart from its look (the company's template). */
export interface DocumentContent {
  number: string;
  date: string;
  companyName: string;
  /** Who is billed, then where the work is, each as lines of text. */
  billTo: string[];
  serviceAt: string[];
  /** Facts beside the number: Work Order, Customer PO, Terms, Valid until... */
  facts: { label: string; value: string }[];
  lines: DocumentLine[];
  totals: DocumentTotal[];
  /** Text printed above the terms (a work description, the quote's notes); plain text. */
  notes?: string | null;
}

/** The stored logo as bytes, for pdfkit. */
export type LogoPng = Buffer | null;

const PAGE = { margin: 48, width: 612 - 96 };
const NUMBER_FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

interface Column {
  key: 'description' | DocumentColumn | 'amount';
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** The table's columns: Description takes what the chosen optional columns leave. */
function columnsOf(template: DocumentTemplate): Column[] {
  const widths: Record<DocumentColumn, number> = { quantity: 44, unitPrice: 72, discount: 64, technician: 96 };
  const chosen = DOCUMENT_COLUMNS.filter((c) => template.columns[c]);
  const fixed = chosen.reduce((sum, c) => sum + widths[c], 0) + 80;
  const description: Column = { key: 'description', label: 'Description', width: PAGE.width - fixed, align: 'left' };
  const optional = chosen.map<Column>((c) => ({ key: c, label: DOCUMENT_COLUMN_LABELS[c], width: widths[c], align: c === 'technician' ? 'left' : 'right' }));
  // The technician reads best beside the description, the numbers together before the amount.
  const technician = optional.filter((c) => c.key === 'technician');
  const numbers = optional.filter((c) => c.key !== 'technician');
  return [description, ...technician, ...numbers, { key: 'amount', label: 'Amount', width: 80, align: 'right' }];
}

function cellText(line: DocumentLine, key: Column['key']): string {
  switch (key) {
    case 'description':
      return line.description;
    case 'technician':
      return line.technician ?? '';
    case 'quantity':
      return line.quantity ?? '';
    case 'unitPrice':
      return line.unitPrice ? moneyText(line.unitPrice) : '';
    case 'discount':
      return line.discount && /[1-9]/.test(line.discount) ? moneyText(line.discount) : '';
    case 'amount':
      return moneyText(line.amount);
  }
}

/**
 * Renders a quote or an invoice as a PDF (US Letter): the company's colours and logo, the parties, the lines with the
 * columns the template shows, the totals, notes and terms, and page numbers. Long tables continue on new pages with
 * their header repeated.
 */
export function renderDocumentPdf(template: DocumentTemplate, logo: LogoPng, content: DocumentContent): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: `${template.title} ${content.number}`, Author: content.companyName });
  drawBand(doc, { colour: template.headerColour, logo, title: template.title, subtitle: `No. ${content.number}   ·   ${content.date}`, companyName: content.companyName });

  // The parties and the facts.
  let y = drawBlocks(doc, 116, template.accentColour, [
    { title: 'Bill to', lines: content.billTo },
    { title: 'Service location', lines: content.serviceAt },
    { title: 'Details', lines: content.facts.map((f) => `${f.label}: ${f.value}`) },
  ]);

  // The lines.
  const columns = columnsOf(template).map<TableColumn<DocumentLine>>((c) => ({ ...c, text: (line) => cellText(line, c.key) }));
  y = drawTable(doc, y, columns, content.lines, { colour: template.accentColour, empty: 'No lines.' });

  // The totals, right-aligned under the table.
  y += 8;
  for (const total of content.totals) {
    y = roomFor(doc, y, 18);
    doc.fillColor(total.isEmphasised ? template.accentColour : '#222222').font(total.isEmphasised ? BOLD : NUMBER_FONT).fontSize(total.isEmphasised ? 11 : 10);
    doc.text(total.label, PAGE.margin + PAGE.width - 260, y, { width: 170, align: 'right' });
    doc.text(moneyText(total.amount), PAGE.margin + PAGE.width - 90, y, { width: 90, align: 'right' });
    y += total.isEmphasised ? 20 : 16;
  }

  // Notes and terms, then the footer and page numbers on every page.
  y = drawParagraph(doc, y, template.accentColour, 'Notes', content.notes ?? '');
  drawParagraph(doc, y, template.accentColour, 'Terms', template.terms);
  drawPageFooters(doc, (page, count) => [template.footer, `Page ${page} of ${count}`].filter(Boolean).join('   ·   '));
  doc.end();
  return done;
}

/** Where a page's content ends: the footer takes the space below it. */
const BOTTOM_LIMIT = 792 - PAGE.margin - 24;

type Pdf = PDFKit.PDFDocument;

/**
 * A new US Letter document and the promise of its bytes once `doc.end()` is called. Pages stay buffered so the footers
 * can be written last, when the number of pages is known. A sheet of labels has no margin: its labels reach the edges.
 */
export function startPdf(info: { Title: string; Author: string }, margin = PAGE.margin): { doc: Pdf; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'LETTER', margin, bufferPages: true, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The band across the top of the current page, in a colour: the logo (or the company's name), the title and a line under it. */
export function drawBand(doc: Pdf, band: { colour: string; logo: LogoPng; title: string; subtitle: string; companyName: string }) {
  const left = PAGE.margin;
  doc.rect(0, 0, 612, 96).fill(band.colour);
  if (band.logo) doc.image(band.logo, left, 18, { fit: [160, 60], valign: 'center' });
  doc.fillColor('#ffffff').font(BOLD).fontSize(24).text(band.title, left, 24, { width: PAGE.width, align: 'right' });
  doc.font(NUMBER_FONT).fontSize(10).text(band.subtitle, left, 56, { width: PAGE.width, align: 'right' });
  if (!band.logo) doc.font(BOLD).fontSize(14).text(band.companyName, left, 36, { width: PAGE.width / 2 });
}

/**
 * Blocks side by side, each a small title over lines of text, sharing the page's width (equally, or by their `share`);
 * answers where the content under the tallest continues.
 */
export function drawBlocks(doc: Pdf, y: number, colour: string, blocks: { title: string; lines: string[]; share?: number }[]): number {
  const shares = blocks.reduce((sum, b) => sum + (b.share ?? 1), 0);
  let x = PAGE.margin;
  const bottoms = blocks.map((block) => {
    const width = (PAGE.width * (block.share ?? 1)) / shares;
    doc.fillColor(colour).font(BOLD).fontSize(9).text(block.title.toUpperCase(), x, y, { width: width - 12 });
    doc.fillColor('#222222').font(NUMBER_FONT).fontSize(10).text(block.lines.filter(Boolean).join('\n') || '—', x, y + 14, { width: width - 12 });
    x += width;
    return doc.y;
  });
  return Math.max(...bottoms) + 18;
}

/** A column of a table: its header, width in points, alignment, and the text of a row's cell. */
export interface TableColumn<Row> {
  label: string;
  width: number;
  align: 'left' | 'right';
  text: (row: Row) => string;
}

/**
 * A table from `y` across the page: a header in the colour, then the rows, striped, each as tall as its tallest cell
 * (long texts wrap in their column) and `padding` (8 points unless told). A row that does not fit starts a new page
 * with the header repeated; emphasised rows (totals) are bold over a rule. Answers where the content under it continues.
 */
export function drawTable<Row>(
  doc: Pdf,
  y: number,
  columns: TableColumn<Row>[],
  rows: Row[],
  opts: { colour: string; empty: string; isEmphasised?: (row: Row) => boolean; padding?: number },
): number {
  const padding = opts.padding ?? 8;
  const left = PAGE.margin;
  const header = () => {
    doc.rect(left, y, PAGE.width, 20).fill(opts.colour);
    let x = left;
    doc.fillColor('#ffffff').font(BOLD).fontSize(9);
    for (const c of columns) {
      doc.text(c.label, x + 4, y + 6, { width: c.width - 8, align: c.align });
      x += c.width;
    }
    y += 24;
  };
  header();
  rows.forEach((row, i) => {
    const isEmphasised = opts.isEmphasised?.(row) ?? false;
    const font = isEmphasised ? BOLD : NUMBER_FONT;
    doc.font(font).fontSize(9);
    const height = Math.max(...columns.map((c) => doc.heightOfString(c.text(row), { width: c.width - 8 }))) + padding;
    if (y + height > BOTTOM_LIMIT) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    if (isEmphasised) doc.moveTo(left, y - 2).lineTo(left + PAGE.width, y - 2).lineWidth(0.75).strokeColor(opts.colour).stroke();
    else if (i % 2 === 1) doc.rect(left, y - 2, PAGE.width, height).fill('#f3f6f9');
    let x = left;
    doc.fillColor('#222222').font(font).fontSize(9);
    for (const c of columns) {
      // The text sits in the middle of the stripe, which starts 2 points above the row.
      doc.text(c.text(row), x + 4, y - 2 + padding / 2, { width: c.width - 8, align: c.align });
      x += c.width;
    }
    y += height;
  });
  if (rows.length === 0) {
    doc.fillColor('#555555').font(NUMBER_FONT).fontSize(9).text(opts.empty, left + 4, y + 2);
    y += 18;
  }
  return y;
}

/** Where to draw something `height` points tall: at `y`, or at the top of a new page when it would not fit. */
export function roomFor(doc: Pdf, y: number, height: number): number {
  if (y + height <= BOTTOM_LIMIT) return y;
  doc.addPage();
  return PAGE.margin;
}

/** A small title in the colour, in capitals, across the page; answers where what it titles starts. */
export function drawHeading(doc: Pdf, y: number, colour: string, title: string): number {
  doc.fillColor(colour).font(BOLD).fontSize(9).text(title.toUpperCase(), PAGE.margin, y, { width: PAGE.width });
  return doc.y + 4;
}

/** A small title over a paragraph of plain text, a little below `y`; nothing when the text is empty. Answers where it ends. */
export function drawParagraph(doc: Pdf, y: number, colour: string, title: string, text: string): number {
  if (!text.trim()) return y;
  const top = drawHeading(doc, y + 14, colour, title);
  doc.fillColor('#333333').font(NUMBER_FONT).fontSize(9).text(text, PAGE.margin, top, { width: PAGE.width });
  return doc.y;
}

/** The height `drawSignatureLines` takes: room to sign above the lines, and the names under them. */
export const SIGNATURE_LINES_HEIGHT = 56;

/**
 * Lines to sign on, side by side, each with who signs under it and a shorter line for the date, with room to sign
 * above them, on a new page when they do not fit. Answers where they end.
 */
export function drawSignatureLines(doc: Pdf, y: number, signers: { label: string; name: string }[]): number {
  y = roomFor(doc, y, SIGNATURE_LINES_HEIGHT) + 36;
  const gap = 24;
  const width = (PAGE.width - gap * (signers.length - 1)) / signers.length;
  const dateWidth = 80;
  signers.forEach((signer, i) => {
    const x = PAGE.margin + i * (width + gap);
    doc.moveTo(x, y).lineTo(x + width - dateWidth - 12, y).moveTo(x + width - dateWidth, y).lineTo(x + width, y).lineWidth(0.75).strokeColor('#444444').stroke();
    doc.fillColor('#555555').font(NUMBER_FONT).fontSize(8);
    doc.text([signer.label, signer.name].filter(Boolean).join(': '), x, y + 4, { width: width - dateWidth - 12 });
    doc.text('Date', x + width - dateWidth, y + 4, { width: dateWidth });
  });
  return y + 20;
}

/** A footer on every page, centred in the bottom margin, from the page's number and the number of pages (both from 1). */
export function drawPageFooters(doc: Pdf, footerOf: (page: number, count: number) => string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.fillColor('#666666').font(NUMBER_FONT).fontSize(8).text(footerOf(i + 1, range.count), PAGE.margin, 792 - PAGE.margin + 12, { width: PAGE.width, align: 'center', lineBreak: false });
  }
}
