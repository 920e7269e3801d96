import { eq, sql } from 'drizzle-orm';
import { companyDashboardAnswer, parseZonedIso, wallClockOf, type CompanyDashboardAnswer } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailOutbox, providerActions, subscribers, users, workOrderLabor } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { billingCustomer, invoiceOf, polarOf, workOrderOf } from '../../money/collections/collection-fixtures';

let t: TestApp;
let polar: Awaited<ReturnType<typeof polarOf>>;

beforeAll(async () => {
  t = await createTestApp();
  polar = await polarOf(t);
});
afterAll(() => t.close());

const dashboard = async (as = 'admin') => {
  const res = await t.call('GET', '/api/v1/Boards/companyDashboard', as);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as CompanyDashboardAnswer;
  expect(companyDashboardAnswer.safeParse(answer).success).toBe(true);
  return answer;
};
const attention = (d: CompanyDashboardAnswer) => Object.fromEntries(d.attention.map((a) => [a.key, a.count]));
const count = async (query: ReturnType<typeof sql>) => Number(((await t.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0].n);

describe('company dashboard', () => {
  it('counts the company as the database holds it, and moves by exactly what happens, leaving the other company alone', async () => {
    const before = await dashboard();
    const coastalBefore = await dashboard('coastal.admin');
    const s = polar.subscriberId;
    expect(before.field.openWorkOrders).toBe(await count(sql`select count(*) as n from work_orders where subscriber_id = ${s} and work_order_status_id not in (38, 27, 53, 22, 25)`));
    expect(before.users.active).toBe(await count(sql`select count(*) as n from users where subscriber_id = ${s} and is_active`));
    expect(before.money.quotesWaiting).toBe(await count(sql`select count(*) as n from quotes q join quote_versions v on v.quote_id = q.id and v.version = q.current_version where q.subscriber_id = ${s} and v.status not in ('Approved', 'Rejected')`));

    // One of each: a work order opened now, a customer on credit hold with an invoice 45 days old on Net 30 terms (15
    // days past due), an invited user, a refused ServiceChannel check-in, an undelivered e-mail, and a technician
    // clocked in half an hour ago who was not working.
    const held = await billingCustomer(t, s, 'Dashboard Deli', polar.net30Id);
    await t.db.update(customers).set({ isOnCreditHold: true }).where(eq(customers.id, held.id));
    await invoiceOf(t, s, held.id, polar.today, 45, '123.45');
    const wo = await workOrderOf(t, s, held.id, 13);
    const [invited] = await t.db.insert(users).values({ subscriberId: s, userName: 'dashboard.invitee', name: 'Dana Invitee', email: 'dana@polar.example', passwordHash: 'x', isInvitationPending: true }).returning();
    const [installer] = await t.db.select().from(users).where(eq(users.userName, 'tech2'));
    const startedAt = new Date(Date.now() - 30 * 60_000);
    const [labor] = await t.db.insert(workOrderLabor).values({ subscriberId: s, workOrderId: wo.id, userId: installer.id, startedAt }).returning();
    await t.db.insert(providerActions).values({ subscriberId: s, workOrderId: wo.id, laborId: labor.id, userId: installer.id, provider: 'serviceChannel', action: 'checkIn', isOk: false });
    await t.db.insert(emailOutbox).values({ subscriberId: s, fromAddress: 'office@polar.example', fromName: 'Polar', to: ['x@example.com'], subject: 'Quote', html: '<p>Quote</p>', status: 'failed', messageId: '<dash@polar.example>' });

    const after = await dashboard();
    // The half hour counts from the company's midnight: just after it, only its part of today.
    const [{ timeZone }] = await t.db.select({ timeZone: subscribers.timeZone }).from(subscribers).where(eq(subscribers.id, s));
    const midnight = parseZonedIso(wallClockOf(new Date(), timeZone).toISOString().slice(0, 10), timeZone)!;
    const clockedToday = (Date.now() - Math.max(startedAt.getTime(), midnight.getTime())) / 3_600_000;
    expect(after.field.openWorkOrders - before.field.openWorkOrders).toBe(1);
    // Opened today: the open one, and the one the invoice fixture makes and invoices.
    expect(after.field.openedToday - before.field.openedToday).toBe(2);
    expect(after.field.openedThisWeek - before.field.openedThisWeek).toBe(2);
    // tech2 had no open entry (the database allows one per user, and the insert took).
    expect(after.field.working - before.field.working).toBe(1);
    expect(after.field.working).toBe(await count(sql`select count(distinct user_id) as n from work_order_labor where subscriber_id = ${s} and stopped_at is null`));
    expect(after.field.hoursToday - before.field.hoursToday).toBeGreaterThanOrEqual(Math.floor(clockedToday * 100) / 100 - 0.01);
    expect(Math.round((after.money.pastDue - before.money.pastDue) * 100)).toBe(12345);
    expect(after.money.pastDueCustomers - before.money.pastDueCustomers).toBe(1);
    const [a, b] = [attention(after), attention(before)];
    expect({ holds: a.creditHolds - b.creditHolds, invited: a.invitationsPending - b.invitationsPending, refused: a.providerRefusals - b.providerRefusals, mails: a.emailsFailed - b.emailsFailed })
      .toEqual({ holds: 1, invited: 1, refused: 1, mails: 1 });
    expect(after.users.active - before.users.active).toBe(1);
    expect(after.users.byRole.reduce((n, r) => n + r.count, 0)).toBe(await count(sql`select count(*) as n from user_roles ur join users u on u.id = ur.user_id where u.subscriber_id = ${s} and u.is_active`));
    expect(await dashboard('coastal.admin')).toEqual(coastalBefore);
    await t.db.delete(users).where(eq(users.id, invited.id));
  });

  it('opens to readers of the Dashboard area (administrators, team leaders, dispatchers) and refuses the others', async () => {
    for (const who of ['leader', 'dispatcher']) await dashboard(who);
    for (const who of ['tech', 'sales', 'customer']) expect((await t.call('GET', '/api/v1/Boards/companyDashboard', who)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Boards/companyDashboard', null)).statusCode).toBe(401);
  });
});
