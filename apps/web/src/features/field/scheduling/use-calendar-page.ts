import type { CalendarRef } from '@fullcalendar/react';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useQueryParams } from '../../../lib/use-query-params';
import type { NewSlot } from './calendar-entry';
import type { CalendarView, PickedSlot, ShownRange } from './schedule-calendar';
import { roundHours } from './schedule-time';

/** Views by the short names a link carries (`?view=week&date=2026-11-22&technicianId=4`). */
const VIEW_NAMES: Record<string, CalendarView> = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth' };
const nameOfView = (view: CalendarView) => Object.keys(VIEW_NAMES).find((k) => VIEW_NAMES[k] === view) ?? 'week';
/** A new entry from the month view or the New button starts at eight in the morning. */
export const DAY_START_HOUR = 8;

const dateParam = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid() ? text : undefined);
const idParam = (text: string | null) => (text && /^\d{1,10}$/.test(text) ? Number(text) : null);

/** An open form: its mode, its first values, and a key so each opening starts afresh. */
export interface OpenForm<Mode, Values> {
  key: number;
  mode: Mode;
  initial: Values;
}

/** Where the New button starts an entry: the next half hour today when today is shown, else 08:00 on the first day shown. */
function newStartIn(shown: ShownRange | null): Date {
  const now = dayjs();
  if (!shown || (now.isAfter(shown.start) && now.isBefore(shown.end))) return now.add(30 - (now.minute() % 30), 'minute').second(0).millisecond(0).toDate();
  return dayjs(shown.currentStart).hour(DAY_START_HOUR).toDate();
}

/**
 * A new entry from a selected slot: 08:00 of a month's day, the whole day on the all-day row, else the selected
 * range (the default duration when only one slot was clicked).
 */
export function newSlotOf(slot: PickedSlot): NewSlot {
  if (slot.view === 'dayGridMonth') return { start: dayjs(slot.start).hour(DAY_START_HOUR).toDate() };
  if (slot.allDay) return { start: slot.start, isAllDay: true };
  const hours = roundHours((slot.end.getTime() - slot.start.getTime()) / 3_600_000);
  const oneSlot = slot.view === 'timeGridDay' ? 0.25 : 0.5;
  return { start: slot.start, durationHours: hours > oneSlot ? hours : undefined };
}

/**
 * What the dispatcher board and the sales scheduler share around their calendar: the view and date kept in the
 * address (so a link or a reload shows the same calendar), the range shown, the calendar's controls, a person filter
 * read from the address, and the entry form that is open.
 */
export function useCalendarPage<Mode, Values>(isPhone: boolean) {
  const [params, change] = useQueryParams();
  const calendarRef = useRef<CalendarRef>(null);
  const [initial] = useState(() => ({
    view: VIEW_NAMES[params.get('view') ?? ''] ?? (isPhone ? 'timeGridDay' : 'timeGridWeek'),
    date: dateParam(params.get('date')),
  }));
  const [shown, setShown] = useState<ShownRange | null>(null);
  const [form, setForm] = useState<OpenForm<Mode, Values> | null>(null);
  const api = () => calendarRef.current?.getApi();

  /** An id from the address (`technicianId`, `salesPersonId`), or null. */
  const idParamOf = (name: string) => idParam(params.get(name));

  /** Sets or removes an id in the address without a new history entry. */
  const setIdParam = (name: string, id: number | null) => change({ [name]: id === null ? null : String(id) }, { replace: true });

  const showRange = (next: ShownRange) => {
    setShown(next);
    change({ view: nameOfView(next.view), date: dayjs(next.currentStart).format('YYYY-MM-DD') }, { replace: true });
  };

  return {
    calendarRef,
    api,
    initial,
    shown,
    showRange,
    idParamOf,
    setIdParam,
    form,
    openForm: (mode: Mode, values: Values) => setForm({ key: Date.now(), mode, initial: values }),
    closeForm: () => setForm(null),
    /** Where the New button starts an entry. */
    newButtonStart: () => newStartIn(shown),
    /** The toolbar's calendar controls, wired to the calendar. */
    toolbar: {
      title: shown?.title ?? '',
      view: shown?.view ?? initial.view,
      isPhone,
      onToday: () => api()?.today(),
      onPrev: () => api()?.prev(),
      onNext: () => api()?.next(),
      onView: (view: CalendarView) => api()?.changeView(view),
    },
  };
}
