import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveScheduleItemBody } from '@sm/shared';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { movedStart } from './calendar-entry';
import { bodyOfItem, isSeriesOccurrence, type SaveScope } from './schedule-events';
import { movesAppointment, type FormMode } from './schedule-form';
import { askAppointmentReason, askOccurrenceOrSeries } from './schedule-prompts';
import { roundHours } from './schedule-time';
import { deleteScheduleItem, moveScheduleItem, saveScheduleItem, SCHEDULER_KEY, type ScheduleItem } from './scheduler-api';

/** A drag or resize on the calendar: the item, where it now starts and ends, and how to put it back. */
export interface CalendarChange<T = ScheduleItem> {
  item: T;
  start: Date;
  end: Date | null;
  revert: () => void;
}

/**
 * The scheduler's writes and the questions before them: occurrence or series, the appointment reason, the generic
 * confirmation. Failures are toasted by the QueryClient (the server's sentence); each flow answers whether it wrote.
 */
export function useScheduleActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [SCHEDULER_KEY] });
  const save = useMutation({ mutationFn: saveScheduleItem, onSuccess: refresh });
  const move = useMutation({ mutationFn: moveScheduleItem, onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (v: { schedulerId: number; occurrenceStart?: string; appointmentChangedReason?: string }) =>
      deleteScheduleItem(v.schedulerId, { occurrenceStart: v.occurrenceStart, appointmentChangedReason: v.appointmentChangedReason }),
    onSuccess: refresh,
  });

  /** Saves the form; when it moves an appointment, the Update Appointment dialog asks why first. */
  async function saveForm(body: SaveScheduleItemBody, mode: FormMode): Promise<boolean> {
    let reason: string | null = null;
    if (movesAppointment(body, mode)) {
      reason = await askAppointmentReason('Update');
      if (reason === null) return false;
    }
    try {
      await save.mutateAsync(reason === null ? body : { ...body, appointmentChangedReason: reason });
      notifySuccess(mode.kind === 'new' ? 'Schedule item created.' : 'Schedule item saved.');
      return true;
    } catch {
      return false;
    }
  }

  /** Deletes what the form shows (one occurrence, a series, an item): an appointment asks the reason, anything else asks to confirm. */
  async function deleteItem(mode: Exclude<FormMode, { kind: 'new' }>): Promise<boolean> {
    const { item } = mode;
    let reason: string | undefined;
    if (item.isAppointment) {
      const given = await askAppointmentReason('Delete');
      if (given === null) return false;
      reason = given;
    } else if (!(await confirm({ danger: true }))) {
      return false;
    }
    try {
      await remove.mutateAsync({ schedulerId: item.id, occurrenceStart: mode.kind === 'occurrence' ? item.start : undefined, appointmentChangedReason: reason });
      notifySuccess(mode.kind === 'occurrence' ? 'The occurrence was removed.' : 'Schedule item deleted.');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Saves a drag or resize: an occurrence of a series asks whether the occurrence or the series moves; an appointment
   * asks the reason (and moves through `Scheduler/appointment`); anything else saves at once. Cancelled or refused,
   * the event goes back.
   */
  async function moveEvent({ item, start, end, revert }: CalendarChange): Promise<void> {
    let scope: SaveScope = 'single';
    if (isSeriesOccurrence(item)) {
      const choice = await askOccurrenceOrSeries('Move');
      if (!choice) return revert();
      scope = choice;
    }
    const durationHours = item.isAllDay || !end ? item.durationHours : roundHours((end.getTime() - start.getTime()) / 3_600_000);
    const newStart = movedStart(item, start, scope);
    try {
      if (item.isAppointment) {
        const reason = await askAppointmentReason('Update');
        if (reason === null) return revert();
        await move.mutateAsync({
          schedulerId: item.id,
          start: newStart,
          durationHours,
          appointmentChangedReason: reason,
          occurrenceStart: scope === 'occurrence' ? item.start : undefined,
        });
      } else {
        await save.mutateAsync({ ...bodyOfItem(item, scope), start: newStart, durationHours });
      }
      notifySuccess(scope === 'occurrence' ? 'The occurrence was moved.' : 'Schedule item moved.');
    } catch {
      revert();
    }
  }

  return { saveForm, deleteItem, moveEvent, isSaving: save.isPending, isDeleting: remove.isPending };
}
