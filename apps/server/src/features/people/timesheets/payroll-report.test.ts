import { and, eq } from 'drizzle-orm';
import { addDays, type payPeriodOf } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payRates, userRoles, users, workOrderLabor } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { payrollFixture } from './timesheet-fixtures';

let t: TestApp;
let ids: Record<string, number>;
let previous: ReturnType<typeof payPeriodOf>;
let fixture: Awaited<ReturnType<typeof payrollFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await payrollFixture(t, { number: 'PR-3001', problem: 'Reach-in freezer iced up' });
  ({ ids, previous } = fixture);
  const { polar, at } = fixture;
  const labor = (userName: string, day: number, from: string, to: string) => fixture.labor(userName, at(day, from), at(day, to));
  // Tom: Monday to Thursday 8 hours, Friday 10: 42 hours, the last 2 overtime. His raise to 30.00 starts on Thursday.
  await t.db.insert(workOrderLabor).values([...[1, 2, 3, 4].map((d) => labor('tech', d, '08:00', '16:00')), labor('tech', 5, '07:00', '17:00'), labor('dispatcher', 9, '09:00', '11:00')]);
  await t.db.insert(payRates).values({ subscriberId: polar.id, userId: ids.tech, effectiveFrom: addDays(previous.startsOn, 4), position: 'Senior Service Technician', hourlyRate: '30.00' });
  // The dispatcher has no pay rate: her hours cannot be paid yet.
  await t.db.delete(payRates).where(and(eq(payRates.userId, ids.dispatcher)));
});
afterAll(() => t.close());

const report = (as = 'payroll') => t.call('GET', `/api/v1/Payroll/payrollReport?date=${previous.startsOn}`, as);

describe('payroll report', () => {
  it("pays each day's hours at that day's rate and overtime at one and a half times it, exactly, with time off and adjustments", async () => {
    expect((await t.call('POST', '/api/v1/Payroll/ptoEntries', 'payroll', { userId: ids.tech, workDate: addDays(previous.startsOn, 9), hours: 4, reason: 'Doctor' })).statusCode).toBe(200);
    const adjusted = await t.call('POST', '/api/v1/Payroll/timesheetAdjustments', 'payroll', { userId: ids.tech, workDate: addDays(previous.startsOn, 2), regularHours: -0.25, reason: 'Long lunch, not clocked' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const res = await report();
    expect(res.statusCode, res.body).toBe(200);
    const { rows, totals } = res.json();
    const tom = rows.find((r: { userId: number }) => r.userId === ids.tech);
    // Regular: 24 h at 28.50 less a quarter hour (684.00 − 7.125) and 16 h at 30.00 (480.00): 1,156.875 → 1,156.88.
    // Overtime: 2 h at 45.00. Time off: 4 h at 30.00.
    expect(tom).toEqual({
      userId: ids.tech, name: 'Tom Alvarez', position: 'Senior Service Technician', hourlyRate: '30.00', regularMinutes: 2385, overtimeMinutes: 120, ptoMinutes: 240, perDiemDays: 0,
      regularPay: '1156.88', overtimePay: '90.00', ptoPay: '120.00', grossPay: '1366.88', daysWithoutRate: [], isApproved: false,
    });
    const dana = rows.find((r: { userId: number }) => r.userId === ids.dispatcher);
    expect(dana).toMatchObject({ regularMinutes: 120, hourlyRate: null, grossPay: null, daysWithoutRate: [addDays(previous.startsOn, 9)] });
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['Dana Whitfield', 'Tom Alvarez']);
    expect(totals).toEqual({ regularMinutes: 2505, overtimeMinutes: 120, ptoMinutes: 240, grossPay: '1366.88' });
  });

  it('is for payroll only: a team leader reading every timesheet gets no pay figures', async () => {
    expect((await report('leader')).statusCode).toBe(403);
    expect((await report('tech')).statusCode).toBe(403);
    expect((await report('coastal.admin')).json().rows).toEqual([]);
  });

  it('downloads as CSV for the payroll provider: a name that looks like a formula is defused, amounts stay numbers', async () => {
    // An employee whose name and position a spreadsheet would run, with an hour of work taken back by two (-1.00 h).
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    const [{ roleId }] = await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, tech.id));
    const [mallory] = await t.db
      .insert(users)
      .values({ subscriberId: tech.subscriberId, userName: 'mallory', name: '=HYPERLINK("http://x")', email: 'mallory@polar.example', passwordHash: tech.passwordHash, userStatusId: tech.userStatusId })
      .returning({ id: users.id });
    await t.db.insert(userRoles).values({ subscriberId: tech.subscriberId, userId: mallory.id, roleId });
    await t.db.insert(payRates).values({ subscriberId: tech.subscriberId, userId: mallory.id, effectiveFrom: previous.startsOn, position: '@Lead', hourlyRate: '20.00' });
    await t.db.insert(workOrderLabor).values({ ...fixture.labor('tech', fixture.at(3, '08:00'), fixture.at(3, '09:00')), userId: mallory.id });
    const adjusted = await t.call('POST', '/api/v1/Payroll/timesheetAdjustments', 'payroll', { userId: mallory.id, workDate: addDays(previous.startsOn, 3), regularHours: -2, reason: 'Hours entered twice' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const csv = await t.call('GET', `/api/v1/Payroll/payrollReport/csv?date=${previous.startsOn}`, 'payroll');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="payroll-${previous.startsOn}.csv"; filename*=UTF-8''payroll-${previous.startsOn}.csv`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Employee,Position,Hourly Rate,Regular Hours,Overtime Hours,PTO Hours,Per Diem Days,Regular Pay,Overtime Pay,PTO Pay,Gross Pay,Approved');
    expect(lines).toContain(`"'=HYPERLINK(""http://x"")",'@Lead,20.00,-1.00,0.00,0.00,0,-20.00,0.00,0.00,-20.00,No`);
    expect(lines).toContain('Tom Alvarez,Senior Service Technician,30.00,39.75,2.00,4.00,0,1156.88,90.00,120.00,1366.88,No');
    expect(lines).toContain(`Dana Whitfield,,,2.00,0.00,0.00,0,,,,,No`);
    expect(lines.at(-1)).toBe('');
    expect(csv.body).not.toMatch(/(^|,)[=+@]/m);

    expect((await t.call('GET', `/api/v1/Payroll/payrollReport/csv?date=${previous.startsOn}`, 'leader')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Payroll/payrollReport/csv?date=nope', 'payroll')).statusCode).toBe(400);
  });
});
