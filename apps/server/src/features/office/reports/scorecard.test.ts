import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerActions, scheduleItems, users, workOrderLabor, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { billingCustomer, invoiceOf, polarOf, workOrderOf } from '../../money/collections/collection-fixtures';

// A seeded September 2019 of ServiceChannel work, counted by hand (company zone America/Chicago, CDT = UTC-5):
// Tom at Scorecard Grocers (5 invoice days):
//   SC1 visit 09:00-09:30 checked in and out, planned 08:30-10:30, invoiced 3 days later: all three met.
//   SC2 visit 10:00-10:05 (5 minutes), planned 11:00-12:00 (arrived early), invoiced 10 days later: all three missed.
//   SC3 visits 13:00-14:00 (checked) and next day 09:00-10:00 (check-out refused), never planned (not counted for
//       arrival), never invoiced (its 5 days long past): check and invoice missed.
//   SC4 visit 14:30-14:50 checked, planned 14:00-15:00, invoiced the same day: all three met.
//   → 4 work orders, checked 2 of 4 (50%), on time 2 of 3 (66.7%), invoiced 2 of 4 (50%): No.
// Tom at Scorecard Bakery (the default 30 days): SC5 checked, on time, invoiced 29 days later: 100, 100, 100: Yes.
// Priya at Scorecard Grocers: SC6 checked, on time, invoiced 1 day later: Yes; SC7 in October is outside the range.
// A work order of Tom's that did not come from ServiceChannel is not counted.
// Totals: 6 work orders, checked 4 (66.7%), on time 4 of 5 (80%), invoiced 4 of 6 (66.7%).

let t: TestApp;
let polar: Awaited<ReturnType<typeof polarOf>>;
let providerNumber = 7_000;
let grocersId: number;

const at = (day: string, hhmm: string) => new Date(`2019-${day}T${hhmm}:00-05:00`);

async function scWorkOrder(customerId: number) {
  const wo = await workOrderOf(t, polar.subscriberId, customerId, 38);
  await t.db.update(workOrders).set({ provider: 'serviceChannel', providerWorkOrderId: ++providerNumber }).where(eq(workOrders.id, wo.id));
  return wo;
}

async function visit(woId: number, userId: number, start: Date, stop: Date, checks: { in: boolean; out: boolean }) {
  const [labor] = await t.db.insert(workOrderLabor).values({ subscriberId: polar.subscriberId, workOrderId: woId, userId, startedAt: start, stoppedAt: stop }).returning();
  const base = { subscriberId: polar.subscriberId, workOrderId: woId, laborId: labor.id, userId, provider: 'serviceChannel' as const };
  await t.db.insert(providerActions).values([
    { ...base, action: 'checkIn', isOk: checks.in, createdAt: start },
    { ...base, action: 'checkOut', isOk: checks.out, createdAt: stop },
  ]);
}

async function planned(woId: number, userId: number, start: Date, hours: number) {
  await t.db.insert(scheduleItems).values({ subscriberId: polar.subscriberId, workOrderId: woId, technicianUserId: userId, startAt: start, durationHours: hours, timeZone: 'America/Chicago' });
}

const invoiced = (customerId: number, woId: number, date: string) =>
  invoiceOf(t, polar.subscriberId, customerId, date, 0, '150.00').then(async (inv) => {
    // invoiceOf makes its own work order: the invoice is moved onto the work order scored.
    await t.db.execute(`update invoices set work_order_id = ${woId} where id = ${inv.id}`);
  });

