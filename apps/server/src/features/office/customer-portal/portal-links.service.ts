import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CUSTOMER_PORTAL_LINK_DAYS, CUSTOMER_PORTAL_PATH, type Access, type CustomerPortalLink, type SentCustomerPortalLink } from '@sm/shared';
import { companyDb, type Db } from '../../../db/client';
import { contacts, customerPortalLinks, customers, subscribers, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { escapeHtml } from '../../../lib/rich-text';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { visibleCustomer } from '../customers/customer-visibility';

const DAY_MS = 86_400_000;
/** 32 random bytes (256 bits): the link's token, written in 43 URL-safe characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The fingerprint kept in place of the token; also the key the per-link rate limit counts under. */
export const fingerprintOf = (token: string) => createHash('sha256').update(token).digest('hex');
const UNKNOWN_LINK = 'This portal link is not valid. Ask the company that sent it for a new one.';

type Row = typeof customerPortalLinks.$inferSelect;
const revokers = alias(users, 'revokers');

const statusOf = (row: Pick<Row, 'revokedAt' | 'expiresAt'>, now: Date): CustomerPortalLink['status'] =>
  row.revokedAt ? 'Revoked' : row.expiresAt.getTime() <= now.getTime() ? 'Expired' : 'Active';

const answerOf = (row: Row, sentByName: string, revokedByName: string | null, now: Date): CustomerPortalLink => ({
  customerPortalLinkId: row.id, contactId: row.contactId, contactName: row.contactName, sentTo: row.sentTo, status: statusOf(row, now), sentByName,
  sentAt: row.sentAt.toISOString(), expiresAt: row.expiresAt.toISOString(), revokedAt: row.revokedAt?.toISOString() ?? null, revokedByName,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The billing customer a customer's records are billed to: itself, or the one its location is billed to. */
export const billingCustomerOf = (c: { id: number; billingCustomerId: number | null }) => c.billingCustomerId ?? c.id;

/** `GET Customer/{customerId}/portalLinks`: the portal links sent from this customer's page, newest first. */
export async function listPortalLinks(ctx: Ctx, access: Access, customerId: number): Promise<CustomerPortalLink[]> {
  await visibleCustomer(ctx.db, ctx, access, customerId);
  const rows = await ctx.db
    .select({ row: customerPortalLinks, sentByName: users.name, revokedByName: revokers.name })
    .from(customerPortalLinks)
    .innerJoin(users, eq(users.id, customerPortalLinks.sentBy))
    .leftJoin(revokers, eq(revokers.id, customerPortalLinks.revokedBy))
    .where(ofTenant(customerPortalLinks, ctx, eq(customerPortalLinks.customerId, customerId)))
    .orderBy(desc(customerPortalLinks.sentAt), desc(customerPortalLinks.id));
  return rows.map((r) => answerOf(r.row, r.sentByName, r.revokedByName, ctx.now));
}

/**
 * `POST Customer/{customerId}/portalLinks`: e-mails one contact of the customer (through the outbox, in the same
 * transaction) a link to the customer portal. The token is 256 random bits, kept only as its SHA-256 fingerprint (and
 * in the outgoing message until it is sent); the link opens the billing customer's records for
 * CUSTOMER_PORTAL_LINK_DAYS days, unless revoked. The link starts with PUBLIC_URL, never with the request's Host header.
 */
export async function sendPortalLink(ctx: Ctx, access: Access, customerId: number, contactId: number, publicUrl: string): Promise<SentCustomerPortalLink> {
  const token = randomBytes(32).toString('base64url');
  const path = `${CUSTOMER_PORTAL_PATH}/${token}`;
  const row = await ctx.db.transaction(async (tx) => {
    const customer = await visibleCustomer(tx, ctx, access, customerId);
    const [contact] = await tx.select().from(contacts).where(ofTenant(contacts, ctx, eq(contacts.id, contactId), eq(contacts.customerId, customerId)));
    if (!contact) throw new AppError(404, `Contact was not found at ${customer.name}.`);
    const email = contact.email?.trim();
    if (!email) throw new AppError(422, `${contact.name} has no e-mail address: add one to the contact before sending a portal link.`);
    const billingCustomerId = billingCustomerOf(customer);
    const [created] = await tx
      .insert(customerPortalLinks)
      .values({
        subscriberId: ctx.actor.subscriberId, billingCustomerId, customerId, contactId, contactName: contact.name, sentTo: email, tokenHash: fingerprintOf(token),
        sentBy: ctx.actor.userId, sentAt: ctx.now, expiresAt: new Date(ctx.now.getTime() + CUSTOMER_PORTAL_LINK_DAYS * DAY_MS),
      })
      .returning();
    const [[company], [billing]] = await Promise.all([
      tx.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId)),
      tx.select({ name: customers.name }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, billingCustomerId))),
    ]);
    const link = `${publicUrl}${path}`;
    const until = created.expiresAt.toISOString().slice(0, 10);
    const what = `your service portal for ${billing.name}: your work orders and their visits, quotes waiting for your approval, and your invoices`;
    await enqueueEmail(tx, {
      subscriberId: ctx.actor.subscriberId,
      createdBy: ctx.actor.userId,
      to: [email],
      subject: `Your service portal with ${company.name}`,
      html:
        `<p>Hello ${escapeHtml(contact.name)},</p><p>${escapeHtml(company.name)} has opened ${escapeHtml(what)}.</p>` +
        `<p><a href="${escapeHtml(link)}">Open your service portal</a></p>` +
        `<p>The link is personal: anyone who has it can see these records. It works for ${CUSTOMER_PORTAL_LINK_DAYS} days, until ${until}; ask ${escapeHtml(company.name)} for a new one after that.</p>`,
      text:
        `Hello ${contact.name},\n\n${company.name} has opened ${what}.\n\n${link}\n\n` +
        `The link is personal: anyone who has it can see these records. It works for ${CUSTOMER_PORTAL_LINK_DAYS} days, until ${until}; ask ${company.name} for a new one after that.`,
      hasPersonalLink: true,
      secret: token,
    });
    await recordAudit(tx, ctx, { entity: 'customerPortalLink', entityId: created.id, action: 'send', after: { customerId, contactId, sentTo: email, expiresAt: created.expiresAt.toISOString() } });
    return created;
  });
  const [sender] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
  return { ...answerOf(row, sender.name, null, ctx.now), clientAuthenticationId: token, path };
}

