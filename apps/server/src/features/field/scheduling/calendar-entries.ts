import { canonicalRecurrenceRule, parseZonedIso, wallClockOf } from '@sm/shared';
import { and, gt, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { lastOccurrenceEnd, occurrencesBetween, type SeriesTiming } from './recurrence';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { knownTimeZone, zonedDate, type ScheduleItemRow } from './schedule-lookups';
import { scheduleItems } from './schedule-items.table';
import { addException, checkOpenOccurrence, checkedStart, dropEditedOccurrences, insertItem, reshapesSeries, roundedHours, seriesTimingOf, updateItem } from './schedule-writes';
import { excludedStarts, splitRepeatText } from './series-text';

// Schedule items and sales tasks are rows of one table: reading a range, answering a series and saving its timing
// are the same for both calendars, so they are written once here.

/** A single entry lasts at most 24 hours, an all-day one at most 25 (the day the clocks go back). */
const LONGEST_ENTRY_MS = 25 * 3_600_000;

/** The bounds of a range query as instants: read in the query's time zone, else the company's. */
export async function rangeOfQuery(ctx: Ctx, query: { start: string; end: string; timeZone?: string }): Promise<{ from: Date; to: Date }> {
  const timeZone = query.timeZone ? knownTimeZone(query.timeZone) : await companyTimeZone(ctx);
  return { from: zonedDate(query.start, timeZone, 'Start'), to: zonedDate(query.end, timeZone, 'End') };
}

/**
 * The rows that may have an occurrence in the range: a single entry starting before its end and not long before its
 * start, or a series that has not ended before it. The occurrences themselves are made by `occurrencesOf`.
 */
export function mayOverlap(from: Date, to: Date): SQL | undefined {
  const i = scheduleItems;
  return and(
    lt(i.startAt, to),
    or(
      and(isNull(i.recurrenceRule), gt(i.startAt, new Date(from.getTime() - LONGEST_ENTRY_MS))),
      and(isNotNull(i.recurrenceRule), or(isNull(i.lastOccurrenceEnd), gt(i.lastOccurrenceEnd, from))),
    ),
  );
}

/** The due date, repeat and series fields of a row as both calendars answer them. */
export function seriesAnswerOf(it: ScheduleItemRow) {
  return {
    due: it.dueAt?.toISOString() ?? null,
    recurrenceRule: it.recurrenceRule,
    seriesStart: it.recurrenceRule ? it.startAt.toISOString() : null,
    recurrenceId: it.recurrenceId,
    recurrenceException: it.recurrenceExceptions.map((d) => d.toISOString()),
    occurrenceStart: it.occurrenceStart?.toISOString() ?? null,
    startTimezone: it.timeZone,
    endTimezone: it.timeZone,
  };
}

/** The answer of a row once per occurrence in the range (once for a single entry), each with its own start and end. */
export function occurrencesOf<T>(it: ScheduleItemRow, base: T, from: Date, to: Date): (T & { start: string; end: string })[] {
  return occurrencesBetween(seriesTimingOf(it), from, to).map((o) => ({ ...base, start: o.start.toISOString(), end: o.end.toISOString() }));
}

/** Oldest first, then by id, as both calendars list their occurrences. */
export const byStart = (a: { start: string; id: number }, b: { start: string; id: number }) => a.start.localeCompare(b.start) || a.id - b.id;

/** The timing part of a saved form, shared by the schedule item and the sales task. */
export interface SavedTiming {
  start: string;
  durationHours: number;
  isAllDay: boolean;
  due?: string | null;
  recurrenceRule?: string | null;
  startTimezone?: string | null;
  endTimezone?: string | null;
}

/** The time zone a save is read in (the form's, else the entry's, else the company's) and its checked start. */
export async function savedStartOf(tx: Tx, ctx: Ctx, input: SavedTiming, itemZone: string | undefined): Promise<{ timeZone: string; start: Date }> {
  const named = input.startTimezone?.trim() || null;
  const end = input.endTimezone?.trim() || null;
  if (named && end && named !== end) throw new AppError(400, 'Start and end time zones must be the same.');
  const zone = named ?? end;
  const timeZone = zone ? knownTimeZone(zone) : (itemZone ?? (await companyTimeZone(ctx, tx)));
  return { timeZone, start: checkedStart(ctx, zonedDate(input.start, timeZone, 'Start'), input.isAllDay, timeZone) };
}

/**
 * The timing columns of a saved form once its start is known: the length, the due date read in the entry's zone, a
 * repeat rule the editor can show that makes at least one occurrence, the wall clock the start names when it falls
 * in a skipped hour, and the starts its EXDATE lines take out. `current` is the stored entry: a start that names its
 * instant again keeps its wall clock.
 */
export function savedTimingColumns(input: SavedTiming, start: Date, timeZone: string, current?: Partial<Pick<ScheduleItemRow, 'startAt' | 'startWall'>>) {
  const text = splitRepeatText(input.recurrenceRule);
  const canonical = canonicalRecurrenceRule(text.rule, timeZone);
  if (canonical.error !== null) throw new AppError(400, canonical.error);
  const durationHours = roundedHours(input.durationHours);
  const startWall = canonical.rule ? startWallOf(input.start, start, input.isAllDay, timeZone, current) : null;
  const timing = { start, startWall, durationHours, isAllDay: input.isAllDay, rule: canonical.rule, timeZone };
  const lastEnd = lastEndOf(timing);
  return {
    startAt: start,
    startWall,
    durationHours,
    isAllDay: input.isAllDay,
    dueAt: input.due ? zonedDate(input.due, timeZone, 'Due') : null,
    recurrenceRule: canonical.rule,
    recurrenceExceptions: excludedStarts({ ...timing, exceptions: [] }, text.excluded),
    lastOccurrenceEnd: lastEnd,
    timeZone,
  } satisfies Partial<ScheduleItemRow>;
}

/**
 * The wall clock a saved start names when its instant shows another (a time the clocks skip: 02:30 on the spring
 * change is 03:30), else null. A start given with an offset names the instant itself; an all-day start its midnight.
 * A start at the stored entry's instant keeps the entry's wall clock, so saving what the calendar shows changes nothing.
 */
function startWallOf(text: string, start: Date, isAllDay: boolean, timeZone: string, current?: Partial<Pick<ScheduleItemRow, 'startAt' | 'startWall'>>): Date | null {
  const kept = current?.startWall && current.startAt?.getTime() === start.getTime() ? current.startWall : null;
  const named = /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? null : parseZonedIso(text, 'UTC');
  if (named === null) return kept;
  const wall = isAllDay ? new Date(Date.UTC(named.getUTCFullYear(), named.getUTCMonth(), named.getUTCDate())) : named;
  return wall.getTime() === wallClockOf(start, timeZone).getTime() ? kept : wall;
}

/** Where a series' last occurrence ends (null for no end or no repeat); refuses a rule that makes no occurrence. */
export function lastEndOf(timing: Omit<SeriesTiming, 'exceptions'>): Date | null {
  const lastEnd = timing.rule ? lastOccurrenceEnd({ ...timing, exceptions: [] }) : null;
  if (lastEnd === undefined) throw new AppError(400, 'The repeat rule ends before its first occurrence.');
  return lastEnd;
}

/** Exceptions kept and added, each once, oldest first. */
export const mergedExceptions = (kept: readonly Date[], added: readonly Date[]) =>
  [...new Map([...kept, ...added].map((d) => [d.getTime(), d])).values()].sort((a, b) => a.getTime() - b.getTime());

/**
 * A drag or resize of a stored entry, for both calendars. With `occurrenceStart` only that occurrence of a series
 * moves, becoming an entry of its own (a copy pointing at the series); without it a series moves as a whole and
 * starts over when its start changes. The reason, if any, goes into the history.
 */
export async function moveEntry(
  tx: Tx,
  ctx: Ctx,
  row: ScheduleItemRow,
  input: { start: string; durationHours: number; occurrenceStart?: string | null },
  reason: string | null,
): Promise<{ schedulerId: number }> {
  const durationHours = roundedHours(input.durationHours);
  const start = checkedStart(ctx, zonedDate(input.start, row.timeZone, 'Start'), row.isAllDay, row.timeZone);
  if (input.occurrenceStart) {
    const original = zonedDate(input.occurrenceStart, row.timeZone, 'Occurrence start');
    checkOpenOccurrence(row, original);
    const { id: _, subscriberId: __, createdBy: ___, createdAt: ____, ...copy } = row;
    const inserted = await insertItem(
      tx,
      ctx,
      { ...copy, startAt: start, startWall: null, durationHours, recurrenceRule: null, recurrenceExceptions: [], lastOccurrenceEnd: null, recurrenceId: row.id, occurrenceStart: original },
      reason,
    );
    await addException(tx, ctx, row, original, 'move-occurrence', reason);
    return { schedulerId: inserted.id };
  }
  const startWall = row.recurrenceRule ? startWallOf(input.start, start, row.isAllDay, row.timeZone, row) : null;
  const startsOver = reshapesSeries(row, { ...row, startAt: start, startWall });
  if (startsOver) await dropEditedOccurrences(tx, ctx, row.id, reason);
  const lastEnd = lastEndOf({ ...seriesTimingOf(row), start, startWall, durationHours });
  const exceptions = startsOver ? [] : row.recurrenceExceptions;
  await updateItem(tx, ctx, row, { startAt: start, startWall, durationHours, lastOccurrenceEnd: lastEnd, recurrenceExceptions: exceptions }, 'move', reason);
  return { schedulerId: row.id };
}
