import { DEFAULT_THEME } from '@mantine/core';
import type { EventInput } from '@fullcalendar/react';
import type { SaveScheduleItemBody, TaskColor } from '@sm/shared';
import type { ScheduleItem } from './scheduler-api';
import { readableColor } from '../../../theme-contrast';
import { eventOfEntry, timingBodyOfEntry, type SaveScope } from './calendar-entry';

const { colors, white } = DEFAULT_THEME;
/** A task colour's shade, darkened where needed until the event's white text reads at 4.5:1 on it. */
const taskColor = (shade: string) => readableColor([shade], [white]);

/** The task colours of spec clock 9, as shades dark enough to carry white text (WCAG 2.2 AA). */
export const COLOR_HEX: Record<TaskColor, string> = {
  blue: taskColor(colors.blue[7]),
  red: taskColor(colors.red[8]),
  gray: taskColor(colors.gray[7]),
  green: taskColor(colors.green[9]),
  orange: taskColor(colors.orange[9]),
  purple: taskColor(colors.violet[7]),
};

/** How a person names an item: its task, its work order and customer, or both. */
export function titleOf(item: ScheduleItem): string {
  const workOrder = item.workOrderNumber ? `WO ${item.workOrderNumber}${item.workOrderCustomer ? ` ${item.workOrderCustomer}` : ''}` : null;
  return [item.task, workOrder].filter(Boolean).join(' · ') || 'Untitled';
}

export { isSeriesOccurrence, type SaveScope } from './calendar-entry';

/** One calendar event per item or occurrence, named and coloured as the item says. */
export const eventOf = (item: ScheduleItem): EventInput => eventOfEntry(item, titleOf(item), COLOR_HEX[item.colorClass]);

/** The item an event was made from. */
export const itemOfEvent = (event: { extendedProps: Record<string, unknown> }) => event.extendedProps.item as ScheduleItem;

/**
 * The saved form of an item as it stands, for a change that keeps everything else: the item itself, one occurrence
 * taken out of its series (schedulerId 0 + recurrenceId + occurrenceStart), or the whole series.
 */
export function bodyOfItem(item: ScheduleItem, scope: SaveScope): SaveScheduleItemBody {
  return {
    ...timingBodyOfEntry(item, scope),
    task: item.task,
    workOrderId: item.workOrderId ?? 0,
    technicianId: item.technicianId,
    isAppointment: item.isAppointment,
    noVisitRequired: item.noVisitRequired,
    colorClass: item.colorClass,
  };
}
