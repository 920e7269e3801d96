import { type LeakRepair, type RefrigerantMovement } from '@sm/shared';
import { drawBand, drawBlocks, drawHeading, drawPageFooters, drawTable, roomFor, startPdf, type TableColumn } from '../../money/documents/pdf-document';
import type { RefrigerantReport } from './refrigerant-report.service';

const COLOUR = '#1d4f7a';
const KIND = { added: 'Added', recovered: 'Recovered', recycled: 'Recycled' } as const;
const percent = (v: number | null) => (v == null ? '' : `${v.toFixed(2)} %`);
const test = (on: string | null, passed: boolean | null) => (on ? `${on} ${passed ? 'passed' : 'failed'}` : 'not yet');

const MOVEMENT_COLUMNS: TableColumn<RefrigerantMovement>[] = [
  { label: 'Date', width: 62, align: 'left', text: (m) => m.occurredOn },
  { label: 'Record', width: 58, align: 'left', text: (m) => KIND[m.kind] },
  { label: 'Amount', width: 70, align: 'right', text: (m) => m.amountText },
  { label: 'Leak rate', width: 60, align: 'right', text: (m) => percent(m.leakRatePercent) },
  { label: 'Threshold', width: 58, align: 'right', text: (m) => percent(m.leakThresholdPercent) },
  { label: 'Exceeded', width: 52, align: 'left', text: (m) => (m.isLeakRateExceeded == null ? '' : m.isLeakRateExceeded ? 'YES' : 'no') },
  { label: 'Work order', width: 58, align: 'left', text: (m) => m.workOrderNumber },
  { label: 'Technician', width: 98, align: 'left', text: (m) => `${m.technicianName} (${m.certificationNumber})` },
];

const REPAIR_COLUMNS: TableColumn<LeakRepair>[] = [
  { label: 'Found', width: 62, align: 'left', text: (r) => r.openedOn },
  { label: 'Leak rate', width: 60, align: 'right', text: (r) => percent(r.leakRatePercent) },
  { label: 'Repair due', width: 90, align: 'left', text: (r) => `${r.dueOn}${r.isIndustrialShutdown ? ' (shutdown)' : ''}` },
  { label: 'Repaired', width: 62, align: 'left', text: (r) => r.repairedOn ?? 'not yet' },
  { label: 'Initial test', width: 92, align: 'left', text: (r) => test(r.initialTestOn, r.initialTestPassed) },
  { label: 'Follow-up test', width: 92, align: 'left', text: (r) => test(r.followUpTestOn, r.followUpTestPassed) },
  { label: 'Leak test WO', width: 58, align: 'left', text: (r) => r.verificationWorkOrderNumber ?? '' },
];

/** Pounds as the report prints them: the exact decimal and "lb". */
const lb = (pounds: string) => `${pounds} lb`;

/**
 * The yearly refrigerant report as a PDF (pdfkit): the company's band, the customer, then each appliance with its
 * refrigerant and full charge, the year's movements with leak rates, its totals and its leak repairs.
 */
export async function renderRefrigerantReportPdf(report: RefrigerantReport): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: `Refrigerant Report ${report.year}: ${report.customerName}`, Author: report.companyName });
  drawBand(doc, { colour: COLOUR, logo: null, title: `Refrigerant Report ${report.year}`, subtitle: report.customerName, companyName: report.companyName });
  let y = drawBlocks(doc, 116, COLOUR, [
    { title: 'Customer', lines: [report.customerName, report.customerAddress] },
    { title: 'Period', lines: [`January 1 to December 31, ${report.year}`, `${report.appliances.length} appliance(s)`] },
  ]);
  if (report.appliances.length === 0) doc.fillColor('#555555').fontSize(10).text('No appliance with refrigerant at this location.', 48, y);
  for (const a of report.appliances) {
    y = roomFor(doc, y + 8, 90);
    y = drawHeading(doc, y, COLOUR, `${a.name}${a.serialNumber ? ` · S/N ${a.serialNumber}` : ''}`);
    const charge = a.chargePounds ? lb(a.chargePounds) : 'not recorded';
    doc.fillColor('#222222').font('Helvetica').fontSize(9).text(`${a.categoryName} · Refrigerant: ${a.refrigerantName ?? 'none'} · Full charge: ${charge}`, 48, y);
    y = drawTable(doc, doc.y + 6, MOVEMENT_COLUMNS, a.movements, { colour: COLOUR, empty: `No refrigerant logged in ${report.year}.`, padding: 6 });
    y = roomFor(doc, y + 4, 16);
    doc.fillColor('#222222').font('Helvetica-Bold').fontSize(9).text(
      `Totals ${report.year}: added ${lb(a.totals.added)} · recovered ${lb(a.totals.recovered)} · recycled ${lb(a.totals.recycled)}`,
      48,
      y,
    );
    y = doc.y + 6;
    if (a.repairs.length > 0) y = drawTable(doc, y, REPAIR_COLUMNS, a.repairs, { colour: '#8a1c1c', empty: '', padding: 6 });
  }
  drawPageFooters(doc, (page, count) => `${report.companyName} · Refrigerant Report ${report.year} · ${report.customerName} · page ${page} of ${count}`);
  doc.end();
  return done;
}

