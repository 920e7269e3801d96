import type { EventInput } from '@fullcalendar/react';
import { eventOfEntry } from '../scheduling/calendar-entry';
import { COLOR_HEX } from '../scheduling/schedule-events';
import type { SalesTask } from './sales-scheduler-api';

/** One calendar event per task or occurrence: the title with its customer, in the task's colour. */
export const eventOfTask = (task: SalesTask): EventInput => eventOfEntry(task, `${task.title} · ${task.customerName}`, COLOR_HEX[task.color]);
