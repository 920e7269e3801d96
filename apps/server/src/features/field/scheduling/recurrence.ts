import { createRequire } from 'node:module';
import { addWallDays, instantOf, readBasicDateTime, untilWallClock, wallClockOf } from '@sm/shared';

// rrule ships CommonJS without named ESM exports; require it so Node, tsx and Vitest all load the same build.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

/** What expanding a stored item needs: its first start, its length, its rule and the zone its wall clock lives in. */
export interface SeriesTiming {
  start: Date;
  durationHours: number;
  isAllDay: boolean;
  /**
   * The series' first start as its wall clock names it (RFC 5545 DTSTART in the series' zone), when that differs
   * from the start's own wall clock: a start in the hour the clocks skip in spring. Null or absent otherwise.
   */
  startWall?: Date | null;
  /** A rule as `canonicalRecurrenceRule` stores it, or null for a single item. */
  rule: string | null;
  /** Starts of occurrences taken out of the series (deleted, or edited into items of their own). */
  exceptions: readonly Date[];
  timeZone: string;
}

export interface Occurrence {
  start: Date;
  end: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Where an occurrence starting at `start` ends. An all-day item ends at the next local midnight after its day, so
 * a day on which the clocks change is 23 or 25 hours long; any other item lasts its duration.
 */
export function endOf(start: Date, durationHours: number, isAllDay: boolean, timeZone: string): Date {
  if (!isAllDay) return new Date(start.getTime() + Math.round(durationHours * HOUR));
  const wall = wallClockOf(start, timeZone);
  const midnight = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
  return instantOf(addWallDays(midnight, 1), timeZone);
}

/**
 * The rule on floating time, from the series' first local start (the rule sees wall clocks as if they were UTC), and
 * the instant its UNTIL names, which is compared with each occurrence's instant rather than its wall clock.
 */
function expansionOf(series: SeriesTiming): { rule: InstanceType<typeof RRule>; until: Date | null } {
  const { until: _, ...options } = RRule.parseString(series.rule!);
  const dtstart = series.startWall ?? wallClockOf(series.start, series.timeZone);
  return { rule: new RRule({ ...options, dtstart }), until: untilOf(series.rule!, series.timeZone) };
}

/**
 * The instant a rule's UNTIL names: a UTC time as it is, a local time (as rules stored before UNTIL was kept in
 * UTC have it) in the series' zone, a date through the end of that local day. Null when the rule has no UNTIL.
 */
export function untilOf(rule: string, timeZone: string): Date | null {
  const text = /(?:^|;)UNTIL=([0-9TZ]+)/i.exec(rule)?.[1].toUpperCase() ?? '';
  const read = readBasicDateTime(text);
  if (!read) return null;
  return read.utc ? read.value : instantOf(untilWallClock(text, timeZone)!, timeZone);
}

/**
 * The occurrences of an item that overlap [from, to), oldest first. A series is expanded on wall clocks in its own
 * time zone and each wall clock is then turned into its instant, so a weekly 09:00 stays at 09:00 local time across a
 * change of the clocks while its UTC instant moves by an hour. Exceptions remove the occurrence with that start.
 */
export function occurrencesBetween(series: SeriesTiming, from: Date, to: Date): Occurrence[] {
  const overlaps = (o: Occurrence) => o.start < to && o.end > from;
  const occurrence = (start: Date): Occurrence => ({ start, end: endOf(start, series.durationHours, series.isAllDay, series.timeZone) });
  if (!series.rule) {
    const only = occurrence(series.start);
    return overlaps(only) ? [only] : [];
  }
  const removed = new Set(series.exceptions.map((d) => d.getTime()));
  const { rule, until } = expansionOf(series);
  // Wall-clock bounds with a day to spare on each side: offsets and the length of the item are then always inside.
  const reach = Math.max(series.durationHours * HOUR, DAY);
  const fromWall = new Date(wallClockOf(new Date(from.getTime() - reach), series.timeZone).getTime() - DAY);
  const toWall = new Date(wallClockOf(to, series.timeZone).getTime() + DAY);
  return rule
    .between(fromWall, toWall, true)
    .map((wall) => occurrence(instantOf(wall, series.timeZone)))
    .filter((o) => overlaps(o) && (until === null || o.start <= until) && !removed.has(o.start.getTime()));
}

/** Whether `start` is an occurrence the series' rule makes (before exceptions are taken out). */
export function isOccurrenceOf(series: SeriesTiming, start: Date): boolean {
  if (!series.rule) return start.getTime() === series.start.getTime();
  return occurrencesBetween({ ...series, exceptions: [] }, start, new Date(start.getTime() + 1)).some((o) => o.start.getTime() === start.getTime());
}

/** Past this many occurrences a series counts as endless: nothing is pruned for it, which is only slower. */
const COUNTED_OCCURRENCES = 5000;

/**
 * When the last occurrence of a series ends, or null when it never ends (or only after very many occurrences);
 * range queries skip series that ended before the range. Answers `undefined` for a rule that makes no occurrence.
 */
export function lastOccurrenceEnd(series: SeriesTiming): Date | null | undefined {
  if (!series.rule) return endOf(series.start, series.durationHours, series.isAllDay, series.timeZone);
  const { rule, until } = expansionOf(series);
  if (!rule.options.count && !until) return rule.after(rule.options.dtstart, true) ? null : undefined;
  // A wall clock a day past UNTIL's own is past its instant whatever the offset; each start is then checked exactly.
  const lastWall = until && new Date(wallClockOf(until, series.timeZone).getTime() + DAY);
  const walls = rule.all((wall, i) => i < COUNTED_OCCURRENCES && (!lastWall || wall <= lastWall));
  if (walls.length >= COUNTED_OCCURRENCES) return null;
  const starts = walls.map((wall) => instantOf(wall, series.timeZone)).filter((start) => !until || start <= until);
  const last = starts[starts.length - 1];
  return last ? endOf(last, series.durationHours, series.isAllDay, series.timeZone) : undefined;
}
