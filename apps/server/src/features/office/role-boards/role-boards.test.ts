import { sql } from 'drizzle-orm';
import { workOrderBoardAnswer, type WorkOrderBoardAnswer } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHub, type HubListener } from '../../../test/hub-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let polar: number;
const id: Record<string, number> = {};
const hubs: HubListener[] = [];
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await rows<{ id: number; user_name: string; subscriber_id: number }>(sql`select id, user_name, subscriber_id from users`)) id[u.user_name] = u.id;
  polar = (await rows<{ subscriber_id: number }>(sql`select subscriber_id from users where user_name = 'admin'`))[0].subscriber_id;
});
afterAll(async () => {
  for (const h of hubs) h.close();
  await t.close();
});

const board = async (name: 'dataSpecialist' | 'quoteSpecialist', as: string, query = '') => {
  const res = await t.call('GET', `/api/v1/Boards/${name}${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as WorkOrderBoardAnswer;
  expect(workOrderBoardAnswer.safeParse(answer).success).toBe(true);
  return answer;
};
const column = (b: WorkOrderBoardAnswer, key: string) => b.columns.find((c) => c.key === key)!;
/** Polar's open ToDo work orders, oldest number first: the ones the tests move about. */
const todo = async () => rows<{ id: number; work_order_number: string }>(sql`select id, work_order_number from work_orders where subscriber_id = ${polar} and work_order_status_id = 13 order by id`);
const setStatus = async (workOrderId: number, workOrderStatusId: number) => {
  const res = await t.call('PUT', `/api/v1/WorkOrder/${workOrderId}/status`, 'admin', { workOrderStatusId });
  expect(res.statusCode, res.body).toBe(200);
};
/** The count of Polar's work orders in a status, by hand. */
const inStatus = async (statusId: number) => Number((await rows<{ n: string }>(sql`select count(*) as n from work_orders where subscriber_id = ${polar} and work_order_status_id = ${statusId}`))[0].n);

describe('the data specialist board', () => {
  it('answers a column per data status and Missing data, each counted as a hand count says, the cards saying what is missing', async () => {
    const [a, b, c, d, e, f] = await todo();
    for (const [wo, status] of [[a, 3], [b, 4], [c, 12], [d, 37], [e, 39], [f, 4]] as const) await setStatus(wo.id, status);
    const answer = await board('dataSpecialist', 'data');
    expect(answer.columns.map((x) => x.title)).toEqual(['Need Attachment', 'Fix Work Description', 'Fix Time', 'Get MM Serial', 'Put Parts Info In', 'Missing data']);
    for (const status of [3, 4, 12, 37, 39]) expect(column(answer, String(status)).count).toBe(await inStatus(status));
    const fix = column(answer, '4');
    expect(fix.cards.map((x) => x.workOrderNumber)).toEqual(expect.arrayContaining([b.work_order_number, f.work_order_number]));
    const card = fix.cards.find((x) => x.workOrderId === b.id)!;
    expect(card).toMatchObject({ workOrderStatus: 'Fix Work Description', daysInStatus: 0, missing: ['Work description'], quote: null });
    expect(card.technicians.length).toBeGreaterThan(0);
    expect(column(answer, '3').cards.find((x) => x.workOrderId === a.id)?.missing).toEqual(['Attachment']);
    // Missing data, by hand: open, in no data status, with finished labor, lacking a description or equipment.
    const missing = await rows<{ id: number }>(sql`select w.id from work_orders w where w.subscriber_id = ${polar}
      and w.work_order_status_id not in (3, 4, 12, 37, 39, 38, 27, 53, 22, 25)
      and exists (select 1 from work_order_labor l where l.work_order_id = w.id and l.stopped_at is not null)
      and (coalesce(w.work_description, '') = '' or not exists (select 1 from work_order_equipment e where e.work_order_id = w.id))`);
    expect(column(answer, 'missing').count).toBe(missing.length);
  });

  it('puts a worked work order without a description or equipment under Missing data, and takes it off once both are there', async () => {
    const [wo] = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech2', { take: 1 })).json().data;
    const start = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', { workOrderId: wo.workOrderId, startTime: new Date().toISOString(), isReachedAtSite: true });
    expect(start.statusCode, start.body).toBe(200);
    const stop = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech2', {
      workOrderId: wo.workOrderId, workOrderLaborId: start.json().workOrderLaborId, description: 'Replaced the door gasket.', userStatusId: 3, workOrderStatusId: 26,
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const find = async () => column(await board('dataSpecialist', 'data', `?technicianId=${id.tech2}&take=100`), 'missing').cards.find((x) => x.workOrderId === wo.workOrderId);
    await t.db.execute(sql`update work_orders set work_description = '<p>  </p>' where id = ${wo.workOrderId}`);
    expect((await find())?.missing).toEqual(['Work description', 'Equipment']);
    expect((await t.call('PUT', `/api/v1/WorkOrder/${wo.workOrderId}/workDescription`, 'admin', { workDescription: '<p>Gasket replaced.</p>' })).statusCode).toBe(200);
    expect((await find())?.missing).toEqual(['Equipment']);
    const [piece] = await rows<{ id: number }>(sql`select id from equipment where subscriber_id = ${polar} order by id limit 1`);
    await t.db.execute(sql`insert into work_order_equipment (subscriber_id, work_order_id, equipment_id) values (${polar}, ${wo.workOrderId}, ${piece.id})`);
    expect(await find()).toBeUndefined();
  });

  it("narrows to a technician's or a customer's work orders, and caps each column at take while counting it in full", async () => {
    const all = await board('dataSpecialist', 'data');
    expect(all.technicians.length).toBeGreaterThan(0);
    const tech = all.technicians[0];
    const mine = await board('dataSpecialist', 'data', `?technicianId=${tech.id}&take=100`);
    const assigned = await rows<{ work_order_id: number }>(sql`select work_order_id from work_order_technicians where user_id = ${tech.id}`);
    for (const card of mine.columns.flatMap((x) => x.cards)) expect(assigned.map((r) => r.work_order_id)).toContain(card.workOrderId);
    const customer = all.customers[0];
    const theirs = await board('dataSpecialist', 'data', `?customerId=${customer.id}&take=100`);
    expect(theirs.columns.flatMap((x) => x.cards).every((x) => x.customerName === customer.name)).toBe(true);
    // The filters' lists are the whole board's, whatever the filters.
    expect(theirs.customers).toEqual(all.customers);
    const capped = await board('dataSpecialist', 'data', '?take=1');
    for (const [i, col] of capped.columns.entries()) {
      expect(col.count).toBe(all.columns[i].count);
      expect(col.cards.length).toBe(Math.min(1, col.count));
    }
  });

  it('is refused without a token (401), to a technician (403), and answers 400 with a sentence for bad filters', async () => {
    expect((await t.call('GET', '/api/v1/Boards/dataSpecialist', null)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/Boards/dataSpecialist', 'tech')).statusCode).toBe(403);
    const bad = await t.call('GET', '/api/v1/Boards/dataSpecialist?take=0', 'data');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Take must be at least 1.');
    expect((await t.call('GET', '/api/v1/Boards/dataSpecialist?technicianId=abc', 'data')).statusCode).toBe(400);
  });

  it("shows another company none of Polar's work orders", async () => {
    const coastal = await board('dataSpecialist', 'coastal.admin', '?take=100');
    const numbers = coastal.columns.flatMap((x) => x.cards.map((c) => c.workOrderNumber));
    expect(numbers.every((n) => n.startsWith('51'))).toBe(true);
    expect((await board('dataSpecialist', 'coastal.admin', `?technicianId=${id.tech}`)).columns.every((x) => x.count === 0)).toBe(true);
  });
});

describe('the quote specialist board', () => {
  it("answers the quote statuses' columns as a hand count says, each card with its work order's newest quote", async () => {
    const answer = await board('quoteSpecialist', 'dispatcher', '?take=100');
    expect(answer.columns.map((x) => x.title)).toEqual(['Need Quote', 'Quote Pending', 'Quote Open', 'Get NTE Raised', 'NTE Raise Requested']);
    for (const status of [34, 35, 44, 33, 46]) expect(column(answer, String(status)).count).toBe(await inStatus(status));
    const cards = answer.columns.flatMap((x) => x.cards);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const [newest] = await rows<{ quote_number: number; version: number; status: string }>(sql`select q.quote_number, v.version, v.status from quotes q
        join quote_versions v on v.quote_id = q.id and v.version = q.current_version where q.work_order_id = ${card.workOrderId} order by q.quote_number desc limit 1`);
      expect(card.quote && { quote_number: card.quote.quoteNumber, version: card.quote.quoteVersion, status: card.quote.status }).toEqual(newest ?? null);
      expect(card.missing).toEqual([]);
    }
  });

  it('is refused to a technician and to a sales person (403)', async () => {
    expect((await t.call('GET', '/api/v1/Boards/quoteSpecialist', 'tech')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Boards/quoteSpecialist', 'sales')).statusCode).toBe(403);
  });
});

describe('the work-orders hub', () => {
  it("tells the company's work-order readers that a work order changed, and nobody of another company", async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    await expect(openHub(base, null, '/hubs/workOrders')).rejects.toThrow('HTTP 401');
    await expect(openHub(base, await t.token('customer'), '/hubs/workOrders')).rejects.toThrow('HTTP 403');
    const data = await openHub(base, await t.token('data'), '/hubs/workOrders');
    const coastal = await openHub(base, await t.token('coastal.admin'), '/hubs/workOrders');
    hubs.push(data, coastal);
    const [wo] = await todo();
    await setStatus(wo.id, 37);
    const m = await data.next((x) => x.event === 'gridUpdate' && x.payload.workOrderId === wo.id);
    expect(m.payload).toMatchObject({ action: 'workOrderStatus', workOrderStatusId: 37 });
    // A user's own status names no work order: the boards do not hear it.
    expect((await t.call('GET', '/api/v1/User/updatestatus/3', 'tech')).statusCode).toBe(200);
    await setStatus(wo.id, 13);
    await data.next((x) => x.payload.workOrderId === wo.id && x.payload.workOrderStatusId === 13);
    expect(data.messages.some((x) => x.payload.action === 'userStatus')).toBe(false);
    expect(coastal.messages).toEqual([]);
  });
});
