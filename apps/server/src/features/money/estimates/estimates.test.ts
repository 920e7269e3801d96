import { asc, count, eq } from 'drizzle-orm';
import { WORK_ORDER_STATUS } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEstimateLines, customers, subscribers, workOrderStatusHistory, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount } from '../../office/work-order-items/item-fixtures';

let t: TestApp;
let polar: number[];
let coastal: number;
beforeAll(async () => {
  t = await createTestApp();
  const ids = async (company: string) =>
    (await t.db.select({ id: customers.id }).from(customers).innerJoin(subscribers, eq(subscribers.id, customers.subscriberId)).where(eq(subscribers.name, company)).orderBy(asc(customers.id))).map((c) => c.id);
  polar = await ids('Polar Refrigeration');
  [coastal] = await ids('Coastal Air');
});
afterAll(() => t.close());

const BASE = '/api/v1/CustomerEstimates';
const create = (as: string, body: Record<string, unknown>) => t.call('POST', BASE, as, body);
const view = (as: string, id: number) => t.call('GET', `${BASE}/${id}`, as);
const addLine = (as: string, id: number, body: Record<string, unknown>) => t.call('POST', `${BASE}/${id}/lines`, as, { kind: 'material', description: 'Part', quantity: 1, unitCost: 10, ...body });
const setStatus = (as: string, id: number, body: Record<string, unknown>) => t.call('POST', `${BASE}/${id}/status`, as, body);
const lineCount = async () => (await t.db.select({ n: count() }).from(customerEstimateLines))[0].n;

async function newEstimate(customerId = polar[5], as = 'dispatcher', extra: Record<string, unknown> = {}) {
  const res = await create(as, { customerId, title: 'Replace condenser fan motor', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { customerEstimateId: number; estimateNumber: number };
}

describe('creating an estimate', () => {
  it('numbers estimates per company and starts Open with no lines', async () => {
    const a = await newEstimate(polar[5], 'dispatcher', { description: '  The fan seized; replace motor and blade.  ', validUntil: '2026-12-31' });
    expect(a.estimateNumber).toBe(1001);
    expect((await newEstimate(polar[6], 'admin')).estimateNumber).toBe(1002);
    expect((await newEstimate(coastal, 'coastal.admin')).estimateNumber).toBe(1001);
    const v = await view('dispatcher', a.customerEstimateId);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({
      estimateNumber: 1001, status: 'Open', isEditable: true, title: 'Replace condenser fan motor', description: 'The fan seized; replace motor and blade.',
      validUntil: '2026-12-31', customerId: polar[5], declineReason: null, workOrderId: null, workOrderNumber: null, createdBy: 'Dana Whitfield', lines: [],
      totals: { total: 0, profitFactor: null },
    });
    expect(v.json().customerName.length).toBeGreaterThan(3);
    expect(await auditCount(t, 'customerEstimate', a.customerEstimateId)).toBe(1);
  });

  it('gives estimates created at the same moment different numbers', async () => {
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => create('dispatcher', { customerId: polar[i], title: `Estimate ${i}` })));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => r.json().estimateNumber as number).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers[4] - numbers[0]).toBe(4);
  });

  it('refuses bad input with a sentence, another company\'s customer with 404, and a technician with 403', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: polar[0] }, 'Title field is required!'],
      [{ customerId: polar[0], title: '   ' }, 'Title field is required!'],
      [{ title: 'x' }, 'Customer field is required!'],
      [{ customerId: '12', title: 'x' }, 'Customer must be a number.'],
      [{ customerId: polar[0], title: 'x', validUntil: '2026-02-30' }, 'Valid Until is not a real date.'],
      [{ customerId: polar[0], title: 'x', validUntil: '31/12/2026' }, 'Valid Until must be a date written YYYY-MM-DD.'],
      [{ customerId: polar[0], title: 'x'.repeat(201) }, 'Title must be at most 200 characters.'],
      [{ customerId: polar[0], title: 'x', description: 'd'.repeat(1201) }, 'Description must be at most 1200 characters.'],
    ];
    for (const [body, sentence] of cases) {
      const res = await create('dispatcher', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title, JSON.stringify(body)).toBe(sentence);
    }
    const foreign = await create('dispatcher', { customerId: coastal, title: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().title).toBe('Customer was not found.');
    expect((await create('tech', { customerId: polar[0], title: 'x' })).statusCode).toBe(403);
  });

  it('changes the header while Open', async () => {
    const { customerEstimateId: id } = await newEstimate();
    const res = await t.call('PUT', `${BASE}/${id}`, 'dispatcher', { customerId: polar[7], title: 'New title', description: '', validUntil: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customerId: polar[7], title: 'New title', description: null, validUntil: null });
    expect((await t.call('PUT', `${BASE}/${id}`, 'dispatcher', { customerId: coastal, title: 'x' })).statusCode).toBe(404);
  });
});

