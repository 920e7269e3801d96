import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';

// RFC 5545 series through the API: what is stored, and what the calendar answers. The demo company is in Chicago.
let t: TestApp;
let techId: number;
beforeAll(async () => {
  t = await createTestApp();
  techId = (await t.db.select({ id: users.id, userName: users.userName }).from(users)).find((u) => u.userName === 'tech')!.id;
});
afterAll(() => t.close());

type Item = { id: number; start: string; recurrenceRule: string | null; recurrenceException: string[] };
const save = (body: Record<string, unknown>) => t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { schedulerId: 0, task: 'Coil cleaning', technicianId: techId, durationHours: 1, ...body });
const saved = async (body: Record<string, unknown>) => {
  const res = await save(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().schedulerId as number;
};
const occurrences = async (schedulerId: number, start: string, end: string) => {
  const res = await t.call('GET', `/api/v1/Scheduler/items?start=${start}&end=${end}&technicianId=${techId}`, 'dispatcher');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Item[]).filter((i) => i.id === schedulerId);
};
const startsOf = async (schedulerId: number, start: string, end: string) => (await occurrences(schedulerId, start, end)).map((i) => i.start);

describe('series saved through the API', () => {
  it('stores each rule class the editor can show, in its own words, and expands it', async () => {
    const cases: [string, string, string][] = [
      ['2026-01-31T09:00:00', 'FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
      ['2026-01-30T09:00:00', 'RRULE:FREQ=MONTHLY;BYDAY=5FR', 'FREQ=MONTHLY;BYDAY=5FR'],
      ['2026-01-30T09:00:00', 'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'],
      ['2026-01-01T09:00:00', 'FREQ=MONTHLY;BYMONTHDAY=15,1', 'FREQ=MONTHLY;BYMONTHDAY=1,15'],
      ['2026-03-10T09:00:00', 'FREQ=YEARLY;BYMONTH=9,3;BYDAY=2TU', 'FREQ=YEARLY;BYMONTH=3,9;BYDAY=2TU'],
      ['2026-01-06T09:00:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=MO'],
    ];
    for (const [start, rule, stored] of cases) {
      const end = new Date(Date.parse(`${start.slice(0, 10)}T00:00:00Z`) + 40 * 86_400_000).toISOString().slice(0, 10);
      const list = await occurrences(await saved({ start, recurrenceRule: rule }), start.slice(0, 10), end);
      expect(list[0]?.recurrenceRule, rule).toBe(stored);
    }
    // The fifth Friday: 30 January only, until 29 May.
    const fifth = await saved({ start: '2026-01-30T09:00:00', recurrenceRule: 'FREQ=MONTHLY;BYDAY=5FR' });
    expect(await startsOf(fifth, '2026-01-01', '2026-03-01')).toEqual(['2026-01-30T15:00:00.000Z']);
    // Every 2 weeks from Tue 6 January, weeks starting Monday: Tue 6, Sun 11, Tue 20, Sun 25 January.
    const fortnightly = await saved({ start: '2026-01-06T09:00:00', recurrenceRule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU' });
    expect(await startsOf(fortnightly, '2026-01-01', '2026-01-31')).toEqual(['2026-01-06T15:00:00.000Z', '2026-01-11T15:00:00.000Z', '2026-01-20T15:00:00.000Z', '2026-01-25T15:00:00.000Z']);
  });

  it('keeps UNTIL to the second, stored as the UTC instant of the series\' zone', async () => {
    const local = await saved({ start: '2026-04-06T09:00:00', recurrenceRule: 'FREQ=DAILY;UNTIL=20260408T085959' });
    const list = await occurrences(local, '2026-04-01', '2026-04-30');
    expect(list.map((i) => i.start)).toEqual(['2026-04-06T14:00:00.000Z', '2026-04-07T14:00:00.000Z']);
    expect(list[0].recurrenceRule).toBe('FREQ=DAILY;UNTIL=20260408T135959Z');
    const utc = await saved({ start: '2026-04-06T09:00:00', recurrenceRule: 'FREQ=DAILY;UNTIL=20260408T140000Z' });
    expect(await startsOf(utc, '2026-04-01', '2026-04-30')).toEqual(['2026-04-06T14:00:00.000Z', '2026-04-07T14:00:00.000Z', '2026-04-08T14:00:00.000Z']);
  });

  it('keeps a first start of 02:30 on the day the clocks skip it: later days are at 02:30 again, also after saving what the calendar shows', async () => {
    const schedulerId = await saved({ start: '2026-03-08T02:30:00', recurrenceRule: 'FREQ=DAILY;COUNT=3' });
    const expected = ['2026-03-08T08:30:00.000Z', '2026-03-09T07:30:00.000Z', '2026-03-10T07:30:00.000Z'];
    expect(await startsOf(schedulerId, '2026-03-07', '2026-03-12')).toEqual(expected);
    // The calendar shows the first occurrence at 03:30; saving that start back names the same instant.
    await saved({ schedulerId, start: '2026-03-08T03:30:00', recurrenceRule: 'FREQ=DAILY;COUNT=3' });
    expect(await startsOf(schedulerId, '2026-03-07', '2026-03-12')).toEqual(expected);
    // Moving the series to 04:00 makes every day 04:00.
    const moved = await t.call('PUT', '/api/v1/Scheduler/appointment', 'dispatcher', { schedulerId, start: '2026-03-08T04:00:00', durationHours: 1, appointmentChangedReason: 'Later' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await startsOf(schedulerId, '2026-03-07', '2026-03-12')).toEqual(['2026-03-08T09:00:00.000Z', '2026-03-09T09:00:00.000Z', '2026-03-10T09:00:00.000Z']);
  });

  it('takes EXDATE dates out of the series, on creation and on a later save, and answers them as exceptions', async () => {
    const schedulerId = await saved({ start: '2026-03-02T09:00:00', recurrenceRule: 'RRULE:FREQ=WEEKLY;BYDAY=MO\nEXDATE;TZID=America/Chicago:20260316T090000' });
    expect(await startsOf(schedulerId, '2026-03-01', '2026-03-31')).toEqual(['2026-03-02T15:00:00.000Z', '2026-03-09T14:00:00.000Z', '2026-03-23T14:00:00.000Z', '2026-03-30T14:00:00.000Z']);
    await saved({ schedulerId, start: '2026-03-02T09:00:00', recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO\nEXDATE;VALUE=DATE:20260323' });
    const list = await occurrences(schedulerId, '2026-03-01', '2026-03-31');
    expect(list.map((i) => i.start)).toEqual(['2026-03-02T15:00:00.000Z', '2026-03-09T14:00:00.000Z', '2026-03-30T14:00:00.000Z']);
    expect(list[0]).toMatchObject({ recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO', recurrenceException: ['2026-03-16T14:00:00.000Z', '2026-03-23T14:00:00.000Z'] });
  });

  it('refuses a rule or EXDATE it cannot keep, with a sentence, and writes nothing', async () => {
    const before = await dbFingerprint(t.db);
    const refused = async (recurrenceRule: string) => {
      const res = await save({ start: '2026-03-02T09:00:00', recurrenceRule });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().title;
    };
    expect(await refused('FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260317T090000')).toBe('EXDATE 20260317T090000 is not an occurrence of the series.');
    expect(await refused('DTSTART:20260302T090000\nRRULE:FREQ=WEEKLY')).toBe('The first start is the start field; leave DTSTART out of the repeat rule.');
    expect(await refused('FREQ=MONTHLY;BYDAY=MO,TU')).toBe('A repeat on weekdays of the month needs their week, like BYDAY=-1FR or BYDAY=MO,TU;BYSETPOS=1.');
    expect(await refused('FREQ=MONTHLY;BYMONTHDAY=-2')).toBe('Day of month must be 1 to 31, or -1 for the last day.');
    expect(await refused('FREQ=DAILY;UNTIL=20260302T085959')).toBe('The repeat rule ends before its first occurrence.');
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});
