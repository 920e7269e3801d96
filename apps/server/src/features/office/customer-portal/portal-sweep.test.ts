import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, scheduleItems, subscribers, users, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { multipart } from '../../platform/files/file-fixtures';
import { bearer, customerUserThrough, portal, portalContact, siteWorkOrder, submittedQuote } from './portal-fixtures';

let t: TestApp;
let token: string;
type Records = { workOrderId: number; quoteNumber: number; invoiceId: number; locationId: number };
let own: Records;
let neighbour: Records;
let foreign: Records;
let techName: string;
let customerToken: string;

/** The two doors to the portal, swept alike: the e-mailed link, and a signed-in customer user of the same billing customer. */
const DOORS = [
  { name: 'a portal link', url: (rest: string) => portal(token, rest), headers: (): Record<string, string> => ({}) },
  { name: 'a signed-in customer user', url: (rest: string) => `/api/v1/CustomerProfile${rest}`, headers: (): Record<string, string> => bearer(customerToken) },
] as const;
type Door = (typeof DOORS)[number];
const call = (door: Door, method: 'GET' | 'POST', rest: string, body?: unknown) => t.call(method, door.url(rest), null, body, { headers: door.headers() });

/** Every key of a JSON answer, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) (into.add(k), keysOf(v, into));
  return into;
}

/** The only fields a portal answer may carry: nothing internal (costs, markups, notes, rates, users, companies' ids). */
const ALLOWED = new Set([
  'companyName', 'customerName', 'contactName', 'expiresAt', 'locations', 'customerId', 'name', 'address',
  'workOrderId', 'workOrderNumber', 'location', 'problem', 'status', 'isOpen', 'createdAt', 'visits', 'startAt', 'technicianFirstName',
  'quoteNumber', 'quoteVersion', 'title', 'isWaiting', 'lines', 'lineNumber', 'description', 'quantity', 'unitPrice', 'discount', 'lineTotal', 'subtotal', 'totalDiscount', 'total',
  'invoiceId', 'invoiceNumber', 'invoiceDate', 'amountDue', 'photoCount', 'signatures', 'signerName', 'signedAt',
  'equipmentId', 'category', 'make', 'model', 'serialNumber', 'installedOn', 'warrantyEndsOn',
  'pmContractId', 'frequencyName', 'price', 'priceBasis', 'startsOn', 'endsOn', 'renewsAutomatically', 'approverName', 'decidedAt', 'equipment', 'tasks',
]);

/** A service request through the door at a location, without photos. */
async function serviceRequest(door: Door, locationId: number) {
  const body = await multipart([], { locationId: String(locationId), problem: 'Walk-in cooler is warm' });
  return t.call('POST', door.url('/serviceRequests'), null, undefined, { payload: body.payload, headers: { ...body.headers, ...door.headers() } });
}

/** A work order, a submitted quote and an invoice of the site's billing customer (the invoice submitted for a fresh work order). */
async function recordsAt(site: typeof customers.$inferSelect, as: string, prefix: string): Promise<Records> {
  const workOrderId = await siteWorkOrder(t, site, `${prefix}-1`);
  const quoteNumber = await submittedQuote(t, as, workOrderId);
  const billed = await siteWorkOrder(t, site, `${prefix}-2`);
  const invoice = await t.call('POST', '/api/v1/Invoice/submit', as, { workOrderId: billed, invoiceDate: '2026-11-03', quotedValues: [{ description: 'Coil cleaning', amount: 300 }] });
  expect(invoice.statusCode, invoice.body).toBe(200);
  return { workOrderId, quoteNumber, invoiceId: invoice.json().invoiceId, locationId: site.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const [lakewood] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
  const [polar] = await t.db.select().from(subscribers).where(eq(subscribers.id, lakewood.subscriberId));
  // Another billing customer of the same company, and a customer of another company.
  const [other] = await t.db.select().from(customers).where(and(eq(customers.subscriberId, polar.id), eq(customers.isBillingCustomer, true), ne(customers.id, lakewood.billingCustomerId!))).limit(1);
  const [coastal] = await t.db.select().from(customers).where(ne(customers.subscriberId, polar.id)).limit(1);
  own = await recordsAt(lakewood, 'admin', 'OWN');
  neighbour = await recordsAt(other, 'admin', 'NEIGHBOUR');
  // Quote numbers run per company: two more of the other company's first, so that its quote's number is none of ours.
  for (const n of [1, 2]) expect((await t.call('POST', '/api/v1/Quotes/create', 'coastal.admin', { workOrderId: await siteWorkOrder(t, coastal, `SPARE-${n}`) })).statusCode).toBe(200);
  foreign = await recordsAt(coastal, 'coastal.admin', 'FOREIGN');
  expect([own.quoteNumber, neighbour.quoteNumber]).not.toContain(foreign.quoteNumber);
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  techName = tech.name;
  await t.db.insert(scheduleItems).values({ subscriberId: polar.id, workOrderId: own.workOrderId, technicianUserId: tech.id, startAt: new Date('2026-11-05T14:00:00Z'), durationHours: 2, timeZone: 'America/Chicago' });
  const contactId = await portalContact(t, lakewood, 'Dana Lopez', 'dana@freshmart.example');
  const sent = await t.call('POST', `/api/v1/Customer/${lakewood.id}/portalLinks`, 'admin', { contactId });
  expect(sent.statusCode, sent.body).toBe(200);
  token = sent.json().clientAuthenticationId;
  customerToken = (await customerUserThrough(t, token, lakewood.id, { name: 'Dana Lopez', email: 'dana@freshmart.example', userName: 'dana.freshmart' })).accessToken;
});
afterAll(() => t.close());

