import { Box, LoadingOverlay, Stack, Text } from '@mantine/core';
import type { CalendarRef } from '@fullcalendar/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { useSignedIn } from '../auth/session-context';
import { useIsPhone } from '../clock/clock-modal';
import { ScheduleCalendar, type CalendarView, type EventMarks, type PickedSlot, type ShownRange } from '../scheduling/schedule-calendar';
import { askOccurrenceOrSeries } from '../scheduling/schedule-prompts';
import { roundHours } from '../scheduling/schedule-time';
import { salesPersonsQuery, salesTasksQuery, type SalesTask } from './sales-scheduler-api';
import { SalesSchedulerToolbar } from './sales-scheduler-toolbar';
import { isSeriesOccurrence, newTaskValues, taskValues, type SalesFormMode, type SalesTaskFormValues } from './sales-task-form';
import { SalesTaskFormDialog } from './sales-task-form-dialog';
import { eventOfTask } from './sales-task-events';
import { useSalesTaskActions } from './use-sales-task-actions';

/** Views by the short names a link carries (`?view=week&date=2026-11-22&salesPersonId=7`). */
const VIEW_NAMES: Record<string, CalendarView> = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth' };
const nameOfView = (view: CalendarView) => Object.keys(VIEW_NAMES).find((k) => VIEW_NAMES[k] === view) ?? 'week';
/** A new task from the month view or the New button starts at eight in the morning. */
const DAY_START_HOUR = 8;

const dateParam = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid() ? text : undefined);
const idParam = (text: string | null) => (text && /^\d{1,10}$/.test(text) ? Number(text) : null);
/** A sales task has no appointment star; its sales person shows when everyone's tasks are shown. */
const marksOf = (task: SalesTask): EventMarks => ({ isAppointment: false, person: task.salesPerson.name });

interface OpenForm {
  key: number;
  mode: SalesFormMode;
  initial: SalesTaskFormValues;
}

/** Where the New button starts a task: the next half hour today when today is shown, else 08:00 on the first day shown. */
function newStartIn(shown: ShownRange | null): Date {
  const now = dayjs();
  if (!shown || (now.isAfter(shown.start) && now.isBefore(shown.end))) return now.add(30 - (now.minute() % 30), 'minute').second(0).millisecond(0).toDate();
  return dayjs(shown.currentStart).hour(DAY_START_HOUR).toDate();
}

/**
 * The sales scheduler (spec platform 2.1 `/sales/scheduler`, clock 3): a sales person's calls, visits and demos for
 * customers on a day, week or month calendar; a sales manager sees everyone's or one person's. Select a time or press
 * New to plan, click a task to edit it, drag or resize it to move it. The view, date and sales person stay in the
 * address, so a link or a reload shows the same calendar.
 */
export default function SalesSchedulerPage() {
  usePageTitle('Sales Scheduler');
  const isPhone = useIsPhone();
  const { user } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const calendarRef = useRef<CalendarRef>(null);
  const [initial] = useState(() => ({
    view: VIEW_NAMES[params.get('view') ?? ''] ?? (isPhone ? 'timeGridDay' : 'timeGridWeek'),
    date: dateParam(params.get('date')),
  }));
  const [shown, setShown] = useState<ShownRange | null>(null);
  const [form, setForm] = useState<OpenForm | null>(null);
  const salesPersons = useQuery(salesPersonsQuery);
  const people = salesPersons.data ?? [];
  // A link may name someone the caller may not plan for: the calendar then shows what the caller may see.
  const requestedId = idParam(params.get('salesPersonId'));
  const salesPersonId = people.some((p) => p.salesPersonId === requestedId) ? requestedId : null;
  const range = { start: shown?.start ?? '', end: shown?.end ?? '', salesPersonId };
  const tasks = useQuery({ ...salesTasksQuery(range), enabled: shown !== null && salesPersons.isSuccess, placeholderData: keepPreviousData });
  const events = useMemo(() => (tasks.data ?? []).map(eventOfTask), [tasks.data]);
  const actions = useSalesTaskActions();
  const api = () => calendarRef.current?.getApi();
  const seesOthers = people.some((p) => p.salesPersonId !== user.userId);

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

  /** Who a new task is for: the person filtered on, else the caller when they do sales, else the only one offered. */
  const defaultSalesPerson = () => salesPersonId ?? people.find((p) => p.salesPersonId === user.userId)?.salesPersonId ?? (people.length === 1 ? people[0].salesPersonId : null);

  const openNew = (slot: { start: Date; durationHours?: number; isAllDay?: boolean }) =>
    setForm({ key: Date.now(), mode: { kind: 'new' }, initial: newTaskValues({ ...slot, salesPersonId: defaultSalesPerson() }) });

  const pickSlot = (slot: PickedSlot) => {
    if (slot.view === 'dayGridMonth') return openNew({ start: dayjs(slot.start).hour(DAY_START_HOUR).toDate() });
    if (slot.allDay) return openNew({ start: slot.start, isAllDay: true });
    const hours = roundHours((slot.end.getTime() - slot.start.getTime()) / 3_600_000);
    const oneSlot = slot.view === 'timeGridDay' ? 0.25 : 0.5;
    openNew({ start: slot.start, durationHours: hours > oneSlot ? hours : undefined });
  };

  const openTask = async (task: SalesTask) => {
    let mode: Exclude<SalesFormMode, { kind: 'new' }> = { kind: 'item', task };
    if (isSeriesOccurrence(task)) {
      const choice = await askOccurrenceOrSeries('Edit');
      if (!choice) return;
      mode = { kind: choice, task };
    }
    setForm({ key: Date.now(), mode, initial: taskValues(mode) });
  };

  const personName = people.find((p) => p.salesPersonId === salesPersonId)?.name;
  const isEmpty = tasks.isSuccess && !tasks.isPlaceholderData && tasks.data.length === 0;
  return (
    <Stack gap="sm" className="sm-scheduler">
      <SalesSchedulerToolbar
        title={shown?.title ?? ''}
        view={shown?.view ?? initial.view}
        isFetching={tasks.isFetching}
        salesPersons={people}
        salesPersonId={salesPersonId}
        isPhone={isPhone}
        onToday={() => api()?.today()}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onView={(view) => api()?.changeView(view)}
        onSalesPerson={(id) => setParam('salesPersonId', id === null ? null : String(id))}
        onNew={() => openNew({ start: newStartIn(shown) })}
      />
      {isEmpty && (
        <Text size="sm" c="dimmed" role="status">
          No tasks {personName ? `for ${personName} ` : ''}in this period. Select a time on the calendar or press New to plan a call, visit or demo.
        </Text>
      )}
      <Box pos="relative" aria-busy={tasks.isFetching}>
        <LoadingOverlay visible={tasks.isPending && shown !== null} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Loading tasks' }} />
        <ScheduleCalendar<SalesTask>
          calendarRef={calendarRef}
          initialView={initial.view}
          initialDate={initial.date}
          events={events}
          showTechnician={seesOthers && salesPersonId === null}
          marksOf={marksOf}
          hidesShortTimes
          height={isPhone ? 'max(440px, calc(100dvh - 185px))' : 'max(520px, calc(100dvh - 145px))'}
          onRangeChange={showRange}
          onSlot={pickSlot}
          onEventClick={openTask}
          onEventChange={actions.moveTask}
        />
      </Box>
      {form && <SalesTaskFormDialog key={form.key} mode={form.mode} initial={form.initial} salesPersons={people} actions={actions} onClose={() => setForm(null)} />}
    </Stack>
  );
}
