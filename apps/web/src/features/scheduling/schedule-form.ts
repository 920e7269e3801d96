import {
  DEFAULT_TASK_DURATION_HOURS,
  NO_RECURRENCE,
  readRecurrenceRule,
  recurrenceFormSchema,
  recurrenceRuleOf,
  required,
  saveScheduleItemBody,
  type RecurrenceForm,
  type SaveScheduleItemBody,
  type TaskColor,
} from '@sm/shared';
import { bodyOfItem, type SaveScope } from './schedule-events';
import type { ScheduleItem } from './scheduler-api';
import { dateIn, formStartOf, localInputOf, serverStartOf } from './schedule-time';

/** What the form edits: a new item, a stored item, a whole series, or one occurrence to take out of its series. */
export type FormMode =
  | { kind: 'new' }
  | { kind: 'item'; item: ScheduleItem }
  | { kind: 'series'; item: ScheduleItem }
  | { kind: 'occurrence'; item: ScheduleItem };

/** The schedule form (spec platform 3.4) as its controls hold it. */
export interface ScheduleFormValues {
  task: string;
  workOrderId: number | null;
  technicianId: number | null;
  /** `datetime-local` value in this device's time zone; an all-day item uses its date only. */
  start: string;
  durationHours: number | string;
  isAllDay: boolean;
  isAppointment: boolean;
  noVisitRequired: boolean;
  colorClass: TaskColor;
  recurrence: RecurrenceForm;
}

/** Field errors keyed by field ('recurrence.count' for the repeat editor's), in the order the form shows them. */
export type ScheduleFormErrors = Record<string, string>;

/** An all-day item is saved as one day of 24 hours. */
const ALL_DAY_HOURS = 24;
const FIELD_ORDER = ['task', 'workOrderId', 'technicianId', 'start', 'durationHours', 'colorClass', 'recurrence'];

const scopeOf = (mode: Exclude<FormMode, { kind: 'new' }>): SaveScope => (mode.kind === 'item' ? 'single' : mode.kind);

/** Whether the form may set a repeat: an edited occurrence or one occurrence being taken out cannot repeat on its own. */
export function canRepeat(mode: FormMode): boolean {
  if (mode.kind === 'new' || mode.kind === 'series') return true;
  return mode.kind === 'item' && mode.item.recurrenceId === null && mode.item.recurrenceRule === null;
}

/** Where the edited thing starts: a series at its own first start, anything else where it was clicked. */
function originalStartOf(mode: Exclude<FormMode, { kind: 'new' }>): string {
  return mode.kind === 'series' ? (mode.item.seriesStart ?? mode.item.start) : mode.item.start;
}

/** A new item from a slot of the calendar (or the New button): the default duration unless a range was selected. */
export function newItemValues(slot: { start: Date; durationHours?: number; isAllDay?: boolean; technicianId: number | null }): ScheduleFormValues {
  return {
    task: '',
    workOrderId: null,
    technicianId: slot.technicianId,
    start: localInputOf(slot.start),
    durationHours: slot.durationHours ?? DEFAULT_TASK_DURATION_HOURS,
    isAllDay: slot.isAllDay ?? false,
    isAppointment: false,
    noVisitRequired: false,
    colorClass: 'blue',
    recurrence: NO_RECURRENCE,
  };
}

/** The form of a stored item, a series (from its own start, with its repeat rule) or one occurrence. */
export function itemValues(mode: Exclude<FormMode, { kind: 'new' }>): ScheduleFormValues {
  const { item } = mode;
  const rule = mode.kind === 'series' ? readRecurrenceRule(item.recurrenceRule).form : null;
  return {
    task: item.task ?? '',
    workOrderId: item.workOrderId,
    technicianId: item.technicianId,
    start: formStartOf(originalStartOf(mode), item.isAllDay, item.startTimezone),
    durationHours: item.isAllDay ? DEFAULT_TASK_DURATION_HOURS : item.durationHours,
    isAllDay: item.isAllDay,
    isAppointment: item.isAppointment,
    noVisitRequired: item.noVisitRequired,
    colorClass: item.colorClass,
    recurrence: rule ?? NO_RECURRENCE,
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
    start: serverStartOf(values.start, values.isAllDay),
    durationHours: values.isAllDay ? ALL_DAY_HOURS : Number(values.durationHours),
    isAllDay: values.isAllDay,
    isAppointment: values.isAppointment,
    noVisitRequired: values.noVisitRequired,
    colorClass: values.colorClass,
    recurrenceRule: canRepeat(mode) ? recurrenceRuleOf(values.recurrence) : null,
  };
}

/**
 * The form's errors, checked with the same shared schemas the server validates with, so a person reads the same
 * sentence either way. Rules only the server can check (a repeat that ends before it starts) come back from it.
 */
export function validateForm(values: ScheduleFormValues, mode: FormMode): ScheduleFormErrors {
  const found: ScheduleFormErrors = {};
  const note = (field: string, message: string) => {
    if (!found[field]) found[field] = message;
  };
  if (values.start === '') note('start', required('Start'));
  if (!values.isAllDay && values.durationHours === '') note('durationHours', required('Duration'));
  const body = saveScheduleItemBody.safeParse(bodyOfForm(values, mode));
  if (!body.success) {
    for (const issue of body.error.issues) {
      const field = String(issue.path[0] ?? '');
      note(field === 'recurrenceRule' ? 'recurrence' : field, issue.message);
    }
  }
  if (canRepeat(mode)) {
    const repeat = recurrenceFormSchema.safeParse(values.recurrence);
    if (!repeat.success) for (const issue of repeat.error.issues) note(`recurrence.${String(issue.path[0] ?? 'pattern')}`, issue.message);
  }
  const rank = (field: string) => FIELD_ORDER.indexOf(field.split('.')[0]);
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * Whether saving the form changes when an appointment happens, as the server judges it (start, length, all day,
 * repeat, technician, or no longer an appointment): then the Update Appointment dialog asks why first.
 */
export function movesAppointment(body: SaveScheduleItemBody, mode: FormMode): boolean {
  if (mode.kind === 'new' || !mode.item.isAppointment) return false;
  const { item } = mode;
  const before = bodyOfItem(item, scopeOf(mode));
  const originalStart = originalStartOf(mode);
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
