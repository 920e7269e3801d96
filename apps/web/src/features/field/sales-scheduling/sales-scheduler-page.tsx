import { Box, LoadingOverlay, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { useIsPhone } from '../clock/clock-modal';
import type { NewSlot } from '../scheduling/calendar-entry';
import { CalendarToolbar, PersonFilter } from '../scheduling/calendar-toolbar';
import { ScheduleCalendar, type EventMarks } from '../scheduling/schedule-calendar';
import { askOccurrenceOrSeries } from '../scheduling/schedule-prompts';
import { newSlotOf, useCalendarPage } from '../scheduling/use-calendar-page';
import { salesPersonsQuery, salesTasksQuery, type SalesTask } from './sales-scheduler-api';
import { isSeriesOccurrence, newTaskValues, taskValues, type SalesFormMode, type SalesTaskFormValues } from './sales-task-form';
import { SalesTaskFormDialog } from './sales-task-form-dialog';
import { eventOfTask } from './sales-task-events';
import { useSalesTaskActions } from './use-sales-task-actions';

/** A sales task has no appointment star; its sales person shows when everyone's tasks are shown. */
const marksOf = (task: SalesTask): EventMarks => ({ isAppointment: false, person: task.salesPerson.name });

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
  const page = useCalendarPage<SalesFormMode, SalesTaskFormValues>(isPhone);
  const { shown, calendarRef, initial } = page;
  const salesPersons = useQuery(salesPersonsQuery);
  const people = salesPersons.data ?? [];
  // A link may name someone the caller may not plan for: the calendar then shows what the caller may see.
  const requestedId = page.idParamOf('salesPersonId');
  const salesPersonId = people.some((p) => p.salesPersonId === requestedId) ? requestedId : null;
  const range = { start: shown?.start ?? '', end: shown?.end ?? '', salesPersonId };
  const tasks = useQuery({ ...salesTasksQuery(range), enabled: shown !== null && salesPersons.isSuccess, placeholderData: keepPreviousData });
  const events = useMemo(() => (tasks.data ?? []).map(eventOfTask), [tasks.data]);
  const actions = useSalesTaskActions();
  const seesOthers = people.some((p) => p.salesPersonId !== user.userId);

  /** Who a new task is for: the person filtered on, else the caller when they do sales, else the only one offered. */
  const defaultSalesPerson = () => salesPersonId ?? people.find((p) => p.salesPersonId === user.userId)?.salesPersonId ?? (people.length === 1 ? people[0].salesPersonId : null);

  const openNew = (slot: NewSlot) => page.openForm({ kind: 'new' }, newTaskValues({ ...slot, salesPersonId: defaultSalesPerson() }));

  const openTask = async (task: SalesTask) => {
    let mode: Exclude<SalesFormMode, { kind: 'new' }> = { kind: 'item', task };
    if (isSeriesOccurrence(task)) {
      const choice = await askOccurrenceOrSeries('Edit');
      if (!choice) return;
      mode = { kind: choice, task };
    }
    page.openForm(mode, taskValues(mode));
  };

  const personName = people.find((p) => p.salesPersonId === salesPersonId)?.name;
  const isEmpty = tasks.isSuccess && !tasks.isPlaceholderData && tasks.data.length === 0;
  return (
    <Stack gap="sm" className="sm-scheduler">
      <CalendarToolbar
        {...page.toolbar}
        label="Sales scheduler"
        loadingLabel="Loading tasks"
        isFetching={tasks.isFetching}
        onNew={() => openNew({ start: page.newButtonStart() })}
        filter={
          // Only someone who sees more than their own tasks chooses whose to show.
          people.length > 1 && (
            <PersonFilter
              label="Sales person"
              allLabel="All sales people"
              people={people.map((p) => ({ id: p.salesPersonId, name: p.name }))}
              value={salesPersonId}
              onChange={(id) => page.setIdParam('salesPersonId', id)}
              isPhone={isPhone}
            />
          )
        }
      />
      {isEmpty && (
        <Text size="sm" c="dimmed" role="status">
          No tasks {personName ? `for ${personName} ` : ''}in this period. Select a time on the calendar or press New to plan a call, visit or demo.
        </Text>
      )}
      <Box pos="relative" aria-busy={tasks.isFetching}>
        <LoadingOverlay visible={tasks.isPending && shown !== null} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ role: 'status', 'aria-label': 'Loading tasks' }} />
        <ScheduleCalendar<SalesTask>
          calendarRef={calendarRef}
          initialView={initial.view}
          initialDate={initial.date}
          events={events}
          showTechnician={seesOthers && salesPersonId === null}
          marksOf={marksOf}
          hidesShortTimes
          height={isPhone ? 'max(440px, calc(100dvh - 185px))' : 'max(520px, calc(100dvh - 145px))'}
          onRangeChange={page.showRange}
          onSlot={(slot) => openNew(newSlotOf(slot))}
          onEventClick={openTask}
          onEventChange={actions.moveTask}
        />
      </Box>
      {page.form && (
        <SalesTaskFormDialog key={page.form.key} mode={page.form.mode} initial={page.form.initial} salesPersons={people} defaultSalesPersonId={defaultSalesPerson()} actions={actions} onClose={page.closeForm} />
      )}
    </Stack>
  );
}
