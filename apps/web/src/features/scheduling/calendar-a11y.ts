import type { EventDisplayInfo } from '@fullcalendar/react';
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

/**
 * Keeps the headers of the calendar inside `rootRef` named for screen readers as the calendar changes view and
 * period (it renders new headers each time).
 */
export function useSpokenCalendarHeaders(rootRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    speakEmptyHeaders(root);
    const observer = new MutationObserver(() => speakEmptyHeaders(root));
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

/**
 * What a screen reader says for an event: what it is (an appointment), its title (the task or the work order and
 * customer), who it is for and when, in full words; the box itself shows a short time and may leave out the person.
 * Times are read on the calendar's clock (the device's), as the grid shows them.
 */
export function spokenEvent(info: EventDisplayInfo, marks: { isAppointment: boolean; person: string | null }): string {
  const { event } = info;
  const when = event.start ? spokenWhen(event.start, event.end, event.allDay) : null;
  return [marks.isAppointment ? 'Appointment' : null, event.title, marks.person, when].filter(Boolean).join(', ');
}
