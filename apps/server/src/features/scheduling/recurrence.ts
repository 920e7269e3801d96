import { createRequire } from 'node:module';
import { addWallDays, instantOf, wallClockOf } from './zoned-time';

// rrule ships CommonJS without named ESM exports; require it so Node, tsx and Vitest all load the same build.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

/** What expanding a stored item needs: its first start, its length, its rule and the zone its wall clock lives in. */
export interface SeriesTiming {
  start: Date;
  durationHours: number;
  isAllDay: boolean;
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

/** The rule with the series' first local start, in floating time: the rule sees wall clocks as if they were UTC. */
function floatingRule(series: SeriesTiming) {
  return new RRule({ ...RRule.parseString(series.rule!), dtstart: wallClockOf(series.start, series.timeZone) });
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
  // Wall-clock bounds with a day to spare on each side: offsets and the length of the item are then always inside.
  const reach = Math.max(series.durationHours * HOUR, DAY);
  const fromWall = new Date(wallClockOf(new Date(from.getTime() - reach), series.timeZone).getTime() - DAY);
  const toWall = new Date(wallClockOf(to, series.timeZone).getTime() + DAY);
  return floatingRule(series)
    .between(fromWall, toWall, true)
    .map((wall) => occurrence(instantOf(wall, series.timeZone)))
    .filter((o) => overlaps(o) && !removed.has(o.start.getTime()));
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
  const rule = floatingRule(series);
  if (!rule.options.count && !rule.options.until) return rule.after(rule.options.dtstart, true) ? null : undefined;
  const walls = rule.all((_, i) => i < COUNTED_OCCURRENCES);
  if (walls.length >= COUNTED_OCCURRENCES) return null;
  const last = walls[walls.length - 1];
  return last ? endOf(instantOf(last, series.timeZone), series.durationHours, series.isAllDay, series.timeZone) : undefined;
}
