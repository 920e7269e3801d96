import { and, eq } from 'drizzle-orm';
import { addDays, type payPeriodOf } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payRates, workOrderLabor } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { payrollFixture } from './timesheet-fixtures';

let t: TestApp;
let ids: Record<string, number>;
let previous: ReturnType<typeof payPeriodOf>;

beforeAll(async () => {
  t = await createTestApp();
  const fixture = await payrollFixture(t, { number: 'PR-3001', problem: 'Reach-in freezer iced up' });
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
});
