import dayjs from 'dayjs';
import { formatDateTime } from '@sm/shared';

/** The value format of a `datetime-local` input (this device's time zone). */
export const LOCAL_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

/** Hours as the server keeps them: four decimals. */
export const roundHours = (hours: number) => Math.round(hours * 10_000) / 10_000;

/** A `datetime-local` value for an instant. */
export const localInputOf = (instant: Date | string) => dayjs(instant).format(LOCAL_INPUT_FORMAT);

/** The calendar date (YYYY-MM-DD) an instant falls on in an IANA time zone. */
export function dateIn(instant: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The start the server reads: a timed start is an instant (this device's wall clock with its offset); an all-day
 * start is a bare midnight, which the server reads in the item's own time zone, so the day never shifts.
 */
export function serverStartOf(localValue: string, isAllDay: boolean): string {
  if (localValue === '') return '';
  return isAllDay ? `${localValue.slice(0, 10)}T00:00:00` : dayjs(localValue).format('YYYY-MM-DDTHH:mm:ssZ');
}

/** A `datetime-local` value for the start of an item as the form shows it: an all-day item at midnight of its own day. */
export function formStartOf(instant: string, isAllDay: boolean, timeZone: string): string {
  return isAllDay ? `${dateIn(instant, timeZone)}T00:00` : localInputOf(instant);
}

/** Whole days between two YYYY-MM-DD dates. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A YYYY-MM-DD date moved by whole days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The product's weekday number of a date (Monday = 1 ... Sunday = 7, spec clock 9). */
export const weekdayOf = (date: Date) => ((date.getDay() + 6) % 7) + 1;

/** A date and time for lists, with its weekday ("Tue 11/24/2026 09:00 AM"). */
export const formatWhen = (instant: string | Date) => `${dayjs(instant).format('ddd')} ${formatDateTime(instant)}`;
