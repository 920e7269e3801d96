import { Box, LoadingOverlay, Stack, Text } from '@mantine/core';
import type { CalendarRef } from '@fullcalendar/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { useIsPhone } from '../clock/clock-modal';
import { ScheduleCalendar, type CalendarView, type ExternalDrop, type PickedSlot, type ShownRange } from './schedule-calendar';
import { eventOf, isSeriesOccurrence } from './schedule-events';
import { itemValues, newItemValues, type FormMode, type ScheduleFormValues } from './schedule-form';
import { ScheduleFormDialog } from './schedule-form-dialog';
import { askOccurrenceOrSeries } from './schedule-prompts';
import { roundHours } from './schedule-time';
import { scheduleItemsQuery, schedulerTechniciansQuery, type ScheduleItem } from './scheduler-api';
import { SchedulerToolbar } from './scheduler-toolbar';
import { BOARD_REFRESH_MS } from './unassigned-api';
import { FREE_SLOT_SEARCH_DAYS, nextFreeHalfHour, unassignedItemValues } from './unassigned-schedule';
import { droppedWorkOf, UnassignedWorkPanel, type DroppedWork } from './unassigned-work-panel';
import { useScheduleActions } from './use-schedule-actions';

/** Views by the short names a link carries (`?view=week&date=2026-11-22&technicianId=4`). */
const VIEW_NAMES: Record<string, CalendarView> = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth' };
const nameOfView = (view: CalendarView) => Object.keys(VIEW_NAMES).find((k) => VIEW_NAMES[k] === view) ?? 'week';
/** A new item from the month view or the New button starts at eight in the morning. */
const DAY_START_HOUR = 8;

const dateParam = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid() ? text : undefined);
const idParam = (text: string | null) => (text && /^\d{1,10}$/.test(text) ? Number(text) : null);

interface OpenForm {
  key: number;
  mode: FormMode;
  initial: ScheduleFormValues;
}

/** Where the New button starts an item: the next half hour today when today is shown, else 08:00 on the first day shown. */
function newStartIn(shown: ShownRange | null): Date {
  const now = dayjs();
  if (!shown || (now.isAfter(shown.start) && now.isBefore(shown.end))) return now.add(30 - (now.minute() % 30), 'minute').second(0).millisecond(0).toDate();
  return dayjs(shown.currentStart).hour(DAY_START_HOUR).toDate();
}

/**
 * The dispatcher board (spec platform 2.4, clock 2.8): the company's schedule on a day, week or month calendar, for
 * everyone or one technician, with the work still to plan beside it. Select a time or press New to plan, drag a work
 * order from the unassigned panel onto a time (or press its Schedule) to plan a visit, click an item to edit it, drag
 * or resize it to move it. The calendar and the panel refetch every minute and when the window regains focus. The
 * view, date and technician stay in the address, so a link or a reload shows the same calendar.
 */