describe('lines and totals', () => {
  it('prices lines from cost, markup and discount exactly, and sums them to the cent', async () => {
    const { customerEstimateId: id } = await newEstimate();
    const a = await addLine('dispatcher', id, { description: 'Fuse', quantity: 3, unitCost: 0.1, markupPercent: 50 });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().lines[0]).toMatchObject({ lineNumber: 1, kind: 'material', quantity: 3, unitCost: 0.1, unitPrice: 0.15, lineTotal: 0.45, costTotal: 0.3 });
    const b = await addLine('dispatcher', id, { kind: 'labor', description: 'Technician, 2.5 h', quantity: 2.5, unitCost: 45, markupGroup: 'labor', markupPercent: 100, discountReason: 'LOYAL CUSTOMER', discount: 25 });
    expect(b.json().lines[1]).toMatchObject({ kind: 'labor', unitPrice: 90, lineTotal: 200, discount: 25, discountReason: 'Loyal customer', markupGroup: 'Labor' });
    const c = await addLine('dispatcher', id, { kind: 'standardItem', description: 'Trip Charge', quantity: 1, unitCost: 40, markupPercent: 112.5 });
    expect(c.json().totals).toEqual({ subtotal: 310.45, totalDiscount: 25, total: 285.45, totalCost: 152.8, profit: 132.65, profitFactor: 46.47, minimumProfitFactor: null, isProfitFactorMet: true });

    const lineId = c.json().lines[1].customerEstimateLineId;
    const edited = await t.call('PUT', `${BASE}/${id}/lines/${lineId}`, 'dispatcher', { kind: 'labor', description: 'Technician, 3 h', quantity: 3, unitCost: 45, markupPercent: 100 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().lines[1]).toMatchObject({ description: 'Technician, 3 h', lineTotal: 270, discount: 0, discountReason: null });
    const removed = await t.call('DELETE', `${BASE}/${id}/lines/${c.json().lines[0].customerEstimateLineId}`, 'dispatcher');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().lines.map((l: { description: string }) => l.description)).toEqual(['Technician, 3 h', 'Trip Charge']);
    expect(removed.json().totals.total).toBe(355);
    // The grid sums the same lines in SQL to the same cent.
    const grid = await t.call('POST', `${BASE}/list`, 'dispatcher', { filter: { logic: 'and', filters: [{ field: 'estimateNumber', operator: 'eq', value: removed.json().estimateNumber }] } });
    expect(grid.json().data).toEqual([expect.objectContaining({ customerEstimateId: id, total: 355 })]);
  });

  it('refuses bad lines with the sentence of the first failing rule and stores nothing', async () => {
    const { customerEstimateId: id } = await newEstimate();
    const before = await lineCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ description: ' ' }, 'Description field is required!'],
      [{ quantity: 0 }, 'Quantity must be more than 0.'],
      [{ unitCost: 1.005 }, 'Unit Cost must have at most two decimals.'],
      [{ kind: 'service' }, 'Kind must be labor, material or standardItem.'],
      [{ discount: 5 }, 'Discount Reason field is required when a discount is given!'],
      [{ discount: 11, discountReason: 'Too much' }, 'Discount must not be more than the line price.'],
      [{ markupPercent: 1001 }, 'Markup must be at most 1000%.'],
      [{ markupGroup: 'Gold plating' }, "Markup Group Gold plating is not one of the company's markup groups."],
      [{ discount: 5, discountReason: 'Loyal customer' }, "Discount Reason Loyal customer is not one of the company's discount reasons for items."],
    ];
    for (const [body, sentence] of cases) {
      const res = await addLine('dispatcher', id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title, JSON.stringify(body)).toBe(sentence);
    }
    expect((await addLine('dispatcher', id, { kind: 'standardItem', standardItemId: 999999 })).json().title).toBe('Standard item is not valid.');
    expect((await t.call('PUT', `${BASE}/${id}/lines/999999`, 'dispatcher', { kind: 'labor', description: 'x', quantity: 1, unitCost: 1 })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${BASE}/999999/lines/1`, 'dispatcher')).statusCode).toBe(404);
    expect(await lineCount()).toBe(before);
  });

  it('keeps the minimum profit factor of quotes, refused with a sentence and nothing kept', async () => {
    const { customerEstimateId: id } = await newEstimate();
    // 1000.00 exactly: no rule, even at no profit.
    const at1000 = await addLine('dispatcher', id, { quantity: 1, unitCost: 1000 });
    expect(at1000.json().totals).toMatchObject({ total: 1000, profitFactor: 0, minimumProfitFactor: null, isProfitFactorMet: true });
    const before = await lineCount();
    const low = await addLine('dispatcher', id, { quantity: 1, unitCost: 200, markupPercent: 150 }); // 1500.00 at 20.00%
    expect(low.statusCode).toBe(400);
    expect(low.json().title).toBe('An estimate of 1,500.00 needs a profit factor of at least 33.33%; this one has 20.00%.');
    expect(await lineCount()).toBe(before);
    const sent = await setStatus('dispatcher', id, { status: 'Sent' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { customerEstimateId: other } = await newEstimate();
    const ok = await addLine('dispatcher', other, { quantity: 1, unitCost: 1200, markupPercent: 50 }); // 1800 at 33.33%
    expect(ok.json().totals).toMatchObject({ total: 1800, profitFactor: 33.33, minimumProfitFactor: 33.33, isProfitFactorMet: true });
  });
});

describe('status moves', () => {
  it('goes Open → Sent → Accepted, after which its lines and header no longer change', async () => {
    const { customerEstimateId: id, estimateNumber: n } = await newEstimate();
    const empty = await setStatus('dispatcher', id, { status: 'Sent' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().title).toBe(`Estimate ${n} has no lines yet: add the work, parts or items it offers first.`);
    const line = (await addLine('dispatcher', id, { quantity: 4, unitCost: 25, markupPercent: 40 })).json().lines[0];
    const sent = await setStatus('dispatcher', id, { status: 'Sent' });
    expect(sent.json()).toMatchObject({ status: 'Sent', isEditable: true });
    expect((await setStatus('dispatcher', id, { status: 'Sent' })).json().status).toBe('Sent');
    // Sent is still editable: the customer has not answered.
    expect((await addLine('dispatcher', id, { description: 'Filter' })).statusCode).toBe(200);
    const accepted = await setStatus('dispatcher', id, { status: 'Accepted' });
    expect(accepted.json()).toMatchObject({ status: 'Accepted', isEditable: false, totals: { total: 150 } });
    const edit = await t.call('PUT', `${BASE}/${id}/lines/${line.customerEstimateLineId}`, 'dispatcher', { kind: 'labor', description: 'x', quantity: 1, unitCost: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().title).toBe(`Estimate ${n} is Accepted: it can no longer change.`);
    expect((await t.call('DELETE', `${BASE}/${id}/lines/${line.customerEstimateLineId}`, 'dispatcher')).statusCode).toBe(409);
    expect((await t.call('PUT', `${BASE}/${id}`, 'dispatcher', { customerId: polar[5], title: 'x' })).statusCode).toBe(409);
    const back = await setStatus('dispatcher', id, { status: 'Sent' });
    expect(back.statusCode).toBe(409);
    expect(back.json().title).toBe(`Estimate ${n} is Accepted: it can no longer be marked Sent.`);
  });

  it('needs a reason to decline, and keeps it', async () => {
    const { customerEstimateId: id, estimateNumber: n } = await newEstimate();
    const none = await setStatus('dispatcher', id, { status: 'Declined' });
    expect(none.statusCode).toBe(400);
    expect(none.json().title).toBe('Decline Reason field is required!');
    expect((await setStatus('dispatcher', id, { status: 'Declined', declineReason: '  ' })).json().title).toBe('Decline Reason field is required!');
    expect((await setStatus('dispatcher', id, { status: 'Sent', declineReason: 'x' })).json().title).toBe('Only a declined estimate takes a Decline Reason.');
    expect((await setStatus('dispatcher', id, { status: 'Converted' })).json().title).toBe('Status must be one of Sent, Accepted, Declined.');
    const declined = await setStatus('dispatcher', id, { status: 'Declined', declineReason: ' The customer will repair the old unit. ' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'Declined', declineReason: 'The customer will repair the old unit.', isEditable: false });
    const accept = await setStatus('dispatcher', id, { status: 'Accepted' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().title).toBe(`Estimate ${n} is Declined: it can no longer be marked Accepted.`);
    expect((await addLine('dispatcher', id, {})).statusCode).toBe(409);
  });
});

describe('converting to a work order', () => {
  it('makes the work order in one step with the estimate, which is then Converted and locked', async () => {
    const { customerEstimateId: id, estimateNumber: n } = await newEstimate(polar[8], 'dispatcher', { title: 'Replace walk-in evaporator', description: 'Coil is leaking at the return bends.' });
    await addLine('dispatcher', id, { quantity: 1, unitCost: 300, markupPercent: 60 });
    const early = await t.call('POST', `${BASE}/${id}/convert`, 'dispatcher');
    expect(early.statusCode).toBe(409);
    expect(early.json().title).toBe(`Estimate ${n} is Open: only an accepted estimate becomes a work order.`);
    await setStatus('dispatcher', id, { status: 'Accepted' });
    const [{ n: woBefore }] = await t.db.select({ n: count() }).from(workOrders);

    const res = await t.call('POST', `${BASE}/${id}/convert`, 'dispatcher');
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({ status: 'Converted', isEditable: false, workOrderId: expect.any(Number), workOrderNumber: expect.stringMatching(/^\d+$/) });
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, v.workOrderId));
    expect(wo).toMatchObject({ customerId: polar[8], problem: 'Replace walk-in evaporator\n\nCoil is leaking at the return bends.', workOrderNumber: v.workOrderNumber, priority: 'Normal' });
    expect([WORK_ORDER_STATUS.ToDo, WORK_ORDER_STATUS.CreditHold]).toContain(wo.workOrderStatusId);
    const history = await t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, wo.id));
    expect(history).toHaveLength(1);
    expect((await t.db.select({ n: count() }).from(workOrders))[0].n).toBe(woBefore + 1);

    const again = await t.call('POST', `${BASE}/${id}/convert`, 'dispatcher');
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe(`Estimate ${n} has already become a work order.`);
    expect((await t.db.select({ n: count() }).from(workOrders))[0].n).toBe(woBefore + 1);
    const locked = await addLine('dispatcher', id, {});
    expect(locked.statusCode).toBe(409);
    expect(locked.json().title).toBe(`Estimate ${n} is Converted: it can no longer change.`);
    expect((await t.call('DELETE', `${BASE}/${id}/lines/${v.lines[0].customerEstimateLineId}`, 'dispatcher')).statusCode).toBe(409);
    const decline = await setStatus('dispatcher', id, { status: 'Declined', declineReason: 'Too late' });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().title).toBe(`Estimate ${n} has already become a work order: its status can no longer change.`);

    // The work order knows its estimate: the start/stop view data and the work order page's lookup.
    const viewData = await t.call('POST', '/api/v1/WOStartStop/getStopWOViewData', 'admin', { workOrderId: wo.id });
    expect(viewData.statusCode, viewData.body).toBe(200);
    expect(viewData.json().customerEstimateId).toBe(id);
    expect((await t.call('GET', `${BASE}/workOrder/${wo.id}`, 'dispatcher')).json()).toEqual({ customerEstimateId: id, estimateNumber: n });
    const other = (await t.db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.workOrderNumber, '240001')))[0].id;
    expect((await t.call('GET', `${BASE}/workOrder/${other}`, 'dispatcher')).json()).toEqual({ customerEstimateId: null, estimateNumber: null });
    expect((await t.call('POST', '/api/v1/WOStartStop/getStopWOViewData', 'admin', { workOrderId: other })).json().customerEstimateId).toBeNull();
    const grid = await t.call('POST', `${BASE}/list`, 'dispatcher', { filter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'Converted' }] } });
    expect(grid.json().data).toEqual([expect.objectContaining({ customerEstimateId: id, workOrderNumber: v.workOrderNumber, status: 'Converted' })]);
  });
});

describe('permissions and other companies', () => {
  it('answers 404 for every estimate route of another company and shows none of its estimates', async () => {
    const { customerEstimateId: id } = await newEstimate();
    const [line] = (await addLine('dispatcher', id, {})).json().lines;
    const own = await newEstimate(coastal, 'coastal.admin');
    const before = await lineCount();
    const as = 'coastal.admin';
    const body = { kind: 'labor', description: 'x', quantity: 1, unitCost: 1 };
    const calls = [
      view(as, id),
      t.call('PUT', `${BASE}/${id}`, as, { customerId: coastal, title: 'x' }),
      addLine(as, id, {}),
      t.call('PUT', `${BASE}/${id}/lines/${line.customerEstimateLineId}`, as, body),
      t.call('DELETE', `${BASE}/${id}/lines/${line.customerEstimateLineId}`, as),
      // Polar's line through Coastal's own estimate is not found either.
      t.call('PUT', `${BASE}/${own.customerEstimateId}/lines/${line.customerEstimateLineId}`, as, body),
      t.call('DELETE', `${BASE}/${own.customerEstimateId}/lines/${line.customerEstimateLineId}`, as),
      setStatus(as, id, { status: 'Declined', declineReason: 'x' }),
      t.call('POST', `${BASE}/${id}/convert`, as),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const grid = (await t.call('POST', `${BASE}/list`, as, { take: 500 })).json();
    expect(grid.data.every((r: { customerName: string }) => !r.customerName.startsWith('FreshMart'))).toBe(true);
    expect(grid.data.map((r: { customerEstimateId: number }) => r.customerEstimateId)).toContain(own.customerEstimateId);
    expect(grid.data.map((r: { customerEstimateId: number }) => r.customerEstimateId)).not.toContain(id);
    expect(await lineCount()).toBe(before);
    expect((await view('dispatcher', id)).json()).toMatchObject({ status: 'Open', lines: [expect.objectContaining({ description: 'Part' })] });
  });

  it('lets a role with Quotes read see estimates but not change them, and keeps a technician out', async () => {
    const { customerEstimateId: id } = await newEstimate();
    const roles = (await t.call('GET', '/api/v1/Account/roles', 'admin')).json();
    const leader = roles.find((r: { roleName: string }) => r.roleName === 'Team Leader');
    const withRead = [...leader.permissions, { permissionDescription: 'Quotes', canRead: true, canWrite: false, functionalities: [] }];
    expect((await t.call('PUT', `/api/v1/Account/roles/${leader.roleId}/permissions`, 'admin', { permissions: withRead })).statusCode).toBe(200);
    try {
      expect((await view('leader', id)).statusCode).toBe(200);
      expect((await t.call('POST', `${BASE}/list`, 'leader', {})).statusCode).toBe(200);
      const writes = [
        create('leader', { customerId: polar[0], title: 'x' }),
        t.call('PUT', `${BASE}/${id}`, 'leader', { customerId: polar[0], title: 'x' }),
        addLine('leader', id, {}),
        setStatus('leader', id, { status: 'Sent' }),
        t.call('POST', `${BASE}/${id}/convert`, 'leader'),
      ];
      for (const res of await Promise.all(writes)) expect(res.statusCode, res.body).toBe(403);
    } finally {
      expect((await t.call('PUT', `/api/v1/Account/roles/${leader.roleId}/permissions`, 'admin', { permissions: leader.permissions })).statusCode).toBe(200);
    }
    expect((await view('leader', id)).statusCode).toBe(403);
    expect((await view('tech', id)).statusCode).toBe(403);
    expect((await t.call('POST', `${BASE}/list`, 'tech', {})).statusCode).toBe(403);
  });
});

describe('the estimates grid', () => {
  it('pages, sorts and filters on the server', async () => {
    const all = await t.call('POST', `${BASE}/list`, 'dispatcher', { take: 500 });
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data as { estimateNumber: number; total: number; status: string; validUntil: string | null }[];
    expect(all.json().total).toBe(rows.length);
    expect(rows.map((r) => r.estimateNumber)).toEqual([...rows.map((r) => r.estimateNumber)].sort((a, b) => b - a));
    const page = (await t.call('POST', `${BASE}/list`, 'dispatcher', { take: 2, skip: 2 })).json();
    expect(page.data.map((r: { estimateNumber: number }) => r.estimateNumber)).toEqual(rows.slice(2, 4).map((r) => r.estimateNumber));
    expect(page.total).toBe(rows.length);
    const open = (await t.call('POST', `${BASE}/list`, 'dispatcher', { take: 500, filter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'Open' }] } })).json();
    expect(open.total).toBe(rows.filter((r) => r.status === 'Open').length);
    const byTotal = await t.call('POST', `${BASE}/list`, 'dispatcher', { sort: [{ field: 'total', dir: 'desc' }], take: 1 });
    expect(byTotal.json().data[0].total).toBe(Math.max(...rows.map((r) => r.total)));
    const dated = await t.call('POST', `${BASE}/list`, 'dispatcher', { filter: { logic: 'and', filters: [{ field: 'validUntil', operator: 'gte', value: '2026-12-31' }] } });
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json().data.map((r: { validUntil: string }) => r.validUntil)).toEqual(rows.filter((r) => r.validUntil && r.validUntil >= '2026-12-31').map((r) => r.validUntil));
    expect(dated.json().total).toBeGreaterThan(0);
    const bad = await t.call('POST', `${BASE}/list`, 'dispatcher', { sort: [{ field: 'password', dir: 'asc' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('password cannot be sorted.');
  });
});
