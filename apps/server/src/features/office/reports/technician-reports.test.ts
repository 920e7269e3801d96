import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workOrderLabor, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { billingCustomer, invoiceOf, polarOf, workOrderOf } from '../../money/collections/collection-fixtures';

// A seeded February 2019 counted by hand (company zone America/Chicago, CST = UTC-6):
// WO1 at the bakery, completed: Tom travels 02-04 08:00-09:00, on site 09:00-11:00; invoiced 300.00.
//     One day on site: fixed the first time. A canceled work order opened at the bakery on 02-10 is no callback.
// WO2 at the diner, completed: Tom on site 02-05 13:00-14:00; Priya on site 02-06 10:00-12:00, overtime; invoiced 100.00.
//     Two days on site: not fixed the first time. A work order opened at the diner on 02-20 calls it back.
//     Revenue shared by hours: Tom 1 of 3 hours = 33.33, Priya 2 of 3 = 66.67.
// WO3 of Tom's is still open (clocked in 02-07 with no clock-out): none of its time counts.
// WO4 of Priya's is completed on 03-02: outside the range.
// Utilisation: Tom on site 3.00 of working days 3.00 + 1.00 = 4.00 (75.0%), travelling 1.00; Priya 2.00 of 2.00 (100.0%),
//     overtime 2.00; totals 5.00 of 6.00 (83.3%).
// Productivity: Tom 2 work orders, 3 visits, 4.00 hours, revenue 333.33, 83.33 an hour (83.3325);
//     Priya 1, 1, 2.00, 66.67, 33.34 an hour (33.335 half-up); totals 3, 4, 6.00, 400.00, 66.67 an hour.
// First-time fix: Tom 2 finished, 1 first time (50.0%), 1 called back (50.0%); Priya 1, 0 (0.0%), 1 (100.0%);
//     totals 3, 1 (33.3%), 2 (66.7%).

let t: TestApp;
let polar: Awaited<ReturnType<typeof polarOf>>;

const at = (day: string, hhmm: string) => new Date(`2019-${day}T${hhmm}:00-06:00`);
const RANGE = 'from=2019-02-01&to=2019-02-28';

async function labor(woId: number, userId: number, day: string, from: string, to: string | null, more: { travel?: boolean; overtime?: boolean } = {}) {
  await t.db.insert(workOrderLabor).values({
    subscriberId: polar.subscriberId, workOrderId: woId, userId, startedAt: at(day, from), stoppedAt: to === null ? null : at(day, to),
    isReachedAtSite: !more.travel, isOvertime: more.overtime ?? false,
  });
}

async function invoiced(customerId: number, woId: number, subtotal: string) {
  const inv = await invoiceOf(t, polar.subscriberId, customerId, '2019-02-20', 0, subtotal);
  await t.db.execute(`update invoices set work_order_id = ${woId} where id = ${inv.id}`);
}

async function openedAt(customerId: number, statusId: number, when: Date) {
  const wo = await workOrderOf(t, polar.subscriberId, customerId, statusId);
  await t.db.update(workOrders).set({ createdAt: when }).where(eq(workOrders.id, wo.id));
}

beforeAll(async () => {
  t = await createTestApp();
  polar = await polarOf(t);
  const ids = Object.fromEntries((await t.db.select({ id: users.id, userName: users.userName }).from(users)).map((u) => [u.userName, u.id]));
  const [tom, priya] = [ids.tech, ids.tech2];
  const bakery = await billingCustomer(t, polar.subscriberId, 'Productivity Bakery', polar.net30Id);
  const diner = await billingCustomer(t, polar.subscriberId, 'Productivity Diner', polar.net30Id);
  const wo1 = await workOrderOf(t, polar.subscriberId, bakery.id, 38);
  await labor(wo1.id, tom, '02-04', '08:00', '09:00', { travel: true });
  await labor(wo1.id, tom, '02-04', '09:00', '11:00');
  await invoiced(bakery.id, wo1.id, '300.00');
  await openedAt(bakery.id, 22, at('02-10', '09:00'));
  const wo2 = await workOrderOf(t, polar.subscriberId, diner.id, 38);
  await labor(wo2.id, tom, '02-05', '13:00', '14:00');
  await labor(wo2.id, priya, '02-06', '10:00', '12:00', { overtime: true });
  await invoiced(diner.id, wo2.id, '100.00');
  await openedAt(diner.id, 3, at('02-20', '09:00'));
  const wo3 = await workOrderOf(t, polar.subscriberId, diner.id, 7);
  await labor(wo3.id, tom, '02-07', '08:00', null);
  const wo4 = await workOrderOf(t, polar.subscriberId, bakery.id, 38);
  await labor(wo4.id, priya, '03-02', '08:00', '09:00');
});
afterAll(() => t.close());