/** `POST Customer/{customerId}/portalLinks/{customerPortalLinkId}/revoke`: the link stops working at once; revoking twice changes nothing. */
export async function revokePortalLink(ctx: Ctx, access: Access, customerId: number, linkId: number): Promise<CustomerPortalLink> {
  await visibleCustomer(ctx.db, ctx, access, customerId);
  const row = await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(customerPortalLinks)
      .set({ revokedAt: ctx.now, revokedBy: ctx.actor.userId })
      .where(ofTenant(customerPortalLinks, ctx, eq(customerPortalLinks.id, linkId), eq(customerPortalLinks.customerId, customerId), isNull(customerPortalLinks.revokedAt)))
      .returning();
    if (revoked) await recordAudit(tx, ctx, { entity: 'customerPortalLink', entityId: linkId, action: 'revoke', after: { revokedAt: ctx.now.toISOString() } });
    return revoked;
  });
  if (!row) {
    const [exists] = await ctx.db.select({ id: customerPortalLinks.id }).from(customerPortalLinks).where(ofTenant(customerPortalLinks, ctx, eq(customerPortalLinks.id, linkId), eq(customerPortalLinks.customerId, customerId)));
    if (!exists) throw notFound('Portal link');
  }
  return (await listPortalLinks(ctx, access, customerId)).find((l) => l.customerPortalLinkId === linkId)!;
}

/**
 * What every portal answer is read in, whether through an e-mailed link or by a signed-in customer user: the company,
 * the billing customer (itself and the locations billed to it), who reads, and a context in the company to act in.
 */
export interface PortalScope {
  ctx: Ctx;
  subscriberId: number;
  billingCustomerId: number;
  /** Who reads and acts: the link's contact, or the signed-in customer user. */
  contactName: string;
  /** The office users told of what the customer does: the link's sender; none for a signed-in user. */
  officeUserIds: number[];
  /** When the link stops working; null for a signed-in user. */
  expiresAt: Date | null;
  /** The link the portal is read through; null for a signed-in user. */
  linkId: number | null;
}

/**
 * The link of a portal request: an unknown or malformed token is a 404, a revoked or expired one a 410, each with one
 * sentence that reveals nothing of the company. Its company's handle (row-level security) serves the rest of the
 * request; changes are written in the name of the office user who sent the link, and say the contact made them.
 */
export async function portalAccessOf(db: Db, token: string, now: Date, events: Ctx['events']): Promise<PortalScope> {
  if (!TOKEN_PATTERN.test(token)) throw new AppError(404, UNKNOWN_LINK);
  const [link] = await db.select().from(customerPortalLinks).where(eq(customerPortalLinks.tokenHash, fingerprintOf(token)));
  if (!link) throw new AppError(404, UNKNOWN_LINK);
  if (link.revokedAt) throw new AppError(410, 'This portal link was withdrawn by the company that sent it. Ask them for a new one.');
  if (link.expiresAt.getTime() <= now.getTime()) throw new AppError(410, 'This portal link has expired. Ask the company that sent it for a new one.');
  // The last use, at most once a minute, so reading the portal's tabs does not write on every request.
  await db
    .update(customerPortalLinks)
    .set({ lastUsedAt: now })
    .where(and(eq(customerPortalLinks.id, link.id), sql`(${customerPortalLinks.lastUsedAt} is null or ${customerPortalLinks.lastUsedAt} < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz)`, gt(customerPortalLinks.expiresAt, sql`${now.toISOString()}::timestamptz`)));
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, link.sentBy));
  const actor = { userId: link.sentBy, subscriberId: link.subscriberId, userName: sender.name };
  return {
    ctx: { db: companyDb(db, link.subscriberId), actor, now, events }, subscriberId: link.subscriberId, billingCustomerId: link.billingCustomerId,
    contactName: link.contactName, officeUserIds: [link.sentBy], expiresAt: link.expiresAt, linkId: link.id,
  };
}
