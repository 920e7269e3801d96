import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markupGroups, quoteLines, quoteVersions, quotes, workOrderStatusHistory, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { workOrdersOf } from '../../office/work-order-items/item-fixtures';

let t: TestApp;
let polarWo: number[];
let coastalWo: number;
beforeAll(async () => {
  t = await createTestApp();
  polarWo = (await workOrdersOf(t, 'tech')).map((w) => w.id);
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
});
afterAll(() => t.close());

const create = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/Quotes/create', as, body);
const view = (as: string, n: number, v: number) => t.call('GET', `/api/v1/Quotes/${n}/${v}`, as);
const addLine = (as: string, n: number, v: number, body: Record<string, unknown>) =>
  t.call('POST', `/api/v1/Quotes/${n}/${v}/lines`, as, { kind: 'material', description: 'Part', quantity: 1, unitCost: 10, ...body });
const woStatus = async (id: number) => (await t.db.select({ s: workOrders.workOrderStatusId }).from(workOrders).where(eq(workOrders.id, id)))[0].s;
const lineCount = async () => (await t.db.select({ n: count() }).from(quoteLines))[0].n;

async function newQuote(workOrderId: number, as = 'dispatcher', quoteStatus?: string) {
  const res = await create(as, { workOrderId, ...(quoteStatus ? { quoteStatus } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { quoteId: number; quoteNumber: number; quoteVersion: number };
}

describe('creating a quote', () => {
  it('numbers quotes per company, starts at version 1 and moves the work order to Quote Open or Quote Pending with history', async () => {
    const a = await newQuote(polarWo[0]);
    expect(a).toMatchObject({ quoteNumber: 1001, quoteVersion: 1 });
    expect(await woStatus(polarWo[0])).toBe(44);
    const history = await t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, polarWo[0])).orderBy(asc(workOrderStatusHistory.id));
    expect(history.at(-1)).toMatchObject({ toStatusId: 44 });
    const b = await newQuote(polarWo[1], 'admin', 'Pending');
    expect(b.quoteNumber).toBe(1002);
    expect(await woStatus(polarWo[1])).toBe(35);
    const c = await newQuote(coastalWo, 'coastal.admin');
    expect(c.quoteNumber).toBe(1001);
    const v = await view('dispatcher', 1001, 1);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({ status: 'Open', isEditable: true, workOrderStatus: 'Quote Open', lines: [], totals: { total: 0, profitFactor: null } });
    expect(v.json().statusHistory).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'Open', changedBy: 'Dana Whitfield' })]);
  });

  it('refuses a technician (403), another company\'s work order (404) and bad input with a sentence', async () => {
    expect((await create('tech', { workOrderId: polarWo[0] })).statusCode).toBe(403);
    const foreign = await create('dispatcher', { workOrderId: coastalWo });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().title).toBe('Work order was not found.');
    const bad = await create('dispatcher', { workOrderId: polarWo[0], quoteStatus: 'Approved' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Quote Status must be one of Open, Pending.');
    expect((await create('dispatcher', {})).json().title).toBe('Work order field is required!');
  });

  it('gives quotes created at the same moment different numbers', async () => {
    const results = await Promise.all(polarWo.slice(20, 25).map((id) => create('dispatcher', { workOrderId: id })));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => r.json().quoteNumber as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers[4] - numbers[0]).toBe(4);
  });

  it('lets a user without All Quotes quote only on work orders he may see', async () => {
    // The sales person may create quotes but sees only work orders assigned to him: none of the demo's.
    expect((await create('sales', { workOrderId: polarWo[2] })).statusCode).toBe(404);
    expect((await view('sales', 1001, 1)).statusCode).toBe(404);
    const grid = await t.call('POST', '/api/v1/Quotes/list', 'sales', {});
    expect(grid.statusCode).toBe(403);
  });
});

