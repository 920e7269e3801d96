import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, purchaseOrderLines, purchaseOrders, stockLevels, stockMovements, users, vendorCredits, vendors, warehouses, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount, workOrdersOf } from '../work-order-items/item-fixtures';

let t: TestApp;
let wo: number;
let subscriberId: number;
let truck: number;
const items: Record<string, number> = {};
const vendorIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  subscriberId = tech.subscriberId;
  const open = (await workOrdersOf(t, 'tech')).map((w) => w.id);
  const [row] = await t.db.select({ id: workOrders.id }).from(workOrders).where(and(sql`${workOrders.id} in ${open}`, sql`${workOrders.workOrderStatusId} not in (22, 27, 38)`)).limit(1);
  wo = row.id;
  [{ id: truck }] = await t.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.technicianId, tech.id));
  for (const i of await t.db.select().from(inventoryItems).where(eq(inventoryItems.subscriberId, subscriberId))) items[i.partNumber] = i.id;
  for (const v of await t.db.select().from(vendors).where(eq(vendors.subscriberId, subscriberId))) vendorIds[v.name] = v.id;
});
afterAll(() => t.close());

const addMaterial = async (itemId: number, extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/v1/WorkOrder/material/add', 'tech', { workOrderId: wo, materialStatusId: 2, itemId, quantity: 1, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { materialId: number; quantity: number };
};
const setStatus = (materialId: number, itemId: number, materialStatusId: number, extra: Record<string, unknown> = {}) =>
  t.call('PUT', `/api/v1/WorkOrder/material/${materialId}`, 'tech', { materialStatusId, itemId, quantity: 1, ...extra });
const creditsOfWorkOrder = () => t.db.select().from(vendorCredits).where(eq(vendorCredits.workOrderId, wo)).orderBy(desc(vendorCredits.id));
const view = (id: number, as = 'admin') => t.call('GET', `/api/v1/VendorCredit/${id}`, as);
const onHandOf = async (itemId: number) => (await t.db.select().from(stockLevels).where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.warehouseId, truck))))[0].onHand;
let poNumber = 9000;
async function purchaseOrderOf(vendor: string, itemId: number | null, workOrderId: number | null) {
  poNumber += 1;
  const [po] = await t.db.insert(purchaseOrders).values({ subscriberId, number: poNumber, vendorId: vendorIds[vendor], workOrderId }).returning();
  if (itemId) await t.db.insert(purchaseOrderLines).values({ subscriberId, purchaseOrderId: po.id, lineNumber: 1, itemId, description: 'Part', quantity: '2', unitCost: '10' });
  return po;
}

