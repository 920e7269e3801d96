import { Box, LoadingOverlay, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { useIsPhone } from '../clock/clock-modal';
import type { NewSlot } from './calendar-entry';
import { CalendarToolbar, PersonFilter } from './calendar-toolbar';
import { ScheduleCalendar, type ExternalDrop } from './schedule-calendar';
import { eventOf, isSeriesOccurrence } from './schedule-events';
import { itemValues, newItemValues, type FormMode, type ScheduleFormValues } from './schedule-form';
import { ScheduleFormDialog } from './schedule-form-dialog';
import { askOccurrenceOrSeries } from './schedule-prompts';
import { scheduleItemsQuery, schedulerTechniciansQuery, type ScheduleItem } from './scheduler-api';
import { BOARD_REFRESH_MS } from './unassigned-api';
import { FREE_SLOT_SEARCH_DAYS, nextFreeHalfHour, unassignedItemValues } from './unassigned-schedule';
import { droppedWorkOf, UnassignedWorkPanel, type DroppedWork } from './unassigned-work-panel';
import { DAY_START_HOUR, newSlotOf, useCalendarPage } from './use-calendar-page';
import { useScheduleActions } from './use-schedule-actions';

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
  const page = useCalendarPage<FormMode, ScheduleFormValues>(isPhone);
  const { shown, calendarRef, initial, api } = page;
  const technicianId = page.idParamOf('technicianId');
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

  const openNew = (slot: NewSlot) => page.openForm({ kind: 'new' }, newItemValues({ ...slot, technicianId }));

  const openForWork = (work: DroppedWork, start: Date, isAllDay = false) =>
    page.openForm({ kind: 'new' }, unassignedItemValues(work.workOrderId, work.technicianId, start, isAllDay));

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
    page.openForm(mode, itemValues(mode));
  };

  const technicianName = technicians.data?.find((t) => t.technicianId === technicianId)?.name;
  const calendarHeight = isPhone ? 'max(440px, calc(100dvh - 185px))' : 'max(520px, calc(100dvh - 145px))';
  const isEmpty = items.isSuccess && !items.isPlaceholderData && items.data.length === 0;
  return (
    <Stack gap="sm" className="sm-scheduler">
      <CalendarToolbar
        {...page.toolbar}
        label="Scheduler"
        loadingLabel="Loading schedule"
        isFetching={items.isFetching}
        onNew={() => openNew({ start: page.newButtonStart() })}
        filter={
          <PersonFilter
            label="Technician"
            allLabel="All technicians"
            people={(technicians.data ?? []).map((t) => ({ id: t.technicianId, name: t.name }))}
            value={technicianId}
            onChange={(id) => page.setIdParam('technicianId', id)}
            isPhone={isPhone}
          />
        }
      />
      {isEmpty && (
        <Text size="sm" c="dimmed" role="status">
          Nothing is scheduled {technicianName ? `for ${technicianName} ` : ''}in this period. Select a time on the calendar or press New to plan a visit.
        </Text>
      )}
      <div className="sm-dispatch">
        <Box pos="relative" aria-busy={items.isFetching}>
          <LoadingOverlay visible={items.isPending && shown !== null} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ role: 'status', 'aria-label': 'Loading schedule' }} />
          <ScheduleCalendar
            calendarRef={calendarRef}
            initialView={initial.view}
            initialDate={initial.date}
            events={events}
            showTechnician={technicianId === null}
            height={calendarHeight}
            onRangeChange={page.showRange}
            onSlot={(slot) => openNew(newSlotOf(slot))}
            onEventClick={openItem}
            onEventChange={actions.moveEvent}
            onExternalDrop={dropWork}
          />
        </Box>
        <UnassignedWorkPanel technicianId={technicianId} height={isPhone ? undefined : calendarHeight} onSchedule={scheduleWork} />
      </div>
      {page.form && (
        <ScheduleFormDialog key={page.form.key} mode={page.form.mode} initial={page.form.initial} technicians={technicians.data ?? []} actions={actions} onClose={page.closeForm} />
      )}
    </Stack>
  );
}
