import type { Access, deleteSalesTaskQuery, moveSalesTaskBody, saveSalesTaskBody } from '@sm/shared';
import type { z } from 'zod';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { mergedExceptions, moveEntry, savedStartOf, savedTimingColumns } from '../scheduling/calendar-entries';
import { zonedDate, type ScheduleItemRow } from '../scheduling/schedule-lookups';
import { addException, checkOpenOccurrence, dropEditedOccurrences, insertItem, reshapesSeries, updateItem } from '../scheduling/schedule-writes';
import { checkSalesReferences, ownSalesTasksOnly, visibleSalesTask } from './sales-task-lookups';

export type SaveSalesTaskInput = z.output<typeof saveSalesTaskBody>;
type Answer = Promise<{ schedulerId: number }>;

/**
 * `SalesScheduler/save`: creates a task (`schedulerId` 0), changes one (a series as a whole), or, with `recurrenceId`
 * and `occurrenceStart`, turns one occurrence of a series into a task of its own. The task is stored as a schedule
 * item of kind 'sales', so the recurrence, time-zone and history code of the schedule serve it unchanged. Every rule
 * is checked before anything is written, and the change and its history are written in one transaction.
 */
export async function saveSalesTask(ctx: Ctx, access: Access, input: SaveSalesTaskInput): Answer {
  const own = ownSalesTasksOnly(ctx, access);
  return ctx.db.transaction(async (tx) => {
    const series = input.schedulerId === 0 && input.recurrenceId ? await visibleSalesTask(ctx, access, input.recurrenceId, tx, { lock: true }) : null;
    const existing = input.schedulerId ? await visibleSalesTask(ctx, access, input.schedulerId, tx, { lock: true }) : null;
    // Without a sales person the task stays with its own (an occurrence with its series'); a new one is the caller's.
    const salesPersonId = input.salesPersonId ?? (existing ?? series)?.salesPersonUserId ?? ctx.actor.userId;
    if (own !== null && salesPersonId !== own) throw new AppError(403, 'You can only plan your own tasks.');
    await checkSalesReferences(ctx, tx, { customerId: input.customerId, salesPersonId });
    if (series) return { schedulerId: await saveOccurrence(tx, ctx, series, input, salesPersonId) };
    if (existing && input.recurrenceId && input.recurrenceId !== existing.recurrenceId) {
      throw new AppError(400, 'This task is not an occurrence of that series.');
    }
    const values = await valuesOf(tx, ctx, input, salesPersonId, existing ?? undefined);
    if (existing?.recurrenceId && values.recurrenceRule) throw new AppError(400, 'An edited occurrence cannot repeat on its own.');
    if (!existing) return { schedulerId: (await insertItem(tx, ctx, values, null)).id };
    const startsOver = reshapesSeries(existing, values);
    if (startsOver) await dropEditedOccurrences(tx, ctx, existing.id, null);
    const exceptions = mergedExceptions(startsOver || !values.recurrenceRule ? [] : existing.recurrenceExceptions, values.recurrenceExceptions);
    await updateItem(tx, ctx, existing, { ...values, recurrenceExceptions: exceptions }, 'update', null);
    return { schedulerId: existing.id };
  });
}

/** One occurrence of a series saved on its own: a new task pointing at the series, and an exception in the series. */
async function saveOccurrence(tx: Tx, ctx: Ctx, series: ScheduleItemRow, input: SaveSalesTaskInput, salesPersonId: number): Promise<number> {
  if (!input.occurrenceStart) throw new AppError(400, 'Occurrence start field is required!');
  const original = zonedDate(input.occurrenceStart, series.timeZone, 'Occurrence start');
  checkOpenOccurrence(series, original);
  const values = await valuesOf(tx, ctx, input, salesPersonId, { timeZone: series.timeZone, color: series.color });
  if (values.recurrenceRule) throw new AppError(400, 'An edited occurrence cannot repeat on its own.');
  const row = await insertItem(tx, ctx, { ...values, recurrenceId: series.id, occurrenceStart: original }, null);
  await addException(tx, ctx, series, original, 'edit-occurrence', null);
  return row.id;
}

/**
 * The columns a saved task form sets, after every check a person can fix: the time zone and colour (the form's,
 * else the task's, else the company's zone and blue), dates read in it, and a repeat rule the editor can show that
 * makes at least one occurrence.
 */
async function valuesOf(tx: Tx, ctx: Ctx, input: SaveSalesTaskInput, salesPersonId: number, current: (Pick<ScheduleItemRow, 'timeZone' | 'color'> & Partial<Pick<ScheduleItemRow, 'startAt' | 'startWall'>>) | undefined) {
  const { timeZone, start } = await savedStartOf(tx, ctx, input, current?.timeZone);
  return {
    kind: 'sales' as const,
    task: input.title,
    customerId: input.customerId,
    salesPersonUserId: salesPersonId,
    ...savedTimingColumns(input, start, timeZone, current),
    color: input.color ?? current?.color ?? 'blue',
  } satisfies Partial<ScheduleItemRow>;
}

/**
 * `SalesScheduler/move`: a drag or resize on the calendar. With `occurrenceStart` only that occurrence of a series
 * moves, becoming a task of its own; without it a series moves as a whole and starts over when its start changes.
 */
export async function moveSalesTask(ctx: Ctx, access: Access, input: z.output<typeof moveSalesTaskBody>): Answer {
  return ctx.db.transaction(async (tx) => moveEntry(tx, ctx, await visibleSalesTask(ctx, access, input.schedulerId, tx, { lock: true }), input, null));
}

/**
 * `DELETE SalesScheduler/{schedulerId}`: deletes a task (a series with its edited occurrences), or with
 * `occurrenceStart` one occurrence of a series. Deleted tasks leave the calendar; their history stays.
 */
export async function deleteSalesTask(ctx: Ctx, access: Access, schedulerId: number, query: z.output<typeof deleteSalesTaskQuery>): Answer {
  await ctx.db.transaction(async (tx) => {
    const task = await visibleSalesTask(ctx, access, schedulerId, tx, { lock: true });
    if (query.occurrenceStart) {
      const original = zonedDate(query.occurrenceStart, task.timeZone, 'Occurrence start');
      checkOpenOccurrence(task, original);
      await addException(tx, ctx, task, original, 'delete-occurrence', null);
      return;
    }
    if (task.recurrenceRule) await dropEditedOccurrences(tx, ctx, task.id, null);
    await updateItem(tx, ctx, task, { isDeleted: true }, 'delete', null);
  });
  return { schedulerId };
}
