import { and, asc, eq, gte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { ROLE, type CurrentUserStatus, type UserStatusOption } from '@sm/shared';
import { rolePermissions, userRoles, userStatusEntries, userStatuses, userTeamLeaders, users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { andGuard, oneStatement, writerOf, type Param, type Writer } from '../../../lib/statement';
import { ofTenant } from '../../../lib/tenancy';
import { publishHubEvent } from '../realtime/publish';
import { calendarOf, dayStartOf, todayIn } from '../../people/timesheets/payroll-settings.service';

/** `User/userStatuses`: the work statuses a user can pick. */
export async function listUserStatuses(ctx: Pick<Ctx, 'db'>): Promise<UserStatusOption[]> {
  const rows = await ctx.db.select().from(userStatuses).orderBy(asc(userStatuses.id));
  return rows.map((s) => ({
    userStatusId: s.id,
    userStatus: s.name,
    isDisabled: s.isDisabled,
    isPayable: s.isPayable,
    needsDescription: s.needsDescription,
  }));
}

/** `User/getUserStatus`: the caller's current work status. */
export async function getUserStatus(ctx: Ctx): Promise<CurrentUserStatus> {
  const [row] = await ctx.db
    .select({ userStatusId: users.userStatusId, userStatus: userStatuses.name, description: users.userStatusDescription })
    .from(users)
    .leftJoin(userStatuses, eq(userStatuses.id, users.userStatusId))
    .where(ofTenant(users, ctx, eq(users.id, ctx.actor.userId)));
  if (!row) throw notFound('User');
  return row;
}

/**
 * `User/updatestatus/{statusValue}`: sets the caller's work status and keeps the time sheet of statuses:
 * the open entry is closed and a new one opened, in one statement.
 */
export async function updateUserStatus(ctx: Ctx, statusId: number, description?: string): Promise<CurrentUserStatus> {
  const [status] = await ctx.db.select().from(userStatuses).where(eq(userStatuses.id, statusId));
  if (!status || status.isDisabled) throw new AppError(400, 'This work status is not available.');
  const text = description?.trim() || null;
  if (status.needsDescription && !text) throw new AppError(400, 'Description field is required!');
  await ctx.db.execute(oneStatement(userStatusParts(writerOf(ctx), statusId, text)));
  publishHubEvent(ctx, 'gridUpdate', { action: 'userStatus', userId: ctx.actor.userId, userStatusId: statusId });
  return { userStatusId: statusId, userStatus: status.name, description: text };
}

/**
 * The change of work status as parts of a larger statement (lib/statement.ts), so that the clock writes it with its
 * labor in one round trip; with a `guard`, nothing is written unless the guard holds. The new entry is inserted
 * only after the open one is closed (it reads the count of closed rows).
 */
export function userStatusParts(by: Writer, statusId: Param<number>, description: Param<string | null>, guard?: SQL): SQL[] {
  const { subscriberId, userId, now } = by;
  return [
    sql`us_closed as (
      update ${userStatusEntries} set ended_at = ${now}::timestamptz
       where subscriber_id = ${subscriberId} and user_id = ${userId} and ended_at is null${andGuard(guard)}
      returning 1)`,
    sql`us_opened as (
      insert into ${userStatusEntries} (subscriber_id, user_id, user_status_id, description, started_at)
      select ${subscriberId}::int, ${userId}::int, ${statusId}::int, ${description}::text, ${now}::timestamptz
        from (select count(*) from us_closed) c where true${andGuard(guard)})`,
    sql`us_user as (
      update ${users} set user_status_id = ${statusId}::int, user_status_description = ${description}::text
       where subscriber_id = ${subscriberId} and id = ${userId}${andGuard(guard)})`,
  ];
}

/** `User/isTimeSheetEntryAlreadyExists/{statusValue}`: whether the caller already logged this status today, in the company's zone. */
export async function isTimeSheetEntryAlreadyExists(ctx: Ctx, statusId: number): Promise<boolean> {
  const calendar = await calendarOf(ctx.db, ctx);
  const startOfDay = dayStartOf(todayIn(calendar, ctx.now), calendar);
  const rows = await ctx.db
    .select({ id: userStatusEntries.id })
    .from(userStatusEntries)
    .where(
      ofTenant(
        userStatusEntries,
        ctx,
        eq(userStatusEntries.userId, ctx.actor.userId),
        eq(userStatusEntries.userStatusId, statusId),
        gte(userStatusEntries.startedAt, startOfDay),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The caller's team leaders (set on the users page), those still active Team Leaders, for the "my team leaders" panel. */
export async function listMyTeamLeaders(ctx: Ctx) {
  return ctx.db
    .select({ userId: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(userTeamLeaders)
    .innerJoin(users, eq(users.id, userTeamLeaders.teamLeaderId))
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE['Team Leader'])))
    .where(and(ofTenant(userTeamLeaders, ctx, eq(userTeamLeaders.userId, ctx.actor.userId)), eq(users.isActive, true)))
    .orderBy(asc(users.name));
}

/** Not a customer of the portal: a customer account has the Customer role. */
export const isStaff = (userId: SQL | typeof users.id) =>
  notExists(sql`(select 1 from ${userRoles} ur where ur.user_id = ${userId} and ur.role_id = ${ROLE.Customer})`);

/** The company's active staff by name (not its customers), without the caller when asked: whom to write up or assign to. */
export async function listStaff(ctx: Ctx, options: { exceptCaller: boolean }): Promise<{ userId: number; name: string }[]> {
  return ctx.db
    .select({ userId: users.id, name: users.name })
    .from(users)
    .where(ofTenant(users, ctx, eq(users.isActive, true), options.exceptCaller ? ne(users.id, ctx.actor.userId) : undefined, isStaff(users.id)))
    .orderBy(asc(users.name));
}

/**
 * The company's active users who may answer something of an area: Super Admins, and those with a role that may write
 * the area with the functionality (payroll's approvers of raises, the office that answers labor corrections).
 */
export async function activeUsersWithGrant(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, grant: { area: string; functionality: string }): Promise<number[]> {
  const granted = sql`exists (select 1 from ${rolePermissions} rp where rp.subscriber_id = ${userRoles.subscriberId} and rp.role_id = ${userRoles.roleId}
    and rp.area = ${grant.area} and rp.can_write and ${grant.functionality} = any(rp.functionalities))`;
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(ofTenant(users, ctx, eq(users.isActive, true), or(eq(userRoles.roleId, ROLE['Super Admin']), granted)));
  return rows.map((r) => r.id);
}