describe('lines and totals', () => {
  it('prices lines from cost, markup and discount exactly, and sums them to the cent', async () => {
    const { quoteNumber: n } = await newQuote(polarWo[3]);
    const a = await addLine('dispatcher', n, 1, { description: 'Fuse', quantity: 3, unitCost: 0.1, markupPercent: 50 });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().lines[0]).toMatchObject({ lineNumber: 1, unitPrice: 0.15, lineTotal: 0.45, costTotal: 0.3 });
    const b = await addLine('dispatcher', n, 1, { kind: 'labor', description: 'Technician, 2.5 h', quantity: 2.5, unitCost: 45, markupGroup: 'Labor', markupPercent: 100, discountReason: 'Loyal customer', discount: 25 });
    expect(b.json().lines[1]).toMatchObject({ kind: 'labor', unitPrice: 90, lineTotal: 200, discount: 25, discountReason: 'Loyal customer', markupGroup: 'Labor' });
    const c = await addLine('dispatcher', n, 1, { kind: 'standardItem', description: 'Trip Charge', quantity: 1, unitCost: 40, markupPercent: 112.5 });
    expect(c.json().totals).toEqual({ subtotal: 310.45, totalDiscount: 25, total: 285.45, totalCost: 152.8, profit: 132.65, profitFactor: 46.47, minimumProfitFactor: null, isProfitFactorMet: true });

    const lineId = c.json().lines[1].quoteLineId;
    const edited = await t.call('PUT', `/api/v1/Quotes/${n}/1/lines/${lineId}`, 'dispatcher', { kind: 'labor', description: 'Technician, 3 h', quantity: 3, unitCost: 45, markupPercent: 100 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().lines[1]).toMatchObject({ description: 'Technician, 3 h', lineTotal: 270, discount: 0, discountReason: null });
    const removed = await t.call('DELETE', `/api/v1/Quotes/${n}/1/lines/${c.json().lines[0].quoteLineId}`, 'dispatcher');
    expect(removed.json().lines.map((l: { description: string }) => l.description)).toEqual(['Technician, 3 h', 'Trip Charge']);
    expect(removed.json().totals.total).toBe(355);
  });

  it('refuses bad lines with the sentence of the first failing rule and stores nothing', async () => {
    const { quoteNumber: n } = await newQuote(polarWo[4]);
    const before = await lineCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ description: ' ' }, 'Description field is required!'],
      [{ quantity: 0 }, 'Quantity must be more than 0.'],
      [{ unitCost: 1.005 }, 'Unit Cost must have at most two decimals.'],
      [{ kind: 'service' }, 'Kind must be labor, material or standardItem.'],
      [{ discount: 5 }, 'Discount Reason field is required when a discount is given!'],
      [{ discount: 11, discountReason: 'Too much' }, 'Discount must not be more than the line price.'],
      [{ standardItemId: 1 }, 'Only a standard item line may name a standard item.'],
      [{ markupPercent: 1001 }, 'Markup must be at most 1000%.'],
      [{ markupGroup: 'Gold plating' }, "Markup Group Gold plating is not one of the company's markup groups."],
      [{ discount: 5, discountReason: 'Loyal customer' }, "Discount Reason Loyal customer is not one of the company's discount reasons for items."],
    ];
    for (const [body, sentence] of cases) {
      const res = await addLine('dispatcher', n, 1, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title, JSON.stringify(body)).toBe(sentence);
    }
    expect((await addLine('dispatcher', n, 1, { kind: 'standardItem', standardItemId: 999999 })).json().title).toBe('Standard item is not valid.');
    expect((await t.call('PUT', `/api/v1/Quotes/${n}/1/lines/999999`, 'dispatcher', { kind: 'labor', description: 'x', quantity: 1, unitCost: 1 })).statusCode).toBe(404);
    expect((await addLine('tech', n, 1, {})).statusCode).toBe(403);
    expect(await lineCount()).toBe(before);
  });

  it("takes markup groups and discount reasons from the company's lists, spelt as the list spells them, and keeps a retired one a line already has", async () => {
    const { quoteNumber: n } = await newQuote(polarWo[5]);
    const added = await addLine('dispatcher', n, 1, { markupGroup: 'parts', markupPercent: 60, discount: 2, discountReason: 'PRICE MATCH' });
    expect(added.statusCode, added.body).toBe(200);
    const line = added.json().lines[0];
    expect(line).toMatchObject({ markupGroup: 'Parts', discountReason: 'Price match' });
    const [subscriberId] = (await t.db.select({ s: quotes.subscriberId }).from(quotes).where(eq(quotes.quoteNumber, n))).map((r) => r.s);
    await t.db.update(markupGroups).set({ isActive: false }).where(and(eq(markupGroups.subscriberId, subscriberId), eq(markupGroups.name, 'Parts')));
    try {
      const kept = await t.call('PUT', `/api/v1/Quotes/${n}/1/lines/${line.quoteLineId}`, 'dispatcher', { kind: 'material', description: 'Part', quantity: 2, unitCost: 10, markupGroup: 'Parts', markupPercent: 60, discount: 2, discountReason: 'Price match' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().lines[0]).toMatchObject({ quantity: 2, markupGroup: 'Parts' });
      const refused = await addLine('dispatcher', n, 1, { markupGroup: 'Parts', markupPercent: 60 });
      expect(refused.json().title).toBe("Markup Group Parts is not one of the company's markup groups.");
    } finally {
      await t.db.update(markupGroups).set({ isActive: true }).where(and(eq(markupGroups.subscriberId, subscriberId), eq(markupGroups.name, 'Parts')));
    }
  });
});

