import { eq } from 'drizzle-orm';
import { deleteSalesTaskQuery, moveSalesTaskBody, ROLE, salesCustomersQuery, salesTaskRangeQuery, saveSalesTaskBody, scheduleItemParams } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, scheduleItems, userRoles, users } from '../../../db/schema';
import { bodyCases, paramCases, queryCases, type BadCase } from '../../../test/bad-input-cases';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, seededAt, type TestApp } from '../../../test/test-app';

let t: TestApp;
const id: Record<string, number> = {};
const customer: Record<string, number> = {};
let coastalCustomerId: number;

/** Adds a user of the demo company with one role, signing in with the demo password. */
async function addUser(userName: string, name: string, roleId: number) {
  const [sales] = await t.db.select().from(users).where(eq(users.userName, 'sales'));
  const [row] = await t.db
    .insert(users)
    .values({ subscriberId: sales.subscriberId, userName, name, email: `${userName}@polar.example`, passwordHash: sales.passwordHash, userStatusId: 10 })
    .returning({ id: users.id });
  await t.db.insert(userRoles).values({ subscriberId: sales.subscriberId, userId: row.id, roleId });
  id[userName] = row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select({ id: users.id, userName: users.userName }).from(users)) id[u.userName] = u.id;
  await addUser('sales2', 'Nora Blake', ROLE['Sales Person']);
  await addUser('salesmanager', 'Owen Price', ROLE['Sales Manager']);
  const [coastalUser] = await t.db.select().from(users).where(eq(users.userName, 'coastal.tech'));
  for (const c of await t.db.select().from(customers)) {
    if (c.subscriberId === coastalUser.subscriberId) coastalCustomerId = c.id;
    else customer[c.name] = c.id;
  }
});
afterAll(() => t.close());

