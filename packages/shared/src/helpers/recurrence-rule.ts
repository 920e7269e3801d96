import { END_OF_DAY, LAST_DAY_OF_MONTH, recurrenceFormSchema, type RecurrenceForm } from '../schemas/recurrence';
import { instantOf, wallClockOf } from './zoned-time';

/** RFC 5545 day codes by the product's weekday number: Monday = 1 ... Sunday = 7. */
const DAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const FREQS = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' } as const;
const KNOWN_PARTS = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST'];

/** A form that repeats never: what an empty rule reads as. */
export const NO_RECURRENCE: RecurrenceForm = recurrenceFormSchema.parse({ pattern: 'never' });

export type RecurrenceRead = { form: RecurrenceForm; error: null } | { form: null; error: string };

const ascending = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
/** Days of the month in rule order: 1 ... 31, then the last day. */
const monthDayOrder = (values: number[]) => [...ascending(values.filter((d) => d > 0)), ...(values.includes(LAST_DAY_OF_MONTH) ? [LAST_DAY_OF_MONTH] : [])];
const codesOf = (days: number[]) => ascending(days).map((d) => DAY_CODES[d - 1]).join(',');
const basic = (d: Date) => d.toISOString().slice(0, 19).replace(/[-:]/g, '');

/**
 * The RFC 5545 RRULE (without the "RRULE:" prefix) that the recurrence editor's fields describe, or null for
 * "never". One form always gives the same text, so a stored rule can be compared and read back. A weekly rule
 * repeating every 2 or more weeks names its week start (WKST); the editor starts weeks on Sunday (spec platform 5.6).
 * The end is a wall-clock time in the series' zone: with `timeZone` it is written as the UTC instant RFC 5545 asks
 * for beside a zoned start, without it as that local time, for the server to place in the series' zone.
 */
export function recurrenceRuleOf(form: RecurrenceForm, timeZone?: string): string | null {
  if (form.pattern === 'never') return null;
  const parts = [`FREQ=${form.pattern.toUpperCase()}`];
  if (form.interval > 1) parts.push(`INTERVAL=${form.interval}`);
  if (form.pattern === 'weekly' && form.weekdays.length > 0) parts.push(`BYDAY=${codesOf(form.weekdays)}`);
  if (form.pattern === 'monthly' || form.pattern === 'yearly') {
    if (form.pattern === 'yearly' && form.months.length > 0) parts.push(`BYMONTH=${ascending(form.months).join(',')}`);
    if (form.dayType === 'relative' && form.weekIndex !== null && form.weekdays.length === 1) parts.push(`BYDAY=${form.weekIndex}${codesOf(form.weekdays)}`);
    if (form.dayType === 'relative' && form.weekIndex !== null && form.weekdays.length > 1) parts.push(`BYDAY=${codesOf(form.weekdays)}`, `BYSETPOS=${form.weekIndex}`);
    if (form.dayType === 'absolute' && form.monthDays.length > 0) parts.push(`BYMONTHDAY=${monthDayOrder(form.monthDays).join(',')}`);
  }
  if (form.pattern === 'weekly' && form.interval > 1) parts.push(`WKST=${DAY_CODES[form.weekStart - 1]}`);
  if (form.end === 'after' && form.count !== null) parts.push(`COUNT=${form.count}`);
  if (form.end === 'endDate' && form.endDate !== null) {
    const wall = new Date(`${form.endDate}T${form.endTime}Z`);
    parts.push(`UNTIL=${timeZone ? `${basic(instantOf(wall, timeZone))}Z` : basic(wall)}`);
  }
  return parts.join(';');
}

/**
 * Reads an RRULE back into the editor's fields, or says in a sentence why it cannot: what the editor can show is
 * accepted, and nothing else. An empty rule reads as "never"; a "RRULE:" prefix and any letter case are accepted. A
 * UTC end (UNTIL=...Z) is read as the wall clock it names in `timeZone`, the series' zone.
 */
