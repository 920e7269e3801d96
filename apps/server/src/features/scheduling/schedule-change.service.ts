import type { Access, deleteScheduleItemQuery, moveScheduleItemBody } from '@sm/shared';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { publishHubEvent } from '../realtime/publish';
import { lastOccurrenceEnd } from './recurrence';
import { visibleItem, zonedDate } from './schedule-lookups';
import {
  addException, checkOpenOccurrence, checkedStart, dropEditedOccurrences, insertItem, reasonRequired, reshapesSeries, roundedHours, updateItem,
} from './schedule-writes';

/**
 * `Scheduler/appointment`: moves or resizes an item from the appointment change dialog; the reason (required by the
 * schema) goes into the history with the times before and after. With `occurrenceStart` only that occurrence of a
 * series moves, becoming an item of its own; without it a series moves as a whole and starts over.
 */
export async function moveScheduleItem(ctx: Ctx, access: Access, input: z.output<typeof moveScheduleItemBody>): Promise<{ schedulerId: number }> {
  const reason = input.appointmentChangedReason;
  const durationHours = roundedHours(input.durationHours);
  const moved = await ctx.db.transaction(async (tx) => {
    const item = await visibleItem(ctx, access, input.schedulerId, tx, { lock: true });
    const start = checkedStart(ctx, zonedDate(input.start, item.timeZone, 'Start'), item.isAllDay, item.timeZone);
    if (input.occurrenceStart) {
      const original = zonedDate(input.occurrenceStart, item.timeZone, 'Occurrence start');
      checkOpenOccurrence(item, original);
      const { id: _, subscriberId: __, createdBy: ___, createdAt: ____, ...copy } = item;
      const row = await insertItem(
        tx,
        ctx,
        { ...copy, startAt: start, durationHours, recurrenceRule: null, recurrenceExceptions: [], lastOccurrenceEnd: null, recurrenceId: item.id, occurrenceStart: original },
        reason,
      );
      await addException(tx, ctx, item, original, 'move-occurrence', reason);
      return { schedulerId: row.id };
    }
    const moved = { ...item, startAt: start, durationHours };
    const startsOver = reshapesSeries(item, moved);
    if (startsOver) await dropEditedOccurrences(tx, ctx, item.id, reason);
    const timing = { start, durationHours, isAllDay: item.isAllDay, rule: item.recurrenceRule, exceptions: [], timeZone: item.timeZone };
    const lastEnd = item.recurrenceRule ? lastOccurrenceEnd(timing) : null;
    if (lastEnd === undefined) throw new AppError(400, 'The repeat rule ends before its first occurrence.');
    await updateItem(
      tx,
      ctx,
      item,
      { startAt: start, durationHours, lastOccurrenceEnd: lastEnd, recurrenceExceptions: startsOver ? [] : item.recurrenceExceptions },
      'move',
      reason,
    );
    return { schedulerId: item.id };
  });
  publishHubEvent(ctx, 'upsert', { schedulerId: moved.schedulerId, seriesId: input.occurrenceStart ? input.schedulerId : null });
  return moved;
}

/**
 * `DELETE Scheduler/{schedulerId}`: deletes an item (a series with its edited occurrences), or with `occurrenceStart`
 * one occurrence of a series. An appointment needs a reason. Deleted items vanish from the schedule; their history
 * stays readable.
 */
export async function deleteScheduleItem(
  ctx: Ctx,
  access: Access,
  schedulerId: number,
  query: z.output<typeof deleteScheduleItemQuery>,
): Promise<{ schedulerId: number }> {
  const reason = query.appointmentChangedReason?.trim() || null;
  await ctx.db.transaction(async (tx) => {
    const item = await visibleItem(ctx, access, schedulerId, tx, { lock: true });
    if (item.isAppointment && !reason) throw reasonRequired();
    if (query.occurrenceStart) {
      const original = zonedDate(query.occurrenceStart, item.timeZone, 'Occurrence start');
      checkOpenOccurrence(item, original);
      await addException(tx, ctx, item, original, 'delete-occurrence', reason);
      return;
    }
    if (item.recurrenceRule) await dropEditedOccurrences(tx, ctx, item.id, reason);
    await updateItem(tx, ctx, item, { isDeleted: true }, 'delete', reason);
  });
  // One occurrence removed changes its series (an upsert); otherwise the item is gone.
  if (query.occurrenceStart) publishHubEvent(ctx, 'upsert', { schedulerId, occurrenceStart: query.occurrenceStart });
  else publishHubEvent(ctx, 'delete', { schedulerId });
  return { schedulerId };
}
