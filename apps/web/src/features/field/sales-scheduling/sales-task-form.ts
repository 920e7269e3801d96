import { required, saveSalesTaskBody, type SaveSalesTaskBody, type TaskColor } from '@sm/shared';
import {
  canRepeatEntry,
  newTimingValues,
  scopeOfKind,
  timingBodyOfEntry,
  timingBodyOfForm,
  timingValuesOf,
  validateEntryForm,
  type EntryFormErrors,
  type NewSlot,
  type SaveScope,
  type TimingFormValues,
} from '../scheduling/calendar-entry';
import type { SalesTask } from './sales-scheduler-api';

export { isSeriesOccurrence } from '../scheduling/calendar-entry';

/** What the form edits: a new task, a stored task, a whole series, or one occurrence to take out of its series. */
export type SalesFormMode =
  | { kind: 'new' }
  | { kind: 'item'; task: SalesTask }
  | { kind: 'series'; task: SalesTask }
  | { kind: 'occurrence'; task: SalesTask };

/** What a change to a stored task applies to: the task itself, one occurrence of its series, or the whole series. */
export type SalesSaveScope = SaveScope;

/** The scheduler task form (spec clock 3) as its controls hold it. */
export interface SalesTaskFormValues extends TimingFormValues {
  title: string;
  customerId: number | null;
  salesPersonId: number | null;
  color: TaskColor;
}

/** Field errors keyed by field ('recurrence.count' for the repeat editor's), in the order the form shows them. */
export type SalesTaskFormErrors = EntryFormErrors;

const FIELD_ORDER = ['title', 'customerId', 'salesPersonId', 'start', 'durationHours', 'color', 'recurrence'];

const scopeOf = (mode: Exclude<SalesFormMode, { kind: 'new' }>) => scopeOfKind(mode.kind);

/** Whether the form may set a repeat: an edited occurrence or one occurrence being taken out cannot repeat on its own. */
export const canRepeat = (mode: SalesFormMode): boolean => canRepeatEntry(mode.kind, mode.kind === 'new' ? null : mode.task);

/**
 * The saved form of a task as it stands, for a change that keeps everything else: the task itself, one occurrence
 * taken out of its series (schedulerId 0 + recurrenceId + occurrenceStart), or the whole series.
 */
export function bodyOfTask(task: SalesTask, scope: SalesSaveScope): SaveSalesTaskBody {
  return {
    ...timingBodyOfEntry(task, scope),
    title: task.title,
    customerId: task.customerId,
    salesPersonId: task.salesPersonId,
    color: task.color,
  };
}

/** A new task from a slot of the calendar (or the New button): the default quarter hour unless a range was selected. */
export function newTaskValues(slot: NewSlot & { salesPersonId: number | null }): SalesTaskFormValues {
  return { title: '', customerId: null, salesPersonId: slot.salesPersonId, ...newTimingValues(slot), color: 'blue' };
}

/** The form of a stored task, a series (from its own start, with its repeat rule) or one occurrence. */
export function taskValues(mode: Exclude<SalesFormMode, { kind: 'new' }>): SalesTaskFormValues {
  const { task } = mode;
  return { title: task.title, customerId: task.customerId, salesPersonId: task.salesPersonId, ...timingValuesOf(mode.kind, task), color: task.color };
}

/** The `SalesScheduler/save` body of the form. */
export function bodyOfForm(values: SalesTaskFormValues, mode: SalesFormMode): SaveSalesTaskBody {
  const base: SaveSalesTaskBody = mode.kind === 'new' ? { schedulerId: 0, title: '', customerId: 0, start: '' } : bodyOfTask(mode.task, scopeOf(mode));
  return {
    ...base,
    title: values.title,
    customerId: values.customerId ?? 0,
    salesPersonId: values.salesPersonId,
    ...timingBodyOfForm(values, canRepeat(mode), mode.kind === 'new' ? undefined : mode.task.startTimezone),
    color: values.color,
  };
}

/** The form's errors, read with the shared `SalesScheduler/save` schema (see `validateEntryForm`); a sales person first. */
export function validateForm(values: SalesTaskFormValues, mode: SalesFormMode): SalesTaskFormErrors {
  const parsed = saveSalesTaskBody.safeParse(bodyOfForm(values, mode));
  return validateEntryForm(values, {
    parsed,
    repeatable: canRepeat(mode),
    fieldOrder: FIELD_ORDER,
    before: (note) => {
      if (values.salesPersonId === null) note('salesPersonId', required('Sales person'));
    },
  });
}
