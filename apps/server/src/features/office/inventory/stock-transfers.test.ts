import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, stockLevels, stockMovements, users, warehouses } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerOnHand } from './stock-ledger.service';

/** A technician's truck and the transfers he asks the office for. */

let t: TestApp;
let ctx: Ctx;
let main: number;
let satellite: number;
let truck: number;
let capacitor: number;

beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
  ctx = { db: t.db, actor: { userId: admin.id, subscriberId: admin.subscriberId, userName: admin.userName }, now: new Date() };
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  const place = async (name: string) => (await t.db.select().from(warehouses).where(and(eq(warehouses.subscriberId, admin.subscriberId), eq(warehouses.name, name))))[0].id;
  main = await place('Main Warehouse');
  satellite = await place('North Satellite');
  [{ id: truck }] = await t.db.select().from(warehouses).where(eq(warehouses.technicianId, tech.id));
  [{ id: capacitor }] = await t.db.select().from(inventoryItems).where(and(eq(inventoryItems.subscriberId, admin.subscriberId), eq(inventoryItems.partNumber, 'CAP-4540')));
});
afterAll(() => t.close());

const onHand = async (itemId: number, warehouseId: number) =>
  (await t.db.select().from(stockLevels).where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.warehouseId, warehouseId))))[0]?.onHand ?? null;
const refusal = (res: { statusCode: number; json: () => { title: string } }) => ({ status: res.statusCode, title: res.json().title });
const request = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/Inventory/transferRequests', as, { itemId: capacitor, fromWarehouseId: main, toWarehouseId: truck, quantity: 2, ...body });
const expectLedgerAgrees = async (itemId: number, ...places: number[]) => {
  for (const w of places) expect(await t.db.transaction((tx) => ledgerOnHand(tx, ctx, itemId, w))).toBe(await onHand(itemId, w));
};

describe("the technician's truck", () => {
  it('lists what is on the caller\'s truck, searchable', async () => {
    const res = await t.call('GET', '/api/v1/Inventory/myTruck', 'tech');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ warehouseId: truck, name: 'Truck 1' });
    expect(res.json().items.find((i: { partNumber: string }) => i.partNumber === 'CAP-4540')).toMatchObject({ onHand: 3, available: 3 });
    const found = (await t.call('GET', '/api/v1/Inventory/myTruck?search=igniter', 'tech')).json();
    expect(found.items.map((i: { partNumber: string }) => i.partNumber)).toEqual(['IGN-HSI-41']);
  });

  it('answers a sentence to a user with no truck', async () => {
    expect(refusal(await t.call('GET', '/api/v1/Inventory/myTruck', 'tech2'))).toEqual({ status: 404, title: 'You have no truck: the office gives each technician one under Administration, Warehouses.' });
    expect((await t.call('GET', '/api/v1/Inventory/myTruck', 'leader')).statusCode).toBe(403);
  });
});