describe('the minimum profit factor (spec platform 5.6)', () => {
  it('needs 33.33% above 1000 and 25% above 10000, refused with a sentence and nothing kept', async () => {
    const { quoteNumber: n } = await newQuote(polarWo[5]);
    // 1000.00 exactly: no rule, even at no profit.
    const at1000 = await addLine('dispatcher', n, 1, { quantity: 1, unitCost: 1000 });
    expect(at1000.json().totals).toMatchObject({ total: 1000, profitFactor: 0, minimumProfitFactor: null, isProfitFactorMet: true });
    const before = await lineCount();
    const low = await addLine('dispatcher', n, 1, { quantity: 1, unitCost: 200, markupPercent: 150 }); // 1500.00 at 20.00%
    expect(low.statusCode).toBe(400);
    expect(low.json().title).toBe('A quote of 1,500.00 needs a profit factor of at least 33.33%; this one has 20.00%.');
    expect(await lineCount()).toBe(before);

    const { quoteNumber: m } = await newQuote(polarWo[6]);
    const ok = await addLine('dispatcher', m, 1, { quantity: 1, unitCost: 1200, markupPercent: 50 }); // 1800 at 33.33%
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().totals).toMatchObject({ total: 1800, profitFactor: 33.33, minimumProfitFactor: 33.33, isProfitFactorMet: true });
    const big = await addLine('dispatcher', m, 1, { quantity: 1, unitCost: 9000, markupPercent: 33.34 }); // 12,000.60 + 1800: above 10000
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().totals).toMatchObject({ minimumProfitFactor: 25, isProfitFactorMet: true });
    const lineId = big.json().lines[1].quoteLineId;
    const under = await t.call('PUT', `/api/v1/Quotes/${m}/1/lines/${lineId}`, 'dispatcher', { kind: 'material', description: 'Part', quantity: 1, unitCost: 9000, markupPercent: 10 });
    expect(under.statusCode).toBe(400);
    expect(under.json().title).toMatch(/^A quote of 11,700\.00 needs a profit factor of at least 25\.00%; this one has \d+\.\d\d%\.$/);
    expect((await view('dispatcher', m, 1)).json().lines[1].markupPercent).toBe(33.34);
  });
});

describe('versions', () => {
  it('copies the lines into a new version and keeps the old one readable and unchanged', async () => {
    const { quoteNumber: n } = await newQuote(polarWo[7]);
    await addLine('dispatcher', n, 1, { description: 'Contactor', quantity: 2, unitCost: 30, markupPercent: 50 });
    await t.call('PUT', `/api/v1/Quotes/${n}/1/status`, 'dispatcher', { quoteStatus: 'Submitted' });
    expect(await woStatus(polarWo[7])).toBe(45);
    const v1Before = (await view('dispatcher', n, 1)).json();

    const v2 = await t.call('POST', `/api/v1/Quotes/${n}/1/newVersion`, 'dispatcher');
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json()).toMatchObject({ quoteVersion: 2, currentVersion: 2, status: 'Open', isEditable: true, totals: v1Before.totals });
    expect(v2.json().versions.map((v: { quoteVersion: number; status: string }) => [v.quoteVersion, v.status])).toEqual([[1, 'Submitted'], [2, 'Open']]);
    expect(await woStatus(polarWo[7])).toBe(44);
    const changed = await addLine('dispatcher', n, 2, { description: 'Capacitor', quantity: 1, unitCost: 12, markupPercent: 50 });
    expect(changed.json().lines).toHaveLength(2);

    const v1After = await view('dispatcher', n, 1);
    expect(v1After.statusCode).toBe(200);
    const unchanged = (v: Record<string, unknown>) => ({ ...v, currentVersion: 0, versions: [], workOrderStatus: '' });
    expect(unchanged(v1After.json())).toEqual(unchanged(v1Before));
    expect(v1After.json()).toMatchObject({ currentVersion: 2, isEditable: false });
    const old = await addLine('dispatcher', n, 1, {});
    expect(old.statusCode).toBe(409);
    expect(old.json().title).toBe(`Version 1 of quote ${n} can no longer change: version 2 is the current one.`);
    expect((await t.call('POST', `/api/v1/Quotes/${n}/1/approve`, 'dispatcher')).statusCode).toBe(409);
    expect((await t.call('POST', `/api/v1/Quotes/${n}/1/newVersion`, 'dispatcher')).statusCode).toBe(409);
    expect((await view('dispatcher', n, 3)).statusCode).toBe(404);

    // The database itself keeps the old version's lines as they were.
    const [v1] = await t.db.select({ id: quoteVersions.id }).from(quoteVersions).innerJoin(quotes, eq(quotes.id, quoteVersions.quoteId)).where(and(eq(quotes.quoteNumber, n), eq(quoteVersions.version, 1), eq(quotes.workOrderId, polarWo[7])));
    await expect(t.db.execute(sql`update quote_lines set discount = 1, discount_reason = 'x' where quote_version_id = ${v1.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from quote_lines where quote_version_id = ${v1.id}`)).rejects.toThrow();
  });
});