type Task = Record<string, unknown> & { id: number; start: string; end: string; title: string; salesPersonId: number; recurrenceId: number | null };
const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString();
const tasks = async (as: string, start: string, end: string, more: Record<string, number> = {}) => {
  const res = await t.call('GET', `/api/v1/SalesScheduler/items?${q({ start, end, ...more })}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Task[];
};
const save = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/SalesScheduler/save', as, body);
const saved = async (as: string, body: Record<string, unknown>) => {
  const res = await save(as, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().schedulerId as number;
};
const startsOf = (list: Task[], schedulerId: number) => list.filter((i) => i.id === schedulerId).map((i) => i.start);
const weeklyCall = (more: Record<string, unknown> = {}) => ({
  title: 'Weekly buyer call',
  customerId: customer['Uptown Steakhouse'],
  start: '2026-03-03T10:00:00',
  durationHours: 0.5,
  recurrenceRule: 'RRULE:FREQ=WEEKLY;BYDAY=TU',
  ...more,
});

describe('reading the sales calendar', () => {
  it('shows the demo week: a sales person their own tasks with the weekly call, a manager everyone\'s, each company its own', async () => {
    // Around the seed: its week holds the demo's tasks, and the week after the weekly call's second time.
    const seeded = seededAt().getTime();
    const from = new Date(seeded - 8 * 86_400_000).toISOString();
    const to = new Date(seeded + 15 * 86_400_000).toISOString();
    const mine = await tasks('sales', from, to);
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(new Set(mine.map((i) => i.salesPersonId))).toEqual(new Set([id.sales]));
    const weekly = mine.filter((i) => i.recurrenceRule === 'FREQ=WEEKLY;BYDAY=TU');
    expect(weekly.length).toBeGreaterThanOrEqual(2);
    expect(weekly[0]).toMatchObject({ title: 'Weekly call with the FreshMart facilities buyer', customerName: 'FreshMart Grocers Inc.', salesPerson: { id: id.sales, name: 'Ben Carter' } });
    expect((await tasks('salesmanager', from, to)).length).toBe(mine.length);
    expect(await tasks('sales2', from, to)).toEqual([]);
    expect(await tasks('coastal.admin', from, to)).toEqual([]);
  });

  it('expands a series into occurrences at 10:00 Chicago across the clock change, each with the series\' id', async () => {
    const series = await saved('sales', weeklyCall());
    const list = (await tasks('sales', '2026-03-01', '2026-03-22')).filter((i) => i.id === series);
    expect(list.map((i) => [i.start, i.end])).toEqual([
      ['2026-03-03T16:00:00.000Z', '2026-03-03T16:30:00.000Z'],
      ['2026-03-10T15:00:00.000Z', '2026-03-10T15:30:00.000Z'],
      ['2026-03-17T15:00:00.000Z', '2026-03-17T15:30:00.000Z'],
    ]);
    expect(list[0]).toMatchObject({ schedulerId: series, recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU', seriesStart: '2026-03-03T16:00:00.000Z', color: 'blue', createdBy: 'Ben Carter', customer: { id: customer['Uptown Steakhouse'], name: 'Uptown Steakhouse' } });
    const ofCustomer = await tasks('salesmanager', '2026-03-01', '2026-03-22', { customerId: customer['Uptown Steakhouse'], salesPersonId: id.sales });
    expect(startsOf(ofCustomer, series)).toHaveLength(3);
    expect(await tasks('salesmanager', '2026-03-01', '2026-03-22', { customerId: customer['Bishop Arts Cafe'] })).toEqual([]);
  });

  it('keeps sales tasks and service items apart, on the calendars and for changes', async () => {
    const salesTask = await saved('sales', { title: 'Lunch with the Bishop Arts owner', customerId: customer['Bishop Arts Cafe'], start: '2026-04-14T12:00:00', durationHours: 1 });
    const service = (await t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { task: 'Service only', technicianId: id.tech, start: '2026-04-14T12:00:00' })).json().schedulerId;
    const salesIds = (await tasks('admin', '2026-04-12', '2026-04-19')).map((i) => i.id);
    const serviceIds = (await t.call('GET', '/api/v1/Scheduler/items?start=2026-04-12&end=2026-04-19', 'admin')).json().map((i: Task) => i.id);
    expect(salesIds).toContain(salesTask);
    expect(salesIds).not.toContain(service);
    expect(serviceIds).toContain(service);
    expect(serviceIds).not.toContain(salesTask);
    const board = await t.call('GET', '/api/v1/TeamLeader/board?date=2026-04-14', 'admin');
    expect(board.statusCode, board.body).toBe(200);
    expect(board.body).not.toContain('Lunch with the Bishop Arts owner');

    const before = await dbFingerprint(t.db);
    const refused = [
      await t.call('POST', '/api/v1/Scheduler/save', 'admin', { schedulerId: salesTask, task: 'Taken over', start: '2026-04-14T12:00:00' }),
      await t.call('PUT', '/api/v1/Scheduler/appointment', 'admin', { schedulerId: salesTask, start: '2026-04-15T12:00:00', durationHours: 1, appointmentChangedReason: 'x' }),
      await t.call('DELETE', `/api/v1/Scheduler/${salesTask}`, 'admin'),
      await t.call('GET', `/api/v1/Scheduler/${salesTask}/history`, 'admin'),
      await save('admin', { schedulerId: service, title: 'Taken over', customerId: customer['Bishop Arts Cafe'], salesPersonId: id.sales, start: '2026-04-14T12:00:00' }),
      await t.call('PUT', '/api/v1/SalesScheduler/move', 'admin', { schedulerId: service, start: '2026-04-15T12:00:00', durationHours: 1 }),
      await t.call('DELETE', `/api/v1/SalesScheduler/${service}`, 'admin'),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(Array(refused.length).fill(404));
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});

describe('planning tasks', () => {
  it('creates a task with the default quarter hour for the caller, then updates it', async () => {
    const schedulerId = await saved('sales', { title: 'Call about the ice machine quote', customerId: customer['Cedar Springs Deli'], start: '2026-04-20T08:00:00-05:00', color: 'orange' });
    const [created] = (await tasks('sales', '2026-04-19', '2026-04-26')).filter((i) => i.id === schedulerId);
    expect(created).toMatchObject({ start: '2026-04-20T13:00:00.000Z', end: '2026-04-20T13:15:00.000Z', durationHours: 0.25, salesPersonId: id.sales, color: 'orange', recurrenceRule: null });
    expect(await saved('sales', { schedulerId, title: 'Visit about the ice machine quote', customerId: customer['Ice House Storage LLC'], start: '2026-04-21T09:00:00', durationHours: 2, isAllDay: false })).toBe(schedulerId);
    const [updated] = (await tasks('sales', '2026-04-19', '2026-04-26')).filter((i) => i.id === schedulerId);
    expect(updated).toMatchObject({ title: 'Visit about the ice machine quote', customerName: 'Ice House Storage LLC', start: '2026-04-21T14:00:00.000Z', end: '2026-04-21T16:00:00.000Z', color: 'orange' });
    const [row] = await t.db.select().from(scheduleItems).where(eq(scheduleItems.id, schedulerId));
    expect([row.kind, row.salesPersonUserId, row.technicianUserId, row.workOrderId]).toEqual(['sales', id.sales, null, null]);
  });

  it('edits and moves single occurrences, moves and deletes the series', async () => {
    const series = await saved('sales', weeklyCall({ title: 'Occurrence work' }));
    const edited = await saved('sales', { ...weeklyCall({ title: 'Occurrence work, on Wednesday' }), schedulerId: 0, recurrenceRule: null, recurrenceId: series, occurrenceStart: '2026-03-10T15:00:00Z', start: '2026-03-11T10:00:00' });
    const move = await t.call('PUT', '/api/v1/SalesScheduler/move', 'sales', { schedulerId: series, occurrenceStart: '2026-03-17T15:00:00Z', start: '2026-03-17T13:00:00', durationHours: 1 });
    expect(move.statusCode, move.body).toBe(200);
    const moved = move.json().schedulerId;
    let list = await tasks('sales', '2026-03-01', '2026-03-22');
    expect(startsOf(list, series)).toEqual(['2026-03-03T16:00:00.000Z']);
    expect(list.find((i) => i.id === edited)).toMatchObject({ title: 'Occurrence work, on Wednesday', start: '2026-03-11T15:00:00.000Z', recurrenceId: series, occurrenceStart: '2026-03-10T15:00:00.000Z' });
    expect(list.find((i) => i.id === moved)).toMatchObject({ title: 'Occurrence work', start: '2026-03-17T18:00:00.000Z', end: '2026-03-17T19:00:00.000Z', recurrenceId: series, recurrenceRule: null });
    const twice = await t.call('PUT', '/api/v1/SalesScheduler/move', 'sales', { schedulerId: series, occurrenceStart: '2026-03-17T15:00:00Z', start: '2026-03-17T14:00:00', durationHours: 1 });
    expect([twice.statusCode, twice.json().title]).toEqual([409, 'That occurrence was already changed or removed.']);

    // Removing one occurrence leaves the rest; moving the whole series an hour later starts it over.
    expect((await t.call('DELETE', `/api/v1/SalesScheduler/${series}?occurrenceStart=2026-03-24T15:00:00Z`, 'sales')).statusCode).toBe(200);
    expect(startsOf(await tasks('sales', '2026-03-22', '2026-04-05'), series)).toEqual(['2026-03-31T15:00:00.000Z']);
    const whole = await t.call('PUT', '/api/v1/SalesScheduler/move', 'sales', { schedulerId: series, start: '2026-03-03T11:00:00', durationHours: 0.5 });
    expect(whole.statusCode, whole.body).toBe(200);
    list = await tasks('sales', '2026-03-01', '2026-03-22');
    expect(startsOf(list, series)).toEqual(['2026-03-03T17:00:00.000Z', '2026-03-10T16:00:00.000Z', '2026-03-17T16:00:00.000Z']);
    expect(list.some((i) => i.id === edited || i.id === moved)).toBe(false);

    expect((await t.call('DELETE', `/api/v1/SalesScheduler/${series}`, 'sales')).statusCode).toBe(200);
    expect(startsOf(await tasks('sales', '2026-03-01', '2026-03-22'), series)).toEqual([]);
    expect((await t.call('DELETE', `/api/v1/SalesScheduler/${series}`, 'sales')).statusCode).toBe(404);
  });

  it('offers the company\'s sales people and customers, searched, the chosen one and the sales person\'s own first', async () => {
    const people = async (as: string) => (await t.call('GET', '/api/v1/SalesScheduler/salesPersons', as)).json();
    expect(await people('sales')).toEqual([{ salesPersonId: id.sales, name: 'Ben Carter' }]);
    expect((await people('salesmanager')).map((p: { name: string }) => p.name)).toEqual(['Ben Carter', 'Harper Quinn', 'Maya Ortiz', 'Nora Blake', 'Owen Price']);
    expect(await people('admin')).toEqual(await people('salesmanager'));
    const found = async (params: Record<string, string | number>) => {
      const res = await t.call('GET', `/api/v1/SalesScheduler/customers?${q(params)}`, 'sales');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((c: { name: string }) => c.name);
    };
    expect(await found({ search: 'freshmart' })).toEqual(['FreshMart #112 Lakewood', 'FreshMart #118 Oak Lawn', 'FreshMart #121 Plano', 'FreshMart #127 Irving', 'FreshMart Grocers Inc.']);
    expect(await found({ search: 'plano' })).toEqual(['FreshMart #121 Plano']);
    expect(await found({ search: '100%_' })).toEqual([]);
    expect((await found({ customerId: customer['Uptown Steakhouse'], take: 2 }))[0]).toBe('Uptown Steakhouse');
    expect((await found({ salesPersonId: id.sales, take: 1 }))[0]).toMatch(/FreshMart Grocers Inc.|Cedar Springs Deli|Trinity Health Facilities|Uptown Steakhouse|Bishop Arts Cafe|Ice House Storage LLC/);
    expect(await found({ search: 'Coastal' })).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a form a person can fix, with a sentence, and writes nothing', async () => {
    const before = await dbFingerprint(t.db);
    const refused = async (body: Record<string, unknown>) => {
      const res = await save('sales', { title: 'x', customerId: customer['Uptown Steakhouse'], start: '2026-03-02T09:00:00', ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().title;
    };
    expect(await refused({ title: '  ' })).toBe('Title field is required!');
    expect(await refused({ customerId: 0 })).toBe('Customer field is required!');
    expect(await refused({ customerId: undefined })).toBe('Customer field is required!');
    expect(await refused({ durationHours: 0 })).toBe('Duration must be at least one minute.');
    expect(await refused({ color: 'pink' })).toBe('Colour must be one of blue, red, gray, green, orange, purple.');
    expect(await refused({ recurrenceRule: 'FREQ=HOURLY' })).toBe('The repeat rule must repeat daily, weekly, monthly or yearly.');
    expect(await refused({ recurrenceRule: 'FREQ=WEEKLY;UNTIL=20260101' })).toBe('The repeat rule ends before its first occurrence.');
    expect(await refused({ start: '2026-02-30T09:00:00' })).toBe('Start is not a valid date and time.');
    const range = await t.call('GET', '/api/v1/SalesScheduler/items?start=2026-03-08&end=2026-03-01', 'sales');
    expect([range.statusCode, range.json().title]).toEqual([400, 'End must be after start.']);
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('answers every generated bad input of the sales routes with a 4xx sentence and writes nothing', async () => {
    const routes: [string, string, BadCase[]][] = [
      ['POST', '/api/v1/SalesScheduler/save', bodyCases(saveSalesTaskBody)],
      ['PUT', '/api/v1/SalesScheduler/move', bodyCases(moveSalesTaskBody)],
      ['GET', '/api/v1/SalesScheduler/items', queryCases(salesTaskRangeQuery)],
      ['GET', '/api/v1/SalesScheduler/customers', queryCases(salesCustomersQuery)],
      ['DELETE', '/api/v1/SalesScheduler/:schedulerId', [...paramCases(scheduleItemParams), ...queryCases(deleteSalesTaskQuery)]],
    ];
    const before = await dbFingerprint(t.db);
    let checked = 0;
    for (const [method, url, cases] of routes) {
      for (const c of cases) {
        const path = url.replace(':schedulerId', c.params?.schedulerId ?? '999999') + (c.query ? `?${new URLSearchParams(c.query)}` : '');
        const headers: Record<string, string> = { authorization: `Bearer ${await t.token('sales')}` };
        if (c.contentType) headers['content-type'] = c.contentType;
        const res = await t.app.inject({ method: method as 'GET', url: path, headers, payload: (c.rawBody ?? c.body) as never });
        // A query field alone may still be a valid search ("'; OR 1=1" is a name one could look for).
        if (res.statusCode === 200 && method === 'GET' && url.endsWith('customers')) continue;
        expect(res.statusCode, `${method} ${url} [${c.label}] ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} [${c.label}]`).toBeLessThan(500);
        expect(res.json().title.length, `${method} ${url} [${c.label}]`).toBeGreaterThan(5);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('answers 403 to a user without the Sales Scheduler, and to a sales person reaching for another\'s tasks', async () => {
    const before = await dbFingerprint(t.db);
    const calls = [
      await t.call('GET', '/api/v1/SalesScheduler/items?start=2026-03-01&end=2026-03-08', 'tech'),
      await t.call('GET', '/api/v1/SalesScheduler/salesPersons', 'tech'),
      await t.call('GET', '/api/v1/SalesScheduler/customers', 'dispatcher'),
      await save('tech', weeklyCall()),
      await t.call('PUT', '/api/v1/SalesScheduler/move', 'tech', { schedulerId: 1, start: '2026-03-03T10:00:00', durationHours: 1 }),
      await t.call('DELETE', '/api/v1/SalesScheduler/1', 'payroll'),
      await t.call('GET', `/api/v1/SalesScheduler/items?start=2026-03-01&end=2026-03-08&salesPersonId=${id.sales2}`, 'sales'),
      await save('sales', weeklyCall({ salesPersonId: id.sales2 })),
    ];
    expect(calls.map((c) => c.statusCode)).toEqual(Array(calls.length).fill(403));
    expect(calls.at(-1)!.json().title).toBe('You can only plan your own tasks.');
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('keeps a sales person to their own tasks, while a manager plans anyone\'s', async () => {
    const bens = await saved('sales', weeklyCall({ title: 'Ben only', start: '2026-05-05T10:00:00' }));
    const before = await dbFingerprint(t.db);
    const hidden = [
      await save('sales2', weeklyCall({ schedulerId: bens, title: 'Mine now' })),
      await t.call('PUT', '/api/v1/SalesScheduler/move', 'sales2', { schedulerId: bens, start: '2026-05-06T10:00:00', durationHours: 1 }),
      await t.call('DELETE', `/api/v1/SalesScheduler/${bens}`, 'sales2'),
    ];
    expect(hidden.map((c) => c.statusCode)).toEqual([404, 404, 404]);
    expect(hidden[0].json().title).toBe('Sales task was not found.');
    expect(await dbFingerprint(t.db)).toBe(before);
    expect(startsOf(await tasks('sales2', '2026-05-03', '2026-05-10'), bens)).toEqual([]);
    const noras = await saved('salesmanager', weeklyCall({ title: 'Given to Nora', salesPersonId: id.sales2, start: '2026-05-05T11:00:00', recurrenceRule: null }));
    expect((await tasks('sales2', '2026-05-03', '2026-05-10')).map((i) => i.id)).toEqual([noras]);
    expect(await saved('salesmanager', weeklyCall({ schedulerId: bens, title: 'Ben, by his manager', start: '2026-05-05T10:00:00' }))).toBe(bens);
    expect((await tasks('sales', '2026-05-03', '2026-05-10')).find((i) => i.id === bens)).toMatchObject({ title: 'Ben, by his manager', salesPersonId: id.sales });
  });

  it('answers 404 for another company\'s tasks, customers and sales people, and changes nothing', async () => {
    const polarTask = await saved('sales', { title: 'Polar only', customerId: customer['Uptown Steakhouse'], start: '2026-04-10T09:00:00' });
    const before = await dbFingerprint(t.db);
    const calls = [
      await save('coastal.admin', { schedulerId: polarTask, title: 'Taken over', customerId: coastalCustomerId, start: '2026-04-10T09:00:00' }),
      await save('coastal.admin', { schedulerId: 0, recurrenceId: polarTask, occurrenceStart: '2026-04-10T14:00:00Z', title: 'x', customerId: coastalCustomerId, start: '2026-04-10T09:00:00' }),
      await t.call('PUT', '/api/v1/SalesScheduler/move', 'coastal.admin', { schedulerId: polarTask, start: '2026-04-11T09:00:00', durationHours: 1 }),
      await t.call('DELETE', `/api/v1/SalesScheduler/${polarTask}`, 'coastal.admin'),
      await save('sales', { title: 'x', customerId: coastalCustomerId, start: '2026-04-10T09:00:00' }),
      await save('admin', { title: 'x', customerId: customer['Uptown Steakhouse'], salesPersonId: id['coastal.tech'], start: '2026-04-10T09:00:00' }),
      await t.call('GET', `/api/v1/SalesScheduler/items?start=2026-04-05&end=2026-04-12&customerId=${coastalCustomerId}`, 'admin'),
      await t.call('GET', `/api/v1/SalesScheduler/items?start=2026-04-05&end=2026-04-12&salesPersonId=${id['coastal.tech']}`, 'admin'),
      await t.call('GET', `/api/v1/SalesScheduler/customers?customerId=${coastalCustomerId}`, 'sales'),
    ];
    expect(calls.map((c) => c.statusCode)).toEqual(Array(calls.length).fill(404));
    expect(calls.map((c) => c.json().title)).toEqual(expect.arrayContaining(['Sales task was not found.', 'Customer was not found.', 'Sales person was not found.']));
    expect(await dbFingerprint(t.db)).toBe(before);
    const notSales = await save('admin', { title: 'x', customerId: customer['Uptown Steakhouse'], salesPersonId: id.tech, start: '2026-04-10T09:00:00' });
    expect([notSales.statusCode, notSales.json().title]).toEqual([400, 'That user is not a sales person.']);
  });
});
