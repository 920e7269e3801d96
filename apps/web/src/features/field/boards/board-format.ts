import type { ScheduleItem } from '@sm/shared';

/** Badge colours of the work statuses (spec platform 4.2 ids): on the job green, moving blue, away grey. */
const STATUS_COLORS: Record<number, string> = {
  1: 'teal',
  2: 'blue',
  3: 'indigo',
  4: 'cyan',
  5: 'yellow',
  6: 'green',
  7: 'violet',
  8: 'red',
  9: 'grape',
  10: 'gray',
  11: 'orange',
};

export const statusColor = (userStatusId: number | null | undefined) => (userStatusId != null ? STATUS_COLORS[userStatusId] : undefined) ?? 'gray';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "9:05 AM" of an instant, on the clock of a time zone (the device's when none is given). */
export function timeOf(iso: string, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
    timeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** "8:00 AM – 10:00 AM", or "All day". */
export function timeRangeOf(item: Pick<ScheduleItem, 'start' | 'end' | 'isAllDay'>, timeZone?: string): string {
  return item.isAllDay ? 'All day' : `${timeOf(item.start, timeZone)} – ${timeOf(item.end, timeZone)}`;
}

/** "Monday, March 2" of a YYYY-MM-DD day. */
export function longDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** What an item is about: its task, otherwise the work order's problem. */
export const itemTitle = (item: ScheduleItem) => item.task?.trim() || item.workOrderProblem || 'Scheduled visit';

/**
 * How a screen reader names an item of a board: when ("8:00 AM to 10:00 AM"), its work order and customer, and what
 * it is about, in one sentence, where the card shows them in separate places.
 */
export function spokenItem(item: ScheduleItem, timeZone?: string): string {
  const when = item.isAllDay ? 'All day' : `${timeOf(item.start, timeZone)} to ${timeOf(item.end, timeZone)}`;
  const workOrder = item.workOrderNumber ? `work order ${item.workOrderNumber}${item.workOrderCustomer ? ` for ${item.workOrderCustomer}` : ''}` : null;
  return [when, item.isAppointment ? 'appointment' : null, workOrder, itemTitle(item)].filter(Boolean).join(', ');
}
