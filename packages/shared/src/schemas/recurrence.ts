import { z } from 'zod';

/** Repeat patterns of the recurrence editor (spec clock 3, "Recurrence"). */
export const RECURRENCE_PATTERNS = ['never', 'daily', 'weekly', 'monthly', 'yearly'] as const;
/** How a series ends: never, after N occurrences, or on an end date. */
export const RECURRENCE_ENDS = ['never', 'after', 'endDate'] as const;
/** Monthly and yearly repeats fall on a day of the month (absolute) or on the nth weekday (relative). */
export const RECURRENCE_DAY_TYPES = ['absolute', 'relative'] as const;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

const weekdayNumber = (label: string) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(1, `${label} must be 1 (Monday) to 7 (Sunday).`).max(7, `${label} must be 1 (Monday) to 7 (Sunday).`);

/**
 * The recurrence editor's fields. Weekdays are Monday = 1 ... Sunday = 7, the week index first = 1 ... fourth = 4
 * and last = -1 (spec clock 9). A day left empty means "the same as the first occurrence": an empty weekly
 * `weekdays` repeats on the start's weekday, and monthly `dayOfMonth` null on the start's day of the month; a
 * yearly repeat names either both month and day or neither. `endDate` is inclusive, a calendar date in the
 * series' time zone.
 */
export const recurrenceFormSchema = z
  .object({
    pattern: z.enum(RECURRENCE_PATTERNS, { error: 'Repeat must be never, daily, weekly, monthly or yearly.' }),
    interval: whole('Repeat every', 1, 999).default(1),
    weekdays: z.array(weekdayNumber('Weekday'), { error: 'Weekdays must be a list.' }).max(7, 'Choose at most 7 weekdays.').default([]),
    dayType: z.enum(RECURRENCE_DAY_TYPES, { error: 'Repeat on must be absolute or relative.' }).default('absolute'),
    dayOfMonth: whole('Day of month', 1, 31).nullable().default(null),
    month: whole('Month', 1, 12).nullable().default(null),
    weekIndex: z
      .number({ error: 'Week must be a number.' })
      .refine((n) => [1, 2, 3, 4, -1].includes(n), 'Week must be first (1) to fourth (4), or last (-1).')
      .nullable()
      .default(null),
    weekday: weekdayNumber('Weekday').nullable().default(null),
    end: z.enum(RECURRENCE_ENDS, { error: 'End must be never, after or endDate.' }).default('never'),
    count: whole('Number of occurrences', 1, 999).nullable().default(null),
    endDate: z.iso.date({ error: 'End date is not a valid date.' }).nullable().default(null),
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
    if (f.weekday === null) return { field: 'weekday', message: 'Weekday field is required!' };
    if (f.pattern === 'yearly' && f.month === null) return { field: 'month', message: 'Month field is required!' };
  }
  if (f.pattern === 'yearly' && f.dayType === 'absolute' && (f.month === null) !== (f.dayOfMonth === null)) {
    return { field: f.month === null ? 'month' : 'dayOfMonth', message: 'A yearly repeat needs both the month and the day, or neither.' };
  }
  if (f.pattern === 'yearly' && f.dayType === 'absolute' && f.month !== null && f.dayOfMonth !== null && f.dayOfMonth > DAYS_IN_MONTH[f.month - 1]) {
    return { field: 'dayOfMonth', message: 'That day does not exist in that month.' };
  }
  if (f.end === 'after' && f.count === null) return { field: 'count', message: 'Number of occurrences field is required!' };
  if (f.end === 'endDate' && f.endDate === null) return { field: 'endDate', message: 'End date field is required!' };
  return null;
}

/** Longest month lengths (29 February happens in leap years). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
