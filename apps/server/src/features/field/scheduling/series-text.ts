import { instantOf, isTimeZone, readBasicDateTime, wallClockOf } from '@sm/shared';
import { AppError } from '../../../lib/errors';
import { isOccurrenceOf, occurrencesBetween, type SeriesTiming } from './recurrence';

/** One EXDATE value: a wall clock (UTC fields) or, with `utc`, an instant; a date takes out every occurrence that day. */
interface ExcludedDate {
  text: string;
  value: Date;
  utc: boolean;
  isDate: boolean;
  timeZone: string | null;
}

/** Enough for years of weekly exceptions; a longer list is refused rather than expanded. */
const MAX_EXCLUDED_DATES = 200;
const DAY = 86_400_000;

const refuse = (message: string) => new AppError(400, message);

/**
 * Splits the repeat text of a saved form into its RRULE and the dates its EXDATE lines take out (RFC 5545 3.8.5.1).
 * The text is one rule ("FREQ=WEEKLY;BYDAY=MO" or "RRULE:..."), optionally followed by EXDATE lines such as
 * "EXDATE;TZID=America/Chicago:20260316T090000,20260323T090000" or "EXDATE;VALUE=DATE:20260316". Folded lines are
 * unfolded first. The first start is the form's start field, so a DTSTART line is refused, as is any other line.
 */
export function splitRepeatText(text: string | null | undefined): { rule: string | null; excluded: ExcludedDate[] } {
  const lines = (text ?? '').replace(/\r?\n[ \t]/g, '').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  let rule: string | null = null;
  const excluded: ExcludedDate[] = [];
  for (const line of lines) {
    if (/^EXDATE[;:]/i.test(line)) {
      excluded.push(...excludedDatesOf(line));
    } else if (/^DTSTART[;:]/i.test(line)) {
      throw refuse('The first start is the start field; leave DTSTART out of the repeat rule.');
    } else if (/^RRULE:/i.test(line) || !/^[A-Z-]+[;:]/i.test(line)) {
      if (rule !== null) throw refuse('The repeat rule can hold one RRULE line.');
      rule = line;
    } else {
      throw refuse('The repeat rule can hold one RRULE line and EXDATE lines only.');
    }
  }
  if (excluded.length > MAX_EXCLUDED_DATES) throw refuse(`The repeat rule can take out at most ${MAX_EXCLUDED_DATES} dates.`);
  if (excluded.length > 0 && rule === null) throw refuse('EXDATE takes dates out of a repeat rule; give the rule too.');
  return { rule, excluded };
}

function excludedDatesOf(line: string): ExcludedDate[] {
  const colon = line.indexOf(':');
  const params = new Map<string, string>();
  for (const param of line.slice(0, colon).split(';').slice(1)) {
    const [key, value = ''] = param.split('=');
    params.set(key.trim().toUpperCase(), value.trim());
  }
  const timeZone = params.get('TZID') ?? null;
  if (timeZone !== null && !isTimeZone(timeZone)) throw refuse(`EXDATE names an unknown time zone: ${timeZone.slice(0, 64)}.`);
  const valueType = (params.get('VALUE') ?? 'DATE-TIME').toUpperCase();
  if (valueType !== 'DATE' && valueType !== 'DATE-TIME') throw refuse('EXDATE values must be dates or date-times.');
  return line
    .slice(colon + 1)
    .split(',')
    .map((text) => {
      const read = readBasicDateTime(text.trim());
      if (!read || (valueType === 'DATE') !== read.isDate) throw refuse(`EXDATE ${text.trim().slice(0, 20)} is not a valid ${valueType === 'DATE' ? 'date, like 20260316' : 'date-time, like 20260316T090000'}.`);
      return { text: text.trim(), ...read, timeZone };
    });
}

/**
 * The starts the EXDATE values take out of the series: a date-time names one occurrence (a UTC one as it is, a local
 * one in its TZID or the series' zone); a date every occurrence on that local day. A value that names no occurrence
 * is refused, since it would be kept and do nothing.
 */
export function excludedStarts(series: SeriesTiming, excluded: readonly ExcludedDate[]): Date[] {
  const starts = new Map<number, Date>();
  for (const date of excluded) {
    let found: Date[];
    if (date.isDate) {
      const from = instantOf(date.value, series.timeZone);
      const to = instantOf(new Date(date.value.getTime() + DAY), series.timeZone);
      const sameDay = (start: Date) => wallClockOf(start, series.timeZone).toISOString().slice(0, 10) === date.value.toISOString().slice(0, 10);
      found = occurrencesBetween({ ...series, exceptions: [] }, from, to).map((o) => o.start).filter(sameDay);
    } else {
      const start = date.utc ? date.value : instantOf(date.value, date.timeZone ?? series.timeZone);
      found = isOccurrenceOf(series, start) ? [start] : [];
    }
    if (found.length === 0) throw refuse(`EXDATE ${date.text} is not an occurrence of the series.`);
    for (const start of found) starts.set(start.getTime(), start);
  }
  return [...starts.values()].sort((a, b) => a.getTime() - b.getTime());
}
