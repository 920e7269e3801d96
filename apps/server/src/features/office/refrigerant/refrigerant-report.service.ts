import { and, asc, between, eq, gte, lte } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { csvNumber, poundsOfOunces, toCsv, type Access, type CsvCell, type LeakRepair, type RefrigerantMovement } from '@sm/shared';
import { equipment, equipmentCategories, leakRepairs, refrigerantMovements, refrigerants, subscribers } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { companyToday } from '../../platform/subscribers/company-time';
import { visibleCustomer } from '../customers/customer-visibility';
import { renderRefrigerantReportPdf } from './refrigerant-report-pdf';
import { movementRows, repairRows } from './refrigerant-rows';

/** One appliance of the yearly report: what it is, its year's movements and totals (pounds, exact) and its repairs. */
export interface ReportAppliance {
  name: string;
  serialNumber: string | null;
  categoryName: string;
  refrigerantName: string | null;
  chargePounds: string | null;
  movements: RefrigerantMovement[];
  totals: { added: string; recovered: string; recycled: string };
  repairs: LeakRepair[];
}

export interface RefrigerantReport {
  year: number;
  companyName: string;
  customerName: string;
  customerAddress: string;
  appliances: ReportAppliance[];
}

const totalOf = (movements: RefrigerantMovement[], kind: RefrigerantMovement['kind']) =>
  movements.filter((m) => m.kind === kind).reduce((sum, m) => sum.plus(poundsOfOunces(String(m.amountOunces))), new Decimal(0)).toString();

/**
 * A customer's refrigerant report of one year (the company's calendar year): every appliance at the location with a
 * refrigerant, or with refrigerant logged that year, its additions with their leak rates, totals added, recovered and
 * recycled, and the leak repairs opened that year with their verification tests.
 */
export async function refrigerantReport(ctx: Ctx, access: Access, customerId: number, year: number): Promise<RefrigerantReport> {
  const customer = await visibleCustomer(ctx.db, ctx, access, customerId);
  const [company] = await ctx.db.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId));
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  const pieces = await ctx.db
    .select({ id: equipment.id, name: equipment.name, serialNumber: equipment.serialNumber, categoryName: equipmentCategories.name, refrigerantName: refrigerants.name, chargePounds: equipment.chargePounds })
    .from(equipment)
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipment.categoryId))
    .leftJoin(refrigerants, eq(refrigerants.id, equipment.refrigerantId))
    .where(ofTenant(equipment, ctx, eq(equipment.customerId, customerId)))
    .orderBy(asc(equipment.name), asc(equipment.id));
  const movements = await movementRows(ctx.db, ctx, and(eq(equipment.customerId, customerId), between(refrigerantMovements.occurredOn, from, to)));
  const repairs = await repairRows(ctx.db, ctx, and(eq(equipment.customerId, customerId), gte(leakRepairs.openedOn, from), lte(leakRepairs.openedOn, to)), await companyToday(ctx));
  const appliances = pieces
    .map((p) => {
      const own = movements.filter((m) => m.equipmentId === p.id);
      return {
        name: p.name, serialNumber: p.serialNumber, categoryName: p.categoryName, refrigerantName: p.refrigerantName, chargePounds: p.chargePounds, movements: own,
        totals: { added: totalOf(own, 'added'), recovered: totalOf(own, 'recovered'), recycled: totalOf(own, 'recycled') },
        repairs: repairs.filter((r) => r.equipmentId === p.id),
      };
    })
    .filter((a) => a.refrigerantName != null || a.movements.length > 0);
  const address = [customer.address, customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { year, companyName: company?.name ?? '', customerName: customer.name, customerAddress: address, appliances };
}

const HEADER = [
  'Appliance', 'Serial', 'Category', 'Refrigerant', 'Full Charge (lb)', 'Record', 'Date', 'Amount', 'Amount (lb)', 'Leak Rate (%)', 'Threshold (%)', 'Exceeded',
  'Work Order', 'Technician', 'Certification', 'Repair Due', 'Repaired On', 'Initial Test', 'Follow-up Test',
];
const KIND_RECORD = { added: 'Added', recovered: 'Recovered', recycled: 'Recycled' } as const;
const testCell = (on: string | null, passed: boolean | null) => (on ? `${on} ${passed ? 'passed' : 'failed'}` : '');
const yesNo = (v: boolean | null) => (v == null ? '' : v ? 'yes' : 'no');

/** The report as CSV: a row per movement, a total row per kind and a row per repair, each with its appliance. */
export function refrigerantReportCsv(report: RefrigerantReport): string {
  const rows: CsvCell[][] = [HEADER];
  for (const a of report.appliances) {
    const head = [a.name, a.serialNumber, a.categoryName, a.refrigerantName, csvNumber(a.chargePounds)];
    for (const m of a.movements) {
      rows.push([
        ...head, KIND_RECORD[m.kind], m.occurredOn, m.amountText, csvNumber(poundsOfOunces(String(m.amountOunces))), csvNumber(m.leakRatePercent?.toFixed(2)),
        csvNumber(m.leakThresholdPercent?.toFixed(2)), yesNo(m.isLeakRateExceeded), m.workOrderNumber, m.technicianName, m.certificationNumber,
      ]);
    }
    rows.push([...head, 'Total added', report.year, '', csvNumber(a.totals.added)]);
    rows.push([...head, 'Total recovered', report.year, '', csvNumber(a.totals.recovered)]);
    rows.push([...head, 'Total recycled', report.year, '', csvNumber(a.totals.recycled)]);
    for (const r of a.repairs) {
      rows.push([
        ...head, 'Leak repair', r.openedOn, '', null, csvNumber(r.leakRatePercent.toFixed(2)), csvNumber(r.leakThresholdPercent.toFixed(2)), 'yes',
        r.verificationWorkOrderNumber, '', '', r.dueOn, r.repairedOn, testCell(r.initialTestOn, r.initialTestPassed), testCell(r.followUpTestOn, r.followUpTestPassed),
      ]);
    }
  }
  return toCsv(rows.map((r) => [...r, ...Array<CsvCell>(HEADER.length - r.length).fill(null)]));
}

/** The file name of a customer's report: letters, digits and dashes of the name, then the year. */
export const reportFileName = (report: RefrigerantReport, ext: 'pdf' | 'csv') =>
  `refrigerant-report-${report.customerName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'customer'}-${report.year}.${ext}`;

/** `GET Refrigerant/report/{customerId}`: the report of a year (this year when none is given) as a PDF or CSV file. */
export async function refrigerantReportFile(ctx: Ctx, access: Access, customerId: number, year: number | undefined, format: 'pdf' | 'csv') {
  const report = await refrigerantReport(ctx, access, customerId, year ?? Number((await companyToday(ctx)).slice(0, 4)));
  if (format === 'csv') return { format, fileName: reportFileName(report, 'csv'), body: refrigerantReportCsv(report) };
  return { format, fileName: reportFileName(report, 'pdf'), body: await renderRefrigerantReportPdf(report) };
}
