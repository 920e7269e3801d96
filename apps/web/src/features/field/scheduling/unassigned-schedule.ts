import { DEFAULT_TASK_DURATION_HOURS } from '@sm/shared';
import dayjs from 'dayjs';
import { newItemValues, type ScheduleFormValues } from './schedule-form';
import type { ScheduleItem } from './scheduler-api';
import type { UnassignedWorkOrder } from './unassigned-api';

/** The hours of a working day the Schedule button plans within (from 08:00, the board's day start, to 18:00). */
const WORK_DAY_START_HOUR = 8;
const WORK_DAY_END_HOUR = 18;
const SLOT_MINUTES = 30;
/** How far ahead the Schedule button looks for a free half hour before it settles for the next one. */
export const FREE_SLOT_SEARCH_DAYS = 7;

/**
 * Who a work order from the panel is planned for: the technician the board is filtered to, else the work order's
 * technician when it has exactly one, else nobody yet (the dispatcher chooses in the form).
 */
export function technicianFor(workOrder: Pick<UnassignedWorkOrder, 'technicians'>, boardTechnicianId: number | null): number | null {
  if (boardTechnicianId !== null) return boardTechnicianId;
  return workOrder.technicians.length === 1 ? workOrder.technicians[0].id : null;
}

/** The schedule form of a new visit to a work order from the panel, at the start it was dropped at or given. */
export function unassignedItemValues(workOrderId: number, technicianId: number | null, start: Date, isAllDay = false): ScheduleFormValues {
  return { ...newItemValues({ start, technicianId, isAllDay }), workOrderId };
}

/** The half hour at or after `instant`, moved into the working day (the next morning when the day is over). */
function workingSlotFrom(instant: Date): dayjs.Dayjs {
  let at = dayjs(instant).second(0).millisecond(0);
  if (at.minute() % SLOT_MINUTES !== 0) at = at.add(SLOT_MINUTES - (at.minute() % SLOT_MINUTES), 'minute');
  if (at.hour() < WORK_DAY_START_HOUR) at = at.hour(WORK_DAY_START_HOUR).minute(0);
  if (at.hour() >= WORK_DAY_END_HOUR) at = at.add(1, 'day').hour(WORK_DAY_START_HOUR).minute(0);
  return at;
}

/**
 * Where the Schedule button starts a visit: the first half hour of a working day, from now on, in which the
 * technician has nothing else on the schedule (all-day items do not block a time). Without a technician, or when
 * the coming week is full, simply the next working half hour.
 */
export function nextFreeHalfHour(now: Date, busy: Pick<ScheduleItem, 'start' | 'end' | 'isAllDay'>[], hours = DEFAULT_TASK_DURATION_HOURS): Date {
  const first = workingSlotFrom(now);
  const taken = busy.filter((b) => !b.isAllDay).map((b) => [Date.parse(b.start), Date.parse(b.end)] as const);
  const limit = first.add(FREE_SLOT_SEARCH_DAYS, 'day');
  for (let at = first; at.isBefore(limit); at = workingSlotFrom(at.add(SLOT_MINUTES, 'minute').toDate())) {
    const from = at.valueOf();
    const to = from + hours * 3_600_000;
    if (!taken.some(([s, e]) => s < to && e > from)) return at.toDate();
  }
  return first.toDate();
}
