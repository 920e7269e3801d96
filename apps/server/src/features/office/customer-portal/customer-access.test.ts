import { and, desc, eq, sql } from 'drizzle-orm';
import { CUSTOMER_ACCESS_REQUEST_OPEN, CUSTOMER_ACCESS_USER_EXISTS, CUSTOMER_USER_UNBOUND, ROLE } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerAccessRequests, customers, customerUsers, emailOutbox, userRoles, users } from '../../../db/schema';
import { CUSTOMER_USERS_PORTAL_ONLY } from '../../../lib/access-control';
import { openHub } from '../../../test/hub-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bearer, lakewoodWithLink, portal, portalContact } from './portal-fixtures';

let t: TestApp;
let base: string;
let site: typeof customers.$inferSelect;
let neighbour: typeof customers.$inferSelect;
let token: string;
let linkId: number;

const dana = { name: 'Dana Lopez', email: 'dana.lopez@freshmart.example', phone: '214-555-0177', message: 'I approve quotes for our stores.' };
const ask = (body: unknown, link = token) => t.call('POST', portal(link, '/accessRequests'), null, body);
const requestsFor = (email: string) => t.db.select().from(customerAccessRequests).where(sql`lower(${customerAccessRequests.email}) = lower(${email})`);
const office = (customerId: number, rest: string) => `/api/v1/Customer/${customerId}${rest}`;

/** The messages to an address, newest first. */
const mailTo = (address: string) => t.db.select().from(emailOutbox).where(sql`${emailOutbox.to} @> array[${address}]::text[]`).orderBy(desc(emailOutbox.id));

/** Accepts the newest invitation to the address with a password and signs in: the user's access token. */
async function acceptAndSignIn(userName: string, email: string) {
  const [mail] = await mailTo(email);
  const link = /https:\/\/portal\.example\/users\/acceptInvitation\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')!;
  const accepted = await t.call('POST', `/api/v1/Account/acceptInvitation/${link[1]}`, null, { password: 'walk-in-cooler-42' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const login = await t.call('POST', '/api/v1/Account/login', null, { userName, password: 'walk-in-cooler-42' });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().accessToken as string;
}
const as = (accessToken: string) => ({ headers: bearer(accessToken) });

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example' });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  ({ site, neighbour, token, linkId } = await lakewoodWithLink(t, 'dana.lopez@freshmart.example'));
});
afterAll(() => t.close());

