import type { EventInput } from '@fullcalendar/react';
import { DEFAULT_TASK_DURATION_HOURS, NO_RECURRENCE, readRecurrenceRule, recurrenceFormSchema, recurrenceRuleOf, required, type RecurrenceForm, type ScheduleItem } from '@sm/shared';
import dayjs from 'dayjs';
import { addDays, dateIn, daysBetween, formStartOf, localInputOf, serverStartOf } from './schedule-time';

// A schedule item and a sales task are the same kind of calendar entry: a start, a length, all day or not, and maybe
// a repeating series. What the two forms and calendars do with that part is written once here.

/** The timing and series fields every calendar entry (or occurrence of one) carries. */
export type CalendarEntry = Pick<
  ScheduleItem,
  'id' | 'start' | 'end' | 'durationHours' | 'isAllDay' | 'due' | 'recurrenceRule' | 'seriesStart' | 'recurrenceId' | 'startTimezone'
>;

/** What a form edits: a new entry, a stored entry, a whole series, or one occurrence to take out of its series. */
export type EntryFormKind = 'new' | 'item' | 'series' | 'occurrence';

/** What a change to a stored entry applies to: the entry itself, one occurrence of its series, or the whole series. */
export type SaveScope = 'single' | 'occurrence' | 'series';

/** The scope of a save from the form's kind. */
export const scopeOfKind = (kind: Exclude<EntryFormKind, 'new'>): SaveScope => (kind === 'item' ? 'single' : kind);

/** Whether the entry is one occurrence of a repeating series (not an occurrence already edited on its own). */
export const isSeriesOccurrence = (entry: Pick<CalendarEntry, 'recurrenceRule'>) => entry.recurrenceRule !== null;

/** Whether the form may set a repeat: an edited occurrence or one occurrence being taken out cannot repeat on its own. */
export function canRepeatEntry(kind: EntryFormKind, entry: CalendarEntry | null): boolean {
  if (kind === 'new' || kind === 'series') return true;
  return kind === 'item' && entry !== null && entry.recurrenceId === null && entry.recurrenceRule === null;
}

/** Where the edited entry starts: a series at its own first start, anything else where it was clicked. */
export const originalStartOf = (kind: Exclude<EntryFormKind, 'new'>, entry: CalendarEntry) => (kind === 'series' ? (entry.seriesStart ?? entry.start) : entry.start);

/**
 * Where a moved entry starts, as the server reads it. One occurrence or a single entry starts where it was dropped; a
 * whole series moves its own first start by as much as the dragged occurrence moved. An all-day entry moves by days
 * in its own time zone.
 */
export function movedStart(entry: CalendarEntry, dropped: Date, scope: SaveScope): string {
  const seriesStart = scope === 'series' ? (entry.seriesStart ?? entry.start) : entry.start;
  if (entry.isAllDay) {
    const days = daysBetween(dateIn(entry.start, entry.startTimezone), dayjs(dropped).format('YYYY-MM-DD'));
    return `${addDays(dateIn(seriesStart, entry.startTimezone), days)}T00:00:00`;
  }
  return new Date(Date.parse(seriesStart) + dropped.getTime() - Date.parse(entry.start)).toISOString();
}

/**
 * The timing part of the saved form of an entry as it stands, for a change that keeps everything else: the entry
 * itself, one occurrence taken out of its series (schedulerId 0 + recurrenceId + occurrenceStart), or the whole series.
 */
export function timingBodyOfEntry(entry: CalendarEntry, scope: SaveScope) {
  const isOccurrence = scope === 'occurrence';
  return {
    schedulerId: isOccurrence ? 0 : entry.id,
    start: entry.start,
    durationHours: entry.durationHours,
    isAllDay: entry.isAllDay,
    due: entry.due,
    recurrenceRule: isOccurrence ? null : entry.recurrenceRule,
    recurrenceId: isOccurrence ? entry.id : null,
    occurrenceStart: isOccurrence ? entry.start : null,
  };
}

/** The timing part of an entry form as its controls hold it. */
export interface TimingFormValues {
  /** `datetime-local` value in this device's time zone; an all-day entry uses its date only. */
  start: string;
  durationHours: number | string;
  isAllDay: boolean;
  recurrence: RecurrenceForm;
}

