import { and, eq } from 'drizzle-orm';
import { addDays, parseZonedIso, payPeriodOf, wallClockOf } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, perDiemTypes, userStatusEntries, workOrderLabor } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { payrollFixture } from './timesheet-fixtures';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof payrollFixture>>;
let ids: Record<string, number>;
let polar: { id: number; timeZone: string };
let current: ReturnType<typeof payPeriodOf>;
let previous: ReturnType<typeof payPeriodOf>;
const at = (day: number, time: string) => fixture.at(day, time);

beforeAll(async () => {
  t = await createTestApp();
  fixture = await payrollFixture(t, { number: 'TS-1001', problem: 'Walk-in cooler warm' });
  ({ ids, polar, current, previous } = fixture);
  const { labor } = fixture;
  const [fullDay] = await t.db.select().from(perDiemTypes).where(and(eq(perDiemTypes.subscriberId, polar.id), eq(perDiemTypes.name, 'Full Day')));
  await t.db.insert(workOrderLabor).values([
    // Week one: five days of 9 hours, 45 hours: the last 5 are overtime.
    ...[1, 2, 3, 4, 5].map((d) => labor('tech', at(d, '07:00'), at(d, '16:00'))),
    // Week two: a day of 8 hours with a per diem, and an evening call marked overtime at clock-in.
    labor('tech', at(8, '08:00'), at(8, '16:00'), { perDiemTypeId: fullDay.id }),
    labor('tech', at(9, '18:00'), at(9, '19:30'), { isOvertime: true }),
    labor('tech2', at(10, '09:00'), at(10, '11:30')),
  ]);
  await t.db.insert(userStatusEntries).values([
    // En Route is paid and counts; Lunch is not paid.
    { subscriberId: polar.id, userId: ids.tech, userStatusId: 2, startedAt: at(10, '07:30'), endedAt: at(10, '08:00') },
    { subscriberId: polar.id, userId: ids.tech, userStatusId: 5, startedAt: at(10, '12:00'), endedAt: at(10, '12:30') },
    // The dispatcher went to lunch on the period's last day and her status is still open.
    { subscriberId: polar.id, userId: ids.dispatcher, userStatusId: 5, startedAt: at(13, '12:00') },
  ]);
});
afterAll(() => t.close());

const summary = async (as = 'payroll', date = previous.startsOn) => t.call('GET', `/api/v1/Payroll/timesheets?date=${date}`, as);
const rowOf = async (userName: string) => (await summary()).json().rows.find((r: { userId: number }) => r.userId === ids[userName]);
const approve = (userName: string, as = 'payroll') => t.call('POST', '/api/v1/Payroll/timesheetApprovals', as, { userId: ids[userName], startsOn: previous.startsOn });
const lock = (startsOn = previous.startsOn, as = 'payroll') => t.call('POST', '/api/v1/Payroll/payPeriodLocks', as, { startsOn });

