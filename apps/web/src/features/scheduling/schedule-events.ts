import { DEFAULT_THEME } from '@mantine/core';
import type { EventInput } from '@fullcalendar/react';
import type { SaveScheduleItemBody, TaskColor } from '@sm/shared';
import type { ScheduleItem } from './scheduler-api';
import { addDays, dateIn } from './schedule-time';

/** The task colours of spec clock 9, as shades dark enough to carry white text. */
export const COLOR_HEX: Record<TaskColor, string> = {
  blue: DEFAULT_THEME.colors.blue[7],
  red: DEFAULT_THEME.colors.red[8],
  gray: DEFAULT_THEME.colors.gray[7],
  green: DEFAULT_THEME.colors.green[9],
  orange: DEFAULT_THEME.colors.orange[9],
  purple: DEFAULT_THEME.colors.violet[7],
};

/** How a person names an item: its task, its work order and customer, or both. */
export function titleOf(item: ScheduleItem): string {
  const workOrder = item.workOrderNumber ? `WO ${item.workOrderNumber}${item.workOrderCustomer ? ` ${item.workOrderCustomer}` : ''}` : null;
  return [item.task, workOrder].filter(Boolean).join(' · ') || 'Untitled';
}

/** Whether the item is one occurrence of a repeating series (not an occurrence already edited on its own). */
export const isSeriesOccurrence = (item: ScheduleItem) => item.recurrenceRule !== null;

/** The calendar's key of one occurrence: the stored item and where this occurrence starts. */
const eventIdOf = (item: ScheduleItem) => `${item.id}@${item.start}`;

/**
 * One calendar event per item or occurrence. A timed item sits at its instants (shown in this device's zone); an
 * all-day item on its own day in its own time zone, whatever the device's zone.
 */
export function eventOf(item: ScheduleItem): EventInput {
  return {
    id: eventIdOf(item),
    title: titleOf(item),
    start: item.isAllDay ? dateIn(item.start, item.startTimezone) : item.start,
    end: item.isAllDay ? addDays(dateIn(item.start, item.startTimezone), 1) : item.end,
    allDay: item.isAllDay,
    color: COLOR_HEX[item.colorClass],
    contrastColor: '#fff',
    durationEditable: !item.isAllDay,
    extendedProps: { item },
  };
}

/** The item an event was made from. */
export const itemOfEvent = (event: { extendedProps: Record<string, unknown> }) => event.extendedProps.item as ScheduleItem;

export type SaveScope = 'single' | 'occurrence' | 'series';

/**
 * The saved form of an item as it stands, for a change that keeps everything else: the item itself, one occurrence
 * taken out of its series (schedulerId 0 + recurrenceId + occurrenceStart), or the whole series.
 */
export function bodyOfItem(item: ScheduleItem, scope: SaveScope): SaveScheduleItemBody {
  const isOccurrence = scope === 'occurrence';
  return {
    schedulerId: isOccurrence ? 0 : item.id,
    task: item.task,
    workOrderId: item.workOrderId ?? 0,
    technicianId: item.technicianId,
    start: item.start,
    durationHours: item.durationHours,
    isAllDay: item.isAllDay,
    isAppointment: item.isAppointment,
    noVisitRequired: item.noVisitRequired,
    due: item.due,
    recurrenceRule: isOccurrence ? null : item.recurrenceRule,
    recurrenceId: isOccurrence ? item.id : null,
    occurrenceStart: isOccurrence ? item.start : null,
    colorClass: item.colorClass,
  };
}
