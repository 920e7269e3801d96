import { count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRateSheets, customers, rateSheetStandardItems, standardItems, workOrderStandardItems } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount, workOrdersOf } from './item-fixtures';

let t: TestApp;
/** A work order of tech whose billing customer has a rate sheet. */
let wo: { id: number; billingCustomerId: number | null; subscriberId: number };
let coastalWo: number;
/** A rate sheet item of the other company (the demo gives it none). */
let foreignItem: { id: number; billingCustomerId: number };
const catalogue = new Map<string, number>();
beforeAll(async () => {
  t = await createTestApp();
  const sheets = await t.db.select().from(customerRateSheets);
  const billed = new Set(sheets.map((s) => s.billingCustomerId));
  wo = (await workOrdersOf(t, 'tech')).find((w) => w.billingCustomerId != null && billed.has(w.billingCustomerId))!;
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
  const [coastal] = await t.db.select().from(customers).where(ne(customers.subscriberId, wo.subscriberId)).limit(1);
  const [sheet] = await t.db.insert(customerRateSheets).values({ subscriberId: coastal.subscriberId, billingCustomerId: coastal.id, name: 'Coastal Rates' }).returning();
  const [item] = await t.db
    .insert(rateSheetStandardItems)
    .values({ subscriberId: coastal.subscriberId, customerRateSheetId: sheet.id, name: 'Coastal Trip', itemRateTypeId: 1, price: '60.00' })
    .returning();
  foreignItem = { id: item.id, billingCustomerId: coastal.id };
  for (const s of await t.db.select().from(standardItems).where(eq(standardItems.subscriberId, wo.subscriberId))) catalogue.set(s.name, s.id);
});
afterAll(() => t.close());

const addStd = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/WorkOrder/standardItems/add', as, { workOrderId: wo.id, quantity: 1, ...body });
const addRate = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/WorkOrder/rateSheetStandardItems/add', as, { workOrderId: wo.id, quantity: 1, ...body });
const itemCount = async () => (await t.db.select({ n: count() }).from(workOrderStandardItems))[0].n;

describe('the standard items catalogue', () => {
  it("lists the company's active items, marking the Toll as priced on each use", async () => {
    const res = await t.call('GET', '/api/v1/StandardItems/list', 'tech');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(['Diagnostic Fee', 'Refrigerant Recovery', 'Toll', 'Trip Charge']);
    expect(res.json().find((s: { name: string }) => s.name === 'Toll')).toMatchObject({ isPriceTyped: true, price: 0 });
    expect(res.json().find((s: { name: string }) => s.name === 'Trip Charge')).toMatchObject({ isPriceTyped: false, price: 85 });
    const coastal = (await t.call('GET', '/api/v1/StandardItems/list', 'coastal.admin')).json();
    expect(coastal.map((s: { standardItemId: number }) => s.standardItemId).some((id: number) => [...catalogue.values()].includes(id))).toBe(false);
    expect((await t.call('GET', '/api/v1/StandardItems/list', 'leader')).statusCode).toBe(403);
  });

  it("lists a billing customer's rate sheet items, and 404 for another company's customer", async () => {
    const res = await t.call('GET', `/api/v1/RateSheetStandardItem/list/${wo.billingCustomerId}`, 'tech');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
    expect(res.json()[0]).toMatchObject({ rateSheetName: expect.stringContaining('Service Rates'), itemRateTypeName: expect.any(String), price: expect.any(Number) });
    expect((await t.call('GET', `/api/v1/RateSheetStandardItem/list/${foreignItem.billingCustomerId}`, 'tech')).statusCode).toBe(404);
    const theirs = await t.call('GET', `/api/v1/RateSheetStandardItem/list/${foreignItem.billingCustomerId}`, 'coastal.admin');
    expect(theirs.json()).toEqual([{ rateSheetStandardItemId: foreignItem.id, name: 'Coastal Trip', itemRateTypeId: 1, itemRateTypeName: expect.any(String), price: 60, rateSheetName: 'Coastal Rates' }]);
  });
});