for (const door of DOORS) describe(`${door.name} reaches its billing customer's records and nothing else`, () => {
  it("reads its own work order, quote and invoice", async () => {
    const wo = await call(door, 'GET', `/workOrders/${own.workOrderId}`);
    expect(wo.statusCode, wo.body).toBe(200);
    expect(wo.json()).toMatchObject({ workOrderNumber: 'OWN-1', visits: [{ startAt: '2026-11-05T14:00:00.000Z', technicianFirstName: techName.split(' ')[0] }] });
    expect((await call(door, 'GET', `/quotes/${own.quoteNumber}`)).json()).toMatchObject({ quoteNumber: own.quoteNumber, status: 'Submitted', total: 150 });
    expect((await call(door, 'GET', `/invoices/${own.invoiceId}/pdf`)).statusCode).toBe(200);
    expect((await call(door, 'GET', '/invoices')).json().map((i: { invoiceId: number }) => i.invoiceId)).toContain(own.invoiceId);
  });

  for (const [whose, records] of [['another customer of the same company', () => neighbour], ['a customer of another company', () => foreign]] as const) {
    it(`answers 404 for the work order, quote and invoice of ${whose}, and lists none of them`, async () => {
      const r = records();
      const asked = [
        ['GET', `/workOrders/${r.workOrderId}`], ['GET', `/quotes/${r.quoteNumber}`], ['POST', `/quotes/${r.quoteNumber}/1/approve`], ['GET', `/invoices/${r.invoiceId}/pdf`],
      ] as const;
      for (const [method, path] of asked) {
        const res = await call(door, method, path);
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
      }
      const declined = await call(door, 'POST', `/quotes/${r.quoteNumber}/1/decline`, { reason: 'Not ours' });
      expect(declined.statusCode).toBe(404);
      const requested = await serviceRequest(door, r.locationId);
      expect(requested.statusCode, requested.body).toBe(404);
      expect((await t.db.select().from(workOrders).where(eq(workOrders.customerId, r.locationId))).filter((w) => w.problem.startsWith('Walk-in cooler is warm'))).toEqual([]);
      const lists = await Promise.all(['/workOrders', '/quotes', '/invoices'].map(async (p) => (await call(door, 'GET', p)).json() as { workOrderId?: number; quoteNumber?: number; invoiceId?: number }[]));
      expect(lists[0].map((w) => w.workOrderId)).not.toContain(r.workOrderId);
      expect(lists[2].map((i) => i.invoiceId)).not.toContain(r.invoiceId);
      expect(lists[1].map((q) => q.quoteNumber)).not.toContain(r.quoteNumber);
    });
  }

  it('carries no internal field in any answer: no cost, markup, note, rate, user or company id, and no last name', async () => {
    const requested = await serviceRequest(door, own.locationId);
    expect(requested.statusCode, requested.body).toBe(200);
    const answers = await Promise.all(
      ['', '/workOrders', `/workOrders/${own.workOrderId}`, '/quotes', `/quotes/${own.quoteNumber}`, '/invoices', '/equipment', '/pmContracts'].map(async (p) => {
        const res = await call(door, 'GET', p);
        expect(res.statusCode, p).toBe(200);
        return res.json() as unknown;
      }),
    );
    answers.push(requested.json() as unknown);
    const keys = keysOf(answers);
    expect([...keys].filter((k) => !ALLOWED.has(k))).toEqual([]);
    for (const internal of ['unitCost', 'costTotal', 'markupPercent', 'markupGroup', 'totalCost', 'profit', 'profitFactor', 'notes', 'nte', 'subscriberId', 'userId', 'technicianUserId', 'email', 'phone']) {
      expect(keys.has(internal), internal).toBe(false);
    }
    const lastName = techName.split(' ').slice(1).join(' ');
    if (lastName) expect(JSON.stringify(answers)).not.toContain(lastName);
    // Work orders of the company's other customers never show, even though the whole company shares one numbering.
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(workOrders).where(eq(workOrders.subscriberId, (await t.db.select().from(invoices).where(eq(invoices.id, own.invoiceId)))[0].subscriberId));
    expect((answers[1] as unknown[]).length).toBeLessThan(n);
  });
});
