import type { Access, saveScheduleItemBody } from '@sm/shared';
import type { z } from 'zod';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { publishHubEvent } from '../../platform/realtime/publish';
import { mergedExceptions, savedStartOf, savedTimingColumns } from './calendar-entries';
import { checkScheduleReferences, ownItemsOnly, visibleItem, zonedDate, type ScheduleItemRow } from './schedule-lookups';
import { addException, checkOpenOccurrence, dropEditedOccurrences, insertItem, movesTiming, reasonRequired, reshapesSeries, updateItem } from './schedule-writes';

export type SaveScheduleItemInput = z.output<typeof saveScheduleItemBody>;

/**
 * `Scheduler/save`: creates an item (`schedulerId` 0), changes one (a series as a whole), or, with `recurrenceId`
 * and `occurrenceStart`, turns one occurrence of a series into an item of its own. Every rule is checked before
 * anything is written, and the change and its history are written in one transaction.
 */
export async function saveScheduleItem(ctx: Ctx, access: Access, input: SaveScheduleItemInput): Promise<{ schedulerId: number }> {
  const refs = { workOrderId: input.workOrderId || null, technicianId: input.technicianId || null };
  const own = ownItemsOnly(ctx, access);
  if (own !== null && refs.technicianId !== own) throw new AppError(403, 'You can only change your own schedule.');
  const saved = await ctx.db.transaction(async (tx) => {
    await checkScheduleReferences(ctx, tx, refs);
    if (input.schedulerId === 0 && input.recurrenceId) return { schedulerId: await saveOccurrence(tx, ctx, access, input) };
    const existing = input.schedulerId ? await visibleItem(ctx, access, input.schedulerId, tx, { lock: true }) : null;
    if (existing && input.recurrenceId && input.recurrenceId !== existing.recurrenceId) {
      throw new AppError(400, 'This schedule item is not an occurrence of that series.');
    }
    const values = await valuesOf(tx, ctx, input, existing ?? undefined);
    if (existing?.recurrenceId && values.recurrenceRule) throw new AppError(400, 'An edited occurrence cannot repeat on its own.');
    const reason = input.appointmentChangedReason?.trim() || null;
    if (!existing) return { schedulerId: (await insertItem(tx, ctx, values, reason)).id };
    if (existing.isAppointment && movesTiming(existing, values) && !reason) throw reasonRequired();
    const startsOver = reshapesSeries(existing, values);
    if (startsOver) await dropEditedOccurrences(tx, ctx, existing.id, reason);
    const exceptions = mergedExceptions(startsOver || !values.recurrenceRule ? [] : existing.recurrenceExceptions, values.recurrenceExceptions);
    await updateItem(tx, ctx, existing, { ...values, recurrenceExceptions: exceptions }, 'update', reason);
    return { schedulerId: existing.id };
  });
  publishHubEvent(ctx, 'upsert', { schedulerId: saved.schedulerId, technicianId: refs.technicianId, workOrderId: refs.workOrderId, task: input.task?.trim() || null });
  return saved;
}

/** One occurrence of a series saved on its own: a new item pointing at the series, and an exception in the series. */
async function saveOccurrence(tx: Tx, ctx: Ctx, access: Access, input: SaveScheduleItemInput): Promise<number> {
  const series = await visibleItem(ctx, access, input.recurrenceId!, tx, { lock: true });
  if (!input.occurrenceStart) throw new AppError(400, 'Occurrence start field is required!');
  const original = zonedDate(input.occurrenceStart, series.timeZone, 'Occurrence start');
  checkOpenOccurrence(series, original);
  const values = await valuesOf(tx, ctx, input, { timeZone: series.timeZone, color: series.color });
  if (values.recurrenceRule) throw new AppError(400, 'An edited occurrence cannot repeat on its own.');
  const reason = input.appointmentChangedReason?.trim() || null;
  if (series.isAppointment && !reason && movesTiming({ ...series, startAt: original, recurrenceRule: null }, values)) throw reasonRequired();
  const row = await insertItem(tx, ctx, { ...values, recurrenceId: series.id, occurrenceStart: original }, reason);
  await addException(tx, ctx, series, original, 'edit-occurrence', reason);
  return row.id;
}

/**
 * The columns a saved form sets, after every check a person can fix: the time zone and colour (the form's, else the
 * item's, else the company's zone and blue), dates read in it, a task or a work order, and a repeat rule the editor can show that makes
 * at least one occurrence.
 */
async function valuesOf(tx: Tx, ctx: Ctx, input: SaveScheduleItemInput, current: (Pick<ScheduleItemRow, 'timeZone' | 'color'> & Partial<Pick<ScheduleItemRow, 'startAt' | 'startWall'>>) | undefined) {
  const { timeZone, start } = await savedStartOf(tx, ctx, input, current?.timeZone);
  const task = input.task?.trim() || null;
  const workOrderId = input.workOrderId || null;
  if (!task && !workOrderId) throw new AppError(400, 'Task field is required!');
  const timing = savedTimingColumns(input, start, timeZone, current);
  return {
    workOrderId,
    technicianUserId: input.technicianId || null,
    task,
    ...timing,
    isAppointment: input.isAppointment,
    noVisitRequired: input.noVisitRequired,
    color: input.colorClass ?? current?.color ?? 'blue',
  } satisfies Partial<ScheduleItemRow>;
}
