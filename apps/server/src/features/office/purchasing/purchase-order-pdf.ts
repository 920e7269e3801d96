import { moneyText, type DocumentTemplate, type PurchaseOrder } from '@sm/shared';
import { drawBand, drawBlocks, drawPageFooters, drawParagraph, drawTable, startPdf, type LogoPng, type TableColumn } from '../../money/documents/pdf-document';

type Row = { partNumber: string; description: string; quantity: string; unitCost: string; amount: string; isTotal?: boolean };

const COLUMNS: TableColumn<Row>[] = [
  { label: 'Part #', width: 84, align: 'left', text: (r) => r.partNumber },
  { label: 'Description', width: 232, align: 'left', text: (r) => r.description },
  { label: 'Qty', width: 50, align: 'right', text: (r) => r.quantity },
  { label: 'Unit Cost', width: 70, align: 'right', text: (r) => r.unitCost },
  { label: 'Amount', width: 80, align: 'right', text: (r) => r.amount },
];

/**
 * A purchase order as the vendor receives it (US Letter): the company's colours and logo from its quote template, the
 * vendor, where to ship, the work order it is for, the lines with their exact amounts and the total, and the notes.
 */
export function renderPurchaseOrderPdf(template: DocumentTemplate, logo: LogoPng, po: PurchaseOrder, companyName: string): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: `Purchase Order ${po.number}`, Author: companyName });
  drawBand(doc, { colour: template.headerColour, logo, title: 'PURCHASE ORDER', subtitle: `No. ${po.number}   ·   ${po.createdAt.slice(0, 10)}`, companyName });
  let y = drawBlocks(doc, 116, template.accentColour, [
    { title: 'Vendor', lines: [po.vendorName, po.vendorEmail ?? ''] },
    { title: 'Ship to', lines: [po.shipToName ?? '', po.shipToAddress ?? ''] },
    {
      title: 'Details',
      lines: [
        `Purchase Order: ${po.number}`,
        ...(po.expectedOn ? [`Expected: ${po.expectedOn}`] : []),
        ...(po.workOrderNumber ? [`Work Order: ${po.workOrderNumber}`] : []),
        ...(po.createdByName ? [`Ordered by: ${po.createdByName}`] : []),
      ],
    },
  ]);
  const rows: Row[] = po.lines.map((l) => ({
    partNumber: l.partNumber ?? '',
    description: l.description,
    quantity: String(l.quantity),
    unitCost: moneyText(String(l.unitCost)),
    amount: moneyText(String(l.lineTotal)),
  }));
  rows.push({ partNumber: '', description: 'Total', quantity: '', unitCost: '', amount: moneyText(String(po.total)), isTotal: true });
  y = drawTable(doc, y, COLUMNS, rows, { colour: template.accentColour, empty: 'No lines.', isEmphasised: (r) => r.isTotal === true });
  drawParagraph(doc, y + 8, template.accentColour, 'Notes', po.notes ?? '');
  drawPageFooters(doc, (page, count) => [companyName, `Page ${page} of ${count}`].join('   ·   '));
  doc.end();
  return done;
}
