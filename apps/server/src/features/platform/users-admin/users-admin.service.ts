import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isSuperAdmin, ROLE, type Access, type InviteUserInput, type UpdateUserInput, type UserDetail, type UserRow, type UsersAnswer, type UsersQuery } from '@sm/shared';
import { jobTitles, userRoles, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { gridPage } from '../../../lib/grid-page';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { USER_NAME_TAKEN } from '../signup/company-create.service';
import { forgetAccess } from '../permissions/access-cache';
import { userLinks } from './user-links.table';
import { sendUserLink } from './user-links';
import { checkSuperAdminLeft, lockCompanyUsers } from './super-admins';
import { checkRolesOffered, roleNamesOf } from './masked-roles.service';
import { checkWorkFields, storeTeamLeaders, teamLeaderIdsOf, workDetailOf } from './user-work';

/** A new user's work status: off duty until they clock in. */
export const OFF_DUTY = 10;
/** Stands where a password hash would: no password verifies against it, so an invited user cannot sign in yet. */
export const NO_PASSWORD = '!invited';
export const EMAIL_TAKEN = 'Another user of this company has this e-mail address.';
export const SUPER_ADMIN_ONLY = 'Only a Super Admin can give or take the Super Admin role, or change a Super Admin.';

const roleIdsOf = sql<number[]>`coalesce((select array_agg(ur.role_id order by ur.role_id) from ${userRoles} ur where ur.user_id = ${users.id}), '{}')`;
const state = sql<UserRow['state']>`case when not ${users.isActive} then 'Inactive' when ${users.isInvitationPending} then 'Invited' else 'Active' end`;
const ROW = {
  userId: users.id, userName: users.userName, name: users.name, email: users.email, phone: users.phone, jobTitleId: users.jobTitleId, jobTitle: jobTitles.name, roleIds: roleIdsOf, state,
};
/** A row with its roles named as the company names them (masked user roles). */
const rowOf = <R extends { roleIds: unknown }>(r: R, names: Map<number, string>) => {
  const roleIds = (r.roleIds as (number | string)[]).map(Number);
  return { ...r, roleIds, roles: roleIds.map((id) => names.get(id) ?? String(id)) };
};

const STATES: Record<UsersQuery['state'], SQL | undefined> = {
  active: and(eq(users.isActive, true), eq(users.isInvitationPending, false)),
  invited: and(eq(users.isActive, true), eq(users.isInvitationPending, true)),
  inactive: eq(users.isActive, false),
  all: undefined,
};

/** `GET Users`: a page of the company's users by name, searched in name, user name and e-mail, of one role when asked, with their roles. */
export async function listUsers(ctx: Ctx, query: UsersQuery): Promise<UsersAnswer> {
  const words = query.search?.trim();
  const like = words ? `%${words.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
  const search = like ? or(ilike(users.name, like), ilike(users.userName, like), ilike(users.email, like)) : undefined;
  const ofRole = query.roleId === undefined ? undefined : sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role_id = ${query.roleId})`;
  const names = await roleNamesOf(ctx.db, ctx);
  return gridPage(
    ctx.db,
    {
      request: { take: query.take, skip: query.skip, sort: [], filter: null, group: [], aggregate: [] },
      columns: { name: { sql: users.name, type: 'text' } },
      defaultSort: { field: 'name', dir: 'asc' },
      table: users,
      id: users.id,
      where: ofTenant(users, ctx, STATES[query.state], search, ofRole),
      join: (q) => q.leftJoin(jobTitles, eq(jobTitles.id, users.jobTitleId)),
      select: ROW,
    },
    (rows) => rows.map((r) => rowOf(r, names)),
  );
}

/** One user of the caller's company with the end of their open invitation; another company's is a 404. */
export async function userDetail(db: Ctx['db'] | Tx, ctx: Ctx, userId: number): Promise<UserDetail> {
  const invitationEnds = sql<Date | null>`(select max(l.expires_at) from ${userLinks} l where l.user_id = ${users.id} and l.purpose = 'invitation' and l.used_at is null and l.expires_at > ${ctx.now.toISOString()}::timestamptz)`;
  const [row] = await db
    .select({ ...ROW, createdAt: users.createdAt, invitationExpiresAt: invitationEnds })
    .from(users)
    .leftJoin(jobTitles, eq(jobTitles.id, users.jobTitleId))
    .where(ofTenant(users, ctx, eq(users.id, userId)));
  if (!row) throw notFound('User');
  const ends = row.invitationExpiresAt;
  const work = await workDetailOf(db, ctx, userId);
  return { ...rowOf(row, await roleNamesOf(db, ctx)), createdAt: row.createdAt.toISOString(), invitationExpiresAt: ends ? new Date(ends).toISOString() : null, ...work };
}

/** `GET Users/{userId}`: one user of the caller's company. */
export const getUser = (ctx: Ctx, userId: number): Promise<UserDetail> => userDetail(ctx.db, ctx, userId);

/** The user row for a change, locked; a Super Admin is changed only by a Super Admin. */
export async function userForChange(tx: Tx, ctx: Ctx, access: Access, userId: number) {
  const [user] = await tx.select().from(users).where(ofTenant(users, ctx, eq(users.id, userId))).for('update');
  if (!user) throw notFound('User');
  const roles = (await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId).sort((a, b) => a - b);
  if (roles.includes(ROLE['Super Admin']) && !isSuperAdmin(access)) throw new AppError(403, SUPER_ADMIN_ONLY);
  return { user, roles };
}

/** The job title, of the caller's company; checked before anything else, so that another company's answers 404 alone. */
async function checkJobTitle(tx: Tx, ctx: Ctx, jobTitleId: number | null | undefined) {
  if (jobTitleId == null) return;
  const [title] = await tx.select({ id: jobTitles.id }).from(jobTitles).where(ofTenant(jobTitles, ctx, eq(jobTitles.id, jobTitleId)));
  if (!title) throw notFound('Job title');
}

/** The address is the company's only user with it (any case), so a reset by address finds one person. */
async function checkEmailFree(tx: Tx, ctx: Ctx, email: string, exceptUserId?: number) {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(ofTenant(users, ctx, sql`lower(${users.email}) = lower(${email})`, exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined))
    .limit(1);
  if (other) throw new AppError(409, EMAIL_TAKEN);
}

/** The user name is unique among every company's users (the index), said as a sentence. */
export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  try {
    return (await tx.insert(users).values(values).returning({ id: users.id }))[0];
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) === '23505') throw new AppError(409, USER_NAME_TAKEN(values.userName));
    throw e;
  }
}

