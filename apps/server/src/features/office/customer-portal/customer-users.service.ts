import { desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CUSTOMER_USER_UNBOUND, ROLE, type Access, type CustomerAccessRequest, type CustomerUser, type CustomerUsersAnswer } from '@sm/shared';
import { customerAccessRequests, customerUsers, userRoles, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { forgetAccess } from '../../platform/permissions/access-cache';
import { closeOpenLinks, sendUserLink } from '../../platform/users-admin/user-links';
import { insertUser, NO_PASSWORD, OFF_DUTY } from '../../platform/users-admin/users-admin.service';
import { visibleCustomer } from '../customers/customer-visibility';
import { checkNoUserWithEmail, openRequestOf, requestAnswerOf } from './customer-access-requests.service';
import { billingCustomerOf, type PortalScope } from './portal-links.service';

const deciders = alias(users, 'deciders');

const stateOf = (u: { isActive: boolean; isInvitationPending: boolean; revokedAt: Date | null }): CustomerUser['state'] =>
  u.revokedAt || !u.isActive ? 'Revoked' : u.isInvitationPending ? 'Invited' : 'Active';

/** The customer users of a billing customer, or the one asked for. */
async function usersOf(ctx: Ctx, billingCustomerId: number, only?: number): Promise<CustomerUser[]> {
  const rows = await ctx.db
    .select({ userId: users.id, userName: users.userName, name: users.name, email: users.email, isActive: users.isActive, isInvitationPending: users.isInvitationPending, revokedAt: customerUsers.revokedAt, createdAt: customerUsers.createdAt })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(ofTenant(customerUsers, ctx, eq(customerUsers.billingCustomerId, billingCustomerId), only === undefined ? undefined : eq(customerUsers.userId, only)))
    .orderBy(users.name, users.id);
  return rows.map((r) => ({ userId: r.userId, userName: r.userName, name: r.name, email: r.email, state: stateOf(r), createdAt: r.createdAt.toISOString() }));
}

/** The requests of a billing customer, open first and newest first, or the one asked for. */
async function requestsOf(ctx: Ctx, billingCustomerId: number, only?: number): Promise<CustomerAccessRequest[]> {
  const rows = await ctx.db
    .select({ row: customerAccessRequests, decidedByName: deciders.name })
    .from(customerAccessRequests)
    .leftJoin(deciders, eq(deciders.id, customerAccessRequests.decidedBy))
    .where(ofTenant(customerAccessRequests, ctx, eq(customerAccessRequests.billingCustomerId, billingCustomerId), only === undefined ? undefined : eq(customerAccessRequests.id, only)))
    .orderBy(desc(customerAccessRequests.requestedAt), desc(customerAccessRequests.id))
    .limit(200);
  const answers = rows.map((r) => requestAnswerOf(r.row, r.decidedByName));
  return answers.sort((a, b) => Number(b.status === 'Requested') - Number(a.status === 'Requested'));
}

/** `GET Customer/{customerId}/customerUsers`: the requests and the customer users of the customer's billing customer. */
export async function listCustomerUsers(ctx: Ctx, access: Access, customerId: number): Promise<CustomerUsersAnswer> {
  const billingCustomerId = billingCustomerOf(await visibleCustomer(ctx.db, ctx, access, customerId));
  const [requests, people] = await Promise.all([requestsOf(ctx, billingCustomerId), usersOf(ctx, billingCustomerId)]);
  return { requests, users: people };
}

/**
 * `POST Customer/{customerId}/customerAccessRequests/{id}/grant`: a new user with the Customer role only, bound to
 * the billing customer, and the e-mailed invitation to choose a password (a PUBLIC_URL link), with the request granted
 * and both audited, in one transaction. An address a user of the company already has is a 409.
 */
export async function grantCustomerAccess(ctx: Ctx, access: Access, customerId: number, requestId: number, userName: string, publicUrl: string): Promise<CustomerAccessRequest> {
  const billingCustomerId = await ctx.db.transaction(async (tx) => {
    const open = await openRequestOf(tx, ctx, access, customerId, requestId);
    await checkNoUserWithEmail(tx, ctx.actor.subscriberId, open.email);
    const { id } = await insertUser(tx, {
      subscriberId: ctx.actor.subscriberId, userName, name: open.name, email: open.email, phone: open.phone, passwordHash: NO_PASSWORD, isInvitationPending: true, userStatusId: OFF_DUTY, createdAt: ctx.now,
    });
    await tx.insert(userRoles).values({ subscriberId: ctx.actor.subscriberId, userId: id, roleId: ROLE.Customer });
    await tx.insert(customerUsers).values({ userId: id, subscriberId: ctx.actor.subscriberId, billingCustomerId: open.billingCustomerId, createdAt: ctx.now });
    await tx.update(customerAccessRequests).set({ status: 'Granted', decidedBy: ctx.actor.userId, decidedAt: ctx.now, userId: id }).where(eq(customerAccessRequests.id, open.id));
    await sendUserLink(tx, 'invitation', { subscriberId: ctx.actor.subscriberId, userId: id, name: open.name, userName, email: open.email }, publicUrl, ctx.now, ctx.actor.userId);
    await recordAudit(tx, ctx, { entity: 'user', entityId: id, action: 'invite', after: { userName, name: open.name, email: open.email, roleIds: [ROLE.Customer], billingCustomerId: open.billingCustomerId } });
    await recordAudit(tx, ctx, { entity: 'customerAccessRequest', entityId: open.id, action: 'grant', before: { status: 'Requested' }, after: { status: 'Granted', userId: id } });
    return open.billingCustomerId;
  });
  return (await requestsOf(ctx, billingCustomerId, requestId))[0];
}

/**
 * `DELETE Customer/{customerId}/customerUsers/{userId}`: the customer user can no longer sign in nor read the portal;
 * the user is deactivated as the office deactivates one (the tokens they hold stop working at their next request,
 * open links close). Another customer's user, or an office user, is a 404; one already revoked a 409.
 */
export async function revokeCustomerUser(ctx: Ctx, access: Access, customerId: number, userId: number): Promise<CustomerUser> {
  const billingCustomerId = billingCustomerOf(await visibleCustomer(ctx.db, ctx, access, customerId));
  await ctx.db.transaction(async (tx) => {
    const [bound] = await tx
      .select({ revokedAt: customerUsers.revokedAt, name: users.name })
      .from(customerUsers)
      .innerJoin(users, eq(users.id, customerUsers.userId))
      .where(ofTenant(customerUsers, ctx, eq(customerUsers.userId, userId), eq(customerUsers.billingCustomerId, billingCustomerId)))
      .for('update');
    if (!bound) throw notFound('Customer user');
    if (bound.revokedAt) throw new AppError(409, `The access of ${bound.name} was already revoked.`);
    await tx.update(customerUsers).set({ revokedAt: ctx.now }).where(eq(customerUsers.userId, userId));
    await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
    await closeOpenLinks(tx, userId, ctx.now);
    await recordAudit(tx, ctx, { entity: 'user', entityId: userId, action: 'revokeCustomerAccess', before: { isActive: true }, after: { isActive: false, billingCustomerId } });
  });
  forgetAccess(ctx.db);
  return (await usersOf(ctx, billingCustomerId, userId))[0];
}

/**
 * The portal of a signed-in customer user: the billing customer they are bound to. A user bound to none (an office
 * user with "Customer Profile", or one whose access was revoked) is a 403 with a sentence.
 */
export async function customerUserScope(ctx: Ctx): Promise<PortalScope> {
  const [bound] = await ctx.db
    .select({ billingCustomerId: customerUsers.billingCustomerId, name: users.name })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(ofTenant(customerUsers, ctx, eq(customerUsers.userId, ctx.actor.userId), isNull(customerUsers.revokedAt)));
  if (!bound) throw new AppError(403, CUSTOMER_USER_UNBOUND);
  return { ctx, subscriberId: ctx.actor.subscriberId, billingCustomerId: bound.billingCustomerId, contactName: bound.name, officeUserIds: [], expiresAt: null, linkId: null };
}