describe('status moves (spec platform 4.9)', () => {
  it('moves the work order with each status: Pending 35, Submitted 45, Approved 28, Rejected 34', async () => {
    const { quoteNumber: n } = await newQuote(polarWo[8]);
    const empty = await t.call('POST', `/api/v1/Quotes/${n}/1/approve`, 'dispatcher');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().title).toBe(`Quote ${n} has no lines yet: add the work, parts or items it offers first.`);
    await addLine('dispatcher', n, 1, { quantity: 4, unitCost: 25, markupPercent: 40 });
    expect((await t.call('PUT', `/api/v1/Quotes/${n}/1/status`, 'dispatcher', { quoteStatus: 'Pending' })).json().status).toBe('Pending');
    expect(await woStatus(polarWo[8])).toBe(35);
    expect((await t.call('PUT', `/api/v1/Quotes/${n}/1/status`, 'dispatcher', { quoteStatus: 'Submitted' })).json().workOrderStatus).toBe('Quote Submitted');
    const submittedEdit = await addLine('dispatcher', n, 1, {});
    expect(submittedEdit.statusCode).toBe(409);
    const reopen = await t.call('PUT', `/api/v1/Quotes/${n}/1/status`, 'dispatcher', { quoteStatus: 'Open' });
    expect(reopen.statusCode).toBe(409);
    const approved = await t.call('POST', `/api/v1/Quotes/${n}/1/approve`, 'dispatcher');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', isEditable: false, workOrderStatus: 'Quote Approved' });
    expect(approved.json().statusHistory.map((h: { toStatus: string }) => h.toStatus)).toEqual(['Open', 'Pending', 'Submitted', 'Approved']);
    expect(await woStatus(polarWo[8])).toBe(28);
    const again = await t.call('POST', `/api/v1/Quotes/${n}/1/reject`, 'dispatcher', { reason: 'Changed mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe(`Quote ${n} is already Approved. Make a new version to offer it again.`);
    const woHistory = await t.db.select({ to: workOrderStatusHistory.toStatusId }).from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, polarWo[8])).orderBy(asc(workOrderStatusHistory.id));
    expect(woHistory.map((h) => h.to).slice(-4)).toEqual([44, 35, 45, 28]);

    const { quoteNumber: r } = await newQuote(polarWo[9]);
    expect((await t.call('POST', `/api/v1/Quotes/${r}/1/reject`, 'dispatcher', { reason: ' ' })).json().title).toBe('Reason field is required!');
    const rejected = await t.call('POST', `/api/v1/Quotes/${r}/1/reject`, 'dispatcher', { reason: 'Customer will replace the unit next year.' });
    expect(rejected.json()).toMatchObject({ status: 'Rejected', workOrderStatus: 'Need Quote' });
    expect(rejected.json().statusHistory.at(-1)).toMatchObject({ fromStatus: 'Open', toStatus: 'Rejected', comment: 'Customer will replace the unit next year.' });
    expect(await woStatus(polarWo[9])).toBe(34);
  });
});

