/**
 * The one way the product writes a day or an instant for people (spec platform 5.5, 5.6): days as MM/dd/yyyy and
 * instants as MM/dd/yyyy hh:mm with AM or PM, so a 12-hour time is never ambiguous. Instants are read in the given
 * IANA time zone, or the runtime's own (the browser's) when none is given; a day without a time ('2026-03-01') is
 * that calendar day wherever it is read.
 */
export const DATE_FORMAT = 'MM/dd/yyyy';
export const DATE_TIME_FORMAT = 'MM/dd/yyyy hh:mm a';

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true });
    formats.set(key, format);
  }
  return format;
}

/** The parts of an instant in a time zone, or null for a value that is no instant. */
function partsOf(value: string | Date, timeZone?: string): Record<string, string> | null {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const p of formatIn(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return parts;
}

/** A day as MM/dd/yyyy ('03/01/2026'); '' for nothing, and text that is no date as it is. */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const day = typeof value === 'string' ? DAY_ONLY.exec(value) : null;
  if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  const p = partsOf(value, timeZone);
  return p ? `${p.month}/${p.day}/${p.year}` : String(value);
}

/** An instant as MM/dd/yyyy hh:mm AM/PM ('03/01/2026 02:05 PM'); '' for nothing, and text that is no date as it is. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const p = partsOf(value, timeZone);
  if (!p) return String(value);
  // Some runtimes write midnight as 24 with hour12 and 2-digit hours.
  const hour = p.hour === '00' || p.hour === '24' ? '12' : p.hour;
  return `${p.month}/${p.day}/${p.year} ${hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}
