import type { EventDisplayInfo } from '@fullcalendar/react';
import calendarClasses from '@fullcalendar/react/protected-styles';
import { useEffect, type RefObject } from 'react';

/** A header text added for screen readers, so it is added once. */
const SPOKEN_HEADER_ATTR = 'data-sm-spoken-header';

/**
 * FullCalendar names its day headers and its time axis with `aria-label` over text it hides from screen readers (or
 * no text at all), which leaves the grid with headers that have no content: some screen readers then read the
 * columns unnamed. Each such header gets its label once more as visually hidden text.
 */
function speakEmptyHeaders(root: HTMLElement) {
  for (const header of root.querySelectorAll<HTMLElement>('[role=columnheader][aria-label], [role=rowheader][aria-label]')) {
    if (header.querySelector(`[${SPOKEN_HEADER_ATTR}]`)) continue;
    const spoken = document.createElement('span');
    spoken.className = 'sm-visually-hidden';
    spoken.setAttribute(SPOKEN_HEADER_ATTR, '');
    spoken.textContent = header.getAttribute('aria-label');
    header.append(spoken);
  }
}

/** The calendar's scroller: the hours of the day and week views, the weeks of the month. */
const SCROLLER = `.${calendarClasses.internalScroller}`;
/** The class of the day's cell that takes the focus when nothing else in the scroller does. */
const SCROLL_STOP = 'sm-calendar-scroll-stop';

/**
 * The calendar's scroller scrolls with the keyboard while the focus is inside it, on an event; a period without
 * events (an empty day) left a keyboard user no way to reach its other hours (WCAG 2.1.1). Then its first day's
 * cell takes the focus (a cell of the calendar's grid, where the scroller itself may not), and shows it; it gives
 * it up again when events come.
 */
function keepScrollersReachable(root: HTMLElement) {
  for (const scroller of root.querySelectorAll<HTMLElement>(SCROLLER)) {
    const cell = scroller.querySelector<HTMLElement>('[role=row] [role=gridcell]');
    if (!cell) continue;
    const hasOwnStops = [...scroller.querySelectorAll('a[href], button, [tabindex="0"]')].some((el) => el !== cell);
    if (!hasOwnStops && !cell.hasAttribute('tabindex')) {
      cell.tabIndex = 0;
      cell.classList.add(SCROLL_STOP);
    } else if (hasOwnStops && cell.classList.contains(SCROLL_STOP)) {
      cell.removeAttribute('tabindex');
      cell.classList.remove(SCROLL_STOP);
    }
  }
}

/**
 * Keeps the calendar inside `rootRef` usable with a screen reader and a keyboard as it changes view and period and
 * its events load (it renders new headers and cells each time): headers named, the scroller reachable.
 */
export function useAccessibleCalendar(rootRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const update = () => {
      speakEmptyHeaders(root);
      keepScrollersReachable(root);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [rootRef]);
}

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "Wednesday, November 25, 9:00 AM to 11:00 AM", "Monday, November 23, all day", the end's day named when it differs. */
function spokenWhen(start: Date, end: Date | null, allDay: boolean): string {
  const startDay = dayFormat.format(start);
  if (allDay) {
    // An all-day event ends at the start of the day after its last one.
    const lastDay = end ? dayFormat.format(new Date(end.getTime() - 1)) : startDay;
    return lastDay === startDay ? `${startDay}, all day` : `${startDay} to ${lastDay}, all day`;
  }
  if (!end) return `${startDay}, ${timeFormat.format(start)}`;
  const endDay = dayFormat.format(end);
  const until = endDay === startDay ? timeFormat.format(end) : `${endDay}, ${timeFormat.format(end)}`;
  return `${startDay}, ${timeFormat.format(start)} to ${until}`;
}

/** "Wednesday, November 25", or "Wednesday, November 25 to Thursday, November 26" for a timed event past midnight. */
function spokenDays(start: Date, end: Date | null): string {
  const startDay = dayFormat.format(start);
  const endDay = end ? dayFormat.format(end) : startDay;
  return endDay === startDay ? startDay : `${startDay} to ${endDay}`;
}

/**
 * What a screen reader says for an event, and what a voice control user says to open it: that it is an appointment
 * (the box shows a star), then the words the box shows, in its order (WCAG 2.5.3: the name holds the visible text):
 * its short time when it shows one, its title, who it is for; then when, as the grid says it to the eye: the day of
 * its column, and the time in full words when the box shows none. Times are read on the calendar's clock (the
 * device's), as the grid shows them.
 */
export function spokenEvent(info: EventDisplayInfo, marks: { isAppointment: boolean; person: string | null }, shownTime: string | null): string {
  const { event } = info;
  const when = event.start ? (shownTime ? spokenDays(event.start, event.end) : spokenWhen(event.start, event.end, event.allDay)) : null;
  return [marks.isAppointment ? 'Appointment' : null, shownTime, event.title, marks.person, when].filter(Boolean).join(', ');
}
