import { eq } from 'drizzle-orm';
import type { Access, AuditEntry, UserDetail } from '@sm/shared';
import { users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { auditOf, recordAudit } from '../audit/audit.service';
import { forgetAccess } from '../permissions/access-cache';
import { checkSuperAdminLeft, lockCompanyUsers } from './super-admins';
import { closeOpenLinks, sendUserLink } from './user-links';
import { userDetail, userForChange } from './users-admin.service';

/**
 * `POST Users/{userId}/deactivate`: the user can no longer sign in, and the tokens they hold stop working at their
 * next request (access is read with the user's active flag; this process drops what it kept at once, the others hear
 * the database's notification). The row and its history stay; open links close. The company keeps an active Super Admin.
 */
export async function deactivateUser(ctx: Ctx, access: Access, userId: number): Promise<UserDetail> {
  if (userId === ctx.actor.userId) throw new AppError(409, 'You cannot deactivate yourself. Ask another administrator.');
  const answer = await ctx.db.transaction(async (tx) => {
    await lockCompanyUsers(tx, ctx);
    const { user } = await userForChange(tx, ctx, access, userId);
    if (!user.isActive) throw new AppError(409, `${user.name} is already inactive.`);
    await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
    await closeOpenLinks(tx, userId, ctx.now);
    await checkSuperAdminLeft(tx, ctx);
    await recordAudit(tx, ctx, { entity: 'user', entityId: userId, action: 'deactivate', before: { isActive: true }, after: { isActive: false } });
    return userDetail(tx, ctx, userId);
  });
  forgetAccess(ctx.db);
  return answer;
}

/** `POST Users/{userId}/reactivate`: the user signs in again with the password they had (an invited one still needs the invitation). */
export async function reactivateUser(ctx: Ctx, access: Access, userId: number): Promise<UserDetail> {
  const answer = await ctx.db.transaction(async (tx) => {
    await lockCompanyUsers(tx, ctx);
    const { user } = await userForChange(tx, ctx, access, userId);
    if (user.isActive) throw new AppError(409, `${user.name} is already active.`);
    await tx.update(users).set({ isActive: true, failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
    await recordAudit(tx, ctx, { entity: 'user', entityId: userId, action: 'reactivate', before: { isActive: false }, after: { isActive: true } });
    return userDetail(tx, ctx, userId);
  });
  forgetAccess(ctx.db);
  return answer;
}

/** `POST Users/{userId}/resendInvitation`: a new invitation link (the earlier one stops working), for a user who has not accepted yet. */
export async function resendInvitation(ctx: Ctx, access: Access, userId: number, publicUrl: string): Promise<UserDetail> {
  return ctx.db.transaction(async (tx) => {
    const { user } = await userForChange(tx, ctx, access, userId);
    if (!user.isActive) throw new AppError(409, `${user.name} is inactive: reactivate the user first.`);
    if (!user.isInvitationPending) throw new AppError(409, `${user.name} has already accepted the invitation and has a password.`);
    await sendUserLink(tx, 'invitation', { subscriberId: user.subscriberId, userId, name: user.name, userName: user.userName, email: user.email }, publicUrl, ctx.now, ctx.actor.userId);
    await recordAudit(tx, ctx, { entity: 'user', entityId: userId, action: 'resendInvitation', after: { email: user.email } });
    return userDetail(tx, ctx, userId);
  });
}

/** `GET Users/{userId}/history`: the user's changes, oldest first: invitation, edits, deactivations, passwords set. */
export async function userHistory(ctx: Ctx, userId: number): Promise<AuditEntry[]> {
  await userDetail(ctx.db, ctx, userId);
  return auditOf(ctx, 'user', [userId]);
}
