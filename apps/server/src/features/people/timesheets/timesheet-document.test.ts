import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { addDays, parseZonedIso, wallClockOf, type payPeriodOf } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perDiemTypes, userStatusEntries, workOrderLabor } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { payrollFixture } from './timesheet-fixtures';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof payrollFixture>>;
let ids: Record<string, number>;
let polar: { id: number; name: string; timeZone: string };
let previous: ReturnType<typeof payPeriodOf>;
const at = (day: number, time: string) => fixture.at(day, time);

beforeAll(async () => {
  t = await createTestApp();
  fixture = await payrollFixture(t, { number: 'TS-1001', problem: 'Walk-in cooler warm' });
  ({ ids, polar, previous } = fixture);
  const { labor } = fixture;
  const [fullDay] = await t.db.select().from(perDiemTypes).where(and(eq(perDiemTypes.subscriberId, polar.id), eq(perDiemTypes.name, 'Full Day')));
  await t.db.insert(workOrderLabor).values([
    // Week one, Monday to Friday: 9 hours a day, 45 hours, of which the last 5 (on Friday) are overtime.
    ...[1, 2, 3, 4, 5].map((d) => labor('tech', at(d, '07:00'), at(d, '16:00'))),
    // Week two: 8 hours with a per diem, an evening call marked overtime at clock-in, and six half-hour calls on one day.
    labor('tech', at(8, '08:00'), at(8, '16:00'), { perDiemTypeId: fullDay.id }),
    labor('tech', at(9, '18:00'), at(9, '19:30'), { isOvertime: true }),
    ...[8, 9, 10, 11, 12, 13].map((h) => labor('tech', at(11, `${String(h).padStart(2, '0')}:00`), at(11, `${String(h).padStart(2, '0')}:30`))),
    labor('tech2', at(10, '09:00'), at(10, '11:30')),
  ]);
  // En Route is a paid status; its description makes a line too long for the column.
  await t.db.insert(userStatusEntries).values({
    subscriberId: polar.id, userId: ids.tech2, userStatusId: 2, startedAt: at(10, '07:45'), endedAt: at(10, '08:45'),
    description: 'Driving from the Lakewood store to the supply house for a compressor, then back to the store',
  });
});
afterAll(() => t.close());

/** The PDF's pages as text, laid out as printed. */
const pagesOf = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').split('\f').slice(0, -1);
/** A date as the timesheet's Date column writes it ("Mon, Nov 2"). */
const dayText = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
/** A page's line that starts with a day's date, with its runs of spaces made one. */
const rowOf = (page: string, date: string) => page.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).find((l) => l.startsWith(dayText(date)));
const lineWith = (page: string, text: string) => page.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).find((l) => l.includes(text));

const printAll = (as = 'payroll', date = previous.startsOn) => t.call('GET', `/api/v1/Payroll/timesheets/print?date=${date}`, as);
const weekly = (userName: string, date: string, as = userName) => t.call('GET', `/api/v1/Payroll/timesheets/${ids[userName]}/weeklyPrint?date=${date}`, as);