describe('standard items on a work order', () => {
  it('prices catalogue items from the catalogue and sums them exactly', async () => {
    const trip = await addStd('tech', { standardItemId: catalogue.get('Trip Charge'), quantity: 3 });
    expect(trip.statusCode, trip.body).toBe(200);
    expect(trip.json()).toMatchObject({ kind: 'standard', name: 'Trip Charge', itemRateTypeName: null, quantity: 3, unitPrice: 85, lineTotal: 255 });
    const recovery = await addStd('dispatcher', { standardItemId: catalogue.get('Refrigerant Recovery'), quantity: 2.5 });
    expect(recovery.json()).toMatchObject({ unitPrice: 12.5, lineTotal: 31.25 });
    expect(await auditCount(t, 'workOrderStandardItem', trip.json().workOrderStandardItemId)).toBe(1);
  });

  it('takes a typed amount for the Toll only: required for it, refused for others', async () => {
    const before = await itemCount();
    const missing = await addStd('tech', { standardItemId: catalogue.get('Toll') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().title).toBe('Toll amount field is required!');
    expect((await addStd('tech', { standardItemId: catalogue.get('Toll'), unitPrice: 0 })).json().title).toBe('Toll amount must be more than 0.');
    expect((await addStd('tech', { standardItemId: catalogue.get('Toll'), unitPrice: 1.234 })).json().title).toBe('Toll amount must have at most two decimals.');
    const typed = await addStd('tech', { standardItemId: catalogue.get('Trip Charge'), unitPrice: 1 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().title).toBe('The price of Trip Charge comes from the catalogue; only the Toll amount is typed.');
    expect((await addStd('tech', { standardItemId: catalogue.get('Trip Charge'), quantity: 0 })).json().title).toBe('Quantity must be more than 0.');
    expect((await addStd('tech', { standardItemId: undefined })).json().title).toBe('Standard Item field is required!');
    expect(await itemCount()).toBe(before);
    const toll = await addStd('tech', { standardItemId: catalogue.get('Toll'), unitPrice: 7.35, quantity: 2 });
    expect(toll.json()).toMatchObject({ name: 'Toll', unitPrice: 7.35, lineTotal: 14.7 });
  });

  it("refuses another company's catalogue item as missing", async () => {
    const [foreign] = await t.db.select().from(standardItems).where(ne(standardItems.subscriberId, wo.subscriberId));
    const res = await addStd('tech', { standardItemId: foreign.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().title).toBe('Standard item was not found.');
  });

  it("adds a rate sheet item only from the work order's billing customer's rate sheets", async () => {
    const own = (await t.call('GET', `/api/v1/RateSheetStandardItem/list/${wo.billingCustomerId}`, 'tech')).json();
    const overtime = own.find((i: { name: string; itemRateTypeId: number }) => i.name === 'Trip Charge' && i.itemRateTypeId === 2);
    const res = await addRate('tech', { rateSheetStandardItemId: overtime.rateSheetStandardItemId, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'rateSheet', name: 'Trip Charge', itemRateTypeName: overtime.itemRateTypeName, unitPrice: 112.5, lineTotal: 225 });

    const before = await itemCount();
    const [other] = await t.db
      .select({ id: rateSheetStandardItems.id })
      .from(rateSheetStandardItems)
      .innerJoin(customerRateSheets, eq(customerRateSheets.id, rateSheetStandardItems.customerRateSheetId))
      .where(ne(customerRateSheets.billingCustomerId, wo.billingCustomerId!));
    const wrong = await addRate('tech', { rateSheetStandardItemId: other.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().title).toBe("This item is not on a rate sheet of the work order's billing customer.");
    const foreign = await addRate('tech', { rateSheetStandardItemId: foreignItem.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().title).toBe('Rate sheet standard item was not found.');
    expect((await addRate('tech', { rateSheetStandardItemId: 'x' })).json().title).toBe('Rate Sheet Standard Item must be a number.');
    expect(await itemCount()).toBe(before);
  });

  it('lists both kinds with their exact total', async () => {
    const res = await t.call('GET', `/api/v1/workorder/${wo.id}/STANDARDITEMS`, 'tech');
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(items.map((i: { kind: string; name: string }) => `${i.kind} ${i.name}`)).toEqual([
      'standard Trip Charge', 'standard Refrigerant Recovery', 'standard Toll', 'rateSheet Trip Charge',
    ]);
    expect(total).toBe(525.95); // 255 + 31.25 + 14.70 + 225
    expect((await t.call('GET', `/api/v1/WorkOrder/${wo.id}/standardItems`, 'leader')).json().total).toBe(525.95);
  });

  it("deletes only with 'Delete Labor Standard Items & Equipments'", async () => {
    const { workOrderStandardItemId: id } = (await addStd('tech', { standardItemId: catalogue.get('Diagnostic Fee') })).json();
    for (const who of ['tech', 'dispatcher']) expect((await t.call('DELETE', `/api/v1/WorkOrder/standardItems/${id}`, who)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/v1/WorkOrder/standardItems/${id}`, 'coastal.admin')).statusCode).toBe(404);
    const res = await t.call('DELETE', `/api/v1/WorkOrder/standardItems/${id}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(await auditCount(t, 'workOrderStandardItem', id)).toBe(2);
    expect((await t.call('DELETE', `/api/v1/WorkOrder/standardItems/${id}`, 'admin')).statusCode).toBe(404);
  });

  it("hides another technician's work order and another company's (404), writing nothing", async () => {
    const before = await itemCount();
    for (const who of ['tech2', 'coastal.admin']) {
      expect((await t.call('GET', `/api/v1/WorkOrder/${wo.id}/standardItems`, who)).statusCode, who).toBe(404);
      expect((await addStd(who, { standardItemId: catalogue.get('Trip Charge') })).statusCode, who).toBe(404);
    }
    expect((await t.call('GET', `/api/v1/WorkOrder/${coastalWo}/standardItems`, 'admin')).statusCode).toBe(404);
    expect(await itemCount()).toBe(before);
  });
});
