import { and, eq, sql } from 'drizzle-orm';
import {
  CUSTOMER_ACCESS_REQUEST_OPEN, CUSTOMER_ACCESS_USER_EXISTS, ROLE, type Access, type CustomerAccessRequest, type CustomerAccessRequestInput, type NoticePayload,
} from '@sm/shared';
import { customerAccessRequests, customers, subscribers, users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { escapeHtml } from '../../../lib/rich-text';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { visibleCustomer } from '../customers/customer-visibility';
import { billingCustomerOf, type PortalScope } from './portal-links.service';

type RequestRow = typeof customerAccessRequests.$inferSelect;

/** A request as the customer page lists it. */
export const requestAnswerOf = (r: RequestRow, decidedByName: string | null): CustomerAccessRequest => ({
  customerAccessRequestId: r.id, name: r.name, email: r.email, phone: r.phone, message: r.message, status: r.status, requestedAt: r.requestedAt.toISOString(),
  decidedByName, decidedAt: r.decidedAt?.toISOString() ?? null, declineReason: r.declineReason, userId: r.userId,
});

/** Whether a user of the company already has the address (any case): a request or a grant for it would make a second. */
export async function checkNoUserWithEmail(db: DbOrTx, subscriberId: number, email: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.subscriberId, subscriberId), sql`lower(${users.email}) = lower(${email})`)).limit(1);
  if (user) throw new AppError(409, CUSTOMER_ACCESS_USER_EXISTS);
}

/** The office users told of a request: active Super Admins and those whose roles hold "Manage Customer User Access". */
async function managersOf(db: DbOrTx, subscriberId: number): Promise<number[]> {
  const result = await db.execute(sql`select distinct u.id from users u join user_roles ur on ur.user_id = u.id
     left join role_permissions rp on rp.subscriber_id = u.subscriber_id and rp.role_id = ur.role_id and rp.area = 'Users'
     where u.subscriber_id = ${subscriberId} and u.is_active
       and (ur.role_id = ${ROLE['Super Admin']} or ((rp.can_read or rp.can_write) and 'Manage Customer User Access' = any(rp.functionalities)))`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.code ?? err.cause?.code) === '23505';
};

/**
 * `POST CustomerPortal/{id}/accessRequests`: the contact asks for a sign-in of their own. The link binds the company
 * and the billing customer. An open request for the address, or a user of the company with it, is a 409 (the
 * database holds one open request per address and company even for two at once); the office users who manage
 * customer access are told on the notifications hub.
 */
export async function requestCustomerAccess(p: PortalScope, input: CustomerAccessRequestInput): Promise<{ message: string }> {
  const ctx = p.ctx;
  const created = await ctx.db.transaction(async (tx) => {
    await checkNoUserWithEmail(tx, p.subscriberId, input.email);
    try {
      const [row] = await tx
        .insert(customerAccessRequests)
        .values({
          subscriberId: p.subscriberId, billingCustomerId: p.billingCustomerId, linkId: p.linkId!, name: input.name, email: input.email, phone: input.phone?.trim() || null,
          message: input.message || null, requestedAt: ctx.now,
        })
        .returning();
      await recordAudit(tx, ctx, { entity: 'customerAccessRequest', entityId: row.id, action: 'request', after: { billingCustomerId: p.billingCustomerId, name: input.name, email: input.email } });
      return row;
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(409, CUSTOMER_ACCESS_REQUEST_OPEN);
      throw e;
    }
  });
  const [[company], [billing]] = await Promise.all([
    ctx.db.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, p.subscriberId)),
    ctx.db.select({ name: customers.name }).from(customers).where(and(eq(customers.subscriberId, p.subscriberId), eq(customers.id, p.billingCustomerId))),
  ]);
  const payload: NoticePayload = { kind: 'customerAccessRequest', customerId: p.billingCustomerId, customerName: billing.name, name: created.name };
  ctx.events?.publish({ subscriberId: p.subscriberId, event: 'notice', payload, userIds: await managersOf(ctx.db, p.subscriberId) });
  return { message: `Your request was sent to ${company.name}. You will receive an e-mail once they answer it.` };
}

/** An open request of the customer's billing customer, locked for its decision; another company's or customer's is a 404, a decided one a 409. */
export async function openRequestOf(tx: DbOrTx, ctx: Ctx, access: Access, customerId: number, requestId: number) {
  const customer = await visibleCustomer(tx, ctx, access, customerId);
  const [row] = await tx
    .select()
    .from(customerAccessRequests)
    .where(ofTenant(customerAccessRequests, ctx, eq(customerAccessRequests.id, requestId), eq(customerAccessRequests.billingCustomerId, billingCustomerOf(customer))))
    .for('update');
  if (!row) throw notFound('Access request');
  if (row.status !== 'Requested') throw new AppError(409, `The request of ${row.name} was already ${row.status.toLowerCase()}.`);
  return row;
}

/**
 * `POST Customer/{customerId}/customerAccessRequests/{id}/decline`: the request is declined with a reason, which is
 * e-mailed to the contact through the outbox, with its audit entry, in one transaction.
 */
export async function declineCustomerAccess(ctx: Ctx, access: Access, customerId: number, requestId: number, reason: string): Promise<CustomerAccessRequest> {
  return ctx.db.transaction(async (tx) => {
    const open = await openRequestOf(tx, ctx, access, customerId, requestId);
    const [row] = await tx
      .update(customerAccessRequests)
      .set({ status: 'Declined', decidedBy: ctx.actor.userId, decidedAt: ctx.now, declineReason: reason })
      .where(eq(customerAccessRequests.id, open.id))
      .returning();
    const [company] = await tx.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId));
    const said = `${company.name} did not grant your request for a sign-in to its service portal.`;
    await enqueueEmail(tx, {
      subscriberId: ctx.actor.subscriberId,
      createdBy: ctx.actor.userId,
      to: [row.email],
      subject: `Your request for a sign-in with ${company.name}`,
      html: `<p>Hello ${escapeHtml(row.name)},</p><p>${escapeHtml(said)}</p><p>Their reason: ${escapeHtml(reason)}</p>`,
      text: `Hello ${row.name},\n\n${said}\n\nTheir reason: ${reason}`,
    });
    await recordAudit(tx, ctx, { entity: 'customerAccessRequest', entityId: row.id, action: 'decline', before: { status: 'Requested' }, after: { status: 'Declined', reason } });
    const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
    return requestAnswerOf(row, me.name);
  });
}
