import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSalesTaskBody } from '@sm/shared';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { askOccurrenceOrSeries } from '../scheduling/schedule-prompts';
import { movedStart } from '../scheduling/calendar-entry';
import { roundHours } from '../scheduling/schedule-time';
import type { CalendarChange } from '../scheduling/use-schedule-actions';
import { deleteSalesTask, moveSalesTask, saveSalesTask, SALES_SCHEDULER_KEY, type SalesTask } from './sales-scheduler-api';
import { isSeriesOccurrence, type SalesFormMode, type SalesSaveScope } from './sales-task-form';

/**
 * The sales scheduler's writes and the questions before them: occurrence or series, and the generic confirmation
 * before a delete. Failures are toasted by the QueryClient (the server's sentence); each flow answers whether it wrote.
 */
export function useSalesTaskActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [SALES_SCHEDULER_KEY] });
  const save = useMutation({ mutationFn: saveSalesTask, onSuccess: refresh });
  const move = useMutation({ mutationFn: moveSalesTask, onSuccess: refresh });
  const remove = useMutation({ mutationFn: (v: { schedulerId: number; occurrenceStart?: string }) => deleteSalesTask(v.schedulerId, v.occurrenceStart), onSuccess: refresh });

  /** Saves the task form. */
  async function saveForm(body: SaveSalesTaskBody, mode: SalesFormMode): Promise<boolean> {
    try {
      await save.mutateAsync(body);
      notifySuccess(mode.kind === 'new' ? 'Task created.' : 'Task saved.');
      return true;
    } catch {
      return false;
    }
  }

  /** Deletes what the form shows (one occurrence, a series, a task) after the generic confirmation. */
  async function deleteTask(mode: Exclude<SalesFormMode, { kind: 'new' }>): Promise<boolean> {
    if (!(await confirm({ danger: true }))) return false;
    try {
      await remove.mutateAsync({ schedulerId: mode.task.id, occurrenceStart: mode.kind === 'occurrence' ? mode.task.start : undefined });
      notifySuccess(mode.kind === 'occurrence' ? 'The occurrence was removed.' : 'Task deleted.');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Saves a drag or resize: an occurrence of a series asks whether the occurrence or the series moves; anything else
   * moves at once. Cancelled or refused, the event goes back.
   */
  async function moveTask({ item: task, start, end, revert }: CalendarChange<SalesTask>): Promise<void> {
    let scope: SalesSaveScope = 'single';
    if (isSeriesOccurrence(task)) {
      const choice = await askOccurrenceOrSeries('Move');
      if (!choice) return revert();
      scope = choice;
    }
    const durationHours = task.isAllDay || !end ? task.durationHours : roundHours((end.getTime() - start.getTime()) / 3_600_000);
    try {
      await move.mutateAsync({
        schedulerId: task.id,
        start: movedStart(task, start, scope),
        durationHours,
        occurrenceStart: scope === 'occurrence' ? task.start : undefined,
      });
      notifySuccess(scope === 'occurrence' ? 'The occurrence was moved.' : 'Task moved.');
    } catch {
      revert();
    }
  }

  return { saveForm, deleteTask, moveTask, isSaving: save.isPending, isDeleting: remove.isPending };
}
