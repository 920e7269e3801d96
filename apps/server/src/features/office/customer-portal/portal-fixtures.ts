import { expect } from 'vitest';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { contacts, customers, emailOutbox, workOrders } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

/** The address of a portal request through a link. */
export const portal = (token: string, rest = '') => `/api/v1/CustomerPortal/${token}${rest}`;

/** A new contact of a customer, with an e-mail address or none. */
export async function portalContact(t: TestApp, customer: typeof customers.$inferSelect, name: string, email: string | null) {
  const [row] = await t.db.insert(contacts).values({ subscriberId: customer.subscriberId, customerId: customer.id, name, email }).returning({ id: contacts.id });
  return row.id;
}

/** A new work order at a site, billed as the site is, with nothing on it yet. */
export async function siteWorkOrder(t: TestApp, site: typeof customers.$inferSelect, number: string) {
  const [row] = await t.db
    .insert(workOrders)
    .values({ subscriberId: site.subscriberId, workOrderNumber: number, customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 13, problem: 'Condenser fan noisy' })
    .returning({ id: workOrders.id });
  return row.id;
}

/** A quote of the work order with one line (a 100.00 part at 50% markup: 150.00), submitted to the customer; its number. */
export async function submittedQuote(t: TestApp, as: string, workOrderId: number) {
  const created = await t.call('POST', '/api/v1/Quotes/create', as, { workOrderId });
  expect(created.statusCode, created.body).toBe(200);
  const n = created.json().quoteNumber as number;
  const line = await t.call('POST', `/api/v1/Quotes/${n}/1/lines`, as, { kind: 'material', description: 'Condenser fan motor', quantity: 1, unitCost: 100, markupPercent: 50 });
  expect(line.statusCode, line.body).toBe(200);
  const submitted = await t.call('PUT', `/api/v1/Quotes/${n}/1/status`, as, { quoteStatus: 'Submitted' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return n;
}

/** The headers of a call with an access token. */
export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/**
 * A customer user of the link's billing customer, made as the portal and the office make one: the contact asks
 * through the link, the admin grants it, the invitation's link (from the outbox, under `publicUrl`) sets a password.
 * Answers the user's id and access token.
 */
export async function customerUserThrough(t: TestApp, token: string, customerId: number, who: { name: string; email: string; userName: string }) {
  const asked = await t.call('POST', portal(token, '/accessRequests'), null, { name: who.name, email: who.email });
  expect(asked.statusCode, asked.body).toBe(200);
  const listed = await t.call('GET', `/api/v1/Customer/${customerId}/customerUsers`, 'admin');
  const request = (listed.json().requests as { customerAccessRequestId: number; email: string }[]).find((r) => r.email === who.email)!;
  const granted = await t.call('POST', `/api/v1/Customer/${customerId}/customerAccessRequests/${request.customerAccessRequestId}/grant`, 'admin', { userName: who.userName });
  expect(granted.statusCode, granted.body).toBe(200);
  const [mail] = await t.db.select().from(emailOutbox).where(sql`${emailOutbox.to} @> array[${who.email}]::text[]`).orderBy(desc(emailOutbox.id));
  const invitation = /\/users\/acceptInvitation\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1];
  const accepted = await t.call('POST', `/api/v1/Account/acceptInvitation/${invitation}`, null, { password: 'walk-in-cooler-42' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const login = await t.call('POST', '/api/v1/Account/login', null, { userName: who.userName, password: 'walk-in-cooler-42' });
  expect(login.statusCode, login.body).toBe(200);
  return { userId: granted.json().userId as number, accessToken: login.json().accessToken as string, invitation };
}

/**
 * The demo's Lakewood site, another billing customer of its company, and a portal link sent from the site's page to
 * a new contact with the address given.
 */
export async function lakewoodWithLink(t: TestApp, email: string) {
  const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
  const [neighbour] = await t.db.select().from(customers).where(and(eq(customers.subscriberId, site.subscriberId), eq(customers.isBillingCustomer, true), ne(customers.id, site.billingCustomerId!))).limit(1);
  const contactId = await portalContact(t, site, 'Dana Lopez', email);
  const sent = await t.call('POST', `/api/v1/Customer/${site.id}/portalLinks`, 'admin', { contactId });
  expect(sent.statusCode, sent.body).toBe(200);
  return { site, neighbour, token: sent.json().clientAuthenticationId as string, linkId: sent.json().customerPortalLinkId as number };
}
