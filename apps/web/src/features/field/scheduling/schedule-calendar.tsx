import FullCalendar, { type CalendarRef, type EventChangeInfo, type EventDisplayInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './schedule-calendar.css';
import { WEEK_STARTS_ON } from '@sm/shared';
import { useLayoutEffect, useRef, type Ref } from 'react';
import { spokenEvent, useAccessibleCalendar } from './calendar-a11y';
import type { ScheduleItem } from './scheduler-api';
import type { CalendarChange } from './use-schedule-actions';

/** The scheduler's views (spec clock 2.8): day, week and month. */
export type CalendarView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

/** What the calendar shows after each navigation: the fetched range, the heading and the view. */
export interface ShownRange {
  start: string;
  end: string;
  title: string;
  view: CalendarView;
  /** The first day of the period (the date a link to this view keeps). */
  currentStart: Date;
}

/** A selected or clicked slot: a whole day in the month view, a time range in the day and week views. */
export interface PickedSlot {
  start: Date;
  end: Date;
  allDay: boolean;
  view: CalendarView;
}

/** What an event shows beside its title: a star for an appointment, and who it is for. */
export interface EventMarks {
  isAppointment: boolean;
  person: string | null;
}

const scheduleItemMarks = (item: ScheduleItem): EventMarks => ({ isAppointment: item.isAppointment, person: item.technician?.name ?? null });
/** The marks of an event that has no item: a card of the unassigned panel while it is dragged over the calendar. */
const NO_MARKS: EventMarks = { isAppointment: false, person: null };

/** The item an event was made from (`extendedProps.item`). */
const itemOf = <T,>(event: { extendedProps: Record<string, unknown> }) => event.extendedProps.item as T;

interface ScheduleCalendarProps<T> {
  calendarRef: Ref<CalendarRef>;
  initialView: CalendarView;
  initialDate: string | undefined;
  events: EventInput[];
  /** Show each event's technician (when the calendar shows everyone's). */
  showTechnician: boolean;
  /** What each event shows beside its title; by default a schedule item's appointment star and technician. */
  marksOf?: (item: T) => EventMarks;
  /** A short event of the day and week views shows its title alone: where it sits on the grid already says when. */
  hidesShortTimes?: boolean;
  height: string;
  onRangeChange: (range: ShownRange) => void;
  onSlot: (slot: PickedSlot) => void;
  onEventClick: (item: T) => void;
  onEventChange: (change: CalendarChange<T>) => void;
  /** Something dragged in from outside the calendar (a card of the unassigned panel) was dropped at a time. */
  onExternalDrop?: (drop: ExternalDrop) => void;
}

/** Where an element dragged in from outside the calendar was dropped. */
export interface ExternalDrop {
  start: Date;
  allDay: boolean;
  view: CalendarView;
  element: HTMLElement;
}

/** Spec platform 9: four slots an hour in the day view, two otherwise. */
const VIEWS = {
  timeGridDay: { slotDuration: '00:15:00' },
  timeGridWeek: { slotDuration: '00:30:00', dayHeaderFormat: { weekday: 'short', month: 'numeric', day: 'numeric' } },
  dayGridMonth: { dayMaxEvents: 4 },
} as const;

/** The class of each event's box. */
const EVENT_CLASS = 'sm-fc-event';

/** The height of a slot (held on every screen) and of a line of event text in the time grid, to fit text to an event. */
const SLOT_PX = 25;
const LINE_PX = 15;

/**
 * An event's text: its time, its title (with a star for an appointment) and, when everyone's schedule is shown,
 * its technician. In the time grid the title gets as many lines as the event is tall, so text is never cut through;
 * a short, all-day or month event is one line; a narrow one (a phone's week) drops the time. A screen reader hears
 * the event's name instead (`spokenEvent`): what the box shows, in its order, then for whom and when.
 */
function EventContent(props: { info: EventDisplayInfo; showTechnician: boolean; marks: EventMarks; hidesShortTimes?: boolean }) {
  const { info, showTechnician, marks } = props;
  const isRow = info.isShort || info.event.allDay || info.view.type === 'dayGridMonth';
  const slotMinutes = info.view.type === 'timeGridDay' ? 15 : 30;
  const minutes = info.event.start && info.event.end ? (info.event.end.getTime() - info.event.start.getTime()) / 60_000 : slotMinutes;
  const lines = isRow ? 1 : Math.max(1, Math.floor(((minutes / slotMinutes) * SLOT_PX) / LINE_PX) - (info.isNarrow ? 0 : 1));
  const hasTechnician = showTechnician && !isRow && !info.isNarrow && lines >= 2 && marks.person !== null;
  const shownTime = info.timeText && !info.isNarrow && !(props.hidesShortTimes && info.isShort) ? info.timeText : null;
  const ref = useRef<HTMLDivElement>(null);
  const spoken = spokenEvent(info, marks, shownTime);
  // The event's box (FullCalendar's button around this content) carries the name.
  useLayoutEffect(() => {
    ref.current?.closest(`.${EVENT_CLASS}`)?.setAttribute('aria-label', spoken);
  }, [spoken]);
  return (
    <div ref={ref} className={isRow ? 'sm-event sm-event-row' : 'sm-event'} title={info.event.title}>
      {shownTime && (
        <span className="sm-event-time" aria-hidden>
          {shownTime}
        </span>
      )}
      {/* A space between the parts (the flex box does not show it), so that their text reads as words, not run together. */}{' '}
      <span className="sm-event-title" style={isRow ? undefined : { WebkitLineClamp: Math.max(1, lines - (hasTechnician ? 1 : 0)) }}>
        {marks.isAppointment && <span aria-hidden>★ </span>}
        {info.event.title}
      </span>{' '}
      {hasTechnician && (
        <span className="sm-event-technician" aria-hidden>
          {marks.person}
        </span>
      )}
    </div>
  );
}

function changeOf<T>(info: EventChangeInfo): CalendarChange<T> {
  return { item: itemOf<T>(info.event), start: info.event.start!, end: info.event.end, revert: info.revert };
}

/**
 * FullCalendar with the product's settings: Sunday first, 15-minute slots in the day view and 30 minutes otherwise,
 * events coloured by their task colour, select to create, click to edit, drag and resize to move. An event keeps its
 * all-day or timed nature when dragged. Its day headers and its events are named in words for screen readers, and
 * its hours are reached with the keyboard even on an empty day.
 */
export function ScheduleCalendar<T = ScheduleItem>(props: ScheduleCalendarProps<T>) {
  const { calendarRef, initialView, initialDate, events, showTechnician, height } = props;
  const marksOf = props.marksOf ?? (scheduleItemMarks as unknown as (item: T) => EventMarks);
  const rootRef = useRef<HTMLDivElement>(null);
  useAccessibleCalendar(rootRef);
  return (
    <div ref={rootRef}>
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, classicThemePlugin]}
        initialView={initialView}
        initialDate={initialDate}
        headerToolbar={false}
        height={height}
        firstDay={WEEK_STARTS_ON}
        views={VIEWS}
        slotDuration="00:30:00"
        slotMinHeight={SLOT_PX}
        scrollTime="07:00:00"
        defaultTimedEventDuration="00:15:00"
        nowIndicator
        editable
        selectable
        selectMirror
        eventDisplay="block"
        eventClass={EVENT_CLASS}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
        events={events}
        eventAllow={(span, moving) => !moving || span.allDay === moving.allDay}
        datesSet={(info) =>
          props.onRangeChange({ start: info.startStr, end: info.endStr, title: info.view.title, view: info.view.type as CalendarView, currentStart: info.view.currentStart })
        }
        select={(info) => {
          props.onSlot({ start: info.start, end: info.end, allDay: info.allDay, view: info.view.type as CalendarView });
          info.view.calendar.unselect();
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          props.onEventClick(itemOf<T>(info.event));
        }}
        eventDrop={(info) => props.onEventChange(changeOf<T>(info))}
        eventResize={(info) => props.onEventChange(changeOf<T>(info))}
        droppable={props.onExternalDrop !== undefined}
        drop={(info) => props.onExternalDrop?.({ start: info.date, allDay: info.allDay, view: info.view.type as CalendarView, element: info.draggedEl })}
        eventContent={(arg) => {
          // A card dragged in from outside shows as an event that has no item yet.
          const item = itemOf<T | undefined>(arg.event);
          return <EventContent info={arg} showTechnician={showTechnician} marks={item === undefined ? NO_MARKS : marksOf(item)} hidesShortTimes={props.hidesShortTimes} />;
        }}
      />
    </div>
  );
}