/** Where a new entry starts, from a slot of the calendar or the New button. */
export interface NewSlot {
  start: Date;
  durationHours?: number;
  isAllDay?: boolean;
}

/** The timing of a new entry: the default duration unless a range was selected, no repeat. */
export const newTimingValues = (slot: NewSlot): TimingFormValues => ({
  start: localInputOf(slot.start),
  durationHours: slot.durationHours ?? DEFAULT_TASK_DURATION_HOURS,
  isAllDay: slot.isAllDay ?? false,
  recurrence: NO_RECURRENCE,
});

/** The timing of a stored entry, a series (from its own start, with its repeat rule) or one occurrence. */
export function timingValuesOf(kind: Exclude<EntryFormKind, 'new'>, entry: CalendarEntry): TimingFormValues {
  const rule = kind === 'series' ? readRecurrenceRule(entry.recurrenceRule, entry.startTimezone).form : null;
  return {
    start: formStartOf(originalStartOf(kind, entry), entry.isAllDay, entry.startTimezone),
    durationHours: entry.isAllDay ? DEFAULT_TASK_DURATION_HOURS : entry.durationHours,
    isAllDay: entry.isAllDay,
    recurrence: rule ?? NO_RECURRENCE,
  };
}

/** An all-day entry is saved as one day of 24 hours. */
const ALL_DAY_HOURS = 24;

/** The timing part of a save body from the form; a stored entry's repeat end is written in its own time zone. */
export const timingBodyOfForm = (values: TimingFormValues, repeatable: boolean, timeZone?: string) => ({
  start: serverStartOf(values.start, values.isAllDay),
  durationHours: values.isAllDay ? ALL_DAY_HOURS : Number(values.durationHours),
  isAllDay: values.isAllDay,
  recurrenceRule: repeatable ? recurrenceRuleOf(values.recurrence, timeZone) : null,
});

/** Field errors keyed by field ('recurrence.count' for the repeat editor's), in the order the form shows them. */
export type EntryFormErrors = Record<string, string>;

/** What a shared schema's `safeParse` of the form's body answered. */
type ParsedBody = { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * A form's errors, checked with the same shared schema the server validates with, so a person reads the same sentence
 * either way (`parsed` is the schema's answer on the form's body); `before` notes what the form checks first. Rules only the server can check (a repeat that ends before
 * it starts) come back from it.
 */
export function validateEntryForm(
  values: TimingFormValues,
  check: { parsed: ParsedBody; repeatable: boolean; fieldOrder: string[]; before?: (note: (field: string, message: string) => void) => void },
): EntryFormErrors {
  const found: EntryFormErrors = {};
  const note = (field: string, message: string) => {
    if (!found[field]) found[field] = message;
  };
  check.before?.(note);
  if (values.start === '') note('start', required('Start'));
  if (!values.isAllDay && values.durationHours === '') note('durationHours', required('Duration'));
  const body = check.parsed;
  if (!body.success) {
    for (const issue of body.error.issues) {
      const field = String(issue.path[0] ?? '');
      note(field === 'recurrenceRule' ? 'recurrence' : field, issue.message);
    }
  }
  if (check.repeatable) {
    const repeat = recurrenceFormSchema.safeParse(values.recurrence);
    if (!repeat.success) for (const issue of repeat.error.issues) note(`recurrence.${String(issue.path[0] ?? 'pattern')}`, issue.message);
  }
  const rank = (field: string) => check.fieldOrder.indexOf(field.split('.')[0]);
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * One calendar event per entry or occurrence. A timed entry sits at its instants (shown in this device's zone); an
 * all-day entry on its own day in its own time zone, whatever the device's zone.
 */
export function eventOfEntry(entry: CalendarEntry, title: string, color: string): EventInput {
  return {
    id: `${entry.id}@${entry.start}`,
    title,
    start: entry.isAllDay ? dateIn(entry.start, entry.startTimezone) : entry.start,
    end: entry.isAllDay ? addDays(dateIn(entry.start, entry.startTimezone), 1) : entry.end,
    allDay: entry.isAllDay,
    color,
    contrastColor: '#fff',
    durationEditable: !entry.isAllDay,
    extendedProps: { item: entry },
  };
}
