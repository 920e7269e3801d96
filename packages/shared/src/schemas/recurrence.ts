import { z } from 'zod';

/** Repeat patterns of the recurrence editor (spec clock 3, "Recurrence"). */
export const RECURRENCE_PATTERNS = ['never', 'daily', 'weekly', 'monthly', 'yearly'] as const;
/** How a series ends: never, after N occurrences, or on an end date. */
export const RECURRENCE_ENDS = ['never', 'after', 'endDate'] as const;
/** Monthly and yearly repeats fall on days of the month (absolute) or on the nth weekday (relative). */
export const RECURRENCE_DAY_TYPES = ['absolute', 'relative'] as const;
/** The week of a relative repeat: first = 1 ... fifth = 5, last = -1 (spec clock 9, with RFC 5545's fifth). */
export const RECURRENCE_WEEK_INDEXES = [1, 2, 3, 4, 5, -1] as const;
/** BYMONTHDAY=-1: the last day of the month, whatever its length. */
export const LAST_DAY_OF_MONTH = -1;
/** Where an end date ends when no time is given: the last second of that day. */
export const END_OF_DAY = '23:59:59';

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

const weekdayNumber = (label: string) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(1, `${label} must be 1 (Monday) to 7 (Sunday).`).max(7, `${label} must be 1 (Monday) to 7 (Sunday).`);

const DAY_OF_MONTH_RULE = 'Day of month must be 1 to 31, or -1 for the last day.';
const dayOfMonth = z
  .number({ error: 'Day of month must be a number.' })
  .int('Day of month must be a whole number.')
  .refine((n) => (n >= 1 && n <= 31) || n === LAST_DAY_OF_MONTH, DAY_OF_MONTH_RULE);

/**
 * The recurrence editor's fields, each of which the editor shows. Weekdays are Monday = 1 ... Sunday = 7. A weekly
 * repeat falls on `weekdays` (empty: the start's weekday); a monthly or yearly one on the `monthDays` of its
 * `months` (-1 is the last day; none: the start's day), or on the `weekIndex`th of its `weekdays` (one weekday:
 * the 2nd Tuesday; several: the 2nd of those days, RFC 5545 BYSETPOS). A yearly repeat names both months and days
 * or neither. `weekStart` is the first day of a week, which decides which weeks "every 2 weeks" counts (RFC 5545
 * WKST). The series ends after `count` occurrences, or at `endTime` on `endDate`, a wall-clock time in the series'
 * time zone.
 */
export const recurrenceFormSchema = z
  .object({
    pattern: z.enum(RECURRENCE_PATTERNS, { error: 'Repeat must be never, daily, weekly, monthly or yearly.' }),
    interval: whole('Repeat every', 1, 999).default(1),
    weekdays: z.array(weekdayNumber('Weekday'), { error: 'Weekdays must be a list.' }).max(7, 'Choose at most 7 weekdays.').default([]),
    weekStart: weekdayNumber('Week start').default(7),
    dayType: z.enum(RECURRENCE_DAY_TYPES, { error: 'Repeat on must be absolute or relative.' }).default('absolute'),
    monthDays: z.array(dayOfMonth, { error: 'Days of the month must be a list.' }).max(32, 'Choose at most 32 days of the month.').default([]),
    months: z.array(whole('Month', 1, 12), { error: 'Months must be a list.' }).max(12, 'Choose at most 12 months.').default([]),
    weekIndex: z
      .number({ error: 'Week must be a number.' })
      .refine((n) => (RECURRENCE_WEEK_INDEXES as readonly number[]).includes(n), 'Week must be first (1) to fifth (5), or last (-1).')
      .nullable()
      .default(null),
    end: z.enum(RECURRENCE_ENDS, { error: 'End must be never, after or endDate.' }).default('never'),
    count: whole('Number of occurrences', 1, 999).nullable().default(null),
    endDate: z.iso.date({ error: 'End date is not a valid date.' }).nullable().default(null),
    endTime: z.string({ error: 'End time must be text.' }).regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'End time must be a time of day, like 17:30:00.').default(END_OF_DAY),
  })
  .superRefine((f, ctx) => {
    const problem = recurrenceFormProblem(f);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });

export type RecurrenceForm = z.output<typeof recurrenceFormSchema>;
export type RecurrenceFormInput = z.input<typeof recurrenceFormSchema>;

/** The first rule a form breaks that the field types alone cannot express, or null. */
export function recurrenceFormProblem(f: RecurrenceForm): { field: keyof RecurrenceForm; message: string } | null {
  if (f.pattern === 'never') return null;
  const isMonthOrYear = f.pattern === 'monthly' || f.pattern === 'yearly';
  if (isMonthOrYear && f.dayType === 'relative') {
    if (f.weekIndex === null) return { field: 'weekIndex', message: 'Week field is required!' };
    if (f.weekdays.length === 0) return { field: 'weekdays', message: 'Weekday field is required!' };
    if (f.pattern === 'yearly' && f.months.length === 0) return { field: 'months', message: 'Month field is required!' };
    if (f.pattern === 'yearly' && f.weekdays.length > 1 && f.months.length > 1) {
      return { field: 'months', message: 'A yearly repeat on one of several weekdays can name one month only.' };
    }
  }
  if (f.pattern === 'yearly' && f.dayType === 'absolute') {
    if ((f.months.length === 0) !== (f.monthDays.length === 0)) {
      return { field: f.months.length === 0 ? 'months' : 'monthDays', message: 'A yearly repeat needs both the month and the day, or neither.' };
    }
    const longest = Math.max(0, ...f.months.map((m) => DAYS_IN_MONTH[m - 1]));
    if (f.monthDays.some((d) => d > longest)) return { field: 'monthDays', message: 'That day does not exist in that month.' };
  }
  if (f.end === 'after' && f.count === null) return { field: 'count', message: 'Number of occurrences field is required!' };
  if (f.end === 'endDate' && f.endDate === null) return { field: 'endDate', message: 'End date field is required!' };
  return null;
}

/** Longest month lengths (29 February happens in leap years). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
