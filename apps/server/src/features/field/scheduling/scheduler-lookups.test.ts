import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

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

type Picked = { workOrderId: number; workOrderNumber: string; customerName: string; problem: string };
const get = async (as: string, url: string) => {
  const res = await t.call('GET', url, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const picker = (as: string, query = '') => get(as, `/api/v1/Scheduler/workOrders${query}`) as Promise<Picked[]>;

describe('technicians of the schedule form', () => {
  it('lists the company\'s technicians by name to a dispatcher, never another company\'s or other roles', async () => {
    const polar = await get('dispatcher', '/api/v1/Scheduler/technicians');
    expect(polar).toEqual([
      { technicianId: id.tech2, name: expect.any(String) },
      { technicianId: id.tech, name: 'Tom Alvarez' },
    ].sort((a, b) => (a.name < b.name ? -1 : 1)));
    expect(polar.map((p: { technicianId: number }) => p.technicianId)).not.toContain(id.dispatcher);
    const coastal = await get('coastal.admin', '/api/v1/Scheduler/technicians');
    expect(coastal).toEqual([{ technicianId: id['coastal.tech'], name: expect.any(String) }]);
  });

  it('offers a technician only themselves, and refuses people without the Scheduler', async () => {
    expect(await get('tech', '/api/v1/Scheduler/technicians')).toEqual([{ technicianId: id.tech, name: 'Tom Alvarez' }]);
    expect((await t.call('GET', '/api/v1/Scheduler/technicians', 'sales')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Scheduler/technicians', null)).statusCode).toBe(401);
  });
});

describe('work order picker of the schedule form', () => {
  it('lists up to 20 open work orders of the company, newest first, and searches number, customer and problem', async () => {
    const all = await picker('dispatcher');
    expect(all).toHaveLength(20);
    const rows = await t.db.select({ id: workOrders.id, subscriberId: workOrders.subscriberId, statusId: workOrders.workOrderStatusId }).from(workOrders);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(all.every((w) => byId.get(w.workOrderId)?.subscriberId === subscriberOf.dispatcher)).toBe(true);
    expect(all.some((w) => [38, 27, 53, 22, 25].includes(byId.get(w.workOrderId)!.statusId))).toBe(false);

    const first = all[0];
    const byNumber = await picker('dispatcher', `?search=${first.workOrderNumber}`);
    expect(byNumber.map((w) => w.workOrderId)).toEqual([first.workOrderId]);
    const byCustomer = await picker('dispatcher', `?search=${encodeURIComponent(first.customerName.slice(0, 6).toUpperCase())}`);
    expect(byCustomer.length).toBeGreaterThan(0);
    expect(byCustomer.every((w) => w.customerName.toLowerCase().includes(first.customerName.slice(0, 6).toLowerCase()) || w.problem.toLowerCase().includes(first.customerName.slice(0, 6).toLowerCase()))).toBe(true);
    expect(await picker('dispatcher', '?search=%25_%25')).toEqual([]);
    expect(await picker('dispatcher', '?take=3&skip=1')).toEqual(all.slice(1, 4));
  });

  it('puts the chosen work order first even when it is closed, then the technician\'s own', async () => {
    const [closed] = await t.db.select({ id: workOrders.id, number: workOrders.workOrderNumber }).from(workOrders).where(eqStatus(38, subscriberOf.dispatcher));
    const chosen = await picker('dispatcher', `?workOrderId=${closed.id}`);
    expect(chosen[0]).toMatchObject({ workOrderId: closed.id, workOrderNumber: closed.number });
    expect(chosen).toHaveLength(20);

    const tech2Own = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech2', { take: 100 })).json().data.map((w: { workOrderId: number }) => w.workOrderId);
    const forTech2 = await picker('dispatcher', `?technicianId=${id.tech2}&take=5`);
    expect(forTech2.every((w) => tech2Own.includes(w.workOrderId))).toBe(true);
  });

  it('shows a technician only the work orders they are assigned to', async () => {
    const own = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 100 })).json().data.map((w: { workOrderId: number }) => w.workOrderId);
    const seen = await picker('tech');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((w) => own.includes(w.workOrderId))).toBe(true);
  });

  it('never shows another company\'s work orders: their ids are not found, their numbers match nothing', async () => {
    const coastal = await picker('coastal.admin');
    expect(coastal.length).toBeGreaterThan(0);
    const polar = await picker('dispatcher', `?search=${coastal[0].workOrderNumber}`);
    expect(polar).toEqual([]);
    const foreignWo = await t.call('GET', `/api/v1/Scheduler/workOrders?workOrderId=${coastal[0].workOrderId}`, 'dispatcher');
    expect([foreignWo.statusCode, foreignWo.json().title]).toEqual([404, 'Work order was not found.']);
    const foreignTech = await t.call('GET', `/api/v1/Scheduler/workOrders?technicianId=${id['coastal.tech']}`, 'dispatcher');
    expect([foreignTech.statusCode, foreignTech.json().title]).toEqual([404, 'Technician was not found.']);
  });

  it('refuses bad input with a sentence', async () => {
    const res = await t.call('GET', '/api/v1/Scheduler/workOrders?take=50', 'dispatcher');
    expect([res.statusCode, res.json().title]).toEqual([400, 'Take must be at most 20.']);
  });
});

describe('series start of an occurrence', () => {
  it('gives each occurrence of a series the series\' own first start, and none to a single item', async () => {
    const save = async (body: Record<string, unknown>) => (await t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { schedulerId: 0, technicianId: id.tech, ...body })).json().schedulerId as number;
    const series = await save({ task: 'Series start', start: '2026-06-01T09:00:00', recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,WE' });
    const single = await save({ task: 'Single start', start: '2026-06-02T09:00:00' });
    const list = await get('dispatcher', '/api/v1/Scheduler/items?start=2026-06-07&end=2026-06-14');
    const occurrences = list.filter((i: { id: number }) => i.id === series);
    expect(occurrences.map((i: { start: string; seriesStart: string }) => [i.start, i.seriesStart])).toEqual([
      ['2026-06-08T14:00:00.000Z', '2026-06-01T14:00:00.000Z'],
      ['2026-06-10T14:00:00.000Z', '2026-06-01T14:00:00.000Z'],
    ]);
    const [one] = (await get('dispatcher', '/api/v1/Scheduler/items?start=2026-06-01&end=2026-06-07')).filter((i: { id: number }) => i.id === single);
    expect(one.seriesStart).toBeNull();
  });
});

function eqStatus(statusId: number, subscriberId: number) {
  return and(eq(workOrders.workOrderStatusId, statusId), eq(workOrders.subscriberId, subscriberId));
}
