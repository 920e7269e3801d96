import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, inventoryItems, stockLevels, stockMovements, users, warehouses, workOrderMaterials, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { toProblem } from '../../../lib/errors';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerOnHand, postMovements, reconcileMaterialStock } from './stock-ledger.service';

let t: TestApp;
let ctx: Ctx;
let truck: number;
let warehouse: number;
let workOrderId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  ctx = { db: t.db, actor: { userId: tech.id, subscriberId: tech.subscriberId, userName: tech.userName }, now: new Date() };
  [{ id: truck }] = await t.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.technicianId, tech.id));
  [{ id: warehouse }] = await t.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.subscriberId, tech.subscriberId), eq(warehouses.isTruck, false))).limit(1);
  [{ id: workOrderId }] = await t.db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.subscriberId, tech.subscriberId)).limit(1);
});
afterAll(() => t.close());

let seq = 0;
async function newItem() {
  seq += 1;
  const [item] = await t.db.insert(inventoryItems).values({ subscriberId: ctx.actor.subscriberId, partNumber: `LEDGER-${seq}`, description: `Ledger part ${seq}`, unitCost: '10.00' }).returning();
  return item.id;
}
const level = async (itemId: number, warehouseId: number) =>
  (await t.db.select().from(stockLevels).where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.warehouseId, warehouseId))))[0];
const problemOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return toProblem(e);
  }
  throw new Error('expected a refusal');
};
async function newMaterial(statusId: number, quantity: string) {
  const [m] = await t.db
    .insert(workOrderMaterials)
    .values({ subscriberId: ctx.actor.subscriberId, workOrderId, materialStatusId: statusId, description: 'part', quantity, unitCost: '10', markupPercent: '0', unitPrice: '10' })
    .returning();
  return m.id;
}

describe('the stock ledger', () => {
  it('keeps on hand as the sum of its rows and refuses stock below zero with a sentence', async () => {
    const item = await newItem();
    await t.db.transaction((tx) => postMovements(tx, ctx, [{ itemId: item, warehouseId: truck, kind: 'received', quantity: 3 }]));
    await t.db.transaction((tx) => postMovements(tx, ctx, [{ itemId: item, warehouseId: truck, kind: 'used', quantity: -2, workOrderId }]));
    expect((await level(item, truck)).onHand).toBe('1.000');
    const refused = await problemOf(t.db.transaction((tx) => postMovements(tx, ctx, [{ itemId: item, warehouseId: truck, kind: 'used', quantity: -2 }])));
    expect(refused).toEqual({ status: 409, message: 'There is not enough of this part at that location.' });
    expect((await level(item, truck)).onHand).toBe('1.000');
    expect(await t.db.transaction((tx) => ledgerOnHand(tx, ctx, item, truck))).toBe('1.000');
  });

  it('never changes or removes a row, and on hand moves only through it', async () => {
    const item = await newItem();
    await t.db.transaction((tx) => postMovements(tx, ctx, [{ itemId: item, warehouseId: warehouse, kind: 'received', quantity: 5 }]));
    const ledgerSentence = 'Stock changes only through the stock ledger: record a movement that corrects it.';
    expect(await problemOf(t.db.update(stockMovements).set({ quantity: '50' }).where(eq(stockMovements.itemId, item)))).toMatchObject({ message: ledgerSentence });
    expect(await problemOf(t.db.delete(stockMovements).where(eq(stockMovements.itemId, item)))).toMatchObject({ message: ledgerSentence });
    expect(await problemOf(t.db.update(stockLevels).set({ onHand: '50' }).where(eq(stockLevels.itemId, item)))).toMatchObject({ message: ledgerSentence });
    expect(await problemOf(t.db.insert(stockLevels).values({ subscriberId: ctx.actor.subscriberId, itemId: item, warehouseId: truck, onHand: '9' }))).toMatchObject({ status: 409 });
    // The office sets a minimum and maximum without touching what is on hand.
    await t.db.update(stockLevels).set({ minQuantity: '2', maxQuantity: '8' }).where(eq(stockLevels.itemId, item));
    expect(await level(item, warehouse)).toMatchObject({ onHand: '5.000', minQuantity: '2.000', maxQuantity: '8.000' });
  });

  it('allows stock below zero when the company says so', async () => {
    const item = await newItem();
    await t.db.insert(companySettings).values({ subscriberId: ctx.actor.subscriberId, formKey: 'inventorySettings', values: { allowNegativeStock: true } });
    try {
      await t.db.transaction((tx) => postMovements(tx, ctx, [{ itemId: item, warehouseId: truck, kind: 'used', quantity: -1 }]));
      expect((await level(item, truck)).onHand).toBe('-1.000');
    } finally {
      await t.db.delete(companySettings).where(and(eq(companySettings.subscriberId, ctx.actor.subscriberId), eq(companySettings.formKey, 'inventorySettings')));
    }
  });

  it("gives the last unit to one of two technicians taking it at once; the other gets a sentence", async () => {
    const item = await newItem();
    await t.db.transaction((tx) => postMovements(tx, ctx, [{ itemId: item, warehouseId: warehouse, kind: 'received', quantity: 1 }]));
    const take = () => t.db.transaction((tx) => postMovements(tx, ctx, [{ itemId: item, warehouseId: warehouse, kind: 'used', quantity: -1 }]));
    const results = await Promise.allSettled([take(), take()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(toProblem(failed.reason).message).toBe('There is not enough of this part at that location.');
    expect((await level(item, warehouse)).onHand).toBe('0.000');
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(stockMovements).where(eq(stockMovements.itemId, item));
    expect(n).toBe(2);
  });
});

describe("a material's stock follows its status", () => {
  it('sold from a truck takes it, canceled gives it back, reserved sets it aside, transferred moves it', async () => {
    const item = await newItem();
    await t.db.transaction((tx) => postMovements(tx, ctx, [{ itemId: item, warehouseId: truck, kind: 'received', quantity: 4 }]));
    const materialId = await newMaterial(2, '3');
    const place = { itemId: item, warehouseId: truck, transferToWarehouseId: warehouse };
    const at = (statusId: number, quantity = '3', p: typeof place | null = place) =>
      t.db.transaction((tx) => reconcileMaterialStock(tx, ctx, { materialId, workOrderId, statusId, quantity }, p));

    await at(2);
    expect(await level(item, truck)).toMatchObject({ onHand: '1.000', reserved: '0.000' });
    await at(2); // the same status again posts nothing
    await at(5);
    expect((await level(item, truck)).onHand).toBe('4.000');
    await at(8);
    expect(await level(item, truck)).toMatchObject({ onHand: '4.000', reserved: '3.000' });
    await at(9, '2');
    expect(await level(item, truck)).toMatchObject({ onHand: '2.000', reserved: '0.000' });
    expect((await level(item, warehouse)).onHand).toBe('2.000');
    await at(12, '2', { ...place, writeOffReason: 'Cracked in the van' } as typeof place);
    expect((await level(item, warehouse)).onHand).toBe('0.000');
    expect((await level(item, truck)).onHand).toBe('2.000');
    const refused = await problemOf(at(2, '5'));
    expect(refused.message).toBe('There is not enough of this part at that location.');
    await at(13, '2', null);
    expect((await level(item, truck)).onHand).toBe('4.000');
    const [{ sum }] = await t.db.select({ sum: sql<string>`sum(quantity)` }).from(stockMovements).where(and(eq(stockMovements.materialId, materialId), sql`kind not in ('reserved', 'released')`));
    expect(Number(sum)).toBe(0);
  });
});
