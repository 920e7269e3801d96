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
  const doc = new PDFDocument({ size: 'LETTER', margin: PAGE.margin, bufferPages: true, info: { Title: `${template.title} ${content.number}`, Author: content.companyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  // The band across the top, in the header colour, with the logo and the title.
  doc.rect(0, 0, 612, 96).fill(template.headerColour);
  if (logo) doc.image(logo, left, 18, { fit: [160, 60], valign: 'center' });
  doc.fillColor('#ffffff').font(BOLD).fontSize(24).text(template.title, left, 24, { width: PAGE.width, align: 'right' });
  doc.font(NUMBER_FONT).fontSize(10).text(`No. ${content.number}   ·   ${content.date}`, left, 56, { width: PAGE.width, align: 'right' });
  if (!logo) doc.font(BOLD).fontSize(14).text(content.companyName, left, 36, { width: PAGE.width / 2 });

  // The parties and the facts.
  let y = 116;
  const third = PAGE.width / 3;
  const block = (title: string, lines: string[], x: number) => {
    doc.fillColor(template.accentColour).font(BOLD).fontSize(9).text(title.toUpperCase(), x, y, { width: third - 12 });
    doc.fillColor('#222222').font(NUMBER_FONT).fontSize(10).text(lines.filter(Boolean).join('\n') || '—', x, y + 14, { width: third - 12 });
    return doc.y;
  };
  const bottoms = [
    block('Bill to', content.billTo, left),
    block('Service location', content.serviceAt, left + third),
    block('Details', content.facts.map((f) => `${f.label}: ${f.value}`), left + 2 * third),
  ];
  y = Math.max(...bottoms) + 18;

  // The lines.
  const columns = columnsOf(template);
  const header = () => {
    doc.rect(left, y, PAGE.width, 20).fill(template.accentColour);
    let x = left;
    doc.fillColor('#ffffff').font(BOLD).fontSize(9);
    for (const c of columns) {
      doc.text(c.label, x + 4, y + 6, { width: c.width - 8, align: c.align });
      x += c.width;
    }
    y += 24;
  };
  header();
  const bottomLimit = 792 - PAGE.margin - 24;
  content.lines.forEach((line, i) => {
    doc.font(NUMBER_FONT).fontSize(9);
    const height = Math.max(...columns.map((c) => doc.heightOfString(cellText(line, c.key), { width: c.width - 8 }))) + 8;
    if (y + height > bottomLimit) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    if (i % 2 === 1) doc.rect(left, y - 2, PAGE.width, height).fill('#f3f6f9');
    let x = left;
    doc.fillColor('#222222').font(NUMBER_FONT).fontSize(9);
    for (const c of columns) {
      doc.text(cellText(line, c.key), x + 4, y + 2, { width: c.width - 8, align: c.align });
      x += c.width;
    }
    y += height;
  });
  if (content.lines.length === 0) {
    doc.fillColor('#555555').font(NUMBER_FONT).fontSize(9).text('No lines.', left + 4, y + 2);
    y += 18;
  }

  // The totals, right-aligned under the table.
  y += 8;
  for (const total of content.totals) {
    if (y + 18 > bottomLimit) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc.fillColor(total.isEmphasised ? template.accentColour : '#222222').font(total.isEmphasised ? BOLD : NUMBER_FONT).fontSize(total.isEmphasised ? 11 : 10);
    doc.text(total.label, left + PAGE.width - 260, y, { width: 170, align: 'right' });
    doc.text(moneyText(total.amount), left + PAGE.width - 90, y, { width: 90, align: 'right' });
    y += total.isEmphasised ? 20 : 16;
  }

  // Notes and terms, then the footer and page numbers on every page.
  const paragraph = (title: string, text: string) => {
    if (!text.trim()) return;
    y += 14;
    doc.fillColor(template.accentColour).font(BOLD).fontSize(9).text(title.toUpperCase(), left, y, { width: PAGE.width });
    doc.fillColor('#333333').font(NUMBER_FONT).fontSize(9).text(text, left, doc.y + 4, { width: PAGE.width });
    y = doc.y;
  };
  paragraph('Notes', content.notes ?? '');
  paragraph('Terms', template.terms);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const footer = [template.footer, `Page ${i + 1} of ${range.count}`].filter(Boolean).join('   ·   ');
    doc.fillColor('#666666').font(NUMBER_FONT).fontSize(8).text(footer, left, 792 - PAGE.margin + 12, { width: PAGE.width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