const report = async (path: string) => {
  const res = await t.call('GET', `/api/v1/Reports/${path}`, 'admin');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('technician reports', () => {
  it('counts labor hours and utilisation by technician as counted by hand', async () => {
    const answer = await report(`laborUtilisation?${RANGE}`);
    expect(answer.rows).toEqual([
      { label: 'Priya Natarajan', days: 1, visits: 1, onSiteHours: 2, travelHours: 0, overtimeHours: 2, dayHours: 2, utilisation: 100 },
      { label: 'Tom Alvarez', days: 2, visits: 3, onSiteHours: 3, travelHours: 1, overtimeHours: 0, dayHours: 4, utilisation: 75 },
    ]);
    expect(answer.totals).toEqual({ label: 'Total', days: 3, visits: 4, onSiteHours: 5, travelHours: 1, overtimeHours: 2, dayHours: 6, utilisation: 83.3 });
    expect(answer.chart).toMatchObject({ series: ['onSiteHours', 'travelHours'], stacked: true });
  });

  it('shares each work order\'s invoiced revenue by hours, to the cent, and works out revenue per hour', async () => {
    const answer = await report(`technicianProductivity?${RANGE}`);
    expect(answer.rows).toEqual([
      { label: 'Priya Natarajan', workOrders: 1, visits: 1, hours: 2, invoiced: 1, revenue: 66.67, revenuePerHour: 33.34 },
      { label: 'Tom Alvarez', workOrders: 2, visits: 3, hours: 4, invoiced: 2, revenue: 333.33, revenuePerHour: 83.33 },
    ]);
    expect(answer.totals).toEqual({ label: 'Total', workOrders: 3, visits: 4, hours: 6, invoiced: 3, revenue: 400, revenuePerHour: 66.67 });
    const csv = await t.call('GET', `/api/v1/Reports/technicianProductivity/export?${RANGE}&format=csv`, 'admin');
    expect(csv.body.split('\r\n').filter(Boolean)).toEqual([
      'Technician,Work Orders,Visits,Hours Worked,Invoiced,Revenue (before tax),Revenue per Hour',
      'Priya Natarajan,1,1,2.00,1,66.67,33.34',
      'Tom Alvarez,2,3,4.00,2,333.33,83.33',
      'Total,3,4,6.00,3,400.00,66.67',
    ]);
  });

  it('finds first-time fixes and callbacks by technician as counted by hand', async () => {
    const answer = await report(`firstTimeFix?${RANGE}`);
    expect(answer.rows).toEqual([
      { label: 'Priya Natarajan', workOrders: 1, firstTime: 0, firstTimeShare: 0, callbacks: 1, callbackShare: 100 },
      { label: 'Tom Alvarez', workOrders: 2, firstTime: 1, firstTimeShare: 50, callbacks: 1, callbackShare: 50 },
    ]);
    expect(answer.totals).toEqual({ label: 'Total', workOrders: 3, firstTime: 1, firstTimeShare: 33.3, callbacks: 2, callbackShare: 66.7 });
  });

  it('ages receivables by billing customer as the collection page does, the largest balance first', async () => {
    const alpha = await billingCustomer(t, polar.subscriberId, 'Receivables Alpha', polar.net30Id);
    // Net 30: 10 days old is not yet due; 45 days old is 15 past due; 75 is 45 past; 130 is 100 past.
    for (const [daysAgo, amount] of [[10, '900000.00'], [45, '50.25'], [75, '0.10'], [130, '20.10']] as const) await invoiceOf(t, polar.subscriberId, alpha.id, polar.today, daysAgo, amount);
    const answer = await report('receivablesAging');
    expect(answer).toMatchObject({ from: polar.today, to: polar.today });
    expect(answer.rows[0]).toEqual({ label: 'Receivables Alpha', current: 900000, days1to30: 50.25, days31to60: 0.1, days61to90: 0, over90: 20.1, balance: 900070.45 });
    const collection = await t.call('GET', '/api/v1/Collection/aging', 'admin');
    const { balance, current, days1to30, days31to60, days61to90, over90 } = collection.json().totals;
    expect(answer.totals).toEqual({ label: 'Total', current, days1to30, days31to60, days61to90, over90, balance });
  });
});
