import { eq } from 'drizzle-orm';
import { instantOf } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, financialPeriods, subscribers, users, workOrderLabor, workOrders } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const ids: Record<string, number> = {};
let polar: { id: number; timeZone: string };
const P1 = { kind: 'Pay', name: 'P1 2025', startsOn: '2025-01-05', endsOn: '2025-02-01' };
let p1Id: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select({ id: users.id, userName: users.userName }).from(users)) ids[u.userName] = u.id;
  [polar] = await t.db.select({ id: subscribers.id, timeZone: subscribers.timeZone }).from(subscribers).innerJoin(users, eq(users.subscriberId, subscribers.id)).where(eq(users.userName, 'tech'));
  const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
  const [wo] = await t.db
    .insert(workOrders)
    .values({ subscriberId: polar.id, workOrderNumber: 'FP-4001', customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 38, problem: 'Condenser fan noisy' })
    .returning();
  const at = (date: string, time: string) => instantOf(new Date(`${date}T${time}:00Z`), polar.timeZone);
  // Monday 6 to Friday 10 January 2025, nine hours a day: 45 hours in the pay week from Sunday 5 January.
  await t.db.insert(workOrderLabor).values(['06', '07', '08', '09', '10'].map((d) => ({ subscriberId: polar.id, workOrderId: wo.id, userId: ids.tech, startedAt: at(`2025-01-${d}`, '07:00'), stoppedAt: at(`2025-01-${d}`, '16:00') })));
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, as = 'payroll') => t.call('POST', '/api/v1/Payroll/financialPeriods', as, body);

describe('financial periods', () => {
  it('keeps pay and billing periods of the company, and the database refuses two of one kind sharing a day', async () => {
    let res = await create(P1);
    expect(res.statusCode, res.body).toBe(200);
    p1Id = res.json().financialPeriodId;
    expect(res.json()).toMatchObject({ ...P1, isLocked: false });
    expect((await create({ ...P1, kind: 'Billing', name: 'January billing' })).statusCode).toBe(200);

    const before = await dbFingerprint(t.db);
    res = await create({ kind: 'Pay', name: 'P2 2025', startsOn: '2025-02-01', endsOn: '2025-02-28' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Financial periods of one kind cannot overlap: this one shares days with another.');
    await expect(t.db.insert(financialPeriods).values({ subscriberId: polar.id, kind: 'Pay', name: 'Sneaky', startsOn: '2025-01-20', endsOn: '2025-01-25' })).rejects.toSatisfy(
      (e: { code?: string; cause?: { code?: string } }) => (e.cause?.code ?? e.code) === 'SMOVL',
    );
    for (const [bad, message] of [
      [{ endsOn: '2025-01-04' }, 'End must be on or after Start.'],
      [{ kind: 'Weekly' }, 'Kind must be Pay or Billing.'],
      [{ name: '' }, 'Name field is required!'],
    ] as const) {
      const refused = await create({ ...P1, startsOn: '2025-03-01', endsOn: '2025-03-28', ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await create({ ...P1, startsOn: '2025-03-01', endsOn: '2025-03-28' }, 'leader')).statusCode).toBe(403);
    expect(await dbFingerprint(t.db)).toBe(before);
    expect((await create({ kind: 'Pay', name: 'P2 2025', startsOn: '2025-02-02', endsOn: '2025-03-01' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/Payroll/financialPeriods?kind=Pay', 'tech')).json().map((p: { name: string }) => p.name)).toEqual(['P1 2025', 'P2 2025']);
    expect((await t.call('GET', '/api/v1/Payroll/financialPeriods?kind=Pay', 'coastal.admin')).json()).toEqual([]);
    expect((await t.call('PUT', `/api/v1/Payroll/financialPeriods/${p1Id}`, 'coastal.admin', P1)).statusCode).toBe(404);
  });

  it('pays by them when the company says so: overtime still counts by pay week, and the period can be locked', async () => {
    expect((await t.call('PUT', '/api/v1/Payroll/payrollSettings', 'payroll', { payFrequency: 'Financial', payWeekStartsOn: 0, overtimeAfterWeeklyHours: 40 })).statusCode).toBe(200);
    const summary = (await t.call('GET', '/api/v1/Payroll/timesheets?date=2025-01-15', 'payroll')).json();
    expect(summary.period).toMatchObject({ payFrequency: 'Financial', year: 2025, index: 1, startsOn: '2025-01-05', endsOn: '2025-02-01', hasEnded: true });
    expect(summary.rows.find((r: { userId: number }) => r.userId === ids.tech).built).toMatchObject({ workedMinutes: 2700, regularMinutes: 2400, overtimeMinutes: 300 });
    expect((await t.call('GET', '/api/v1/Payroll/timesheets?date=2025-02-10', 'payroll')).json().period).toMatchObject({ index: 2, startsOn: '2025-02-02' });
    const none = await t.call('GET', '/api/v1/Payroll/timesheets?date=2025-03-05', 'payroll');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No financial pay period holds 2025-03-05. Add it under Financial Periods.');

    expect((await t.call('POST', '/api/v1/Payroll/timesheetApprovals', 'payroll', { userId: ids.tech, startsOn: '2025-01-05' })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/Payroll/timesheetApprovals', 'payroll', { userId: ids.tech, startsOn: '2025-01-06' })).json().message).toBe(
      'Period Start must be the first day of a pay period: the period of 2025-01-06 starts on 2025-01-05.',
    );
    const locked = await t.call('POST', '/api/v1/Payroll/payPeriodLocks', 'payroll', { startsOn: '2025-01-05' });
    expect(locked.statusCode, locked.body).toBe(200);
    const change = await t.call('PUT', `/api/v1/Payroll/financialPeriods/${p1Id}`, 'payroll', { ...P1, endsOn: '2025-01-31' });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe('Payroll locked time in P1 2025: its dates can no longer change.');
    expect((await t.call('DELETE', `/api/v1/Payroll/financialPeriods/${p1Id}`, 'payroll')).statusCode).toBe(409);
    expect((await t.call('GET', '/api/v1/Payroll/financialPeriods?kind=Pay', 'payroll')).json()[0].isLocked).toBe(true);
  });
});