describe('timesheets', () => {
  it("builds a bi-weekly period from labor and paid work statuses in the company's zone: weekly overtime, per diem, exact minutes", async () => {
    const res = await summary();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().period).toMatchObject({ payFrequency: 'Bi-Weekly', startsOn: previous.startsOn, endsOn: previous.endsOn, hasEnded: true, lockedAt: null });
    const tech = await rowOf('tech');
    // 45 h + 8 h + 1.5 h of labor and 0.5 h en route: 55 h, of which 40 + 8.5 regular and 5 + 1.5 overtime.
    expect(tech.built).toEqual({ workedMinutes: 3300, regularMinutes: 2910, overtimeMinutes: 390, ptoMinutes: 0, perDiemDays: 1 });
    expect((await rowOf('tech2')).built).toEqual({ workedMinutes: 150, regularMinutes: 150, overtimeMinutes: 0, ptoMinutes: 0, perDiemDays: 0 });
    expect((await rowOf('dispatcher')).built.workedMinutes).toBe(0);

    const detail = (await t.call('GET', `/api/v1/Payroll/timesheets/${ids.tech}?date=${previous.endsOn}`, 'tech')).json();
    expect(detail.days).toHaveLength(14);
    expect(detail.days[5]).toMatchObject({ date: addDays(previous.startsOn, 5), workedMinutes: 540, regularMinutes: 240, overtimeMinutes: 300 });
    expect(detail.days[8]).toMatchObject({ regularMinutes: 480, perDiem: ['Full Day'] });
    expect(detail.days[9]).toMatchObject({ regularMinutes: 0, overtimeMinutes: 90 });
    expect(detail.days[10].entries).toEqual([expect.objectContaining({ kind: 'status', label: 'En Route', minutes: 30 })]);
  });

  it('counts time still open up to now, on the days it ran, and says the employee is clocked in', async () => {
    const startedAt = new Date(Date.now() - 90 * 60_000);
    await t.db.insert(workOrderLabor).values({ subscriberId: polar.id, workOrderId: fixture.workOrder.id, userId: ids.leader, startedAt });
    try {
      // The period the labor started in: the whole of it when it is today's, up to the period's end when a new one began since.
      const startDay = wallClockOf(startedAt, polar.timeZone).toISOString().slice(0, 10);
      const sheet = (await t.call('GET', `/api/v1/Payroll/timesheets/${ids.leader}?date=${startDay}`, 'leader')).json();
      const until = Math.min(Date.now(), parseZonedIso(addDays(sheet.period.endsOn, 1), polar.timeZone)!.getTime());
      const expected = (until - startedAt.getTime()) / 60_000;
      const today = wallClockOf(new Date(), polar.timeZone).toISOString().slice(0, 10);
      const entries = sheet.days.flatMap((d: { date: string; entries: { minutes: number; stoppedAt: string | null }[] }) => d.entries.map((e) => ({ date: d.date, ...e })));
      expect(entries.every((e: { date: string; stoppedAt: string | null }) => e.date >= startDay && e.date <= today && e.stoppedAt === null)).toBe(true);
      const minutes = entries.reduce((a: number, e: { minutes: number }) => a + e.minutes, 0);
      expect(minutes).toBeGreaterThanOrEqual(Math.floor(expected) - 1);
      expect(minutes).toBeLessThanOrEqual(Math.ceil(expected) + 1);
      expect(sheet.built.workedMinutes).toBe(minutes);
      const row = (await summary('payroll', today)).json().rows.find((r: { userId: number }) => r.userId === ids.leader);
      expect(row.hasOpenLabor).toBe(true);
    } finally {
      await t.db.delete(workOrderLabor).where(eq(workOrderLabor.userId, ids.leader));
    }
  });

  it('shows each employee their own timesheet and everyone only to Main Timesheet, within the company', async () => {
    expect((await summary('leader')).statusCode).toBe(200);
    expect((await summary('tech')).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/Payroll/timesheets/${ids.tech2}`, 'tech')).statusCode).toBe(403);
    const coastal = (await summary('coastal.admin')).json();
    expect(coastal.rows.map((r: { userId: number }) => r.userId)).not.toContain(ids.tech);
    expect((await t.call('GET', `/api/v1/Payroll/timesheets/${ids.tech}`, 'coastal.admin')).statusCode).toBe(404);
    expect((await approve('tech', 'coastal.admin')).statusCode).toBe(404);
  });

  it('locks a period that is over once every timesheet is approved as it stands; the database then refuses any change to its time', async () => {
    let res = await lock();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('These timesheets need an approval of their current hours first: Priya Natarajan, Tom Alvarez.');
    expect((await approve('tech', 'leader')).statusCode).toBe(403);
    res = await approve('tech');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().approval).toMatchObject({ approvedByName: 'Grace Kim', isCurrent: true });
    expect((await approve('tech2')).statusCode).toBe(200);

    // Time off added after the approval: the approval no longer holds.
    res = await t.call('POST', '/api/v1/Payroll/ptoEntries', 'payroll', { userId: ids.tech2, workDate: addDays(previous.startsOn, 11), hours: 8, reason: 'Dentist' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf('tech2')).approval.isCurrent).toBe(false);
    expect((await lock()).json().message).toBe('These timesheets need an approval of their current hours first: Priya Natarajan.');
    expect((await approve('tech2')).json().approval.isCurrent).toBe(true);

    expect((await lock(current.startsOn)).json().message).toBe(`The pay period ${current.startsOn} to ${current.endsOn} is not over: it can be locked after ${current.endsOn}.`);
    res = await lock();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ startsOn: previous.startsOn, lockedByName: 'Grace Kim' });
    expect((await lock()).statusCode).toBe(409);

    const before = await dbFingerprint(t.db);
    const [entry] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.userId, ids.tech2));
    const refusals = [
      t.db.update(workOrderLabor).set({ stoppedAt: at(10, '12:00') }).where(eq(workOrderLabor.id, entry.id)),
      t.db.delete(workOrderLabor).where(eq(workOrderLabor.id, entry.id)),
      t.db.insert(workOrderLabor).values({ ...entry, id: undefined, startedAt: at(12, '08:00'), stoppedAt: at(12, '09:00') }),
      t.db.insert(userStatusEntries).values({ subscriberId: polar.id, userId: ids.tech2, userStatusId: 3, startedAt: at(12, '08:00'), endedAt: at(12, '09:00') }),
    ];
    for (const write of refusals) await expect(write).rejects.toSatisfy((e: { code?: string; cause?: { code?: string } }) => (e.cause?.code ?? e.code) === 'SMLCK');
    res = await t.call('POST', '/api/v1/Payroll/ptoEntries', 'payroll', { userId: ids.tech, workDate: addDays(previous.startsOn, 3), hours: 2, reason: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The pay period ${previous.startsOn} to ${previous.endsOn} is locked: time off is added to it as an adjustment.`);
    expect((await approve('tech')).statusCode).toBe(409);
    expect(await dbFingerprint(t.db)).toBe(before);

    // The dispatcher's open lunch was cut at the period's end and carried on; she changes her status as ever.
    const hers = await t.db.select().from(userStatusEntries).where(eq(userStatusEntries.userId, ids.dispatcher)).orderBy(userStatusEntries.id);
    expect(hers.map((e) => [e.startedAt.toISOString(), e.endedAt?.toISOString() ?? null])).toEqual([
      [at(13, '12:00').toISOString(), at(14, '00:00').toISOString()],
      [at(14, '00:00').toISOString(), null],
    ]);
    expect((await t.call('GET', '/api/v1/User/updatestatus/3', 'dispatcher')).statusCode).toBe(200);
  });

  it('corrects a locked period with an adjustment that says why; the hours as built stay, and the change is audited', async () => {
    const body = { userId: ids.tech, workDate: addDays(previous.startsOn, 9), overtimeHours: 1.5, reason: 'Clocked out late from the truck; confirmed with the store.' };
    for (const [bad, message] of [
      [{ overtimeHours: 0.1 }, 'Overtime Hours must be in quarter hours (such as 1.25).'],
      [{ overtimeHours: 0 }, 'An adjustment changes at least one of the hours.'],
      [{ reason: ' ' }, 'Reason field is required!'],
      [{ workDate: '2026-02-30' }, 'Date is not a real date.'],
    ] as const) {
      const res = await t.call('POST', '/api/v1/Payroll/timesheetAdjustments', 'payroll', { ...body, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.call('POST', '/api/v1/Payroll/timesheetAdjustments', 'leader', body)).statusCode).toBe(403);
    const res = await t.call('POST', '/api/v1/Payroll/timesheetAdjustments', 'payroll', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ overtimeMinutes: 90, regularMinutes: 0, createdByName: 'Grace Kim', reason: body.reason });
    const tech = await rowOf('tech');
    expect(tech.built.overtimeMinutes).toBe(390);
    expect(tech.adjusted).toMatchObject({ overtimeMinutes: 480, workedMinutes: 3390 });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'timesheetAdjustment'), eq(auditLog.entityId, res.json().timesheetAdjustmentId)));
    expect(audit.reason).toBe(body.reason);
  });

  it('keeps the pay calendar in the settings: weekly from Monday with another overtime limit', async () => {
    expect((await t.call('GET', '/api/v1/Payroll/payrollSettings', 'tech')).json()).toEqual({ payFrequency: 'Bi-Weekly', payWeekStartsOn: 0, overtimeAfterWeeklyHours: 40 });
    const weekly = { payFrequency: 'Weekly', payWeekStartsOn: 1, overtimeAfterWeeklyHours: 37.5 };
    expect((await t.call('PUT', '/api/v1/Payroll/payrollSettings', 'leader', weekly)).statusCode).toBe(403);
    const bad = await t.call('PUT', '/api/v1/Payroll/payrollSettings', 'payroll', { ...weekly, overtimeAfterWeeklyHours: 37.4 });
    expect(bad.json().message).toBe('Overtime After must be in quarter hours (such as 1.25).');
    expect((await t.call('PUT', '/api/v1/Payroll/payrollSettings', 'payroll', weekly)).json()).toEqual(weekly);
    const period = (await summary('payroll', current.endsOn)).json().period;
    expect(period).toMatchObject({ payFrequency: 'Weekly', ...payPeriodOf(current.endsOn, { payFrequency: 'Weekly', payWeekStartsOn: 1 }) });
  });
});