export function readRecurrenceRule(text: string | null | undefined, timeZone = 'UTC'): RecurrenceRead {
  const fail = (error: string): RecurrenceRead => ({ form: null, error });
  const rule = (text ?? '').trim().replace(/^RRULE:/i, '');
  if (rule === '') return { form: NO_RECURRENCE, error: null };
  if (/[\r\n]/.test(rule)) return fail('The repeat rule must be a single RRULE line.');
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    if (part.trim() === '') continue;
    const match = /^\s*([A-Za-z]+)\s*=\s*([A-Za-z0-9,+\-]+)\s*$/.exec(part);
    if (!match) return fail(`The repeat rule is not valid near "${part.slice(0, 30)}".`);
    const key = match[1].toUpperCase();
    if (!KNOWN_PARTS.includes(key)) return fail(`The repeat rule part ${key.slice(0, 20)} is not supported.`);
    if (parts.has(key)) return fail(`The repeat rule names ${key} twice.`);
    parts.set(key, match[2].toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (!freq) return fail('The repeat rule needs FREQ.');
  let pattern: RecurrenceForm['pattern'] | undefined = FREQS[freq as keyof typeof FREQS];
  if (!pattern) return fail('The repeat rule must repeat daily, weekly, monthly or yearly.');
  const form: Record<string, unknown> = {};

  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    if (!/^\d{1,3}$/.test(interval) || Number(interval) < 1) return fail('The repeat interval must be a whole number from 1 to 999.');
    form.interval = Number(interval);
  }
  const skipsPeriods = Number(interval ?? 1) > 1;
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return fail('The repeat rule cannot have both COUNT and UNTIL.');
  if (count !== undefined) {
    if (!/^\d{1,3}$/.test(count) || Number(count) < 1) return fail('The number of occurrences must be a whole number from 1 to 999.');
    Object.assign(form, { end: 'after', count: Number(count) });
  }
  if (until !== undefined) {
    const end = endOfUntil(until, timeZone);
    if (!end) return fail('The repeat end (UNTIL) is not a valid date and time.');
    Object.assign(form, { end: 'endDate', ...end });
  }

  const byDay = parts.get('BYDAY');
  const byMonthDay = parts.get('BYMONTHDAY');
  const byMonth = parts.get('BYMONTH');
  const bySetPos = parts.get('BYSETPOS');
  // Every listed weekday of each day is the same series as every week on those days.
  if (pattern === 'daily' && byDay && !byMonthDay && !byMonth && !bySetPos && !skipsPeriods) pattern = 'weekly';
  form.pattern = pattern;

  const wkst = parts.get('WKST');
  const weekStart = wkst === undefined ? undefined : DAY_CODES.indexOf(wkst as never) + 1;
  if (weekStart === 0) return fail('The repeat week start (WKST) is not a day.');
  // Without WKST, RFC 5545 starts weeks on Monday; it only matters to a weekly rule that skips weeks.
  if (pattern === 'weekly' && skipsPeriods) form.weekStart = weekStart ?? 1;

  if (pattern === 'daily' && (byDay || byMonthDay || byMonth || bySetPos)) return fail('A daily repeat cannot name days or months.');
  if (pattern === 'weekly') {
    if (byMonthDay || byMonth || bySetPos) return fail('A weekly repeat can only name weekdays.');
    if (byDay) {
      const days = byDay.split(',').map((d) => DAY_CODES.indexOf(d as never) + 1);
      if (days.some((d) => d === 0)) return fail('A weekly repeat names weekdays without numbers, like BYDAY=MO,TH.');
      form.weekdays = ascending(days);
    }
  }
  if (pattern === 'monthly' || pattern === 'yearly') {
    const problem = readMonthlyDays(form, pattern, { byDay, byMonthDay, byMonth, bySetPos });
    if (problem) return fail(problem);
  }
  const parsed = recurrenceFormSchema.safeParse(form);
  return parsed.success ? { form: parsed.data, error: null } : fail(parsed.error.issues[0]?.message ?? 'The repeat rule is not valid.');
}

/**
 * An RFC 5545 DATE or DATE-TIME in its basic form (20260316, 20260316T090000, 20260316T140000Z): its fields as a wall
 * clock (UTC fields; a date at its midnight), whether it is in UTC, and whether it is a date. Null when the text is
 * not a real date and time.
 */
