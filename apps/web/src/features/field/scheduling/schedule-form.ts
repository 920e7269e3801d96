import { saveScheduleItemBody, type SaveScheduleItemBody, type TaskColor } from '@sm/shared';
import {
  canRepeatEntry,
  newTimingValues,
  originalStartOf,
  scopeOfKind,
  timingBodyOfForm,
  timingValuesOf,
  validateEntryForm,
  type EntryFormErrors,
  type NewSlot,
  type TimingFormValues,
} from './calendar-entry';
import { bodyOfItem } from './schedule-events';
import type { ScheduleItem } from './scheduler-api';
import { dateIn } from './schedule-time';

/** What the form edits: a new item, a stored item, a whole series, or one occurrence to take out of its series. */
export type FormMode =
  | { kind: 'new' }
  | { kind: 'item'; item: ScheduleItem }
  | { kind: 'series'; item: ScheduleItem }
  | { kind: 'occurrence'; item: ScheduleItem };

/** The schedule form (spec platform 3.4) as its controls hold it. */
export interface ScheduleFormValues extends TimingFormValues {
  task: string;
  workOrderId: number | null;
  technicianId: number | null;
  isAppointment: boolean;
  noVisitRequired: boolean;
  colorClass: TaskColor;
}

/** Field errors keyed by field ('recurrence.count' for the repeat editor's), in the order the form shows them. */
export type ScheduleFormErrors = EntryFormErrors;

const FIELD_ORDER = ['task', 'workOrderId', 'technicianId', 'start', 'durationHours', 'colorClass', 'recurrence'];

const scopeOf = (mode: Exclude<FormMode, { kind: 'new' }>) => scopeOfKind(mode.kind);

/** Whether the form may set a repeat: an edited occurrence or one occurrence being taken out cannot repeat on its own. */
export const canRepeat = (mode: FormMode): boolean => canRepeatEntry(mode.kind, mode.kind === 'new' ? null : mode.item);

/** A new item from a slot of the calendar (or the New button): the default duration unless a range was selected. */
export function newItemValues(slot: NewSlot & { technicianId: number | null }): ScheduleFormValues {
  return {
    task: '',
    workOrderId: null,
    technicianId: slot.technicianId,
    ...newTimingValues(slot),
    isAppointment: false,
    noVisitRequired: false,
    colorClass: 'blue',
  };
}

/** The form of a stored item, a series (from its own start, with its repeat rule) or one occurrence. */
export function itemValues(mode: Exclude<FormMode, { kind: 'new' }>): ScheduleFormValues {
  const { item } = mode;
  return {
    task: item.task ?? '',
    workOrderId: item.workOrderId,
    technicianId: item.technicianId,
    ...timingValuesOf(mode.kind, item),
    isAppointment: item.isAppointment,
    noVisitRequired: item.noVisitRequired,
    colorClass: item.colorClass,
  };
}

/** The `Scheduler/save` body of the form. */
export function bodyOfForm(values: ScheduleFormValues, mode: FormMode): SaveScheduleItemBody {
  const base: SaveScheduleItemBody = mode.kind === 'new' ? { schedulerId: 0, start: '' } : bodyOfItem(mode.item, scopeOf(mode));
  return {
    ...base,
    task: values.task.trim() || null,
    workOrderId: values.workOrderId ?? 0,
    technicianId: values.technicianId,
    ...timingBodyOfForm(values, canRepeat(mode), mode.kind === 'new' ? undefined : mode.item.startTimezone),
    isAppointment: values.isAppointment,
    noVisitRequired: values.noVisitRequired,
    colorClass: values.colorClass,
  };
}

/** The form's errors, read with the shared `Scheduler/save` schema (see `validateEntryForm`). */
export function validateForm(values: ScheduleFormValues, mode: FormMode): ScheduleFormErrors {
  const parsed = saveScheduleItemBody.safeParse(bodyOfForm(values, mode));
  return validateEntryForm(values, { parsed, repeatable: canRepeat(mode), fieldOrder: FIELD_ORDER });
}

/**
 * Whether saving the form changes when an appointment happens, as the server judges it (start, length, all day,
 * repeat, technician, or no longer an appointment): then the Update Appointment dialog asks why first.
 */
export function movesAppointment(body: SaveScheduleItemBody, mode: FormMode): boolean {
  if (mode.kind === 'new' || !mode.item.isAppointment) return false;
  const { item } = mode;
  const before = bodyOfItem(item, scopeOf(mode));
  const originalStart = originalStartOf(mode.kind, item);
  const sameStart = body.isAllDay
    ? body.start.slice(0, 10) === dateIn(originalStart, item.startTimezone)
    : Date.parse(body.start) === Date.parse(originalStart);
  return (
    !sameStart ||
    body.durationHours !== item.durationHours ||
    body.isAllDay !== item.isAllDay ||
    (body.recurrenceRule ?? null) !== (before.recurrenceRule ?? null) ||
    (body.technicianId ?? null) !== item.technicianId ||
    !body.isAppointment
  );
}
