import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, stockLevels, stockMovements, users, vendors, warehouses } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerOnHand } from './stock-ledger.service';

/** The office's inventory: items, their stock by location, the movements it makes by hand, minimums and reorders. */

let t: TestApp;
let ctx: Ctx;
let main: number;
let truck: number;
let coastalWarehouse: number;
let vendorId: number;
const touched = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
  ctx = { db: t.db, actor: { userId: admin.id, subscriberId: admin.subscriberId, userName: admin.userName }, now: new Date() };
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  [{ id: main }] = await t.db.select().from(warehouses).where(and(eq(warehouses.subscriberId, admin.subscriberId), eq(warehouses.name, 'Main Warehouse')));
  [{ id: truck }] = await t.db.select().from(warehouses).where(eq(warehouses.technicianId, tech.id));
  const [coastal] = await t.db.select().from(users).where(eq(users.userName, 'coastal.admin'));
  [{ id: coastalWarehouse }] = await t.db.select().from(warehouses).where(eq(warehouses.subscriberId, coastal.subscriberId)).limit(1);
  [{ id: vendorId }] = await t.db.select().from(vendors).where(and(eq(vendors.subscriberId, admin.subscriberId), eq(vendors.name, 'Johnstone Supply')));
});
afterAll(() => t.close());

let seq = 0;
/** Adds an item through the API with what is on hand at each location. */
async function addItem(stock: [number, number][], extra: Record<string, unknown> = {}, as = 'admin') {
  seq += 1;
  const res = await t.call('POST', '/api/v1/Inventory/items', as, {
    partNumber: `INV-${seq}`,
    description: `Inventory test part ${seq}`,
    unitCost: 12.5,
    unitPrice: 20,
    preferredVendorId: vendorId,
    openingStock: stock.map(([warehouseId, quantity]) => ({ warehouseId, quantity })),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const [w] of stock) touched.add(`${res.json().itemId}|${w}`);
  return res.json().itemId as number;
}
const onHand = async (itemId: number, warehouseId: number) =>
  (await t.db.select().from(stockLevels).where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.warehouseId, warehouseId))))[0]?.onHand ?? null;
const movementsOf = (itemId: number) => t.db.select().from(stockMovements).where(eq(stockMovements.itemId, itemId)).orderBy(stockMovements.id);
const refusal = (res: { statusCode: number; json: () => { title: string } }) => ({ status: res.statusCode, title: res.json().title });