export function readBasicDateTime(text: string): { value: Date; utc: boolean; isDate: boolean } | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', utc] = m;
  const value = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  if (Number.isNaN(value.getTime()) || value.toISOString().slice(0, 10) !== `${y}-${mo}-${d}` || Number(h) > 23) return null;
  return { value, utc: utc !== undefined, isDate: m[4] === undefined };
}

/** The wall clock an UNTIL value names in the zone (a date: the last second of that day), or null when it is no date. */
export function untilWallClock(until: string, timeZone: string): Date | null {
  const read = readBasicDateTime(until);
  if (!read) return null;
  if (read.isDate) return new Date(`${read.value.toISOString().slice(0, 10)}T${END_OF_DAY}Z`);
  return read.utc ? wallClockOf(read.value, timeZone) : read.value;
}

/** The end date and time an UNTIL value names in the zone, or null when it is not a date. */
function endOfUntil(until: string, timeZone: string): { endDate: string; endTime: string } | null {
  const iso = untilWallClock(until, timeZone)?.toISOString();
  return iso ? { endDate: iso.slice(0, 10), endTime: iso.slice(11, 19) } : null;
}

/** Reads the days of a monthly or yearly rule into the form; answers the sentence of what it cannot show. */
function readMonthlyDays(
  form: Record<string, unknown>,
  pattern: 'monthly' | 'yearly',
  { byDay, byMonthDay, byMonth, bySetPos }: Partial<Record<'byDay' | 'byMonthDay' | 'byMonth' | 'bySetPos', string>>,
): string | null {
  if (byMonth !== undefined) {
    if (pattern === 'monthly') return 'A monthly repeat cannot name a month.';
    const months = byMonth.split(',');
    if (months.some((m) => !/^\d{1,2}$/.test(m))) return 'The months must be numbers from 1 to 12, like BYMONTH=3,9.';
    form.months = ascending(months.map(Number));
  }
  if (byDay !== undefined && byMonthDay !== undefined) return 'The repeat can fall on days of the month or on a weekday, not both.';
  if (bySetPos !== undefined && byDay === undefined) return 'BYSETPOS is only supported with weekdays, like BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1.';
  if (byMonthDay !== undefined) {
    const days = byMonthDay.split(',');
    if (days.some((d) => !/^-?\d{1,2}$/.test(d))) return 'The days of the month must be numbers from 1 to 31, or -1 for the last day.';
    form.monthDays = ascending(days.map(Number));
    return null;
  }
  if (byDay === undefined) return null;
  const items = byDay.split(',').map((d) => /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(d));
  if (items.some((m) => m === null)) return 'The weekdays are not valid, like BYDAY=-1FR or BYDAY=MO,TU;BYSETPOS=1.';
  const numbered = items.filter((m) => m![1] !== undefined);
  let index: string | undefined;
  if (items.length === 1 && numbered.length === 1) {
    if (bySetPos !== undefined) return 'The week is given twice (BYDAY and BYSETPOS).';
    index = numbered[0]![1];
  } else if (numbered.length === 0) {
    if (bySetPos === undefined) return 'A repeat on weekdays of the month needs their week, like BYDAY=-1FR or BYDAY=MO,TU;BYSETPOS=1.';
    index = bySetPos;
  } else {
    return 'The repeat can name one numbered weekday, like BYDAY=-1FR; for one of several weekdays use BYSETPOS.';
  }
  if (!/^[+-]?\d$/.test(index) || ![1, 2, 3, 4, 5, -1].includes(Number(index))) return 'The week must be first (1) to fifth (5), or last (-1).';
  Object.assign(form, { dayType: 'relative', weekIndex: Number(index), weekdays: ascending(items.map((m) => DAY_CODES.indexOf(m![2] as never) + 1)) });
  return null;
}

/**
 * The stored form of a rule: the editor's own text for it (its end as a UTC instant of the series' zone), null for
 * "never", or the sentence why it is refused.
 */
export function canonicalRecurrenceRule(text: string | null | undefined, timeZone = 'UTC'): { rule: string | null; error: null } | { rule: null; error: string } {
  const read = readRecurrenceRule(text, timeZone);
  return read.error === null ? { rule: recurrenceRuleOf(read.form, timeZone), error: null } : { rule: null, error: read.error };
}
