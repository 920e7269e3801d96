import { eq } from 'drizzle-orm';
import { hasFunctionality, isTimeZone, parseZonedIso, type Access } from '@sm/shared';
import { users, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { scheduleItems } from './schedule-items.table';

export type ScheduleItemRow = typeof scheduleItems.$inferSelect;

/**
 * Whose items the caller may see and change: everyone's with the Scheduler's "Can Access Schedule Grid" (dispatchers,
 * team leaders, service managers, Super Admin), otherwise only the items they are the technician of, the way
 * "All WorkOrders" widens the work orders. Answers the technician to narrow to, or null for the whole company.
 */
export function ownItemsOnly(ctx: Ctx, access: Access): number | null {
  return hasFunctionality(access, 'Scheduler', 'Can Access Schedule Grid') ? null : ctx.actor.userId;
}

/**
 * A schedule item the caller may see, locked for update inside a transaction when `lock` is set; another company's,
 * another technician's (without the grid permission) and a deleted one are all "not found".
 */
export async function visibleItem(ctx: Ctx, access: Access, id: number, db: DbOrTx, opts: { lock?: boolean; withDeleted?: boolean } = {}) {
  const own = ownItemsOnly(ctx, access);
  const query = db
    .select()
    .from(scheduleItems)
    .where(
      ofTenant(
        scheduleItems,
        ctx,
        eq(scheduleItems.id, id),
        // Sales tasks belong to the sales scheduler: the service schedule neither shows nor changes them.
        eq(scheduleItems.kind, 'service'),
        opts.withDeleted ? undefined : eq(scheduleItems.isDeleted, false),
        own === null ? undefined : eq(scheduleItems.technicianUserId, own),
      ),
    );
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Schedule item');
  return row;
}

/**
 * Refuses a work order or technician that is not the caller's company's, exactly as a missing one (404). A new
 * assignment needs an active user; reading a schedule (`anyTechnician`) may name a former one.
 */
export async function checkScheduleReferences(
  ctx: Ctx,
  db: DbOrTx,
  refs: { workOrderId: number | null; technicianId: number | null },
  opts: { anyTechnician?: boolean } = {},
) {
  if (refs.workOrderId) {
    const [row] = await db.select({ id: workOrders.id }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, refs.workOrderId)));
    if (!row) throw notFound('Work order');
  }
  if (refs.technicianId) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(ofTenant(users, ctx, eq(users.id, refs.technicianId), opts.anyTechnician ? undefined : eq(users.isActive, true)));
    if (!row) throw notFound('Technician');
  }
}

/** The IANA time zone a request names, or a 400 saying it is not one. */
export function knownTimeZone(name: string): string {
  const zone = name.trim();
  if (!isTimeZone(zone)) throw new AppError(400, `Time zone "${zone.slice(0, 64)}" is not known; use an IANA name like America/Chicago.`);
  return zone;
}

/** Reads a date of the request in the zone, or refuses it with the field's name. */
export function zonedDate(text: string, timeZone: string, label: string): Date {
  const date = parseZonedIso(text, timeZone);
  if (!date) throw new AppError(400, `${label} is not a valid date and time.`);
  return date;
}

/** What the history shows of an item: the fields a person changes, in the answer's names. */
export function snapshotOf(row: ScheduleItemRow) {
  return {
    start: row.startAt.toISOString(),
    durationHours: row.durationHours,
    task: row.task,
    workOrderId: row.workOrderId,
    technicianId: row.technicianUserId,
    isAllDay: row.isAllDay,
    isAppointment: row.isAppointment,
    noVisitRequired: row.noVisitRequired,
    due: row.dueAt?.toISOString() ?? null,
    recurrenceRule: row.recurrenceRule,
    recurrenceException: row.recurrenceExceptions.map((d) => d.toISOString()),
    recurrenceId: row.recurrenceId,
    occurrenceStart: row.occurrenceStart?.toISOString() ?? null,
    timeZone: row.timeZone,
    colorClass: row.color,
    isDeleted: row.isDeleted,
    ...(row.kind === 'sales' ? { customerId: row.customerId, salesPersonId: row.salesPersonUserId } : {}),
  };
}
export type ScheduleSnapshot = ReturnType<typeof snapshotOf>;

/** The fields that differ between two snapshots, as before and after halves. */
export function changesBetween(before: ScheduleSnapshot, after: ScheduleSnapshot) {
  const keys = (Object.keys(after) as (keyof ScheduleSnapshot)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}