describe('inventory items', () => {
  it('adds an item with its opening stock as counted ledger rows, and shows it in the grid and its page', async () => {
    const itemId = await addItem([[main, 10], [truck, 2]], { barcode: 'INV-BARCODE-1', partClass: 'Electrical' });
    const rows = await movementsOf(itemId);
    expect(rows.map((r) => [r.kind, r.warehouseId, r.quantity, r.reason])).toEqual([
      ['counted', main, '10.000', 'Opening count'],
      ['counted', truck, '2.000', 'Opening count'],
    ]);
    const item = (await t.call('GET', `/api/v1/Inventory/items/${itemId}`, 'admin')).json();
    expect(item).toMatchObject({ partNumber: `INV-${seq}`, totalOnHand: 12, totalValue: 150, partClass: 'Electrical', preferredVendorName: 'Johnstone Supply' });
    expect(item.levels.map((l: { warehouseId: number; onHand: number; available: number }) => [l.warehouseId, l.onHand, l.available])).toEqual([[main, 10, 10], [truck, 2, 2]]);
    const grid = (await t.call('GET', `/api/v1/Inventory/items?search=INV-BARCODE-1`, 'admin')).json();
    expect(grid).toMatchObject({ total: 1, canSeeTotalCost: true, data: [{ itemId, totalOnHand: 12, totalValue: 150 }] });
    const atTruck = (await t.call('GET', `/api/v1/Inventory/items?search=INV-${seq}&warehouseId=${truck}`, 'admin')).json();
    expect(atTruck.data.find((r: { itemId: number }) => r.itemId === itemId)).toMatchObject({ totalOnHand: 2 });
  });

  it('gives cost totals only to users who may see total part cost, in the grid, the item and the export', async () => {
    const itemId = await addItem([[main, 4]]);
    const grid = (await t.call('GET', `/api/v1/Inventory/items?search=INV-${seq}`, 'dispatcher')).json();
    expect(grid.canSeeTotalCost).toBe(false);
    expect(grid.data[0]).toMatchObject({ itemId, totalOnHand: 4, totalValue: null });
    expect((await t.call('GET', `/api/v1/Inventory/items/${itemId}`, 'tech')).json().totalValue).toBeNull();
    expect((await t.call('GET', `/api/v1/Inventory/items/export?search=INV-${seq}`, 'dispatcher')).statusCode).toBe(403);
    const csv = await t.call('GET', `/api/v1/Inventory/items/export?search=INV-${seq}`, 'admin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Part Number,Description,Unit,Unit Cost,Unit Price,Barcode,Part Class,Preferred Vendor,Active,On Hand,Total Value');
    expect(csv.body.split('\r\n')[1]).toBe(`INV-${seq},Inventory test part ${seq},Each,12.50,20.00,,,Johnstone Supply,Yes,4,50.00`);
  });

  it('lists only for readers of inventory', async () => {
    expect((await t.call('GET', '/api/v1/Inventory/items', 'leader')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Inventory/items', 'tech')).statusCode).toBe(200);
    const all = (await t.call('GET', '/api/v1/Inventory/items?take=3&skip=0', 'admin')).json();
    expect(all.data).toHaveLength(3);
    expect(all.total).toBeGreaterThanOrEqual(8);
  });

  it('keeps part numbers and barcodes unique in the company, with a sentence naming the one taken', async () => {
    await addItem([[main, 1]], { barcode: 'UNIQUE-BC' });
    const taken = `INV-${seq}`;
    const dup = await t.call('POST', '/api/v1/Inventory/items', 'admin', { partNumber: taken.toLowerCase(), description: 'Again', unitCost: 1, openingStock: [{ warehouseId: main, quantity: 1 }] });
    expect(refusal(dup)).toEqual({ status: 409, title: `Another item already has the part number ${taken.toLowerCase()}.` });
    const dupBarcode = await t.call('POST', '/api/v1/Inventory/items', 'admin', { partNumber: 'NEW-ONE-X', description: 'Again', unitCost: 1, barcode: 'UNIQUE-BC' });
    expect(refusal(dupBarcode)).toEqual({ status: 409, title: 'Another item already has the barcode UNIQUE-BC.' });
    expect(await t.db.select().from(inventoryItems).where(eq(inventoryItems.partNumber, 'NEW-ONE-X'))).toEqual([]);
    // Another company may use the same part number.
    const coastal = await t.call('POST', '/api/v1/Inventory/items', 'coastal.admin', { partNumber: taken, description: 'Theirs', unitCost: 1 });
    expect(coastal.statusCode, coastal.body).toBe(200);
  });

  it('adds an item kept nowhere only with Add Inventory Without Location, and only at the company\'s locations', async () => {
    const nowhere = await t.call('POST', '/api/v1/Inventory/items', 'dispatcher', { partNumber: 'NOWHERE-1', description: 'Nowhere', unitCost: 1 });
    expect(refusal(nowhere)).toEqual({ status: 403, title: 'Give the item a location: adding an item without one needs the Add Inventory Without Location permission.' });
    expect((await t.call('POST', '/api/v1/Inventory/items', 'admin', { partNumber: 'NOWHERE-1', description: 'Nowhere', unitCost: 1 })).statusCode).toBe(200);
    await addItem([[main, 3]], {}, 'dispatcher');
    const foreign = await t.call('POST', '/api/v1/Inventory/items', 'admin', { partNumber: 'FOREIGN-1', description: 'x', unitCost: 1, openingStock: [{ warehouseId: coastalWarehouse, quantity: 1 }] });
    expect(refusal(foreign)).toEqual({ status: 404, title: 'Location was not found.' });
    expect((await t.call('POST', '/api/v1/Inventory/items', 'tech', { partNumber: 'TECH-1', description: 'x', unitCost: 1, openingStock: [{ warehouseId: truck, quantity: 1 }] })).statusCode).toBe(403);
    const bad = await t.call('POST', '/api/v1/Inventory/items', 'admin', { partNumber: ' ', description: 'x', unitCost: 1 });
    expect(refusal(bad)).toEqual({ status: 400, title: 'Part Number field is required!' });
  });

  it('changes the part class only with Change Part Class; retires and brings back an item', async () => {
    const itemId = await addItem([[main, 1]], { partClass: 'Electrical' });
    const body = { partNumber: `INV-${seq}`, description: 'Renamed', unitCost: 13, unitPrice: 21, preferredVendorId: vendorId, partClass: 'Electrical' };
    expect((await t.call('PUT', `/api/v1/Inventory/items/${itemId}`, 'dispatcher', body)).statusCode).toBe(200);
    const classChange = await t.call('PUT', `/api/v1/Inventory/items/${itemId}`, 'dispatcher', { ...body, partClass: 'Mechanical' });
    expect(refusal(classChange)).toEqual({ status: 403, title: 'Changing the part class needs the Change Part Class permission.' });
    expect((await t.call('PUT', `/api/v1/Inventory/items/${itemId}`, 'admin', { ...body, partClass: 'Mechanical' })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/Inventory/items/${itemId}`, 'admin')).json()).toMatchObject({ description: 'Renamed', unitCost: 13, partClass: 'Mechanical' });
    expect((await t.call('PUT', `/api/v1/Inventory/items/${itemId}/active`, 'tech', { isActive: false })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/v1/Inventory/items/${itemId}/active`, 'admin', { isActive: false })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/Inventory/items/options?search=INV-${seq}`, 'admin')).json()).toEqual([]);
    expect((await t.call('GET', `/api/v1/Inventory/items?search=INV-${seq}&isActive=false`, 'admin')).json().total).toBe(1);
    expect((await t.call('PUT', `/api/v1/Inventory/items/${itemId}/active`, 'admin', { isActive: true })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/Inventory/items/options?search=INV-${seq}`, 'admin')).json()).toHaveLength(1);
    expect((await t.call('GET', `/api/v1/Inventory/items/${itemId}`, 'coastal.admin')).statusCode).toBe(404);
  });
});

