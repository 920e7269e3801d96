import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, customerPortalLinks, customers, emailOutbox, quoteStatusHistory, quoteVersions, quotes, workOrders } from '../../../db/schema';
import { startSmtpSink, waitUntil } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { knownBody, knownWorkOrder } from '../../money/invoices/invoice-fixtures';
import { startOutboxWorker } from '../../platform/email-outbox/outbox-worker';
import { portal, portalContact, siteWorkOrder, submittedQuote } from './portal-fixtures';

let t: TestApp;
let grocers: typeof customers.$inferSelect;
let site: typeof customers.$inferSelect;
let contactId: number;
let token: string;
let quoteNumber: number;
let workOrderId: number;
let invoicedWorkOrderId: number;
let invoiceId: number;

const links = (customerId: number) => `/api/v1/Customer/${customerId}/portalLinks`;
const send = (customerId: number, body: object, as = 'admin') => t.call('POST', links(customerId), as, body);

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example' });
  [grocers] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart Grocers Inc.'));
  const known = await knownWorkOrder(t, 'PORTAL-1');
  site = known.site;
  invoicedWorkOrderId = known.workOrder.id;
  workOrderId = await siteWorkOrder(t, site, 'PORTAL-2');
  contactId = await portalContact(t, site, 'Dana Lopez', 'dana@freshmart.example');
  quoteNumber = await submittedQuote(t, 'admin', workOrderId);
  const invoice = await t.call('POST', '/api/v1/Invoice/submit', 'admin', knownBody(invoicedWorkOrderId, known.laborIds[0]));
  expect(invoice.statusCode, invoice.body).toBe(200);
  invoiceId = invoice.json().invoiceId;
});
afterAll(() => t.close());