describe('parts returned for credit', () => {
  it("return the part from the truck, open a credit with the item's preferred vendor and move the work order to 43", async () => {
    const cap = items['CAP-4540'];
    const start = await onHandOf(cap);
    const first = await addMaterial(cap);
    expect(await onHandOf(cap)).toBe((Number(start) - 1).toFixed(3));
    const res = await setStatus(first.materialId, cap, 14);
    expect(res.statusCode, res.body).toBe(200);
    // Not used any more but returned: still gone from the truck.
    expect(await onHandOf(cap)).toBe((Number(start) - 1).toFixed(3));
    const [credit] = await creditsOfWorkOrder();
    expect(credit).toMatchObject({ vendorId: vendorIds['Johnstone Supply'], status: 'open', purchaseOrderId: null });
    const [w] = await t.db.select().from(workOrders).where(eq(workOrders.id, wo));
    expect(w.workOrderStatusId).toBe(43);
    expect((await view(credit.id)).json()).toMatchObject({
      vendorName: 'Johnstone Supply', amount: 18.4, lines: [{ materialId: first.materialId, itemId: cap, partNumber: 'CAP-4540', quantity: 1, unitCost: 18.4, lineTotal: 18.4 }],
    });

    // A second part of the same vendor joins the open credit.
    const second = await addMaterial(items['CON-30A2P'], { materialStatusId: 6, unitCost: 24.75 });
    expect((await setStatus(second.materialId, items['CON-30A2P'], 14, { quantity: 2 })).statusCode).toBe(200);
    expect(await creditsOfWorkOrder()).toHaveLength(1);
    expect((await view(credit.id)).json().amount).toBe(67.9); // 18.40 + 2 × 24.75, the item's cost

    // Changed back: its line goes; the last line taken away removes the open credit.
    expect((await setStatus(first.materialId, cap, 2)).statusCode).toBe(200);
    expect((await view(credit.id)).json().lines.map((l: { materialId: number }) => l.materialId)).toEqual([second.materialId]);
    expect((await t.call('DELETE', `/api/v1/WorkOrder/material/${second.materialId}`, 'admin')).statusCode).toBe(200);
    expect(await creditsOfWorkOrder()).toHaveLength(0);
    expect((await view(credit.id)).statusCode).toBe(404);
    expect(await auditCount(t, 'vendorCredit', credit.id)).toBeGreaterThanOrEqual(4);
  });

  it('goes back to the vendor of the latest purchase order of the item for the work order, matched to it, or the vendor chosen', async () => {
    const txv = items['TXV-R404-2']; // Ferguson's part, bought from Johnstone on this work order
    const po = await purchaseOrderOf('Johnstone Supply', txv, wo);
    const m = await addMaterial(txv);
    expect((await setStatus(m.materialId, txv, 14)).statusCode).toBe(200);
    const [credit] = await creditsOfWorkOrder();
    expect(credit).toMatchObject({ vendorId: vendorIds['Johnstone Supply'], purchaseOrderId: po.id });
    expect((await view(credit.id)).json().purchaseOrderNumber).toBe(po.number);
    // The caller names another vendor: the line moves to that vendor's credit.
    const chosen = await setStatus(m.materialId, txv, 14, { vendorId: vendorIds['Ferguson HVAC'] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().vendorId).toBe(vendorIds['Ferguson HVAC']);
    const credits = await creditsOfWorkOrder();
    expect(credits.map((c) => c.vendorId)).toEqual([vendorIds['Ferguson HVAC']]);
    expect((await setStatus(m.materialId, txv, 2)).statusCode).toBe(200);
  });

  it('asks for a vendor when the part has none', async () => {
    const [loose] = await t.db.insert(inventoryItems).values({ subscriberId, partNumber: 'LOOSE-1', description: 'Part with no vendor', unitCost: '3.00' }).returning();
    await t.db.insert(stockMovements).values({ subscriberId, itemId: loose.id, warehouseId: truck, kind: 'counted', quantity: '2', reason: 'Count' });
    const { materialId } = (await t.call('POST', '/api/v1/WorkOrder/material/add', 'admin', { workOrderId: wo, materialStatusId: 2, itemId: loose.id, warehouseId: truck, quantity: 1 })).json();
    const res = await t.call('PUT', `/api/v1/WorkOrder/material/${materialId}`, 'admin', { materialStatusId: 14, itemId: loose.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toMatch(/^Choose the vendor this part goes back to for credit/);
    expect((await t.db.select({ n: count() }).from(vendorCredits).where(eq(vendorCredits.workOrderId, wo)))[0].n).toBe(0);
  });
});

describe('vendor credits', () => {
  const create = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/VendorCredit', as, body);

  it('are opened by the office with item and free-text lines, amount the exact sum, listed in a grid', async () => {
    const res = await create('dispatcher', {
      vendorId: vendorIds['Ferguson HVAC'],
      notes: 'Wrong driers shipped',
      lines: [{ itemId: items['FD-CORE48'], quantity: 3 }, { description: 'Fuse', quantity: 3, unitCost: 0.1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const credit = res.json();
    expect(credit).toMatchObject({ vendorName: 'Ferguson HVAC', status: 'open', amount: 93.6, createdBy: 'Dana Whitfield', notes: 'Wrong driers shipped' }); // 93.30 + 0.30
    expect(credit.lines[0]).toMatchObject({ partNumber: 'FD-CORE48', description: 'Filter drier core 48 cu in', unitCost: 31.1, lineTotal: 93.3 });
    const grid = await t.call('POST', '/api/v1/VendorCredit/list', 'admin', { filter: { logic: 'and', filters: [{ field: 'vendorName', operator: 'contains', value: 'Ferguson' }] } });
    expect(grid.statusCode).toBe(200);
    expect(grid.json().data.find((r: { vendorCreditId: number }) => r.vendorCreditId === credit.vendorCreditId)).toMatchObject({ amount: 93.6, status: 'open' });
    expect(await auditCount(t, 'vendorCredit', credit.vendorCreditId)).toBe(1);
  });

  it('refuses bad input with a sentence and writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(vendorCredits))[0].n;
    const [coastalVendor] = await t.db.select().from(vendors).where(sql`${vendors.subscriberId} <> ${subscriberId}`).limit(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ description: 'x', quantity: 1, unitCost: 1 }] }, 'Vendor field is required!'],
      [{ vendorId: vendorIds['Ferguson HVAC'], lines: [] }, 'Add at least one line.'],
      [{ vendorId: vendorIds['Ferguson HVAC'], lines: [{ quantity: 1, unitCost: 1 }] }, 'Description field is required!'],
      [{ vendorId: vendorIds['Ferguson HVAC'], lines: [{ description: 'x', quantity: 1 }] }, 'Unit Cost field is required!'],
      [{ vendorId: vendorIds['Ferguson HVAC'], lines: [{ description: 'x', quantity: 1, unitCost: 1.005 }] }, 'Unit Cost must have at most two decimals.'],
      [{ vendorId: coastalVendor.id, lines: [{ description: 'x', quantity: 1, unitCost: 1 }] }, 'Vendor is not valid.'],
    ];
    for (const [body, sentence] of cases) {
      const res = await create('admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect((await t.db.select({ n: count() }).from(vendorCredits))[0].n).toBe(before);
  });

  it('are matched to a purchase order of their vendor, applied with a reference, then closed to changes', async () => {
    const { vendorCreditId: id } = (await create('admin', { vendorId: vendorIds['Johnstone Supply'], lines: [{ description: 'Core charge', quantity: 1, unitCost: 40 }] })).json();
    const theirs = await purchaseOrderOf('Johnstone Supply', null, null);
    const other = await purchaseOrderOf('Ferguson HVAC', null, null);
    const options = (await t.call('GET', `/api/v1/VendorCredit/${id}/purchaseOrders`, 'admin')).json().map((p: { purchaseOrderId: number }) => p.purchaseOrderId);
    expect(options).toContain(theirs.id);
    expect(options).not.toContain(other.id);
    const wrong = await t.call('PUT', `/api/v1/VendorCredit/${id}/purchaseOrder`, 'admin', { purchaseOrderId: other.id });
    expect([wrong.statusCode, wrong.json().title]).toEqual([400, 'The purchase order is from another vendor.']);
    const matched = await t.call('PUT', `/api/v1/VendorCredit/${id}/purchaseOrder`, 'admin', { purchaseOrderId: theirs.id });
    expect(matched.json()).toMatchObject({ purchaseOrderId: theirs.id, purchaseOrderNumber: theirs.number });

    const noRef = await t.call('PUT', `/api/v1/VendorCredit/${id}/apply`, 'admin', { vendorReference: '  ' });
    expect([noRef.statusCode, noRef.json().title]).toEqual([400, 'Credit Memo Reference field is required!']);
    const applied = await t.call('PUT', `/api/v1/VendorCredit/${id}/apply`, 'admin', { vendorReference: 'CM-55120' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'applied', vendorReference: 'CM-55120', appliedBy: 'Alicia Moreno', appliedAt: expect.any(String) });
    for (const res of [
      await t.call('PUT', `/api/v1/VendorCredit/${id}/apply`, 'admin', { vendorReference: 'CM-2' }),
      await t.call('PUT', `/api/v1/VendorCredit/${id}/cancel`, 'admin'),
      await t.call('PUT', `/api/v1/VendorCredit/${id}/purchaseOrder`, 'admin', { purchaseOrderId: null }),
    ]) {
      expect([res.statusCode, res.json().title]).toEqual([409, 'This vendor credit is applied: it can no longer change.']);
    }
    expect(await auditCount(t, 'vendorCredit', id)).toBe(3);
  });

  it("keep a returned part as it is once its credit is applied; an open credit is canceled", async () => {
    const gasket = items['FD-CORE48'];
    const m = (await t.call('POST', '/api/v1/WorkOrder/material/add', 'admin', { workOrderId: wo, materialStatusId: 2, itemId: gasket, warehouseId: truck, quantity: 1 })).json();
    expect((await t.call('PUT', `/api/v1/WorkOrder/material/${m.materialId}`, 'admin', { materialStatusId: 14, itemId: gasket, quantity: 1 })).statusCode).toBe(200);
    const [credit] = await creditsOfWorkOrder();
    expect((await t.call('PUT', `/api/v1/VendorCredit/${credit.id}/apply`, 'admin', { vendorReference: 'CM-1' })).statusCode).toBe(200);
    const locked = await t.call('PUT', `/api/v1/WorkOrder/material/${m.materialId}`, 'admin', { materialStatusId: 5, itemId: gasket, quantity: 1 });
    expect([locked.statusCode, locked.json().title]).toEqual([409, 'The vendor credit of this part is applied: the part can no longer change.']);

    const { vendorCreditId } = (await create('admin', { vendorId: vendorIds['Ferguson HVAC'], lines: [{ description: 'x', quantity: 1, unitCost: 1 }] })).json();
    const canceled = await t.call('PUT', `/api/v1/VendorCredit/${vendorCreditId}/cancel`, 'admin');
    expect(canceled.json()).toMatchObject({ status: 'canceled' });
  });

  it('are read under Purchase Orders and kept from other companies', async () => {
    const { vendorCreditId: id } = (await create('admin', { vendorId: vendorIds['Ferguson HVAC'], lines: [{ description: 'x', quantity: 1, unitCost: 1 }] })).json();
    expect((await t.call('POST', '/api/v1/VendorCredit/list', 'tech', {})).statusCode).toBe(403);
    expect((await view(id, 'tech')).statusCode).toBe(403);
    expect((await create('tech', { vendorId: vendorIds['Ferguson HVAC'], lines: [{ description: 'x', quantity: 1, unitCost: 1 }] })).statusCode).toBe(403);
    const foreign = await view(id, 'coastal.admin');
    expect([foreign.statusCode, foreign.json().title]).toEqual([404, 'Vendor credit was not found.']);
    expect((await t.call('PUT', `/api/v1/VendorCredit/${id}/cancel`, 'coastal.admin')).statusCode).toBe(404);
    const theirs = (await t.call('POST', '/api/v1/VendorCredit/list', 'coastal.admin', {})).json();
    expect(theirs.data.map((r: { vendorCreditId: number }) => r.vendorCreditId)).not.toContain(id);
    expect((await t.call('GET', '/api/v1/VendorCredit/vendors', 'admin')).json().map((v: { name: string }) => v.name)).toEqual(['Ferguson HVAC', 'Johnstone Supply']);
  });
});
