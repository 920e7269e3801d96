import { recurrenceFormSchema, type RecurrenceForm } from '../schemas/recurrence';

/** RFC 5545 day codes by the product's weekday number: Monday = 1 ... Sunday = 7. */
const DAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const FREQS = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' } as const;
const KNOWN_PARTS = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST'];

/** A form that repeats never: what an empty rule reads as. */
export const NO_RECURRENCE: RecurrenceForm = recurrenceFormSchema.parse({ pattern: 'never' });

export type RecurrenceRead = { form: RecurrenceForm; error: null } | { form: null; error: string };

/**
 * The RFC 5545 RRULE (without the "RRULE:" prefix) that the recurrence editor's fields describe, or null for
 * "never". One form always gives the same text, so a stored rule can be compared and read back. Weekly rules
 * repeating every 2 or more weeks say WKST=SU because the product's week starts on Sunday (spec platform 5.6);
 * an end date becomes a local UNTIL at the end of that day, read in the series' time zone.
 */
export function recurrenceRuleOf(form: RecurrenceForm): string | null {
  if (form.pattern === 'never') return null;
  const parts = [`FREQ=${form.pattern.toUpperCase()}`];
  if (form.interval > 1) parts.push(`INTERVAL=${form.interval}`);
  if (form.pattern === 'weekly' && form.weekdays.length > 0) {
    parts.push(`BYDAY=${[...new Set(form.weekdays)].sort((a, b) => a - b).map((d) => DAY_CODES[d - 1]).join(',')}`);
  }
  if (form.pattern === 'monthly' || form.pattern === 'yearly') {
    const isRelative = form.dayType === 'relative';
    if (form.pattern === 'yearly' && form.month !== null) parts.push(`BYMONTH=${form.month}`);
    if (isRelative && form.weekIndex !== null && form.weekday !== null) parts.push(`BYDAY=${form.weekIndex}${DAY_CODES[form.weekday - 1]}`);
    if (!isRelative && form.dayOfMonth !== null) parts.push(`BYMONTHDAY=${form.dayOfMonth}`);
  }
  if (form.pattern === 'weekly' && form.interval > 1) parts.push('WKST=SU');
  if (form.end === 'after' && form.count !== null) parts.push(`COUNT=${form.count}`);
  if (form.end === 'endDate' && form.endDate !== null) parts.push(`UNTIL=${form.endDate.replaceAll('-', '')}T235959`);
  return parts.join(';');
}

/**
 * Reads an RRULE back into the editor's fields, or says in a sentence why it cannot: only what the editor can show
 * is accepted (daily, weekly on chosen days, monthly or yearly on a day or on the nth weekday, ending never, after N
 * occurrences or on a date). An empty rule reads as "never". A "RRULE:" prefix and any letter case are accepted.
 */
export function readRecurrenceRule(text: string | null | undefined): RecurrenceRead {
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
  const pattern = FREQS[freq as keyof typeof FREQS];
  if (!pattern) return fail('The repeat rule must repeat daily, weekly, monthly or yearly.');
  const form: Record<string, unknown> = { pattern };

  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    if (!/^\d{1,3}$/.test(interval) || Number(interval) < 1) return fail('The repeat interval must be a whole number from 1 to 999.');
    form.interval = Number(interval);
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return fail('The repeat rule cannot have both COUNT and UNTIL.');
  if (count !== undefined) {
    if (!/^\d{1,3}$/.test(count) || Number(count) < 1) return fail('The number of occurrences must be a whole number from 1 to 999.');
    Object.assign(form, { end: 'after', count: Number(count) });
  }
  if (until !== undefined) {
    const m = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(until);
    if (!m) return fail('The repeat end (UNTIL) is not a valid date.');
    Object.assign(form, { end: 'endDate', endDate: `${m[1]}-${m[2]}-${m[3]}` });
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined && !DAY_CODES.includes(wkst as never)) return fail('The repeat week start (WKST) is not a day.');

  const byDay = parts.get('BYDAY');
  const byMonthDay = parts.get('BYMONTHDAY');
  const byMonth = parts.get('BYMONTH');
  const bySetPos = parts.get('BYSETPOS');
  if (pattern === 'daily' && (byDay || byMonthDay || byMonth || bySetPos)) return fail('A daily repeat cannot name days or months.');
  if (pattern === 'weekly') {
    if (byMonthDay || byMonth || bySetPos) return fail('A weekly repeat can only name weekdays.');
    if (byDay) {
      const days = byDay.split(',').map((d) => DAY_CODES.indexOf(d as never) + 1);
      if (days.some((d) => d === 0)) return fail('A weekly repeat names weekdays without numbers, like BYDAY=MO,TH.');
      form.weekdays = days;
    }
  }
  if (pattern === 'monthly' || pattern === 'yearly') {
    if (byMonth !== undefined) {
      if (pattern === 'monthly') return fail('A monthly repeat cannot name a month.');
      if (!/^\d{1,2}$/.test(byMonth)) return fail('The repeat can name one month only.');
      form.month = Number(byMonth);
    }
    if (byDay !== undefined && byMonthDay !== undefined) return fail('The repeat can fall on a day of the month or on a weekday, not both.');
    if (byMonthDay !== undefined) {
      if (!/^\d{1,2}$/.test(byMonthDay)) return fail('The repeat can name one day of the month, from 1 to 31.');
      if (bySetPos !== undefined) return fail('BYSETPOS is only supported with one weekday.');
      form.dayOfMonth = Number(byMonthDay);
    }
    if (byDay !== undefined) {
      const m = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay);
      if (!m) return fail('The repeat can fall on one weekday only, like BYDAY=-1FR.');
      const index = m[1] ?? bySetPos;
      if (m[1] !== undefined && bySetPos !== undefined) return fail('The week is given twice (BYDAY and BYSETPOS).');
      if (index === undefined || ![1, 2, 3, 4, -1].includes(Number(index))) return fail('The week must be first (1) to fourth (4), or last (-1).');
      Object.assign(form, { dayType: 'relative', weekIndex: Number(index), weekday: DAY_CODES.indexOf(m[2] as never) + 1 });
    } else if (bySetPos !== undefined) {
      return fail('BYSETPOS is only supported with one weekday.');
    }
  }
  const parsed = recurrenceFormSchema.safeParse(form);
  return parsed.success ? { form: parsed.data, error: null } : fail(parsed.error.issues[0]?.message ?? 'The repeat rule is not valid.');
}

/** The stored form of a rule: the editor's own text for it, null for "never", or the sentence why it is refused. */
export function canonicalRecurrenceRule(text: string | null | undefined): { rule: string | null; error: null } | { rule: null; error: string } {
  const read = readRecurrenceRule(text);
  return read.error === null ? { rule: recurrenceRuleOf(read.form), error: null } : { rule: null, error: read.error };
}
