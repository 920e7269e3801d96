import { eq } from 'drizzle-orm';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { instantOf, wallClockOf } from '@sm/shared';
import { isOccurrenceOf, type SeriesTiming } from './recurrence';
import { changesBetween, snapshotOf, type ScheduleItemRow } from './schedule-lookups';
import { scheduleItems } from './schedule-items.table';

const YEAR_MS = 365.25 * 24 * 3_600_000;
/** How far from today an item may start: far enough for any plan, near enough that expanding a series stays cheap. */
const MAX_YEARS_AWAY = 20;

export const reasonRequired = () => new AppError(400, 'Reason is required.');

/** Refuses a start too far from today, and moves an all-day start to the midnight of its local day. */
export function checkedStart(ctx: Ctx, start: Date, isAllDay: boolean, timeZone: string): Date {
  if (Math.abs(start.getTime() - ctx.now.getTime()) > MAX_YEARS_AWAY * YEAR_MS) throw new AppError(400, `Start must be within ${MAX_YEARS_AWAY} years of today.`);
  if (!isAllDay) return start;
  const wall = wallClockOf(start, timeZone);
  return instantOf(new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate())), timeZone);
}

/** Durations are kept to four decimals, as the column holds them. */
export const roundedHours = (hours: number) => Math.round(hours * 10_000) / 10_000;

/** Whether a change moves when the item happens (and so needs a reason on an appointment). */
export function movesTiming(before: ScheduleItemRow, after: Pick<ScheduleItemRow, 'startAt' | 'durationHours' | 'isAllDay' | 'recurrenceRule' | 'timeZone' | 'technicianUserId' | 'isAppointment'>): boolean {
  return (
    before.startAt.getTime() !== after.startAt.getTime() ||
    before.durationHours !== after.durationHours ||
    before.isAllDay !== after.isAllDay ||
    before.recurrenceRule !== after.recurrenceRule ||
    before.timeZone !== after.timeZone ||
    before.technicianUserId !== after.technicianUserId ||
    !after.isAppointment
  );
}

/** Whether the series' occurrences land elsewhere after the change, so its exceptions no longer name any of them. */
export const reshapesSeries = (before: ScheduleItemRow, after: Pick<ScheduleItemRow, 'startAt' | 'startWall' | 'isAllDay' | 'recurrenceRule' | 'timeZone'>) =>
  before.recurrenceRule !== null &&
  (before.startAt.getTime() !== after.startAt.getTime() ||
    (before.startWall?.getTime() ?? null) !== (after.startWall?.getTime() ?? null) ||
    before.isAllDay !== after.isAllDay ||
    before.recurrenceRule !== after.recurrenceRule ||
    before.timeZone !== after.timeZone);

/** What expanding a stored entry needs: its start (and named wall clock), length, rule, exceptions and zone. */
export const seriesTimingOf = (row: ScheduleItemRow): SeriesTiming => ({
  start: row.startAt,
  startWall: row.startWall,
  durationHours: row.durationHours,
  isAllDay: row.isAllDay,
  rule: row.recurrenceRule,
  exceptions: row.recurrenceExceptions,
  timeZone: row.timeZone,
});

/** Refuses a start that the series does not make, or an occurrence already taken out of it. */
export function checkOpenOccurrence(series: ScheduleItemRow, original: Date) {
  if (!series.recurrenceRule) throw new AppError(400, 'That schedule item does not repeat.');
  if (!isOccurrenceOf({ ...seriesTimingOf(series), exceptions: [] }, original)) throw new AppError(400, 'The series has no occurrence starting at that time.');
  if (series.recurrenceExceptions.some((d) => d.getTime() === original.getTime())) throw new AppError(409, 'That occurrence was already changed or removed.');
}

/** Takes one occurrence out of a series (RFC 5545 EXDATE), recording it in the series' history. */
export async function addException(tx: Tx, ctx: Ctx, series: ScheduleItemRow, original: Date, action: string, reason: string | null) {
  const exceptions = [...series.recurrenceExceptions, original].sort((a, b) => a.getTime() - b.getTime());
  const [updated] = await tx
    .update(scheduleItems)
    .set({ recurrenceExceptions: exceptions })
    .where(ofTenant(scheduleItems, ctx, eq(scheduleItems.id, series.id)))
    .returning();
  await recordAudit(tx, ctx, { entity: 'scheduleItem', entityId: series.id, action, ...changesBetween(snapshotOf(series), snapshotOf(updated)), reason });
}

/**
 * When a series starts over (its start, rule or zone changed), its edited occurrences no longer replace any of its
 * occurrences: they are deleted, each with its own history entry, and the caller clears the exceptions.
 */
export async function dropEditedOccurrences(tx: Tx, ctx: Ctx, seriesId: number, reason: string | null) {
  const dropped = await tx
    .update(scheduleItems)
    .set({ isDeleted: true })
    .where(ofTenant(scheduleItems, ctx, eq(scheduleItems.recurrenceId, seriesId), eq(scheduleItems.isDeleted, false)))
    .returning();
  for (const row of dropped) {
    await recordAudit(tx, ctx, { entity: 'scheduleItem', entityId: row.id, action: 'delete', before: { isDeleted: false }, after: { isDeleted: true, seriesChanged: seriesId }, reason });
  }
}

/** Updates a locked item and records what changed; a save that changes nothing writes nothing. */
export async function updateItem(tx: Tx, ctx: Ctx, before: ScheduleItemRow, values: Partial<typeof scheduleItems.$inferInsert>, action: string, reason: string | null) {
  const [after] = await tx
    .update(scheduleItems)
    .set(values)
    .where(ofTenant(scheduleItems, ctx, eq(scheduleItems.id, before.id)))
    .returning();
  const changes = changesBetween(snapshotOf(before), snapshotOf(after));
  if (Object.keys(changes.after).length > 0) await recordAudit(tx, ctx, { entity: 'scheduleItem', entityId: before.id, action, ...changes, reason });
  return after;
}

/** Inserts an item and records its creation with everything it holds. */
export async function insertItem(tx: Tx, ctx: Ctx, values: Omit<typeof scheduleItems.$inferInsert, 'subscriberId' | 'createdBy' | 'createdAt'>, reason: string | null) {
  const [row] = await tx
    .insert(scheduleItems)
    .values({ ...values, subscriberId: ctx.actor.subscriberId, createdBy: ctx.actor.userId, createdAt: ctx.now })
    .returning();
  await recordAudit(tx, ctx, { entity: 'scheduleItem', entityId: row.id, action: 'create', after: snapshotOf(row), reason });
  return row;
}