describe('transfer requests', () => {
  it('a technician asks for parts to his own truck only; the office completes it and the truck holds them', async () => {
    expect(refusal(await request('tech', { toWarehouseId: satellite }))).toEqual({ status: 403, title: 'You may request parts only to or from your own truck.' });
    expect(refusal(await request('tech2', {}))).toEqual({ status: 409, title: 'You have no truck: the office gives each technician one under Administration, Warehouses.' });
    expect(refusal(await request('tech', { quantity: 0 }))).toEqual({ status: 400, title: 'Quantity must be more than 0.' });
    const asked = await request('tech', { note: 'For the walk-in job' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'requested', partNumber: 'CAP-4540', fromWarehouseName: 'Main Warehouse', toWarehouseName: 'Truck 1', quantity: 2, note: 'For the walk-in job' });
    const { transferId } = asked.json();
    // The technician sees his own; the office sees every request.
    expect((await t.call('GET', '/api/v1/Inventory/transferRequests', 'tech')).json().map((r: { transferId: number }) => r.transferId)).toContain(transferId);
    expect((await t.call('GET', '/api/v1/Inventory/transferRequests', 'tech2')).json()).toEqual([]);
    expect((await t.call('GET', '/api/v1/Inventory/transferRequests?status=requested', 'dispatcher')).json().map((r: { transferId: number }) => r.transferId)).toContain(transferId);
    expect((await t.call('PUT', `/api/v1/Inventory/transferRequests/${transferId}/complete`, 'tech')).statusCode).toBe(403);
    const [mainBefore, truckBefore] = [await onHand(capacitor, main), await onHand(capacitor, truck)];
    const done = await t.call('PUT', `/api/v1/Inventory/transferRequests/${transferId}/complete`, 'dispatcher');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', decidedByName: expect.any(String) });
    expect(Number(await onHand(capacitor, truck)) - Number(truckBefore)).toBe(2);
    expect(Number(mainBefore) - Number(await onHand(capacitor, main))).toBe(2);
    const rows = await t.db.select().from(stockMovements).where(eq(stockMovements.transferId, transferId));
    expect(rows.map((r) => [r.kind, r.warehouseId, r.quantity])).toEqual([['transferOut', main, '-2.000'], ['transferIn', truck, '2.000']]);
    expect(refusal(await t.call('PUT', `/api/v1/Inventory/transferRequests/${transferId}/complete`, 'dispatcher'))).toEqual({ status: 409, title: 'This transfer request is already completed.' });
    const mine = (await t.call('GET', '/api/v1/Inventory/transferRequests?mine=true', 'tech')).json();
    expect(mine.find((r: { transferId: number }) => r.transferId === transferId).status).toBe('completed');
    expect((await t.call('GET', '/api/v1/Inventory/myTruck?search=CAP-4540', 'tech')).json().items[0].onHand).toBe(Number(truckBefore) + 2);
    await expectLedgerAgrees(capacitor, main, truck);
  });

  it('refuses to complete with the ledger\'s sentence when stock is short, and the request stays open', async () => {
    const asked = await request('tech', { fromWarehouseId: truck, toWarehouseId: main, quantity: 500 });
    expect(asked.statusCode, asked.body).toBe(200);
    const { transferId } = asked.json();
    const before = await onHand(capacitor, truck);
    expect(refusal(await t.call('PUT', `/api/v1/Inventory/transferRequests/${transferId}/complete`, 'dispatcher'))).toEqual({ status: 409, title: 'There is not enough of this part at that location.' });
    expect(await onHand(capacitor, truck)).toBe(before);
    expect(await t.db.select().from(stockMovements).where(eq(stockMovements.transferId, transferId))).toEqual([]);
    const declined = await t.call('PUT', `/api/v1/Inventory/transferRequests/${transferId}/decline`, 'dispatcher', { reason: 'The truck holds fewer than that' });
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'The truck holds fewer than that' });
    const mine = (await t.call('GET', '/api/v1/Inventory/transferRequests', 'tech')).json();
    expect(mine.find((r: { transferId: number }) => r.transferId === transferId)).toMatchObject({ status: 'declined', declineReason: 'The truck holds fewer than that' });
    expect(refusal(await t.call('PUT', `/api/v1/Inventory/transferRequests/${transferId}/decline`, 'dispatcher', { reason: ' ' }))).toEqual({ status: 400, title: 'Reason field is required!' });
    expect((await t.call('PUT', `/api/v1/Inventory/transferRequests/${transferId}/decline`, 'coastal.admin', { reason: 'x' })).statusCode).toBe(404);
  });

  it('lets stock go below zero only when the inventory settings allow it', async () => {
    const settings = '/api/v1/Settings/inventorySettings';
    expect((await t.call('GET', settings, 'admin')).json()).toEqual({ allowNegativeStock: false });
    expect((await t.call('PUT', settings, 'tech', { allowNegativeStock: true })).statusCode).toBe(403);
    expect(refusal(await t.call('PUT', settings, 'admin', { allowNegativeStock: 'yes' }))).toEqual({ status: 400, title: 'Allow Negative Stock must be true or false.' });
    const take = () => t.call('POST', '/api/v1/Inventory/adjust', 'admin', { itemId: capacitor, warehouseId: satellite, quantity: -1, reason: 'Used before it was received' });
    expect(refusal(await take())).toEqual({ status: 409, title: 'There is not enough of this part at that location.' });
    expect((await t.call('PUT', settings, 'admin', { allowNegativeStock: true })).json()).toEqual({ allowNegativeStock: true });
    try {
      expect((await take()).statusCode).toBe(200);
      expect(await onHand(capacitor, satellite)).toBe('-1.000');
    } finally {
      await t.call('PUT', settings, 'admin', { allowNegativeStock: false });
    }
    expect(refusal(await take())).toEqual({ status: 409, title: 'There is not enough of this part at that location.' });
    await expectLedgerAgrees(capacitor, satellite);
  });
});