describe('stock moved by the office', () => {
  it('adjusts with a reason, refuses taking more than is on hand, and lists the ledger newest first', async () => {
    const itemId = await addItem([[main, 5]]);
    const noReason = await t.call('POST', '/api/v1/Inventory/adjust', 'dispatcher', { itemId, warehouseId: main, quantity: -1 });
    expect(refusal(noReason)).toEqual({ status: 400, title: 'Reason field is required!' });
    const zero = await t.call('POST', '/api/v1/Inventory/adjust', 'dispatcher', { itemId, warehouseId: main, quantity: 0, reason: 'x' });
    expect(refusal(zero)).toEqual({ status: 400, title: 'Quantity must not be 0.' });
    const res = await t.call('POST', '/api/v1/Inventory/adjust', 'dispatcher', { itemId, warehouseId: main, quantity: -2, reason: 'Broken on the shelf' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().levels[0]).toMatchObject({ warehouseId: main, onHand: 3 });
    const short = await t.call('POST', '/api/v1/Inventory/adjust', 'dispatcher', { itemId, warehouseId: main, quantity: -4, reason: 'Lost' });
    expect(refusal(short)).toEqual({ status: 409, title: 'There is not enough of this part at that location.' });
    expect(await onHand(itemId, main)).toBe('3.000');
    expect((await t.call('POST', '/api/v1/Inventory/adjust', 'tech', { itemId, warehouseId: truck, quantity: 1, reason: 'x' })).statusCode).toBe(403);
    const ledger = (await t.call('GET', `/api/v1/Inventory/items/${itemId}/ledger`, 'tech')).json();
    expect(ledger.total).toBe(2);
    expect(ledger.data[0]).toMatchObject({ kind: 'adjusted', kindLabel: 'Adjusted', quantity: -2, warehouseName: 'Main Warehouse', reason: 'Broken on the shelf', createdByName: expect.any(String) });
    expect(ledger.data[1]).toMatchObject({ kind: 'counted', kindLabel: 'Counted', quantity: 5 });
  });

  it('counts: the difference is a counted row, none when the count agrees', async () => {
    const itemId = await addItem([[main, 6]]);
    const same = await t.call('POST', '/api/v1/Inventory/count', 'dispatcher', { itemId, warehouseId: main, countedQuantity: 6 });
    expect(same.statusCode, same.body).toBe(200);
    expect(await movementsOf(itemId)).toHaveLength(1);
    const fewer = await t.call('POST', '/api/v1/Inventory/count', 'dispatcher', { itemId, warehouseId: main, countedQuantity: 4.5, reason: 'Monthly count' });
    expect(fewer.json().levels[0]).toMatchObject({ onHand: 4.5 });
    const rows = await movementsOf(itemId);
    expect(rows.map((r) => [r.kind, r.quantity, r.reason])).toEqual([['counted', '6.000', 'Opening count'], ['counted', '-1.500', 'Monthly count']]);
    // A count at a location with no level yet starts it.
    await t.call('POST', '/api/v1/Inventory/count', 'dispatcher', { itemId, warehouseId: truck, countedQuantity: 2 });
    touched.add(`${itemId}|${truck}`);
    expect(await onHand(itemId, truck)).toBe('2.000');
  });

  it('transfers between two locations in one transaction, and moves nothing when stock is short', async () => {
    const itemId = await addItem([[main, 5]]);
    touched.add(`${itemId}|${truck}`);
    const same = await t.call('POST', '/api/v1/Inventory/transfer', 'dispatcher', { itemId, fromWarehouseId: main, toWarehouseId: main, quantity: 1 });
    expect(refusal(same)).toEqual({ status: 400, title: 'Choose two different locations.' });
    const res = await t.call('POST', '/api/v1/Inventory/transfer', 'dispatcher', { itemId, fromWarehouseId: main, toWarehouseId: truck, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onHand(itemId, main)).toBe('3.000');
    expect(await onHand(itemId, truck)).toBe('2.000');
    const short = await t.call('POST', '/api/v1/Inventory/transfer', 'dispatcher', { itemId, fromWarehouseId: truck, toWarehouseId: main, quantity: 3 });
    expect(refusal(short)).toEqual({ status: 409, title: 'There is not enough of this part at that location.' });
    expect([await onHand(itemId, main), await onHand(itemId, truck)]).toEqual(['3.000', '2.000']);
    expect((await movementsOf(itemId)).map((r) => r.kind)).toEqual(['counted', 'transferOut', 'transferIn']);
    const foreign = await t.call('POST', '/api/v1/Inventory/transfer', 'dispatcher', { itemId, fromWarehouseId: main, toWarehouseId: coastalWarehouse, quantity: 1 });
    expect(refusal(foreign)).toEqual({ status: 404, title: 'To Location was not found.' });
  });
});

describe('minimums, maximums and reorders', () => {
  it('keeps min ≤ max and both at or above zero, with sentences', async () => {
    const itemId = await addItem([[main, 1]]);
    const cases: [Record<string, unknown>, string][] = [
      [{ minQuantity: 5, maxQuantity: 2 }, 'Minimum must not be more than the maximum.'],
      [{ minQuantity: -1 }, 'Minimum must not be negative.'],
      [{ maxQuantity: -1 }, 'Maximum must not be negative.'],
    ];
    for (const [body, title] of cases) expect(refusal(await t.call('PUT', '/api/v1/Inventory/levels', 'dispatcher', { itemId, warehouseId: main, ...body }))).toEqual({ status: 400, title });
    expect((await t.call('PUT', '/api/v1/Inventory/levels', 'tech', { itemId, warehouseId: main, minQuantity: 1 })).statusCode).toBe(403);
    const ok = await t.call('PUT', '/api/v1/Inventory/levels', 'dispatcher', { itemId, warehouseId: main, minQuantity: 4, maxQuantity: 10, binLocation: 'B-7' });
    expect(ok.json().levels[0]).toMatchObject({ onHand: 1, minQuantity: 4, maxQuantity: 10, binLocation: 'B-7' });
  });

  it('suggests up to the maximum (or the minimum without one) where available is below the minimum, by preferred vendor', async () => {
    const withMax = await addItem([[main, 2]]);
    const withoutMax = await addItem([[main, 1]], { preferredVendorId: null });
    const enough = await addItem([[main, 5]]);
    await t.call('PUT', '/api/v1/Inventory/levels', 'dispatcher', { itemId: withMax, warehouseId: main, minQuantity: 3, maxQuantity: 10 });
    await t.call('PUT', '/api/v1/Inventory/levels', 'dispatcher', { itemId: withoutMax, warehouseId: main, minQuantity: 4 });
    await t.call('PUT', '/api/v1/Inventory/levels', 'dispatcher', { itemId: enough, warehouseId: main, minQuantity: 5, maxQuantity: 9 });
    const groups = (await t.call('GET', '/api/v1/Inventory/reorder', 'tech')).json() as { vendorName: string; lines: { itemId: number; suggestedQuantity: number }[] }[];
    const lineOf = (itemId: number) => groups.flatMap((g) => g.lines.map((l) => ({ ...l, vendorName: g.vendorName }))).find((l) => l.itemId === itemId);
    expect(lineOf(withMax)).toMatchObject({ vendorName: 'Johnstone Supply', suggestedQuantity: 8, onHand: 2, minQuantity: 3, maxQuantity: 10 });
    expect(lineOf(withoutMax)).toMatchObject({ vendorName: 'No preferred vendor', suggestedQuantity: 3 });
    expect(lineOf(enough)).toBeUndefined();
    // The demo's hot surface igniter has nothing in the main warehouse and a minimum of 2: it is suggested up to its maximum.
    const ferguson = groups.find((g) => g.vendorName === 'Ferguson HVAC')!;
    expect(ferguson.lines.find((l) => (l as unknown as { partNumber: string }).partNumber === 'IGN-HSI-41')).toMatchObject({ suggestedQuantity: 6 });
  });
});

describe('the stock ledger and the levels agree', () => {
  it('for every item and location the tests touched', async () => {
    expect(touched.size).toBeGreaterThan(10);
    for (const key of touched) {
      const [itemId, warehouseId] = key.split('|').map(Number);
      const level = await onHand(itemId, warehouseId);
      expect(await t.db.transaction((tx) => ledgerOnHand(tx, ctx, itemId, warehouseId)), key).toBe(level);
    }
  });
});