describe('a contact asks for a sign-in through the portal link', () => {
  it('stores the request for the billing customer and tells the Super Admins, not the technicians', async () => {
    const adminHub = await openHub(base, await t.token('admin'), '/hubs/notifications');
    const techHub = await openHub(base, await t.token('tech'), '/hubs/notifications');
    try {
      const res = await ask(dana);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatch(/^Your request was sent to .+\. You will receive an e-mail once they answer it\.$/);
      const [row] = await requestsFor(dana.email);
      expect(row).toMatchObject({ subscriberId: site.subscriberId, billingCustomerId: site.billingCustomerId, linkId, name: 'Dana Lopez', phone: '214-555-0177', status: 'Requested', userId: null });
      const heard = await adminHub.next((m) => m.event === 'notice');
      expect(heard.payload).toEqual({ kind: 'customerAccessRequest', customerId: site.billingCustomerId, customerName: 'FreshMart Grocers Inc.', name: 'Dana Lopez' });
      expect(techHub.messages.filter((m) => m.event === 'notice')).toEqual([]);
    } finally {
      adminHub.close();
      techHub.close();
    }
  });

  it('refuses a second open request for the address (any case) and an address a user already has, with a sentence', async () => {
    const again = await ask({ ...dana, email: dana.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail ?? again.json().message).toBe(CUSTOMER_ACCESS_REQUEST_OPEN);
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    const taken = await ask({ name: 'Someone', email: admin.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail ?? taken.json().message).toBe(CUSTOMER_ACCESS_USER_EXISTS);
    expect(await requestsFor(admin.email)).toEqual([]);
  });

  it('answers 400 with a sentence for bad input and writes nothing', async () => {
    for (const [body, said] of [
      [{ email: 'x@example.com' }, 'Name field is required!'],
      [{ name: 'Sam', email: 'not an address' }, 'Email is not a valid e-mail address'],
      [{ name: 'Sam', email: 'sam@example.com', message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters.'],
    ] as const) {
      const res = await ask(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(said);
    }
    expect(await requestsFor('sam@example.com')).toEqual([]);
  });

  it('refuses an unknown link (404) and a revoked one (410)', async () => {
    expect((await ask({ name: 'Sam', email: 'sam@example.com' }, 'A'.repeat(43))).statusCode).toBe(404);
    const contactId = await portalContact(t, site, 'Sam Ortiz', 'sam@example.com');
    const sent = (await t.call('POST', office(site.id, '/portalLinks'), 'admin', { contactId })).json();
    expect((await t.call('POST', office(site.id, `/portalLinks/${sent.customerPortalLinkId}/revoke`), 'admin')).statusCode).toBe(200);
    const res = await ask({ name: 'Sam', email: 'sam@example.com' }, sent.clientAuthenticationId);
    expect(res.statusCode).toBe(410);
    expect(await requestsFor('sam@example.com')).toEqual([]);
  });
});

describe('the office grants, declines and revokes', () => {
  let requestId: number;
  let userId: number;
  let customerToken: string;

  it('lists the request on the customer page of a location and of its billing customer, only with Manage Customer User Access', async () => {
    for (const id of [site.id, site.billingCustomerId!]) {
      const res = await t.call('GET', office(id, '/customerUsers'), 'admin');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().requests).toEqual([expect.objectContaining({ name: 'Dana Lopez', email: dana.email, status: 'Requested', message: dana.message })]);
      requestId = res.json().requests[0].customerAccessRequestId;
    }
    expect((await t.call('GET', office(neighbour.id, '/customerUsers'), 'admin')).json().requests).toEqual([]);
    expect((await t.call('GET', office(site.id, '/customerUsers'), 'dispatcher')).statusCode).toBe(403);
    expect((await t.call('POST', office(site.id, `/customerAccessRequests/${requestId}/grant`), 'dispatcher', { userName: 'dana.lopez' })).statusCode).toBe(403);
  });

  it("answers 404 for the request through another customer's page or another company's", async () => {
    expect((await t.call('POST', office(neighbour.id, `/customerAccessRequests/${requestId}/grant`), 'admin', { userName: 'dana.lopez' })).statusCode).toBe(404);
    expect((await t.call('POST', office(neighbour.id, `/customerAccessRequests/${requestId}/decline`), 'admin', { reason: 'No' })).statusCode).toBe(404);
    expect((await t.call('POST', office(site.id, `/customerAccessRequests/${requestId}/grant`), 'coastal.admin', { userName: 'dana.lopez' })).statusCode).toBe(404);
    expect((await requestsFor(dana.email))[0].status).toBe('Requested');
  });

  it('grants: a user with the Customer role only, bound to the billing customer, invited by e-mail from PUBLIC_URL', async () => {
    const res = await t.call('POST', office(site.id, `/customerAccessRequests/${requestId}/grant`), 'admin', { userName: 'dana.lopez' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Granted', decidedByName: 'Alicia Moreno' });
    userId = res.json().userId;
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ userName: 'dana.lopez', name: 'Dana Lopez', email: dana.email, subscriberId: site.subscriberId, isInvitationPending: true, isActive: true });
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId)).toEqual([ROLE.Customer]);
    expect(await t.db.select().from(customerUsers).where(eq(customerUsers.userId, userId))).toEqual([expect.objectContaining({ billingCustomerId: site.billingCustomerId, revokedAt: null })]);
    const [mail] = await mailTo(dana.email);
    expect(mail.text).toMatch(/https:\/\/portal\.example\/users\/acceptInvitation\/[A-Za-z0-9_-]{43}/);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'customerAccessRequest'), eq(auditLog.entityId, requestId), eq(auditLog.action, 'grant')))).toHaveLength(1);
    const listed = (await t.call('GET', office(site.id, '/customerUsers'), 'admin')).json();
    // Beside the demo's customer user of FreshMart, who was there before.
    expect(listed.users).toEqual([expect.objectContaining({ userId, name: 'Dana Lopez', state: 'Invited' }), expect.objectContaining({ userName: 'customer', state: 'Active' })]);
    const twice = await t.call('POST', office(site.id, `/customerAccessRequests/${requestId}/grant`), 'admin', { userName: 'dana.lopez2' });
    expect(twice.statusCode).toBe(409);
  });

  it('declines another request with a reason e-mailed to the contact', async () => {
    expect((await ask({ name: 'Pat Moss', email: 'pat@freshmart.example' })).statusCode).toBe(200);
    const [pending] = await requestsFor('pat@freshmart.example');
    const bad = await t.call('POST', office(site.id, `/customerAccessRequests/${pending.id}/decline`), 'admin', { reason: ' ' });
    expect(bad.statusCode).toBe(400);
    const res = await t.call('POST', office(site.id, `/customerAccessRequests/${pending.id}/decline`), 'admin', { reason: 'Please ask your store manager.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Declined', declineReason: 'Please ask your store manager.', userId: null });
    const [mail] = await mailTo('pat@freshmart.example');
    expect(mail.text).toContain('Please ask your store manager.');
    expect(await t.db.select().from(users).where(eq(users.email, 'pat@freshmart.example'))).toEqual([]);
    // Declined, the address may ask again.
    expect((await ask({ name: 'Pat Moss', email: 'pat@freshmart.example' })).statusCode).toBe(200);
  });

  it('the customer user signs in and reads their own portal, and nothing of the office', async () => {
    customerToken = await acceptAndSignIn('dana.lopez', dana.email);
    const summary = await t.call('GET', '/api/v1/CustomerProfile', null, undefined, as(customerToken));
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ customerName: 'FreshMart Grocers Inc.', contactName: 'Dana Lopez', expiresAt: null });
    expect(summary.json().locations.map((l: { customerId: number }) => l.customerId)).toContain(site.id);
    for (const url of [`/api/v1/Customer/${site.id}`, '/api/v1/Customer/lookup', `/api/v1/Customer/${site.id}/portalLinks`, `/api/v1/Customer/${site.id}/customerUsers`, '/api/v1/Users', '/api/v1/SOPDetails/list', '/api/v1/Search/records?search=Fresh']) {
      const res = await t.call('GET', url, null, undefined, as(customerToken));
      expect(res.statusCode, url).toBe(403);
    }
    const validated = await t.call('POST', '/api/v1/Account/validateUser', null, undefined, as(customerToken));
    expect(validated.statusCode).toBe(200);
  });

  it('answers 403 with a sentence to a user with Customer Profile bound to no customer', async () => {
    const [lena] = await t.db.select().from(users).where(eq(users.userName, 'customer'));
    expect((await t.call('GET', '/api/v1/CustomerProfile/workOrders', 'customer')).statusCode, 'the demo binds its customer user').toBe(200);
    const [binding] = await t.db.delete(customerUsers).where(eq(customerUsers.userId, lena.id)).returning();
    try {
      for (const who of ['customer', 'admin']) {
        const res = await t.call('GET', '/api/v1/CustomerProfile/workOrders', who);
        expect(res.statusCode, who).toBe(403);
        expect(res.body).toContain(CUSTOMER_USER_UNBOUND);
      }
    } finally {
      await t.db.insert(customerUsers).values(binding);
    }
    const office = await t.call('GET', '/api/v1/SOPDetails/list', 'customer');
    expect(office.statusCode).toBe(403);
    expect(office.body).toContain(CUSTOMER_USERS_PORTAL_ONLY);
  });

  it('revokes after which the tokens and the portal stop working; another customer\'s user is a 404', async () => {
    expect((await t.call('DELETE', office(neighbour.id, `/customerUsers/${userId}`), 'admin')).statusCode).toBe(404);
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    expect((await t.call('DELETE', office(site.id, `/customerUsers/${tech.id}`), 'admin')).statusCode).toBe(404);
    expect((await t.call('DELETE', office(site.id, `/customerUsers/${userId}`), 'dispatcher')).statusCode).toBe(403);
    const res = await t.call('DELETE', office(site.id, `/customerUsers/${userId}`), 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId, state: 'Revoked' });
    expect((await t.call('GET', '/api/v1/CustomerProfile', null, undefined, as(customerToken))).statusCode).toBe(401);
    const login = await t.call('POST', '/api/v1/Account/login', null, { userName: 'dana.lopez', password: 'walk-in-cooler-42' });
    expect(login.statusCode).not.toBe(200);
    expect((await t.call('DELETE', office(site.id, `/customerUsers/${userId}`), 'admin')).statusCode).toBe(409);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId), eq(auditLog.action, 'revokeCustomerAccess')))).toHaveLength(1);
  });
});
