import {
  DEFAULT_TASK_DURATION_HOURS,
  NO_RECURRENCE,
  readRecurrenceRule,
  recurrenceFormSchema,
  recurrenceRuleOf,
  required,
  saveSalesTaskBody,
  type RecurrenceForm,
  type SaveSalesTaskBody,
  type TaskColor,
} from '@sm/shared';
import { formStartOf, localInputOf, serverStartOf } from '../scheduling/schedule-time';
import type { SalesTask } from './sales-scheduler-api';

/** What the form edits: a new task, a stored task, a whole series, or one occurrence to take out of its series. */
export type SalesFormMode =
  | { kind: 'new' }
  | { kind: 'item'; task: SalesTask }
  | { kind: 'series'; task: SalesTask }
  | { kind: 'occurrence'; task: SalesTask };

/** What a change to a stored task applies to: the task itself, one occurrence of its series, or the whole series. */
export type SalesSaveScope = 'single' | 'occurrence' | 'series';

/** The scheduler task form (spec clock 3) as its controls hold it. */
export interface SalesTaskFormValues {
  title: string;
  customerId: number | null;
  salesPersonId: number | null;
  /** `datetime-local` value in this device's time zone; an all-day task uses its date only. */
  start: string;
  durationHours: number | string;
  isAllDay: boolean;
  color: TaskColor;
  recurrence: RecurrenceForm;
}

/** Field errors keyed by field ('recurrence.count' for the repeat editor's), in the order the form shows them. */
export type SalesTaskFormErrors = Record<string, string>;

/** An all-day task is saved as one day of 24 hours. */
const ALL_DAY_HOURS = 24;
const FIELD_ORDER = ['title', 'customerId', 'salesPersonId', 'start', 'durationHours', 'color', 'recurrence'];

/** Whether a task is one occurrence of a repeating series (not an occurrence already edited on its own). */
export const isSeriesOccurrence = (task: SalesTask) => task.recurrenceRule !== null;

const scopeOf = (mode: Exclude<SalesFormMode, { kind: 'new' }>): SalesSaveScope => (mode.kind === 'item' ? 'single' : mode.kind);

/** Whether the form may set a repeat: an edited occurrence or one occurrence being taken out cannot repeat on its own. */
export function canRepeat(mode: SalesFormMode): boolean {
  if (mode.kind === 'new' || mode.kind === 'series') return true;
  return mode.kind === 'item' && mode.task.recurrenceId === null && mode.task.recurrenceRule === null;
}

/**
 * The saved form of a task as it stands, for a change that keeps everything else: the task itself, one occurrence
 * taken out of its series (schedulerId 0 + recurrenceId + occurrenceStart), or the whole series.
 */
export function bodyOfTask(task: SalesTask, scope: SalesSaveScope): SaveSalesTaskBody {
  const isOccurrence = scope === 'occurrence';
  return {
    schedulerId: isOccurrence ? 0 : task.id,
    title: task.title,
    customerId: task.customerId,
    salesPersonId: task.salesPersonId,
    start: task.start,
    durationHours: task.durationHours,
    isAllDay: task.isAllDay,
    due: task.due,
    recurrenceRule: isOccurrence ? null : task.recurrenceRule,
    recurrenceId: isOccurrence ? task.id : null,
    occurrenceStart: isOccurrence ? task.start : null,
    color: task.color,
  };
}

/** A new task from a slot of the calendar (or the New button): the default quarter hour unless a range was selected. */
export function newTaskValues(slot: { start: Date; durationHours?: number; isAllDay?: boolean; salesPersonId: number | null }): SalesTaskFormValues {
  return {
    title: '',
    customerId: null,
    salesPersonId: slot.salesPersonId,
    start: localInputOf(slot.start),
    durationHours: slot.durationHours ?? DEFAULT_TASK_DURATION_HOURS,
    isAllDay: slot.isAllDay ?? false,
    color: 'blue',
    recurrence: NO_RECURRENCE,
  };
}

/** The form of a stored task, a series (from its own start, with its repeat rule) or one occurrence. */
export function taskValues(mode: Exclude<SalesFormMode, { kind: 'new' }>): SalesTaskFormValues {
  const { task } = mode;
  const start = mode.kind === 'series' ? (task.seriesStart ?? task.start) : task.start;
  const rule = mode.kind === 'series' ? readRecurrenceRule(task.recurrenceRule).form : null;
  return {
    title: task.title,
    customerId: task.customerId,
    salesPersonId: task.salesPersonId,
    start: formStartOf(start, task.isAllDay, task.startTimezone),
    durationHours: task.isAllDay ? DEFAULT_TASK_DURATION_HOURS : task.durationHours,
    isAllDay: task.isAllDay,
    color: task.color,
    recurrence: rule ?? NO_RECURRENCE,
  };
}

/** The `SalesScheduler/save` body of the form. */
export function bodyOfForm(values: SalesTaskFormValues, mode: SalesFormMode): SaveSalesTaskBody {
  const base: SaveSalesTaskBody = mode.kind === 'new' ? { schedulerId: 0, title: '', customerId: 0, start: '' } : bodyOfTask(mode.task, scopeOf(mode));
  return {
    ...base,
    title: values.title,
    customerId: values.customerId ?? 0,
    salesPersonId: values.salesPersonId,
    start: serverStartOf(values.start, values.isAllDay),
    durationHours: values.isAllDay ? ALL_DAY_HOURS : Number(values.durationHours),
    isAllDay: values.isAllDay,
    color: values.color,
    recurrenceRule: canRepeat(mode) ? recurrenceRuleOf(values.recurrence) : null,
  };
}

/**
 * The form's errors, checked with the same shared schemas the server validates with, so a person reads the same
 * sentence either way. Rules only the server can check (a repeat that ends before it starts) come back from it.
 */
export function validateForm(values: SalesTaskFormValues, mode: SalesFormMode): SalesTaskFormErrors {
  const found: SalesTaskFormErrors = {};
  const note = (field: string, message: string) => {
    if (!found[field]) found[field] = message;
  };
  if (values.salesPersonId === null) note('salesPersonId', required('Sales person'));
  if (values.start === '') note('start', required('Start'));
  if (!values.isAllDay && values.durationHours === '') note('durationHours', required('Duration'));
  const body = saveSalesTaskBody.safeParse(bodyOfForm(values, mode));
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
