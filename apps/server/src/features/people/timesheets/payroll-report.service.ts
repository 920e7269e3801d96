import Decimal from 'decimal.js';
import { asc, lte } from 'drizzle-orm';
import { csvNumber, hoursText, OVERTIME_PAY_FACTOR, toCsv, type PayrollReportAnswer, type PayrollReportRow } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { payRates } from '../pay-raises/pay-raises.table';
import { buildTimesheets, resolvePeriod } from './timesheets.service';

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * `GET Payroll/payrollReport?date=` (Can Access Payroll): each employee's hours of the pay period with adjustments,
 * and their pay: regular and time off at the hourly rate of each day, overtime at one and a half times it. Pay is
 * summed exactly over the minutes of each day and rounded to the cent once per kind of pay.
 */
export async function payrollReport(ctx: Ctx, date: string | undefined): Promise<PayrollReportAnswer> {
  const { calendar, period, answer } = await resolvePeriod(ctx.db, ctx, date);
  const { sheets, extras } = await buildTimesheets(ctx.db, ctx, calendar, period, null);
  const rates = await ctx.db.select().from(payRates).where(ofTenant(payRates, ctx, lte(payRates.effectiveFrom, period.endsOn))).orderBy(asc(payRates.effectiveFrom));
  const rows = sheets
    .filter((s) => s.adjusted.regularMinutes + s.adjusted.overtimeMinutes + s.adjusted.ptoMinutes !== 0)
    .map((sheet): PayrollReportRow => {
      const mine = rates.filter((r) => r.userId === sheet.userId);
      const rateOn = (day: string) => mine.filter((r) => r.effectiveFrom <= day).at(-1);
      const pay = { regular: new Decimal(0), overtime: new Decimal(0), pto: new Decimal(0) };
      const daysWithoutRate = new Set<string>();
      const add = (day: string, regular: number, overtime: number, pto: number) => {
        if (regular === 0 && overtime === 0 && pto === 0) return;
        const rate = rateOn(day);
        if (!rate) return void daysWithoutRate.add(day);
        const perMinute = new Decimal(rate.hourlyRate).dividedBy(60);
        pay.regular = pay.regular.plus(perMinute.times(regular));
        pay.overtime = pay.overtime.plus(perMinute.times(OVERTIME_PAY_FACTOR).times(overtime));
        pay.pto = pay.pto.plus(perMinute.times(pto));
      };
      for (const d of sheet.days) add(d.date, d.regularMinutes, d.overtimeMinutes, d.ptoMinutes);
      for (const a of extras.adjustmentsOf(sheet.userId)) add(a.workDate, a.regularMinutes, a.overtimeMinutes, a.ptoMinutes);
      const current = rateOn(period.endsOn);
      const isPaid = daysWithoutRate.size === 0;
      const [regularPay, overtimePay, ptoPay] = [pay.regular, pay.overtime, pay.pto].map(cents);
      return {
        userId: sheet.userId,
        name: sheet.name,
        position: current?.position ?? null,
        hourlyRate: current ? new Decimal(current.hourlyRate).toFixed(2) : null,
        regularMinutes: sheet.adjusted.regularMinutes,
        overtimeMinutes: sheet.adjusted.overtimeMinutes,
        ptoMinutes: sheet.adjusted.ptoMinutes,
        perDiemDays: sheet.adjusted.perDiemDays,
        regularPay: isPaid ? regularPay : null,
        overtimePay: isPaid ? overtimePay : null,
        ptoPay: isPaid ? ptoPay : null,
        grossPay: isPaid ? new Decimal(regularPay).plus(overtimePay).plus(ptoPay).toFixed(2) : null,
        daysWithoutRate: [...daysWithoutRate].sort(),
        isApproved: extras.approvalOf(sheet)?.isCurrent ?? false,
      };
    });
  const sum = (pick: (r: PayrollReportRow) => number) => rows.reduce((a, r) => a + pick(r), 0);
  return {
    period: answer,
    rows,
    totals: {
      regularMinutes: sum((r) => r.regularMinutes),
      overtimeMinutes: sum((r) => r.overtimeMinutes),
      ptoMinutes: sum((r) => r.ptoMinutes),
      grossPay: rows.reduce((a, r) => a.plus(r.grossPay ?? 0), new Decimal(0)).toFixed(2),
    },
  };
}

const CSV_HEADER = ['Employee', 'Position', 'Hourly Rate', 'Regular Hours', 'Overtime Hours', 'PTO Hours', 'Per Diem Days', 'Regular Pay', 'Overtime Pay', 'PTO Pay', 'Gross Pay', 'Approved'];

/**
 * `GET Payroll/payrollReport/csv?date=`: the payroll report as the CSV a payroll provider imports, through the shared
 * writer, so an employee's name or position that looks like a formula is defused while hours and amounts, negative
 * ones after an adjustment included, stay numbers. Hours with two decimals, amounts as the report summed them.
 */
export async function payrollReportCsv(ctx: Ctx, date: string | undefined): Promise<{ csv: string; fileName: string }> {
  const report = await payrollReport(ctx, date);
  const hours = (minutes: number) => csvNumber(hoursText(minutes));
  const rows = report.rows.map((r) => [
    r.name, r.position, csvNumber(r.hourlyRate), hours(r.regularMinutes), hours(r.overtimeMinutes), hours(r.ptoMinutes), r.perDiemDays,
    csvNumber(r.regularPay), csvNumber(r.overtimePay), csvNumber(r.ptoPay), csvNumber(r.grossPay), r.isApproved ? 'Yes' : 'No',
  ]);
  return { csv: toCsv([CSV_HEADER, ...rows]), fileName: `payroll-${report.period.startsOn}.csv` };
}