describe('printed timesheets', () => {
  it("prints every employee of the pay period from a page of their own: the days, the exact hours and the approval", async () => {
    expect((await t.call('POST', '/api/v1/Payroll/timesheetApprovals', 'payroll', { userId: ids.tech, startsOn: previous.startsOn })).statusCode).toBe(200);
    const res = await printAll();
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="timesheets-${previous.startsOn}.pdf"; filename*=UTF-8''timesheets-${previous.startsOn}.pdf`);
    const pages = pagesOf(res.rawPayload);
    const rows: { name: string }[] = (await t.call('GET', `/api/v1/Payroll/timesheets?date=${previous.startsOn}`, 'payroll')).json().rows;
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Tom Alvarez', 'Priya Natarajan', 'Grace Kim']));
    expect(pages).toHaveLength(rows.length);
    rows.forEach((row, i) => expect(lineWith(pages[i], `${polar.name} · ${row.name} · Printed`), row.name).toMatch(/Page 1 of 1$/));

    const tom = pages[rows.findIndex((r) => r.name === 'Tom Alvarez')];
    expect(tom).toContain(polar.name);
    expect(tom).toContain(`Pay period ${previous.index} of ${previous.year} · Bi-Weekly`);
    expect(tom).toContain('Not locked');
    // Monday to Thursday are regular; Friday's last 5 hours pass the 40 of the week.
    expect(rowOf(tom, addDays(previous.startsOn, 1))).toBe(`${dayText(addDays(previous.startsOn, 1))} 7:00 AM–4:00 PM · 9.00 · Work order TS-1001 9.00`);
    expect(rowOf(tom, addDays(previous.startsOn, 5))).toBe(`${dayText(addDays(previous.startsOn, 5))} 7:00 AM–4:00 PM · 9.00 · Work order TS-1001 4.00 5.00`);
    expect(rowOf(tom, addDays(previous.startsOn, 8))).toMatch(/ 8\.00 Full Day$/);
    expect(rowOf(tom, addDays(previous.startsOn, 9))).toMatch(/ 6:00 PM–7:30 PM · 1\.50 OT · Work order TS-1001 1\.50$/);
    expect(rowOf(tom, addDays(previous.startsOn, 0))).toBe(dayText(previous.startsOn));
    // 45 + 8 + 1.5 + 3 hours: 40 + 8 + 3 regular, 5 + 1.5 overtime, a day of per diem.
    expect(lineWith(tom, 'As built')).toBe('Total As built · worked 57.50 51.00 6.50 0.00 1 day');
    expect(lineWith(tom, 'No adjustments.')).toBeDefined();
    expect(lineWith(tom, 'With adjustments')).toBe('Total With adjustments · worked 57.50 51.00 6.50 0.00');
    expect(lineWith(tom, 'Approved by Grace Kim on ')).toMatch(/^Approved by Grace Kim on \w{3}, \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M\.$/);
    expect(lineWith(tom, 'Employee: Tom Alvarez')).toContain('Approved by: Grace Kim');

    const priya = pages[rows.findIndex((r) => r.name === 'Priya Natarajan')];
    expect(lineWith(priya, 'As built')).toBe('Total As built · worked 3.50 3.50 0.00 0.00 0 days');
    expect(priya).toContain('Not approved.');
    expect(priya).not.toContain('7:00 AM–4:00 PM');
    // The status's long line wraps in its column, and the day's hours stay on its first line.
    expect(rowOf(priya, addDays(previous.startsOn, 10))).toMatch(/ 7:45 AM–8:45 AM · 1\.00 · En Route: Driving from the 3\.50$/);
    const lines = priya.split('\n').map((l) => l.trim());
    const next = lines.indexOf('Lakewood store to the supply house for a compressor,');
    expect(next).toBeGreaterThan(0);
    expect(lines.slice(next + 1, next + 3)).toEqual(['then back to the store', '9:00 AM–11:30 AM · 2.50 · Work order TS-1001']);
  });

  it("prints one employee's pay week: only that week's days, and the week's totals", async () => {
    const second = addDays(previous.startsOn, 7);
    let res = await weekly('tech', addDays(previous.startsOn, 9));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="timesheet-tom-alvarez-${second}.pdf"; filename*=UTF-8''timesheet-tom-alvarez-${second}.pdf`);
    let pages = pagesOf(res.rawPayload);
    expect(pages).toHaveLength(1);
    for (let d = 7; d < 14; d++) expect(rowOf(pages[0], addDays(previous.startsOn, d)), `day ${d}`).toBeDefined();
    for (let d = 0; d < 7; d++) expect(rowOf(pages[0], addDays(previous.startsOn, d)), `day ${d}`).toBeUndefined();
    expect(pages[0]).toContain(`Week 2 of pay period ${previous.index} of ${previous.year}`);
    expect(lineWith(pages[0], 'As built')).toBe('Total As built · worked 12.50 11.00 1.50 0.00 1 day');
    // The six calls of one day each take a line of the day's row.
    const calls = pages[0].split('\n').filter((l) => /\d{1,2}:00 [AP]M–\d{1,2}:30 [AP]M · 0\.50 · Work order TS-1001/.test(l));
    expect(calls).toHaveLength(6);
    expect(pages[0]).toContain('APPROVAL OF THE PAY PERIOD');

    res = await weekly('tech', previous.startsOn, 'leader');
    expect(res.statusCode).toBe(200);
    pages = pagesOf(res.rawPayload);
    expect(lineWith(pages[0], 'As built')).toBe('Total As built · worked 45.00 40.00 5.00 0.00 0 days');
    expect(rowOf(pages[0], second)).toBeUndefined();
  });

  it('prints hours changed since their approval, then a locked period with its adjustments and the totals with them', async () => {
    const approve = async () => expect((await t.call('POST', '/api/v1/Payroll/timesheetApprovals', 'payroll', { userId: ids.tech2, startsOn: previous.startsOn })).statusCode).toBe(200);
    await approve();
    const pto = await t.call('POST', '/api/v1/Payroll/ptoEntries', 'payroll', { userId: ids.tech2, workDate: addDays(previous.startsOn, 11), hours: 8, reason: 'Dentist' });
    expect(pto.statusCode, pto.body).toBe(200);
    const changed = pagesOf((await printAll()).rawPayload).find((p) => p.includes('Employee: Priya Natarajan'))!;
    expect(lineWith(changed, 'Changed since approved')).toMatch(/^Changed since approved: Grace Kim approved other hours on .*; these hours need a new approval\.$/);
    expect(rowOf(changed, addDays(previous.startsOn, 11))).toBe(`${dayText(addDays(previous.startsOn, 11))} 8.00 · Time off: Dentist 8.00`);
    expect(lineWith(changed, 'As built')).toBe('Total As built · worked 3.50 3.50 0.00 8.00 0 days');
    // The approver's name is left for a new signature.
    expect(lineWith(changed, 'Employee: Priya Natarajan')).toMatch(/Approved by Date$/);
    await approve();
    expect((await t.call('POST', '/api/v1/Payroll/payPeriodLocks', 'payroll', { startsOn: previous.startsOn })).statusCode).toBe(200);
    const reason = 'Clocked out late from the truck; confirmed with the store.';
    const adjusted = await t.call('POST', '/api/v1/Payroll/timesheetAdjustments', 'payroll', { userId: ids.tech, workDate: addDays(previous.startsOn, 9), overtimeHours: 1.5, reason });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const pages = pagesOf((await printAll()).rawPayload);
    const tom = pages.find((p) => p.includes('Employee: Tom Alvarez'))!;
    expect(lineWith(tom, 'Locked by Grace Kim')).toBeDefined();
    expect(lineWith(tom, `${previous.index} of ${previous.year} · Bi-Weekly`)).toMatch(/ on \w{3}, \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
    expect(lineWith(tom, 'Clocked out late')).toMatch(new RegExp(`^${dayText(addDays(previous.startsOn, 9))} Clocked out late .* 1\\.50 Grace Kim$`));
    expect(lineWith(tom, 'As built')).toBe('Total As built · worked 57.50 51.00 6.50 0.00 1 day');
    expect(lineWith(tom, 'With adjustments')).toBe('Total With adjustments · worked 59.00 51.00 8.00 0.00');

    // The week of the adjustment carries it; the other week does not.
    const second = pagesOf((await weekly('tech', addDays(previous.startsOn, 13))).rawPayload)[0];
    expect(lineWith(second, 'With adjustments')).toBe('Total With adjustments · worked 14.00 11.00 3.00 0.00');
    const first = pagesOf((await weekly('tech', addDays(previous.startsOn, 6))).rawPayload)[0];
    expect(first).toContain('No adjustments.');
    expect(lineWith(first, 'With adjustments')).toBe('Total With adjustments · worked 45.00 40.00 5.00 0.00');
  });

  it("prints the week of today when no date is given, with time still open counted up to now", async () => {
    // A minute ago, or today's midnight when it passed since: the week before may be locked already.
    const midnight = parseZonedIso(wallClockOf(new Date(), polar.timeZone).toISOString().slice(0, 10), polar.timeZone)!;
    const startedAt = new Date(Math.max(Date.now() - 60_000, midnight.getTime()));
    await t.db.insert(workOrderLabor).values({ subscriberId: polar.id, workOrderId: fixture.workOrder.id, userId: ids.tech2, startedAt });
    const res = await t.call('GET', `/api/v1/Payroll/timesheets/${ids.tech2}/weeklyPrint`, 'tech2');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [page] = pagesOf(res.rawPayload);
    expect(page).toContain('Still clocked in');
    expect(page).toMatch(/\d{1,2}:\d{2} [AP]M–now · \d+\.\d{2} · Work order TS-1001/);
    expect(lineWith(page, 'As built')).toMatch(/^Total As built · worked 0\.0[0-5] 0\.0[0-5] 0\.00 0\.00 0 days$/);
    expect(page).toContain('Not locked');
  });

  it("lets an employee print their own week only, Main Timesheet everyone's, within the company; a bad date is refused", async () => {
    expect((await weekly('tech2', previous.startsOn, 'tech')).statusCode).toBe(403);
    // "print" is not read as an employee's id: the route of its own answers, and refuses the technician.
    expect((await printAll('tech')).statusCode).toBe(403);
    expect((await printAll('leader')).statusCode).toBe(200);
    expect((await weekly('tech', previous.startsOn, 'coastal.admin')).statusCode).toBe(404);
    for (const res of [await printAll('payroll', '2026-02-30'), await weekly('tech', '2026-02-30')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Date is not a real date.');
    }
  });
});
