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
import type { Ref } from 'react';
import { itemOfEvent } from './schedule-events';
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

interface ScheduleCalendarProps {
  calendarRef: Ref<CalendarRef>;
  initialView: CalendarView;
  initialDate: string | undefined;
  events: EventInput[];
  /** Show each event's technician (when the calendar shows everyone's). */
  showTechnician: boolean;
  height: string;
  onRangeChange: (range: ShownRange) => void;
  onSlot: (slot: PickedSlot) => void;
  onEventClick: (item: ScheduleItem) => void;
  onEventChange: (change: CalendarChange) => void;
}

/** Spec platform 9: four slots an hour in the day view, two otherwise. */
const VIEWS = {
  timeGridDay: { slotDuration: '00:15:00' },
  timeGridWeek: { slotDuration: '00:30:00', dayHeaderFormat: { weekday: 'short', month: 'numeric', day: 'numeric' } },
  dayGridMonth: { dayMaxEvents: 4 },
} as const;

/** The height of a slot (held on every screen) and of a line of event text in the time grid, to fit text to an event. */
const SLOT_PX = 25;
const LINE_PX = 15;

/**
 * An event's text: its time, its title (with a star for an appointment) and, when everyone's schedule is shown,
 * its technician. In the time grid the title gets as many lines as the event is tall, so text is never cut through;
 * a short, all-day or month event is one line; a narrow one (a phone's week) drops the time.
 */
function EventContent({ info, showTechnician }: { info: EventDisplayInfo; showTechnician: boolean }) {
  const item = itemOfEvent(info.event);
  const isRow = info.isShort || info.event.allDay || info.view.type === 'dayGridMonth';
  const slotMinutes = info.view.type === 'timeGridDay' ? 15 : 30;
  const minutes = info.event.start && info.event.end ? (info.event.end.getTime() - info.event.start.getTime()) / 60_000 : slotMinutes;
  const lines = isRow ? 1 : Math.max(1, Math.floor(((minutes / slotMinutes) * SLOT_PX) / LINE_PX) - (info.isNarrow ? 0 : 1));
  const hasTechnician = showTechnician && !isRow && !info.isNarrow && lines >= 2 && item.technician !== null;
  return (
    <div className={isRow ? 'sm-event sm-event-row' : 'sm-event'} title={info.event.title}>
      {info.timeText && !info.isNarrow && <span className="sm-event-time">{info.timeText}</span>}
      <span className="sm-event-title" style={isRow ? undefined : { WebkitLineClamp: Math.max(1, lines - (hasTechnician ? 1 : 0)) }}>
        {item.isAppointment && <span aria-label="Appointment">★ </span>}
        {info.event.title}
      </span>
      {hasTechnician && <span className="sm-event-technician">{item.technician?.name}</span>}
    </div>
  );
}

function changeOf(info: EventChangeInfo): CalendarChange {
  return { item: itemOfEvent(info.event), start: info.event.start!, end: info.event.end, revert: info.revert };
}

/**
 * FullCalendar with the product's settings: Sunday first, 15-minute slots in the day view and 30 minutes otherwise,
 * events coloured by their task colour, select to create, click to edit, drag and resize to move. An event keeps its
 * all-day or timed nature when dragged.
 */
export function ScheduleCalendar(props: ScheduleCalendarProps) {
  const { calendarRef, initialView, initialDate, events, showTechnician, height } = props;
  return (
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
      eventClass="sm-fc-event"
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
        props.onEventClick(itemOfEvent(info.event));
      }}
      eventDrop={(info) => props.onEventChange(changeOf(info))}
      eventResize={(info) => props.onEventChange(changeOf(info))}
      eventContent={(arg) => <EventContent info={arg} showTechnician={showTechnician} />}
    />
  );
}
