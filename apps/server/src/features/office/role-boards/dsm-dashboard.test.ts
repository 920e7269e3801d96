import { sql } from 'drizzle-orm';
import { addDays, dsmDashboardAnswer, parseZonedIso, type DsmDashboardAnswer, type ScheduleItem } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let polar: number;
const id: Record<string, number> = {};
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await rows<{ id: number; user_name: string }>(sql`select id, user_name from users`)) id[u.user_name] = u.id;
  polar = (await rows<{ subscriber_id: number }>(sql`select subscriber_id from users where user_name = 'admin'`))[0].subscriber_id;
});
afterAll(() => t.close());

const dashboard = async (as = 'dsm') => {
  const res = await t.call('GET', '/api/v1/Boards/dsmDashboard', as);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as DsmDashboardAnswer;
  expect(dsmDashboardAnswer.safeParse(answer).success).toBe(true);
  return answer;
};
/** Open work orders of a technician, or of the company, by hand. */
const openOf = async (userId?: number) =>
  Number((await rows<{ n: string }>(sql`select count(*) as n from work_orders w where w.subscriber_id = ${polar} and w.work_order_status_id not in (38, 27, 53, 22, 25)
    and (${userId ?? null}::int is null or w.id in (select work_order_id from work_order_technicians where user_id = ${userId ?? null}::int))`))[0].n);
let invoiceNumber = 90_000;
/** A submitted invoice of a work order, dated `on`, for `total`. */
async function invoice(workOrderNumber: string, on: string, total: string) {
  const [wo] = await rows<{ id: number; customer_id: number; billing_customer_id: number }>(sql`select id, customer_id, billing_customer_id from work_orders where subscriber_id = ${polar} and work_order_number = ${workOrderNumber}`);
  await t.db.execute(sql`insert into invoices (subscriber_id, invoice_number, work_order_id, customer_id, billing_customer_id, state, invoice_date, subtotal, total_taxable, tax_rate, tax,
    use_tax, is_tax_exempt, is_use_tax, total, convenience_fee_percent, totals, amount_due)
    values (${polar}, ${invoiceNumber++}, ${wo.id}, ${wo.customer_id}, ${wo.billing_customer_id}, 'Submitted', ${on}::date, ${total}, 0, 0, 0, 0, false, false, ${total}, 0, '{}'::jsonb, ${total})`);
}

describe('the DSM dashboard', () => {
  it("answers the whole company's figures for a DSM of no district, and lands nobody else's", async () => {
    const d = await dashboard();
    expect(d.scope).toEqual({ kind: 'company', name: 'The whole company' });
    expect(d.revenue).toEqual({ thisMonth: '0.00', lastMonth: '0.00', thisMonthInvoices: 0, lastMonthInvoices: 0 });
    expect(d.openWorkOrders.total).toBe(await openOf());
    expect(d.openWorkOrders.groups.reduce((s, g) => s + g.count, 0)).toBe(d.openWorkOrders.total);
    expect(d.utilisation.map((u) => u.name)).toEqual(['Priya Natarajan', 'Tom Alvarez']);
    expect((await dashboard('coastal.admin')).utilisation.map((u) => u.name)).toEqual(['Kevin Osei']);
  });

  it("narrows to the DSM's district: its technicians' work orders, revenue summed exactly by month", async () => {
    const [dallas] = await rows<{ id: number }>(sql`select id from districts where subscriber_id = ${polar} and name = 'Dallas'`);
    await t.db.execute(sql`update users set district_id = ${dallas.id} where id in (${id.dsm}, ${id.tech})`);
    const before = await dashboard();
    const thisMonth = before.today;
    const lastMonth = addDays(`${before.today.slice(0, 7)}-01`, -1);
    // Tom's (240001, 240002, 240004) count; Priya's (240031) does not.
    await invoice('240001', thisMonth, '100.10');
    await invoice('240002', thisMonth, '0.05');
    await invoice('240004', lastMonth, '200.25');
    await invoice('240031', thisMonth, '999.99');
    const d = await dashboard();
    expect(d.scope).toEqual({ kind: 'district', name: 'Dallas' });
    expect(d.revenue).toEqual({ thisMonth: '100.15', lastMonth: '200.25', thisMonthInvoices: 2, lastMonthInvoices: 1 });
    expect(d.openWorkOrders.total).toBe(await openOf(id.tech));
    expect(d.utilisation.map((u) => u.name)).toEqual(['Tom Alvarez']);
    expect((await dashboard('coastal.admin')).revenue.thisMonth).toBe('0.00');
  });

  it("lists a visit planned before now and not clocked as overdue until its technician clocks in, and counts the week's hours", async () => {
    await t.db.execute(sql`update users set district_id = null where id = ${id.dsm}`);
    const [wo] = await rows<{ id: number; work_order_number: string }>(sql`select w.id, w.work_order_number from work_orders w join work_order_technicians x on x.work_order_id = w.id
      where w.subscriber_id = ${polar} and x.user_id = ${id.tech2} and w.work_order_status_id = 13 order by w.id desc limit 1`);
    const start = new Date(Date.now() - 40 * 60_000).toISOString();
    const saved = await t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { schedulerId: 0, technicianId: id.tech2, workOrderId: wo.id, task: 'Check the walk-in', start, durationHours: 0.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    const { schedulerId } = saved.json();
    const d = await dashboard();
    expect(d.overdueVisits.visits.find((v) => v.schedulerId === schedulerId)).toMatchObject({ workOrderNumber: wo.work_order_number, technicianName: 'Priya Natarajan', workOrderStatus: 'ToDo' });
    expect(d.overdueVisits.count).toBe(d.overdueVisits.visits.length);

    // The week's scheduled hours as the scheduler's own list expands them, and the labor's by hand.
    const week = await t.call('GET', `/api/v1/Scheduler/items?start=${d.weekStart}&end=${addDays(d.weekStart, 7)}&technicianId=${id.tech2}`, 'dispatcher');
    const [from, to] = [parseZonedIso(d.weekStart, 'America/Chicago')!.getTime(), parseZonedIso(addDays(d.weekStart, 7), 'America/Chicago')!.getTime()];
    const planned = (week.json() as ScheduleItem[]).reduce((ms, i) => ms + Math.min(Date.parse(i.end), to) - Math.max(Date.parse(i.start), from), 0);
    const priya = () => d.utilisation.find((u) => u.userId === id.tech2)!;
    expect(priya().scheduledHours).toBe(Math.round((planned / 3_600_000) * 100) / 100);
    expect(priya().scheduledHours).toBeGreaterThanOrEqual(0.5);
    expect(priya().clockedHours).toBe(0);
    expect(priya().percent).toBe(0);

    const clock = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', { workOrderId: wo.id, startTime: new Date(Date.now() - 60_000).toISOString(), isReachedAtSite: true });
    expect(clock.statusCode, clock.body).toBe(200);
    const after = await dashboard();
    expect(after.overdueVisits.visits.find((v) => v.schedulerId === schedulerId)).toBeUndefined();
    const worked = after.utilisation.find((u) => u.userId === id.tech2)!;
    expect(worked.clockedHours).toBeGreaterThan(0);
    // The percent is of the exact times; the hours shown are rounded to the hundredth.
    expect(Math.abs(worked.percent! - (worked.clockedHours / worked.scheduledHours) * 100)).toBeLessThanOrEqual(1);
  });

  it('is refused without a token (401) and to a technician (403)', async () => {
    expect((await t.call('GET', '/api/v1/Boards/dsmDashboard', null)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/Boards/dsmDashboard', 'tech')).statusCode).toBe(403);
  });
});