/**
 * `POST Users/invite`: a new user without a password, and the e-mailed invitation through which they choose one,
 * in one transaction with its audit entry. Only a Super Admin may invite a Super Admin.
 */
export async function inviteUser(ctx: Ctx, access: Access, input: InviteUserInput, publicUrl: string): Promise<UserDetail> {
  if (input.roleIds.includes(ROLE['Super Admin']) && !isSuperAdmin(access)) throw new AppError(403, SUPER_ADMIN_ONLY);
  return ctx.db.transaction(async (tx) => {
    await checkJobTitle(tx, ctx, input.jobTitleId);
    const { teamLeaderIds, ...work } = await checkWorkFields(tx, ctx, input, { regionId: null, districtId: null, baseCityId: null, worksOnRateSheets: false, teamLeaderIds: [] });
    await checkRolesOffered(tx, ctx, input.roleIds);
    await checkEmailFree(tx, ctx, input.email);
    const values = { name: input.name, email: input.email, phone: input.phone ?? null, jobTitleId: input.jobTitleId ?? null, ...work };
    const { id } = await insertUser(tx, {
      subscriberId: ctx.actor.subscriberId, userName: input.userName, ...values, passwordHash: NO_PASSWORD, isInvitationPending: true, userStatusId: OFF_DUTY, createdAt: ctx.now,
    });
    await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ subscriberId: ctx.actor.subscriberId, userId: id, roleId })));
    await storeTeamLeaders(tx, ctx, id, [], teamLeaderIds);
    await sendUserLink(tx, 'invitation', { subscriberId: ctx.actor.subscriberId, userId: id, name: input.name, userName: input.userName, email: input.email }, publicUrl, ctx.now, ctx.actor.userId);
    await recordAudit(tx, ctx, { entity: 'user', entityId: id, action: 'invite', after: { userName: input.userName, ...values, roleIds: input.roleIds, teamLeaderIds } });
    return userDetail(tx, ctx, id);
  });
}

/**
 * `PUT Users/{userId}`: name, address, phone, job title, roles, and where and how the user works (region, district,
 * base city, team leaders, rate sheets). Under the company's user lock, so that two edits
 * at once cannot each take the Super Admin role from one of the last two: the company keeps an active Super Admin.
 */
export async function updateUser(ctx: Ctx, access: Access, userId: number, input: UpdateUserInput): Promise<UserDetail> {
  const answer = await ctx.db.transaction(async (tx) => {
    await lockCompanyUsers(tx, ctx);
    const { user, roles } = await userForChange(tx, ctx, access, userId);
    await checkJobTitle(tx, ctx, input.jobTitleId);
    const leadersBefore = await teamLeaderIdsOf(tx, ctx, userId);
    const workBefore = { regionId: user.regionId, districtId: user.districtId, baseCityId: user.baseCityId, worksOnRateSheets: user.worksOnRateSheets };
    const { teamLeaderIds, ...work } = await checkWorkFields(tx, ctx, input, { ...workBefore, teamLeaderIds: leadersBefore }, userId);
    const roleIds = [...input.roleIds].sort((a, b) => a - b);
    if (roleIds.includes(ROLE['Super Admin']) !== roles.includes(ROLE['Super Admin']) && !isSuperAdmin(access)) throw new AppError(403, SUPER_ADMIN_ONLY);
    await checkRolesOffered(tx, ctx, roleIds, roles);
    await checkEmailFree(tx, ctx, input.email, userId);
    const values = { name: input.name, email: input.email, phone: input.phone ?? null, jobTitleId: input.jobTitleId ?? null, ...work };
    await tx.update(users).set(values).where(eq(users.id, userId));
    await storeTeamLeaders(tx, ctx, userId, leadersBefore, teamLeaderIds);
    if (roleIds.join() !== roles.join()) {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      await tx.insert(userRoles).values(roleIds.map((roleId) => ({ subscriberId: ctx.actor.subscriberId, userId, roleId })));
      await checkSuperAdminLeft(tx, ctx);
    }
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: userId,
      action: 'update',
      before: { name: user.name, email: user.email, phone: user.phone, jobTitleId: user.jobTitleId, ...workBefore, roleIds: roles, teamLeaderIds: leadersBefore },
      after: { ...values, roleIds, teamLeaderIds },
    });
    return userDetail(tx, ctx, userId);
  });
  // Roles are part of the access kept between requests: this process drops it at once, the others hear the database.
  forgetAccess(ctx.db);
  return answer;
}