describe('sending a portal link', () => {
  it('refuses a contact of another customer, one without an e-mail address, another company and no permission', async () => {
    const [other] = await t.db.select().from(contacts).where(and(eq(contacts.subscriberId, site.subscriberId), sql`${contacts.customerId} <> ${site.id}`)).limit(1);
    expect((await send(site.id, { contactId: other.id })).json()).toMatchObject({ status: 404, title: `Contact was not found at ${site.name}.` });
    const bare = await portalContact(t, site, 'No Mail', null);
    const noMail = await send(site.id, { contactId: bare });
    expect(noMail.statusCode).toBe(422);
    expect(noMail.json().title).toBe('No Mail has no e-mail address: add one to the contact before sending a portal link.');
    expect((await send(site.id, {})).json().title).toBe('Contact field is required!');
    expect((await send(site.id, { contactId }, 'coastal.admin')).statusCode).toBe(404);
    expect((await send(site.id, { contactId }, 'tech')).statusCode).toBe(403);
    expect(await t.db.select().from(customerPortalLinks)).toHaveLength(0);
  });

  it('e-mails the contact a link from PUBLIC_URL that says when it ends, keeps only its fingerprint, and the token leaves the database once sent', async () => {
    const res = await send(site.id, { contactId });
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().clientAuthenticationId;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json()).toMatchObject({ status: 'Active', contactName: 'Dana Lopez', sentTo: 'dana@freshmart.example', sentByName: expect.any(String), path: `/customerPortal/${token}` });
    const [row] = await t.db.select().from(customerPortalLinks).where(eq(customerPortalLinks.contactId, contactId));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.billingCustomerId).toBe(grocers.id);
    expect(row.expiresAt.getTime() - row.sentAt.getTime()).toBe(30 * 86_400_000);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'customerPortalLink'), eq(auditLog.entityId, row.id)))).toHaveLength(1);

    const sink = await startSmtpSink();
    const worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: { info: () => undefined, warn: () => undefined, error: () => undefined }, pollMs: 50, backoffMs: [50] });
    try {
      await waitUntil(() => sink.received.some((m) => m.to !== undefined && JSON.stringify(m.to).includes('dana@freshmart.example')), 'the portal e-mail');
    } finally {
      await worker.stop();
      await sink.close();
    }
    const mail = sink.received.find((m) => JSON.stringify(m.to).includes('dana@freshmart.example'))!;
    expect(mail.text).toContain(`https://portal.example/customerPortal/${token}`);
    expect(mail.text).toContain('It works for 30 days, until');
    const [sent] = await t.db.select().from(emailOutbox).where(sql`${emailOutbox.to} @> array['dana@freshmart.example']::text[]`);
    expect(sent).toMatchObject({ status: 'sent', secret: null });
    expect(sent.text).toContain('/customerPortal/[link removed once sent]');
    // Every row of every table, as text: the token itself is nowhere.
    const tables = (await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as { rows: { table_name: string }[] };
    for (const { table_name: name } of tables.rows) {
      const found = (await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} r where r::text like ${`%${token}%`}`)) as unknown as { rows: { n: number }[] };
      expect(found.rows[0].n, name).toBe(0);
    }
  });

  it('lists the links sent from the customer page', async () => {
    const res = await t.call('GET', links(site.id), 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ contactName: 'Dana Lopez', status: 'Active', revokedAt: null })]);
    expect((await t.call('GET', links(site.id), 'coastal.admin')).statusCode).toBe(404);
  });
});

describe('the portal through its link', () => {
  it('shows the billing customer, its locations, work orders with visits, quotes and invoices', async () => {
    const summary = await t.call('GET', portal(token), null);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ customerName: 'FreshMart Grocers Inc.', contactName: 'Dana Lopez' });
    expect(summary.json().locations.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['FreshMart Grocers Inc.', 'FreshMart #112 Lakewood', 'FreshMart #127 Irving']));
    const orders = (await t.call('GET', portal(token, '/workOrders'), null)).json();
    expect(orders.find((w: { workOrderId: number }) => w.workOrderId === workOrderId)).toMatchObject({ workOrderNumber: 'PORTAL-2', status: 'Quote Submitted', isOpen: true, location: { name: site.name } });
    const quotesRes = (await t.call('GET', portal(token, '/quotes'), null)).json();
    expect(quotesRes[0]).toMatchObject({ quoteNumber, status: 'Submitted', isWaiting: true, lines: [{ description: 'Condenser fan motor', quantity: 1, unitPrice: 150, lineTotal: 150 }], total: 150 });
    const invoices = (await t.call('GET', portal(token, '/invoices'), null)).json();
    expect(invoices.find((i: { invoiceId: number }) => i.invoiceId === invoiceId)).toMatchObject({ workOrderNumber: 'PORTAL-1', total: 1193.58, amountDue: 1193.58, status: 'Submitted' });
    const pdf = await t.call('GET', portal(token, `/invoices/${invoiceId}/pdf`), null);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('declining needs a reason; approving moves the quote and its work order as in the office, once', async () => {
    const noReason = await t.call('POST', portal(token, `/quotes/${quoteNumber}/1/decline`), null, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().title).toBe('Reason field is required!');
    expect((await t.call('POST', portal(token, `/quotes/${quoteNumber}/2/approve`), null)).statusCode).toBe(404);
    const approved = await t.call('POST', portal(token, `/quotes/${quoteNumber}/1/approve`), null);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ quoteNumber, status: 'Approved', isWaiting: false });
    const [{ status }] = await t.db.select({ status: quoteVersions.status }).from(quoteVersions).innerJoin(quotes, eq(quotes.id, quoteVersions.quoteId)).where(and(eq(quotes.subscriberId, site.subscriberId), eq(quotes.quoteNumber, quoteNumber)));
    expect(status).toBe('Approved');
    expect((await t.db.select({ s: workOrders.workOrderStatusId }).from(workOrders).where(eq(workOrders.id, workOrderId)))[0].s).toBe(28);
    const history = await t.db.select().from(quoteStatusHistory).where(eq(quoteStatusHistory.toStatus, 'Approved'));
    expect(history.map((h) => h.comment)).toContain('Approved by Dana Lopez in the customer portal.');
    const office = (await t.call('GET', `/api/v1/Quotes/${quoteNumber}/1`, 'admin')).json();
    expect(office).toMatchObject({ status: 'Approved', workOrderStatus: 'Quote Approved' });
    const again = await t.call('POST', portal(token, `/quotes/${quoteNumber}/1/decline`), null, { reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe(`Quote ${quoteNumber} is already Approved.`);
  });

  it('answers an unknown link 404, and a revoked or expired one 410, with a sentence', async () => {
    const unknown = await t.call('GET', portal('x'.repeat(43)), null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().title).toBe('This portal link is not valid. Ask the company that sent it for a new one.');
    expect((await t.call('GET', portal('short'), null)).statusCode).toBe(404);

    const expiring = (await send(site.id, { contactId })).json();
    await t.db.update(customerPortalLinks).set({ sentAt: new Date(Date.now() - 31 * 86_400_000), expiresAt: new Date(Date.now() - 1000) }).where(eq(customerPortalLinks.id, expiring.customerPortalLinkId));
    const expired = await t.call('GET', portal(expiring.clientAuthenticationId, '/quotes'), null);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().title).toBe('This portal link has expired. Ask the company that sent it for a new one.');

    expect((await t.call('POST', `${links(site.id)}/${expiring.customerPortalLinkId}/revoke`, 'coastal.admin')).statusCode).toBe(404);
    const revoked = await t.call('POST', `${links(site.id)}/${(await t.db.select().from(customerPortalLinks).where(eq(customerPortalLinks.contactId, contactId)))[0].id}/revoke`, 'admin');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'Revoked', revokedByName: expect.any(String) });
    const gone = await t.call('GET', portal(token), null);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().title).toBe('This portal link was withdrawn by the company that sent it. Ask them for a new one.');
    expect((await t.call('GET', links(site.id), 'admin')).json().map((l: { status: string }) => l.status).sort()).toEqual(['Expired', 'Revoked']);
  });

  it('limits the requests of one address, and of one link from many addresses', async () => {
    const from = (remoteAddress: string, link = 'y'.repeat(43)) => t.call('GET', portal(link), null, undefined, { remoteAddress });
    for (let i = 0; i < 60; i++) expect((await from('10.9.9.9', `${'z'.repeat(40)}${String(i).padStart(3, '0')}`)).statusCode).toBe(404);
    const limited = await from('10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().title).toBe('Too many requests from this address. Please wait a minute and try again.');
    for (let i = 0; i < 120; i++) expect((await from(`10.8.${Math.floor(i / 50)}.${i % 50}`)).statusCode).toBe(404);
    const perLink = await from('10.7.0.1');
    expect(perLink.statusCode).toBe(429);
    expect(perLink.json().title).toBe('Too many requests with this portal link. Please wait a minute and try again.');
  });
});