beforeAll(async () => {
  t = await createTestApp();
  polar = await polarOf(t);
  const ids = Object.fromEntries((await t.db.select({ id: users.id, userName: users.userName }).from(users)).map((u) => [u.userName, u.id]));
  const [tom, priya] = [ids.tech, ids.tech2];
  const grocers = await billingCustomer(t, polar.subscriberId, 'Scorecard Grocers', polar.net30Id);
  await t.call('PUT', `/api/v1/Customer/${grocers.id}`, 'admin', { name: grocers.name, address: grocers.address, city: grocers.city, state: grocers.state, zip: grocers.zip, providerInvoiceDays: 5 }).then((r) => expect(r.statusCode, r.body).toBe(200));
  grocersId = grocers.id;
  const bakery = await billingCustomer(t, polar.subscriberId, 'Scorecard Bakery', polar.net30Id);
  const ok = { in: true, out: true };
  type Seeded = { who: number; client: number; visits: [string, string, string, { in: boolean; out: boolean }][]; plan?: [string, string, number]; invoicedOn?: string };
  const seeded: Seeded[] = [
    { who: tom, client: grocers.id, visits: [['09-10', '09:00', '09:30', ok]], plan: ['09-10', '08:30', 2], invoicedOn: '2019-09-13' },
    { who: tom, client: grocers.id, visits: [['09-10', '10:00', '10:05', ok]], plan: ['09-10', '11:00', 1], invoicedOn: '2019-09-20' },
    { who: tom, client: grocers.id, visits: [['09-10', '13:00', '14:00', ok], ['09-11', '09:00', '10:00', { in: true, out: false }]] },
    { who: tom, client: grocers.id, visits: [['09-12', '14:30', '14:50', ok]], plan: ['09-12', '14:00', 1], invoicedOn: '2019-09-12' },
    { who: tom, client: bakery.id, visits: [['09-16', '09:00', '10:00', ok]], plan: ['09-16', '09:00', 1], invoicedOn: '2019-10-15' },
    { who: priya, client: grocers.id, visits: [['09-17', '09:00', '09:45', ok]], plan: ['09-17', '08:45', 1], invoicedOn: '2019-09-18' },
    { who: priya, client: grocers.id, visits: [['10-01', '09:00', '09:05', ok]] },
  ];
  for (const w of seeded) {
    const wo = await scWorkOrder(w.client);
    for (const [day, from, to, checks] of w.visits) await visit(wo.id, w.who, at(day, from), at(day, to), checks);
    if (w.plan) await planned(wo.id, w.who, at(w.plan[0], w.plan[1]), w.plan[2]);
    if (w.invoicedOn) await invoiced(w.client, wo.id, w.invoicedOn);
  }
  const plain = await workOrderOf(t, polar.subscriberId, grocers.id, 38);
  await t.db.insert(workOrderLabor).values({ subscriberId: polar.subscriberId, workOrderId: plain.id, userId: tom, startedAt: at('09-20', '09:00'), stoppedAt: at('09-20', '09:02') });
});
afterAll(() => t.close());

describe('provider compliance scorecard', () => {
  it('equals the hand count of a seeded month, by technician and client, against the top tier', async () => {
    const res = await t.call('GET', '/api/v1/Reports/providerScorecard?from=2019-09-01&to=2019-09-30', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const pick = (r: Record<string, unknown>) => [r.technician, r.client, r.workOrders, r.checkedShare, r.onTimeShare, r.invoicedShare, r.meetsTopTier];
    expect(answer.rows.map(pick)).toEqual([
      ['Priya Natarajan', 'Scorecard Grocers', 1, 100, 100, 100, 'Yes'],
      ['Tom Alvarez', 'Scorecard Bakery', 1, 100, 100, 100, 'Yes'],
      ['Tom Alvarez', 'Scorecard Grocers', 4, 50, 66.7, 50, 'No'],
    ]);
    expect(pick(answer.totals)).toEqual(['Total', null, 6, 66.7, 80, 66.7, 'No']);
    expect(answer.chart).toEqual({ kind: 'bar', labelKey: 'label', series: ['checkedShare', 'onTimeShare', 'invoicedShare'], target: 90, stacked: false });
    expect(answer.rows[2].label).toBe('Tom Alvarez · Scorecard Grocers');
  });

  it("leaves a work order out of the invoice share until the client's days have passed", async () => {
    const res = await t.call('GET', '/api/v1/Reports/providerScorecard?from=2019-10-01&to=2019-10-31', 'admin');
    expect(res.json().rows.map((r: Record<string, unknown>) => [r.technician, r.workOrders, r.checkedShare, r.onTimeShare, r.invoicedShare])).toEqual([['Priya Natarajan', 1, 0, null, 0]]);
  });

  it('the client keeps its invoice days, and refuses days out of range with a sentence', async () => {
    const details = (await t.call('GET', `/api/v1/Customer/${grocersId}`, 'admin')).json();
    expect(details.providerInvoiceDays).toBe(5);
    const bad = await t.call('PUT', `/api/v1/Customer/${grocersId}`, 'admin', { name: 'Scorecard Grocers', address: '1 Main St', city: 'Dallas', state: 'TX', zip: '75201', providerInvoiceDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invoice Days must be at least 1.');
  });
});
