import { z } from 'zod';
import { PAY_FREQUENCIES } from '../helpers/pay-period';
import { QUARTER_HOUR_MINUTES } from '../payroll-rules';
import { dateText, idOf, idParam, required, requiredText } from './common';
import { laborCorrectionFields } from './labor-corrections';

/**
 * Timesheets and pay periods (spec platform 2.1 /payroll and account-settings payPeriod, 5.6, 6.3). A timesheet is
 * built from an employee's labor on work orders and their paid work statuses, in the company's time zone; hours over
 * the company's weekly limit are overtime. Times travel as whole minutes; typed hours are quarter hours.
 */

export const payrollSettingsSchema = z
  .object({
    payFrequency: z.enum(PAY_FREQUENCIES, { error: 'Pay Frequency must be Weekly, Bi-Weekly or Financial.' }),
    payWeekStartsOn: z
      .number({ error: 'Pay Week Starts On must be a day of the week.' })
      .int('Pay Week Starts On must be a day of the week.')
      .min(0, 'Pay Week Starts On must be a day of the week.')
      .max(6, 'Pay Week Starts On must be a day of the week.'),
    overtimeAfterWeeklyHours: quarterHours('Overtime After', { min: 1, max: 80 }),
  })
  .meta({ example: { payFrequency: 'Bi-Weekly', payWeekStartsOn: 0, overtimeAfterWeeklyHours: 40 } });
export type PayrollSettings = z.infer<typeof payrollSettingsSchema>;