export default function DispatcherBoardPage() {
  usePageTitle('Dispatcher Board');
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const calendarRef = useRef<CalendarRef>(null);
  const [initial] = useState(() => ({
    view: VIEW_NAMES[params.get('view') ?? ''] ?? (isPhone ? 'timeGridDay' : 'timeGridWeek'),
    date: dateParam(params.get('date')),
  }));
  const [shown, setShown] = useState<ShownRange | null>(null);
  const [form, setForm] = useState<OpenForm | null>(null);
  const technicianId = idParam(params.get('technicianId'));
  const technicians = useQuery(schedulerTechniciansQuery);
  const range = { start: shown?.start ?? '', end: shown?.end ?? '', technicianId };
  const items = useQuery({
    ...scheduleItemsQuery(range),
    enabled: shown !== null,
    placeholderData: keepPreviousData,
    refetchInterval: BOARD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
  const queryClient = useQueryClient();
  const events = useMemo(() => (items.data ?? []).map(eventOf), [items.data]);
  const actions = useScheduleActions();
  const api = () => calendarRef.current?.getApi();

  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const showRange = (next: ShownRange) => {
    setShown(next);
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('view', nameOfView(next.view));
        p.set('date', dayjs(next.currentStart).format('YYYY-MM-DD'));
        return p;
      },
      { replace: true },
    );
  };

  const openNew = (slot: { start: Date; durationHours?: number; isAllDay?: boolean }) =>
    setForm({ key: Date.now(), mode: { kind: 'new' }, initial: newItemValues({ ...slot, technicianId }) });

  const pickSlot = (slot: PickedSlot) => {
    if (slot.view === 'dayGridMonth') return openNew({ start: dayjs(slot.start).hour(DAY_START_HOUR).toDate() });
    if (slot.allDay) return openNew({ start: slot.start, isAllDay: true });
    const hours = roundHours((slot.end.getTime() - slot.start.getTime()) / 3_600_000);
    const oneSlot = slot.view === 'timeGridDay' ? 0.25 : 0.5;
    openNew({ start: slot.start, durationHours: hours > oneSlot ? hours : undefined });
  };

  const openForWork = (work: DroppedWork, start: Date, isAllDay = false) =>
    setForm({ key: Date.now(), mode: { kind: 'new' }, initial: unassignedItemValues(work.workOrderId, work.technicianId, start, isAllDay) });

  /** A card dropped on the calendar: the form at that time (08:00 of a month's day, the whole day on the all-day row). */
  const dropWork = (drop: ExternalDrop) => {
    const work = droppedWorkOf(drop.element);
    if (!work) return;
    if (drop.view === 'dayGridMonth') return openForWork(work, dayjs(drop.start).hour(DAY_START_HOUR).toDate());
    openForWork(work, drop.start, drop.allDay);
  };

  /** A card's Schedule button: the form at the technician's next free half hour, with the calendar showing that day. */
  const scheduleWork = async (work: DroppedWork) => {
    const now = new Date();
    const busy =
      work.technicianId === null
        ? []
        : await queryClient
            .fetchQuery(scheduleItemsQuery({ start: now.toISOString(), end: dayjs(now).add(FREE_SLOT_SEARCH_DAYS + 1, 'day').toISOString(), technicianId: work.technicianId }))
            .catch(() => []);
    const start = nextFreeHalfHour(now, busy);
    api()?.gotoDate(start);
    openForWork(work, start);
  };

  const openItem = async (item: ScheduleItem) => {
    let mode: Exclude<FormMode, { kind: 'new' }> = { kind: 'item', item };
    if (isSeriesOccurrence(item)) {
      const choice = await askOccurrenceOrSeries('Edit');
      if (!choice) return;
      mode = { kind: choice, item };
    }
    setForm({ key: Date.now(), mode, initial: itemValues(mode) });
  };

  const technicianName = technicians.data?.find((t) => t.technicianId === technicianId)?.name;
  const calendarHeight = isPhone ? 'max(440px, calc(100dvh - 185px))' : 'max(520px, calc(100dvh - 145px))';
  const isEmpty = items.isSuccess && !items.isPlaceholderData && items.data.length === 0;
  return (
    <Stack gap="sm" className="sm-scheduler">
      <SchedulerToolbar
        title={shown?.title ?? ''}
        view={shown?.view ?? initial.view}
        isFetching={items.isFetching}
        technicians={technicians.data ?? []}
        technicianId={technicianId}
        isPhone={isPhone}
        onToday={() => api()?.today()}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onView={(view) => api()?.changeView(view)}
        onTechnician={(id) => setParam('technicianId', id === null ? null : String(id))}
        onNew={() => openNew({ start: newStartIn(shown) })}
      />
      {isEmpty && (
        <Text size="sm" c="dimmed" role="status">
          Nothing is scheduled {technicianName ? `for ${technicianName} ` : ''}in this period. Select a time on the calendar or press New to plan a visit.
        </Text>
      )}
      <div className="sm-dispatch">
        <Box pos="relative" aria-busy={items.isFetching}>
          <LoadingOverlay visible={items.isPending && shown !== null} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Loading schedule' }} />
          <ScheduleCalendar
            calendarRef={calendarRef}
            initialView={initial.view}
            initialDate={initial.date}
            events={events}
            showTechnician={technicianId === null}
            height={calendarHeight}
            onRangeChange={showRange}
            onSlot={pickSlot}
            onEventClick={openItem}
            onEventChange={actions.moveEvent}
            onExternalDrop={dropWork}
          />
        </Box>
        <UnassignedWorkPanel technicianId={technicianId} height={isPhone ? undefined : calendarHeight} onSchedule={scheduleWork} />
      </div>
      {form && (
        <ScheduleFormDialog key={form.key} mode={form.mode} initial={form.initial} technicians={technicians.data ?? []} actions={actions} onClose={() => setForm(null)} />
      )}
    </Stack>
  );
}