describe('the quotes grid', () => {
  it('pages, sorts and filters every quote of the company for a dispatcher, at its current version', async () => {
    const all = await t.call('POST', '/api/v1/Quotes/list', 'dispatcher', { take: 100 });
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data as { quoteNumber: number; quoteVersion: number; total: number; status: string; workOrderNumber: string }[];
    expect(all.json().total).toBe(rows.length);
    expect(rows.map((r) => r.quoteNumber)).toEqual([...rows.map((r) => r.quoteNumber)].sort((a, b) => b - a));
    expect(rows.every((r) => r.quoteNumber >= 1001)).toBe(true);
    const submitted = await t.call('POST', '/api/v1/Quotes/list', 'dispatcher', { filter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'Approved' }] } });
    expect(submitted.json().data.map((r: { status: string }) => r.status)).toEqual(['Approved']);
    const open = (await t.call('POST', '/api/v1/Quotes/list', 'dispatcher', { isOpenOnly: true, take: 100 })).json();
    expect(open.data.length).toBeGreaterThan(0);
    expect(open.data.every((r: { status: string }) => ['Open', 'Pending', 'Submitted'].includes(r.status))).toBe(true);
    expect(open.total).toBe(rows.filter((r) => !['Approved', 'Rejected'].includes(r.status)).length);
    const byTotal = await t.call('POST', '/api/v1/Quotes/list', 'dispatcher', { sort: [{ field: 'total', dir: 'desc' }], take: 1 });
    expect(byTotal.json().data[0].total).toBe(Math.max(...rows.map((r) => r.total)));
    expect((await t.call('POST', '/api/v1/Quotes/list', 'tech', {})).statusCode).toBe(403);
    const bad = await t.call('POST', '/api/v1/Quotes/list', 'dispatcher', { sort: [{ field: 'password', dir: 'asc' }] });
    expect(bad.json().title).toBe('password cannot be sorted.');
  });
});

describe('other companies', () => {
  it('are answered 404 for every quote route and see none of the quotes', async () => {
    // Polar has quotes 1001 and 1002; Coastal has only its own 1001.
    const n = 1002;
    const as = 'coastal.admin';
    const [line] = (await addLine('admin', n, 1, {})).json().lines;
    const before = await lineCount();
    const calls = [
      t.call('GET', `/api/v1/Quotes/workOrder/${polarWo[0]}`, as),
      view(as, n, 1),
      t.call('POST', `/api/v1/Quotes/${n}/1/lines`, as, { kind: 'labor', description: 'x', quantity: 1, unitCost: 1 }),
      t.call('PUT', `/api/v1/Quotes/${n}/1/lines/${line.quoteLineId}`, as, { kind: 'labor', description: 'x', quantity: 1, unitCost: 1 }),
      t.call('DELETE', `/api/v1/Quotes/${n}/1/lines/${line.quoteLineId}`, as),
      // Polar's line through Coastal's own quote of the same number is not found either.
      t.call('PUT', `/api/v1/Quotes/1001/1/lines/${line.quoteLineId}`, as, { kind: 'labor', description: 'x', quantity: 1, unitCost: 1 }),
      t.call('DELETE', `/api/v1/Quotes/1001/1/lines/${line.quoteLineId}`, as),
      t.call('POST', `/api/v1/Quotes/${n}/1/newVersion`, as),
      t.call('PUT', `/api/v1/Quotes/${n}/1/status`, as, { quoteStatus: 'Pending' }),
      t.call('POST', `/api/v1/Quotes/${n}/1/approve`, as),
      t.call('POST', `/api/v1/Quotes/${n}/1/reject`, as, { reason: 'x' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    // Coastal's own quote 1001 answers with Coastal's work order, never Polar's.
    const own = await view(as, 1001, 1);
    expect(own.json().workOrderId).toBe(coastalWo);
    const grid = (await t.call('POST', '/api/v1/Quotes/list', as, {})).json();
    expect(grid.data.map((r: { workOrderId: number }) => r.workOrderId)).toEqual([coastalWo]);
    expect(await lineCount()).toBe(before);
    expect((await view('admin', n, 1)).json()).toMatchObject({ status: 'Pending', lines: [expect.objectContaining({ quoteLineId: line.quoteLineId, description: 'Part' })] });
  });

  it('show the work order and its quotes to the create page', async () => {
    const res = await t.call('GET', `/api/v1/Quotes/workOrder/${polarWo[0]}`, 'dispatcher');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ workOrderId: polarWo[0], workOrderStatus: 'Quote Open', quotes: [{ quoteNumber: 1001, quoteVersion: 1, status: 'Open' }] });
    expect((await t.call('GET', `/api/v1/Quotes/workOrder/${coastalWo}`, 'dispatcher')).statusCode).toBe(404);
  });
});
