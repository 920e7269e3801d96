import type { EventInput } from '@fullcalendar/react';
import { COLOR_HEX } from '../scheduling/schedule-events';
import { addDays, dateIn } from '../scheduling/schedule-time';
import type { SalesTask } from './sales-scheduler-api';

/**
 * One calendar event per task or occurrence: the title with its customer. A timed task sits at its instants (shown in
 * this device's zone); an all-day task on its own day in its own time zone, whatever the device's zone.
 */
export function eventOfTask(task: SalesTask): EventInput {
  return {
    id: `${task.id}@${task.start}`,
    title: `${task.title} · ${task.customerName}`,
    start: task.isAllDay ? dateIn(task.start, task.startTimezone) : task.start,
    end: task.isAllDay ? addDays(dateIn(task.start, task.startTimezone), 1) : task.end,
    allDay: task.isAllDay,
    color: COLOR_HEX[task.color],
    contrastColor: '#fff',
    durationEditable: !task.isAllDay,
    extendedProps: { item: task },
  };
}
