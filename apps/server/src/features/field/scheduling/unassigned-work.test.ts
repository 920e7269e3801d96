import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workOrders } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { instantOf, wallClockOf } from '@sm/shared';

let t: TestApp;
const id: Record<string, number> = {};
const subscriberOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select({ id: users.id, userName: users.userName, subscriberId: users.subscriberId }).from(users)) {
    id[u.userName] = u.id;
    subscriberOf[u.userName] = u.subscriberId;
  }
});
afterAll(() => t.close());

type Card = {
  workOrderId: number; workOrderNumber: string; customerName: string; customerAddress: string; customerCity: string; problem: string;
  workOrderStatusId: number; workOrderStatus: string; createdDate: string; technicians: { id: number; name: string }[];
};
type Page = { data: Card[]; total: number };

const DAY_MS = 86_400_000;
const CLOSED = [38, 27, 53, 22, 25];

const unassigned = async (as: string, query = ''): Promise<Page> => {
  const res = await t.call('GET', `/api/v1/Scheduler/unassigned${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Every unassigned work order of the caller's company, page by page. */
const everyUnassigned = async (as: string, search = '') => {
  const all: Card[] = [];
  for (let skip = 0; ; skip += 50) {
    const page = await unassigned(as, `?take=50&skip=${skip}${search ? `&search=${encodeURIComponent(search)}` : ''}`);
    all.push(...page.data);
    if (page.data.length < 50) return { all, total: page.total };
  }
};
const isListed = async (workOrderId: number) => (await everyUnassigned('dispatcher')).all.some((c) => c.workOrderId === workOrderId);
const save = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { schedulerId: 0, technicianId: id.tech, durationHours: 1, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().schedulerId as number;
};
/** The instant today began in a time zone. */
function startOfTodayIn(timeZone: string): number {
  const wall = wallClockOf(new Date(), timeZone);
  return instantOf(new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate())), timeZone).getTime();
}
/** Today's date in the demo company's time zone (Dallas). */
const todayInDallas = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe('unassigned work of the dispatcher board', () => {
  it('lists the company\'s open work orders nothing visits from today on, newest first, with customer, status and technicians', async () => {
    // Visits of today are planned work: their work orders are not listed.
    const planned = (await unassigned('dispatcher', '?take=3')).data.map((c) => c.workOrderId);
    for (const workOrderId of planned) await save({ workOrderId, start: `${todayInDallas()}T00:30:00` });
    const { all, total } = await everyUnassigned('dispatcher');
    expect(all.length).toBe(total);
    expect(total).toBeGreaterThan(10);
    const rows = await t.db.select({ id: workOrders.id, subscriberId: workOrders.subscriberId, statusId: workOrders.workOrderStatusId }).from(workOrders);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(all.every((c) => byId.get(c.workOrderId)?.subscriberId === subscriberOf.dispatcher)).toBe(true);
    expect(all.some((c) => CLOSED.includes(c.workOrderStatusId))).toBe(false);
    const dates = all.map((c) => Date.parse(c.createdDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const open = rows.filter((r) => r.subscriberId === subscriberOf.dispatcher && !CLOSED.includes(r.statusId));
    expect(total).toBeLessThan(open.length);

    expect(all.filter((c) => planned.includes(c.workOrderId))).toEqual([]);

    const card = all[0];
    expect(card).toMatchObject({ workOrderNumber: expect.any(String), customerName: expect.any(String), customerAddress: expect.any(String), customerCity: expect.any(String), problem: expect.any(String), workOrderStatus: expect.any(String) });
    expect(card.technicians).toHaveLength(1);
    expect([id.tech, id.tech2]).toContain(card.technicians[0].id);
    expect(all.some((c) => c.technicians[0]?.name === 'Tom Alvarez')).toBe(true);
  });

  it('drops a work order once it has a visit from today on, and lists it again when that visit is deleted', async () => {
    const [first] = (await unassigned('dispatcher', '?take=1')).data;
    const before = await unassigned('dispatcher');
    const schedulerId = await save({ workOrderId: first.workOrderId, start: inDays(3) });
    const after = await unassigned('dispatcher');
    expect(after.total).toBe(before.total - 1);
    expect(await isListed(first.workOrderId)).toBe(false);

    const deleted = await t.call('DELETE', `/api/v1/Scheduler/${schedulerId}`, 'dispatcher');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await isListed(first.workOrderId)).toBe(true);
    expect((await unassigned('dispatcher')).total).toBe(before.total);
  });

  it('counts a repeating series while it still repeats, but not a past visit or an ended series', async () => {
    const cards = (await unassigned('dispatcher', '?take=3')).data;
    const [past, ended, repeating] = cards.map((c) => c.workOrderId);
    await save({ workOrderId: past, start: inDays(-10) });
    await save({ workOrderId: ended, start: inDays(-30), recurrenceRule: 'FREQ=DAILY;COUNT=2' });
    await save({ workOrderId: repeating, start: inDays(-30), recurrenceRule: 'FREQ=WEEKLY' });
    const listed = (await everyUnassigned('dispatcher')).all.map((c) => c.workOrderId);
    expect(listed).toContain(past);
    expect(listed).toContain(ended);
    expect(listed).not.toContain(repeating);
  });

  it('never lists a completed work order, even one nothing is scheduled for', async () => {
    const [completed] = await t.db
      .select({ id: workOrders.id, number: workOrders.workOrderNumber })
      .from(workOrders)
      .where(and(eq(workOrders.workOrderStatusId, 38), eq(workOrders.subscriberId, subscriberOf.dispatcher)));
    expect(await unassigned('dispatcher', `?search=${completed.number}`)).toEqual({ data: [], total: 0 });

    const [open] = (await unassigned('dispatcher', '?take=1')).data;
    await t.db.update(workOrders).set({ workOrderStatusId: 38 }).where(eq(workOrders.id, open.workOrderId));
    expect(await isListed(open.workOrderId)).toBe(false);
  });

  it('searches number, customer, address and problem, ignoring case, with % and _ as letters', async () => {
    const { all } = await everyUnassigned('dispatcher');
    const card = all[2];
    expect((await unassigned('dispatcher', `?search=${card.workOrderNumber}`)).data.map((c) => c.workOrderId)).toEqual([card.workOrderId]);
    const contains = (text: string) => (c: Card) => [c.workOrderNumber, c.customerName, c.customerAddress, c.customerCity, c.problem].some((f) => f.toLowerCase().includes(text.toLowerCase()));
    for (const text of [card.customerName.slice(0, 6).toUpperCase(), card.customerAddress.slice(0, 8), card.problem.slice(3, 14).toLowerCase()]) {
      const found = await everyUnassigned('dispatcher', text);
      expect(found.all.map((c) => c.workOrderId)).toContain(card.workOrderId);
      expect(found.all.every(contains(text)), text).toBe(true);
      expect(found.total).toBe(all.filter(contains(text)).length);
    }
    expect(await unassigned('dispatcher', '?search=%25_%25')).toEqual({ data: [], total: 0 });
  });

  it('puts the technician chosen on the board first, and reads today in the time zone the calendar names', async () => {
    const all = (await everyUnassigned('dispatcher')).all;
    const forTech2 = await unassigned('dispatcher', `?technicianId=${id.tech2}&take=50`);
    expect(forTech2.total).toBe(all.length);
    const ownCount = all.filter((c) => c.technicians.some((x) => x.id === id.tech2)).length;
    expect(ownCount).toBeGreaterThan(0);
    expect(forTech2.data.slice(0, ownCount).every((c) => c.technicians.some((x) => x.id === id.tech2))).toBe(true);
    expect(forTech2.data[ownCount]?.technicians.some((x) => x.id === id.tech2) ?? false).toBe(false);

    // A visit just before the later of the two midnights that start today in Dallas and in London is planned work for
    // the calendar whose today began earlier, and yesterday's for the other.
    const [card] = (await unassigned('dispatcher', '?take=1')).data;
    const [dallas, london] = [startOfTodayIn('America/Chicago'), startOfTodayIn('Europe/London')];
    await save({ workOrderId: card.workOrderId, start: new Date(Math.max(dallas, london) - 15 * 60_000).toISOString(), durationHours: 0.25 });
    const listedFor = async (zone: string) => (await unassigned('dispatcher', `?take=50&timeZone=${zone}`)).data.some((c) => c.workOrderId === card.workOrderId);
    expect(await listedFor('America/Chicago')).toBe(dallas > london);
    expect(await listedFor('Europe/London')).toBe(london > dallas);
    expect(await isListed(card.workOrderId)).toBe(dallas > london);
  });

  it('pages with a total that counts every page', async () => {
    const all = (await everyUnassigned('dispatcher')).all;
    const page = await unassigned('dispatcher', '?take=3&skip=1');
    expect(page.data).toEqual(all.slice(1, 4));
    expect(page.total).toBe(all.length);
    const last = await unassigned('dispatcher', `?take=5&skip=${all.length - 2}`);
    expect(last.data).toEqual(all.slice(-2));
    const beyond = await unassigned('dispatcher', `?skip=${all.length + 10}`);
    expect(beyond).toEqual({ data: [], total: all.length });
    expect((await unassigned('dispatcher')).data).toHaveLength(10);
  });

  it('refuses bad paging and search with a sentence and changes nothing', async () => {
    const before = await dbFingerprint(t.db);
    const refused = async (query: string) => {
      const res = await t.call('GET', `/api/v1/Scheduler/unassigned${query}`, 'dispatcher');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      return res.json().title;
    };
    expect(await refused('?take=0')).toBe('Take must be at least 1.');
    expect(await refused('?take=51')).toBe('Take must be at most 50.');
    expect(await refused('?take=abc')).toBe('Take must be a whole number, written in digits only.');
    expect(await refused('?take=2.5')).toBe('Take must be a whole number, written in digits only.');
    expect(await refused('?skip=-1')).toBe('Skip must be a whole number, written in digits only.');
    expect(await refused(`?search=${'x'.repeat(101)}`)).toBe('Search must be at most 100 characters.');
    expect(await refused('?search=%00')).toBe('Search contains characters that are not allowed.');
    expect(await refused('?technicianId=0')).toBe('Technician must be a positive number.');
    expect(await refused('?timeZone=Nowhere/Else')).toBe('Time zone "Nowhere/Else" is not known; use an IANA name like America/Chicago.');
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('is for those who plan: technicians and sales are refused, the signed-out are asked to sign in', async () => {
    for (const userName of ['tech', 'tech2', 'sales']) {
      const res = await t.call('GET', '/api/v1/Scheduler/unassigned', userName);
      expect(res.statusCode, userName).toBe(403);
    }
    expect((await t.call('GET', '/api/v1/Scheduler/unassigned', null)).statusCode).toBe(401);
    expect((await unassigned('leader')).total).toBeGreaterThan(0);
  });

  it('never lists another company\'s work orders, nor lets their numbers be found', async () => {
    const coastal = await everyUnassigned('coastal.admin');
    expect(coastal.total).toBeGreaterThan(0);
    const rows = await t.db.select({ id: workOrders.id, subscriberId: workOrders.subscriberId }).from(workOrders);
    const companyOf = new Map(rows.map((r) => [r.id, r.subscriberId]));
    expect(coastal.all.every((c) => companyOf.get(c.workOrderId) === subscriberOf['coastal.admin'])).toBe(true);
    const polar = await everyUnassigned('dispatcher');
    expect(polar.all.every((c) => companyOf.get(c.workOrderId) === subscriberOf.dispatcher)).toBe(true);
    expect(await unassigned('dispatcher', `?search=${coastal.all[0].workOrderNumber}`)).toEqual({ data: [], total: 0 });
    const foreignTech = await t.call('GET', `/api/v1/Scheduler/unassigned?technicianId=${id['coastal.tech']}`, 'dispatcher');
    expect([foreignTech.statusCode, foreignTech.json().title]).toEqual([404, 'Technician was not found.']);
  });
});
