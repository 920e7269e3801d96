import type { Access, deleteScheduleItemQuery, moveScheduleItemBody } from '@sm/shared';
import type { z } from 'zod';
import type { Ctx } from '../../../lib/context';
import { publishHubEvent } from '../../platform/realtime/publish';
import { moveEntry } from './calendar-entries';
import { visibleItem, zonedDate } from './schedule-lookups';
import { addException, checkOpenOccurrence, dropEditedOccurrences, reasonRequired, updateItem } from './schedule-writes';

/**
 * `Scheduler/appointment`: moves or resizes an item from the appointment change dialog; the reason (required by the
 * schema) goes into the history with the times before and after. With `occurrenceStart` only that occurrence of a
 * series moves, becoming an item of its own; without it a series moves as a whole and starts over.
 */
export async function moveScheduleItem(ctx: Ctx, access: Access, input: z.output<typeof moveScheduleItemBody>): Promise<{ schedulerId: number }> {
  const reason = input.appointmentChangedReason;
  const moved = await ctx.db.transaction(async (tx) => moveEntry(tx, ctx, await visibleItem(ctx, access, input.schedulerId, tx, { lock: true }), input, reason));
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
