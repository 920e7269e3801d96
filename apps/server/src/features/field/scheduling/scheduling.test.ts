import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const id: Record<string, number> = {};
let techWorkOrders: { workOrderId: number; workOrderNumber: string; customerName: string }[];
let coastalWorkOrderId: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select({ id: users.id, userName: users.userName }).from(users)) id[u.userName] = u.id;
  techWorkOrders = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 10 })).json().data;
  coastalWorkOrderId = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'coastal.tech', { take: 1 })).json().data[0].workOrderId;
});
afterAll(() => t.close());

type Item = Record<string, unknown> & { id: number; start: string; end: string; technicianId: number | null };
const items = async (as: string, start: string, end: string, technicianId?: number) => {
  const res = await t.call('GET', `/api/v1/Scheduler/items?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}${technicianId ? `&technicianId=${technicianId}` : ''}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Item[];
};
const save = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/Scheduler/save', as, body);
const saved = async (as: string, body: Record<string, unknown>) => {
  const res = await save(as, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().schedulerId as number;
};
const history = async (as: string, schedulerId: number) => (await t.call('GET', `/api/v1/Scheduler/${schedulerId}/history`, as)).json();
const startsOf = (list: Item[], schedulerId: number) => list.filter((i) => i.id === schedulerId).map((i) => i.start);
const weekly = (more: Record<string, unknown> = {}) => ({ schedulerId: 0, task: 'Weekly rack inspection', technicianId: id.tech, start: '2026-03-02T09:00:00', durationHours: 1, recurrenceRule: 'RRULE:FREQ=WEEKLY;BYDAY=MO', ...more });

describe('reading the schedule', () => {
  it('shows the demo week: a technician their own items, a dispatcher anyone\'s, each company its own', async () => {
    const from = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const mine = await items('tech', from, to);
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect(new Set(mine.map((i) => i.technicianId))).toEqual(new Set([id.tech]));
    expect(mine.some((i) => i.recurrenceRule === 'FREQ=WEEKLY;BYDAY=MO')).toBe(true);
    expect(mine.some((i) => i.isAppointment)).toBe(true);
    expect(mine.find((i) => i.workOrderId)).toMatchObject({ workOrderNumber: expect.any(String), workOrderCustomer: expect.any(String), technician: { id: id.tech, name: 'Tom Alvarez' }, isShowStartStop: true });
    const theirs = await items('dispatcher', from, to, id.tech2);
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(theirs.map((i) => i.technicianId))).toEqual(new Set([id.tech2]));
    expect(theirs.every((i) => i.isShowStartStop === false)).toBe(true);
    const coastal = await items('coastal.admin', from, to);
    expect(coastal.map((i) => i.technicianId)).toEqual([id['coastal.tech']]);
    expect(coastal[0].startTimezone).toBe('America/New_York');
  });

  it('refuses another technician\'s schedule to a technician, and too long a range, with sentences', async () => {
    const res = await t.call('GET', `/api/v1/Scheduler/items?start=2026-03-01&end=2026-03-08&technicianId=${id.tech2}`, 'tech');
    expect(res.statusCode).toBe(403);
    expect(res.json().title).toBe('You can only see your own schedule.');
    const long = await t.call('GET', '/api/v1/Scheduler/items?start=2026-03-01&end=2026-05-03', 'dispatcher');
    expect(long.statusCode).toBe(400);
    expect(long.json().title).toBe('The schedule can be read at most 62 days at a time.');
    const backwards = await t.call('GET', '/api/v1/Scheduler/items?start=2026-03-08&end=2026-03-01', 'dispatcher');
    expect(backwards.json().title).toBe('End must be after start.');
    const missing = await t.call('GET', '/api/v1/Scheduler/items?end=2026-03-01', 'dispatcher');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().title).toBe('Start field is required!');
    expect((await t.call('GET', '/api/v1/Scheduler/items?start=2026-02-28&end=2026-05-01', 'dispatcher')).statusCode).toBe(200);
  });

  it('narrows to one work order, reads bare bounds in the time zone the calendar names, and hides other companies\' ids', async () => {
    const wo = techWorkOrders[4];
    const schedulerId = await saved('dispatcher', { schedulerId: 0, workOrderId: wo.workOrderId, technicianId: id.tech, start: '2026-05-04T23:30:00', durationHours: 0.25 });
    const ofWorkOrder = async (timeZone?: string) => {
      const res = await t.call('GET', `/api/v1/Scheduler/items?start=2026-05-05&end=2026-05-06&workOrderId=${wo.workOrderId}${timeZone ? `&timeZone=${timeZone}` : ''}`, 'dispatcher');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((i: Item) => [i.id, i.workOrderId]);
    };
    // 23:30-23:45 on 4 May in Chicago is 05:30-05:45 on 5 May in London: only a London calendar's 5 May holds it.
    expect(await ofWorkOrder()).toEqual([]);
    expect(await ofWorkOrder('Europe/London')).toEqual([[schedulerId, wo.workOrderId]]);
    const badZone = await t.call('GET', '/api/v1/Scheduler/items?start=2026-05-05&end=2026-05-06&timeZone=Nowhere/Else', 'dispatcher');
    expect([badZone.statusCode, badZone.json().title]).toEqual([400, 'Time zone "Nowhere/Else" is not known; use an IANA name like America/Chicago.']);
    const foreignWo = await t.call('GET', `/api/v1/Scheduler/items?start=2026-05-05&end=2026-05-06&workOrderId=${coastalWorkOrderId}`, 'dispatcher');
    expect([foreignWo.statusCode, foreignWo.json().title]).toEqual([404, 'Work order was not found.']);
    const foreignTech = await t.call('GET', `/api/v1/Scheduler/items?start=2026-05-05&end=2026-05-06&technicianId=${id['coastal.tech']}`, 'dispatcher');
    expect([foreignTech.statusCode, foreignTech.json().title]).toEqual([404, 'Technician was not found.']);
  });

  it('expands a series into occurrences with their own start and end and the series\' id, at 09:00 Chicago across the clock change', async () => {
    const schedulerId = await saved('dispatcher', weekly());
    const list = (await items('dispatcher', '2026-03-01', '2026-03-22', id.tech)).filter((i) => i.id === schedulerId);
    expect(list.map((i) => [i.start, i.end])).toEqual([
      ['2026-03-02T15:00:00.000Z', '2026-03-02T16:00:00.000Z'],
      ['2026-03-09T14:00:00.000Z', '2026-03-09T15:00:00.000Z'],
      ['2026-03-16T14:00:00.000Z', '2026-03-16T15:00:00.000Z'],
    ]);
    expect(list[0]).toMatchObject({ schedulerId, recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO', recurrenceId: null, startTimezone: 'America/Chicago', durationHours: 1, colorClass: 'blue' });
  });
});

describe('saving', () => {
  it('creates an item on a work order, updates it, and keeps both in its history', async () => {
    const wo = techWorkOrders[0];
    const schedulerId = await saved('dispatcher', { schedulerId: 0, workOrderId: wo.workOrderId, technicianId: id.tech, start: '2026-04-06T08:00:00-05:00', durationHours: 2, colorClass: 'green' });
    const [created] = (await items('tech', '2026-04-05', '2026-04-12')).filter((i) => i.id === schedulerId);
    expect(created).toMatchObject({ start: '2026-04-06T13:00:00.000Z', end: '2026-04-06T15:00:00.000Z', task: null, workOrderNumber: wo.workOrderNumber, workOrderCustomer: wo.customerName, colorClass: 'green', createdBy: 'Dana Whitfield' });
    expect(await saved('dispatcher', { schedulerId, workOrderId: wo.workOrderId, technicianId: id.tech, task: 'Bring the leak detector', start: '2026-04-06T08:00:00', durationHours: 3 })).toBe(schedulerId);
    const [updated] = (await items('tech', '2026-04-05', '2026-04-12')).filter((i) => i.id === schedulerId);
    expect(updated).toMatchObject({ start: '2026-04-06T13:00:00.000Z', end: '2026-04-06T16:00:00.000Z', task: 'Bring the leak detector', colorClass: 'green' });
    const entries = await history('tech', schedulerId);
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({ changedBy: 'Dana Whitfield', before: { durationHours: 2, task: null }, after: { durationHours: 3, task: 'Bring the leak detector' }, reason: null });
  });

  it('edits one occurrence: it becomes an item of its own and the series skips that date', async () => {
    const series = await saved('dispatcher', weekly({ task: 'Occurrence test' }));
    const occurrence = await saved('dispatcher', { schedulerId: 0, recurrenceId: series, occurrenceStart: '2026-03-09T14:00:00Z', task: 'Occurrence test, moved to Tuesday', technicianId: id.tech, start: '2026-03-10T11:00:00', durationHours: 1 });
    const list = await items('dispatcher', '2026-03-01', '2026-03-22', id.tech);
    expect(startsOf(list, series)).toEqual(['2026-03-02T15:00:00.000Z', '2026-03-16T14:00:00.000Z']);
    expect(list.find((i) => i.id === occurrence)).toMatchObject({ start: '2026-03-10T16:00:00.000Z', recurrenceId: series, occurrenceStart: '2026-03-09T14:00:00.000Z', recurrenceRule: null });
    expect(list.find((i) => i.id === series)?.recurrenceException).toEqual(['2026-03-09T14:00:00.000Z']);
    const again = await save('dispatcher', { schedulerId: 0, recurrenceId: series, occurrenceStart: '2026-03-09T14:00:00Z', task: 'Twice', start: '2026-03-11T09:00:00' });
    expect([again.statusCode, again.json().title]).toEqual([409, 'That occurrence was already changed or removed.']);
    const notOne = await save('dispatcher', { schedulerId: 0, recurrenceId: series, occurrenceStart: '2026-03-10T14:00:00Z', task: 'No', start: '2026-03-11T09:00:00' });
    expect([notOne.statusCode, notOne.json().title]).toEqual([400, 'The series has no occurrence starting at that time.']);
    expect((await history('dispatcher', series)).map((e: { action: string }) => e.action)).toEqual(['create', 'edit-occurrence']);

    // Changing when the series happens starts it over: the edited occurrence and the exception go.
    await saved('dispatcher', weekly({ schedulerId: series, task: 'Occurrence test', start: '2026-03-03T09:00:00', recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU' }));
    const after = await items('dispatcher', '2026-03-01', '2026-03-22', id.tech);
    expect(startsOf(after, series)).toEqual(['2026-03-03T15:00:00.000Z', '2026-03-10T14:00:00.000Z', '2026-03-17T14:00:00.000Z']);
    expect(after.some((i) => i.id === occurrence)).toBe(false);
  });

  it('refuses a form a person can fix, with a sentence, and writes nothing', async () => {
    const before = await dbFingerprint(t.db);
    const refused = async (body: Record<string, unknown>) => {
      const res = await save('dispatcher', { schedulerId: 0, task: 'x', start: '2026-03-02T09:00:00', ...body });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      return res.json().title;
    };
    expect(await refused({ task: '  ' })).toBe('Task field is required!');
    expect(await refused({ durationHours: 0 })).toBe('Duration must be at least one minute.');
    expect(await refused({ durationHours: 25 })).toBe('Duration must be at most 24 hours.');
    expect(await refused({ recurrenceRule: 'FREQ=HOURLY' })).toBe('The repeat rule must repeat daily, weekly, monthly or yearly.');
    expect(await refused({ recurrenceRule: 'FREQ=WEEKLY;UNTIL=20260101' })).toBe('The repeat rule ends before its first occurrence.');
    expect(await refused({ endTimezone: 'Mars/Olympus' })).toBe('Time zone "Mars/Olympus" is not known; use an IANA name like America/Chicago.');
    expect(await refused({ start: '2026-02-30T09:00:00' })).toBe('Start is not a valid date and time.');
    expect(await refused({ start: '2099-01-01T09:00:00Z' })).toBe('Start must be within 20 years of today.');
    expect(await refused({ schedulerId: 0, recurrenceId: 999999, occurrenceStart: '2026-03-02T15:00:00Z' })).toBe('Schedule item was not found.');
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});

describe('appointments', () => {
  it('moves an appointment only with a reason, which the history keeps with the times before and after', async () => {
    const schedulerId = await saved('dispatcher', { schedulerId: 0, workOrderId: techWorkOrders[1].workOrderId, technicianId: id.tech, start: '2026-04-07T09:00:00', durationHours: 2, isAppointment: true });
    const before = await dbFingerprint(t.db);
    const noReason = await t.call('PUT', '/api/v1/Scheduler/appointment', 'dispatcher', { schedulerId, start: '2026-04-08T10:00:00', durationHours: 2 });
    expect([noReason.statusCode, noReason.json().title]).toEqual([400, 'Reason is required.']);
    const blank = await t.call('PUT', '/api/v1/Scheduler/appointment', 'dispatcher', { schedulerId, start: '2026-04-08T10:00:00', durationHours: 2, appointmentChangedReason: '   ' });
    expect([blank.statusCode, blank.json().title]).toEqual([400, 'Reason is required.']);
    const bySave = await save('dispatcher', { schedulerId, workOrderId: techWorkOrders[1].workOrderId, technicianId: id.tech, start: '2026-04-08T10:00:00', durationHours: 2, isAppointment: true });
    expect([bySave.statusCode, bySave.json().title]).toEqual([400, 'Reason is required.']);
    expect(await dbFingerprint(t.db)).toBe(before);

    const moved = await t.call('PUT', '/api/v1/Scheduler/appointment', 'dispatcher', { schedulerId, start: '2026-04-08T10:00:00', durationHours: 1.5, appointmentChangedReason: 'Customer asked for Wednesday' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [item] = (await items('tech', '2026-04-05', '2026-04-12')).filter((i) => i.id === schedulerId);
    expect([item.start, item.end]).toEqual(['2026-04-08T15:00:00.000Z', '2026-04-08T16:30:00.000Z']);
    const last = (await history('dispatcher', schedulerId)).at(-1);
    expect(last).toMatchObject({
      action: 'move', reason: 'Customer asked for Wednesday', changedBy: 'Dana Whitfield',
      before: { start: '2026-04-07T14:00:00.000Z', durationHours: 2 }, after: { start: '2026-04-08T15:00:00.000Z', durationHours: 1.5 },
    });
  });

  it('deletes: an appointment only with a reason; a deleted item leaves the schedule, its history stays', async () => {
    const schedulerId = await saved('dispatcher', { schedulerId: 0, task: 'Meet the store manager', technicianId: id.tech2, start: '2026-04-09T09:00:00', isAppointment: true });
    const refused = await t.call('DELETE', `/api/v1/Scheduler/${schedulerId}`, 'dispatcher');
    expect([refused.statusCode, refused.json().title]).toEqual([400, 'Reason is required.']);
    expect(startsOf(await items('tech2', '2026-04-05', '2026-04-12'), schedulerId)).toHaveLength(1);
    const deleted = await t.call('DELETE', `/api/v1/Scheduler/${schedulerId}?appointmentChangedReason=${encodeURIComponent('Store closed for remodel')}`, 'dispatcher');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(startsOf(await items('tech2', '2026-04-05', '2026-04-12'), schedulerId)).toEqual([]);
    expect((await history('tech2', schedulerId)).at(-1)).toMatchObject({ action: 'delete', reason: 'Store closed for remodel', after: { isDeleted: true } });
    expect((await t.call('DELETE', `/api/v1/Scheduler/${schedulerId}?appointmentChangedReason=again`, 'dispatcher')).statusCode).toBe(404);
  });

  it('removes one occurrence of a series and leaves the others', async () => {
    const series = await saved('leader', weekly({ task: 'Delete one' }));
    const res = await t.call('DELETE', `/api/v1/Scheduler/${series}?occurrenceStart=2026-03-09T09:00:00`, 'leader');
    expect(res.statusCode, res.body).toBe(200);
    expect(startsOf(await items('leader', '2026-03-01', '2026-03-22', id.tech), series)).toEqual(['2026-03-02T15:00:00.000Z', '2026-03-16T14:00:00.000Z']);
    expect((await history('leader', series)).at(-1)).toMatchObject({ action: 'delete-occurrence', after: { recurrenceException: ['2026-03-09T14:00:00.000Z'] } });
  });
});

describe('tenancy and permissions', () => {
  it('answers 404 for another company\'s items, work orders and technicians, and changes nothing', async () => {
    const polarItem = await saved('dispatcher', { schedulerId: 0, task: 'Polar only', technicianId: id.tech, start: '2026-04-10T09:00:00', isAppointment: true });
    const before = await dbFingerprint(t.db);
    const calls = [
      await t.call('GET', `/api/v1/Scheduler/${polarItem}/history`, 'coastal.admin'),
      await save('coastal.admin', { schedulerId: polarItem, task: 'Taken over', start: '2026-04-10T09:00:00', appointmentChangedReason: 'x' }),
      await save('coastal.admin', { schedulerId: 0, recurrenceId: polarItem, occurrenceStart: '2026-04-10T14:00:00Z', task: 'x', start: '2026-04-10T09:00:00' }),
      await t.call('PUT', '/api/v1/Scheduler/appointment', 'coastal.admin', { schedulerId: polarItem, start: '2026-04-11T09:00:00', durationHours: 1, appointmentChangedReason: 'x' }),
      await t.call('DELETE', `/api/v1/Scheduler/${polarItem}?appointmentChangedReason=x`, 'coastal.admin'),
      await save('coastal.admin', { schedulerId: 0, task: 'x', workOrderId: techWorkOrders[0].workOrderId, start: '2026-04-10T09:00:00' }),
      await save('coastal.admin', { schedulerId: 0, task: 'x', technicianId: id.tech, start: '2026-04-10T09:00:00' }),
      await save('dispatcher', { schedulerId: 0, task: 'x', workOrderId: coastalWorkOrderId, start: '2026-04-10T09:00:00' }),
      await save('dispatcher', { schedulerId: 0, task: 'x', technicianId: id['coastal.tech'], start: '2026-04-10T09:00:00' }),
    ];
    expect(calls.map((c) => c.statusCode)).toEqual(Array(calls.length).fill(404));
    expect(calls.map((c) => c.json().title)).toContain('Schedule item was not found.');
    expect(await dbFingerprint(t.db)).toBe(before);
    expect((await items('coastal.admin', '2026-04-05', '2026-04-12')).some((i) => i.id === polarItem)).toBe(false);
  });

  it('keeps a technician to their own items: another\'s are not found, and writing is refused', async () => {
    const techItem = await saved('dispatcher', { schedulerId: 0, task: 'Tom only', technicianId: id.tech, start: '2026-04-10T13:00:00' });
    expect((await t.call('GET', `/api/v1/Scheduler/${techItem}/history`, 'tech2')).statusCode).toBe(404);
    expect((await items('tech2', '2026-04-05', '2026-04-12')).some((i) => i.id === techItem)).toBe(false);
    expect((await items('tech', '2026-04-05', '2026-04-12')).some((i) => i.id === techItem)).toBe(true);
    expect((await save('tech', { schedulerId: techItem, task: 'Mine now', technicianId: id.tech, start: '2026-04-10T13:00:00' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Scheduler/items?start=2026-04-05&end=2026-04-12', 'sales')).statusCode).toBe(403);
  });

  it('shows open labor: started for the technician on site, open labor mine only to them', async () => {
    const [wo] = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech2', { take: 1 })).json().data;
    const now = new Date();
    const schedulerId = await saved('dispatcher', { schedulerId: 0, workOrderId: wo.workOrderId, technicianId: id.tech2, start: now.toISOString(), durationHours: 1 });
    const clockIn = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', { workOrderId: wo.workOrderId, schedulerId, startTime: new Date(now.getTime() - 30 * 60_000).toISOString() });
    expect(clockIn.statusCode, clockIn.body).toBe(200);
    const range = [new Date(now.getTime() - 86_400_000).toISOString(), new Date(now.getTime() + 86_400_000).toISOString()] as const;
    const asTech = (await items('tech2', ...range)).find((i) => i.id === schedulerId);
    expect(asTech).toMatchObject({ isStarted: true, anyOpenLabor: true, isOpenLaborMine: true, anyEnrouteLaborMine: false, isShowStartStop: true });
    expect(asTech!.totalHours).toBeCloseTo(0.5, 1);
    const asDispatcher = (await items('dispatcher', ...range)).find((i) => i.id === schedulerId);
    expect(asDispatcher).toMatchObject({ isStarted: true, anyOpenLabor: true, isOpenLaborMine: false, isShowStartStop: false });
  });
});