/** Hours in whole quarter hours within bounds, as a JSON number. */
function quarterHours(label: string, { min, max }: { min: number; max: number }) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number of hours.`) })
    .min(min, `${label} must be at least ${min} hours.`)
    .max(max, `${label} must be at most ${max} hours.`)
    .refine((h) => Number.isInteger((h * 60) / QUARTER_HOUR_MINUTES), `${label} must be in quarter hours (such as 1.25).`);
}

export const payPeriodSchema = z.object({
  payFrequency: z.enum(PAY_FREQUENCIES),
  year: z.number(),
  index: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** Whether the period's last day is over in the company's time zone: only then can it be locked. */
  hasEnded: z.boolean(),
  /** The company's time zone: the days are its days, and times are shown on its clock. */
  timeZone: z.string(),
  lockedAt: z.string().nullable(),
  lockedByName: z.string().nullable(),
});
export type PayPeriod = z.infer<typeof payPeriodSchema>;

const minutes = z.number().int();
export const timesheetTotalsSchema = z.object({
  workedMinutes: minutes,
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  ptoMinutes: minutes,
  perDiemDays: minutes,
});
export type TimesheetTotals = z.infer<typeof timesheetTotalsSchema>;

export const timesheetApprovalSchema = z.object({
  approvedByName: z.string(),
  approvedAt: z.string(),
  /** False once the hours changed after the approval: it must be given again before the period is locked. */
  isCurrent: z.boolean(),
});

/** An employee's line of the period: their hours as built, and with adjustments. */
export const timesheetSummaryRowSchema = z.object({
  userId: z.number(),
  name: z.string(),
  built: timesheetTotalsSchema,
  adjusted: timesheetTotalsSchema,
  hasOpenLabor: z.boolean(),
  approval: timesheetApprovalSchema.nullable(),
});
export type TimesheetSummaryRow = z.infer<typeof timesheetSummaryRowSchema>;

export const timesheetSummaryAnswer = z.object({ period: payPeriodSchema, rows: z.array(timesheetSummaryRowSchema) });
export type TimesheetSummaryAnswer = z.infer<typeof timesheetSummaryAnswer>;

export const timesheetEntrySchema = z.object({
  kind: z.enum(['labor', 'status', 'pto']),
  label: z.string(),
  workOrderNumber: z.string().nullable(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  minutes,
  isOvertime: z.boolean(),
  ptoEntryId: z.number().nullable(),
  /** The labor entry a labor line is built from, and its corrections (fix time); none for other lines. */
  workOrderLaborId: z.number().nullable(),
  ...laborCorrectionFields,
});
export type TimesheetEntry = z.infer<typeof timesheetEntrySchema>;

export const timesheetDaySchema = z.object({
  date: z.string(),
  workedMinutes: minutes,
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  ptoMinutes: minutes,
  perDiem: z.array(z.string()),
  entries: z.array(timesheetEntrySchema),
});
export type TimesheetDay = z.infer<typeof timesheetDaySchema>;

export const timesheetAdjustmentSchema = z.object({
  timesheetAdjustmentId: z.number(),
  workDate: z.string(),
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  ptoMinutes: minutes,
  reason: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type TimesheetAdjustment = z.infer<typeof timesheetAdjustmentSchema>;

export const timesheetDetailAnswer = z.object({
  period: payPeriodSchema,
  userId: z.number(),
  name: z.string(),
  days: z.array(timesheetDaySchema),
  built: timesheetTotalsSchema,
  adjusted: timesheetTotalsSchema,
  adjustments: z.array(timesheetAdjustmentSchema),
  approval: timesheetApprovalSchema.nullable(),
});
export type TimesheetDetailAnswer = z.infer<typeof timesheetDetailAnswer>;

/** `?date=`: the period that holds this date; today when left out. */
export const payPeriodQuery = z.object({ date: dateText('Date').optional() });

export const timesheetApprovalBody = z
  .object({ userId: idOf('Employee'), startsOn: dateText('Period Start') })
  .meta({ example: { userId: 4, startsOn: '2026-11-01' } });
export type TimesheetApprovalBody = z.infer<typeof timesheetApprovalBody>;

export const payPeriodLockBody = z.object({ startsOn: dateText('Period Start') }).meta({ example: { startsOn: '2026-11-01' } });
export type PayPeriodLockBody = z.infer<typeof payPeriodLockBody>;

const signedQuarterHours = (label: string) => quarterHours(label, { min: -80, max: 80 }).default(0);
export const timesheetAdjustmentBody = z
  .object({
    userId: idOf('Employee'),
    workDate: dateText('Date'),
    regularHours: signedQuarterHours('Regular Hours'),
    overtimeHours: signedQuarterHours('Overtime Hours'),
    ptoHours: signedQuarterHours('PTO Hours'),
    reason: requiredText('Reason', 500),
  })
  .refine((b) => b.regularHours !== 0 || b.overtimeHours !== 0 || b.ptoHours !== 0, { message: 'An adjustment changes at least one of the hours.', path: ['regularHours'] })
  .meta({ example: { userId: 4, workDate: '2026-11-12', regularHours: 0, overtimeHours: 1.5, ptoHours: 0, reason: 'Clocked out from the truck after the walk-in repair ran late; confirmed with the store manager.' } });
export type TimesheetAdjustmentBody = z.input<typeof timesheetAdjustmentBody>;

export const ptoEntryBody = z
  .object({ userId: idOf('Employee'), workDate: dateText('Date'), hours: quarterHours('Hours', { min: 0.25, max: 24 }), reason: requiredText('Reason', 200) })
  .meta({ example: { userId: 4, workDate: '2026-11-27', hours: 8, reason: 'Thanksgiving holiday' } });
export type PtoEntryBody = z.infer<typeof ptoEntryBody>;

/** `DELETE Payroll/timesheetApprovals?userId=&startsOn=`. */
export const timesheetApprovalQuery = z.object({ userId: idParam('Employee'), startsOn: dateText('Period Start') });

/** Overtime is paid at one and a half times the hourly rate. */
export const OVERTIME_PAY_FACTOR = '1.5';

/** A line of the payroll report: an employee's hours of the period (with adjustments) and their pay, to the cent. */
export const payrollReportRowSchema = z.object({
  userId: z.number(),
  name: z.string(),
  position: z.string().nullable(),
  /** The rate on the period's last day; a raise within the period pays each day at that day's rate. */
  hourlyRate: z.string().nullable(),
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  ptoMinutes: minutes,
  perDiemDays: minutes,
  regularPay: z.string().nullable(),
  overtimePay: z.string().nullable(),
  ptoPay: z.string().nullable(),
  grossPay: z.string().nullable(),
  /** Days with time and no pay rate yet: their pay cannot be counted. */
  daysWithoutRate: z.array(z.string()),
  isApproved: z.boolean(),
});
export type PayrollReportRow = z.infer<typeof payrollReportRowSchema>;

export const payrollReportAnswer = z.object({
  period: payPeriodSchema,
  rows: z.array(payrollReportRowSchema),
  totals: z.object({ regularMinutes: minutes, overtimeMinutes: minutes, ptoMinutes: minutes, grossPay: z.string() }),
});
export type PayrollReportAnswer = z.infer<typeof payrollReportAnswer>;
