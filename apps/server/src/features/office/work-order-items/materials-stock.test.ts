import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, stockLevels, stockMovements, users, warehouses, workOrderMaterials } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount, workOrdersOf } from './item-fixtures';

let t: TestApp;
let mine: number;
let priyas: number;
let truck: number;
let mainWarehouse: number;
let coastalItem: number;
const items: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  [{ id: mine }] = await workOrdersOf(t, 'tech');
  [{ id: priyas }] = await workOrdersOf(t, 'tech2');
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  [{ id: truck }] = await t.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.technicianId, tech.id));
  [{ id: mainWarehouse }] = await t.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.subscriberId, tech.subscriberId), eq(warehouses.name, 'Main Warehouse')));
  for (const i of await t.db.select().from(inventoryItems).where(eq(inventoryItems.subscriberId, tech.subscriberId))) items[i.partNumber] = i.id;
  [{ id: coastalItem }] = await t.db.select({ id: inventoryItems.id }).from(inventoryItems).where(sql`${inventoryItems.subscriberId} <> ${tech.subscriberId}`).limit(1);
});
afterAll(() => t.close());

const add = (as: string, body: Record<string, unknown>, workOrderId = mine) =>
  t.call('POST', '/api/v1/WorkOrder/material/add', as, { workOrderId, materialStatusId: 2, quantity: 1, ...body });
const put = (as: string, materialId: number, body: Record<string, unknown>) => t.call('PUT', `/api/v1/WorkOrder/material/${materialId}`, as, { materialStatusId: 2, quantity: 1, ...body });
const onHand = async (itemId: number, warehouseId: number) =>
  (await t.db.select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved }).from(stockLevels).where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.warehouseId, warehouseId))))[0] ?? { onHand: '0.000', reserved: '0.000' };
const onHandOf = async (itemId: number, warehouseId: number) => (await onHand(itemId, warehouseId)).onHand;
const counts = async () => ({
  materials: (await t.db.select({ n: count() }).from(workOrderMaterials))[0].n,
  movements: (await t.db.select({ n: count() }).from(stockMovements))[0].n,
});

describe('materials that are stocked parts', () => {
  it("takes a sold part from the technician's own truck, with the item's number, description and cost", async () => {
    const cap = items['CAP-4540'];
    expect(await onHandOf(cap, truck)).toBe('3.000');
    const res = await add('tech', { itemId: cap, markupPercent: 50 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      itemId: cap, warehouseId: truck, warehouseName: 'Truck 1', partNumber: 'CAP-4540', description: 'Run capacitor 45/5 µF 440 V', unitCost: 18.4, unitPrice: 27.6, materialStatus: 'Sold From Inventory',
    });
    expect(await onHandOf(cap, truck)).toBe('2.000');
    expect(await auditCount(t, 'workOrderMaterial', res.json().materialId)).toBe(1);
    const listed = (await t.call('GET', `/api/v1/WorkOrder/${mine}/materials`, 'tech')).json().materials;
    expect(listed.find((m: { materialId: number }) => m.materialId === res.json().materialId)).toMatchObject({ itemId: cap, warehouseName: 'Truck 1' });
  });

  it('moves stock by the difference on every change, and gives everything back when removed', async () => {
    const con = items['CON-30A2P'];
    const { materialId } = (await add('admin', { itemId: con, warehouseId: mainWarehouse, quantity: 2 })).json();
    expect(await onHandOf(con, mainWarehouse)).toBe('10.000');
    expect((await put('admin', materialId, { itemId: con, warehouseId: mainWarehouse, quantity: 3 })).statusCode).toBe(200);
    expect(await onHandOf(con, mainWarehouse)).toBe('9.000');
    // Proposed from inventory sets the part aside instead of taking it.
    expect((await put('admin', materialId, { materialStatusId: 8, itemId: con, warehouseId: mainWarehouse, quantity: 3 })).statusCode).toBe(200);
    expect(await onHand(con, mainWarehouse)).toEqual({ onHand: '12.000', reserved: '3.000' });
    // Transferred from the warehouse to the truck.
    const moved = await put('admin', materialId, { materialStatusId: 9, itemId: con, warehouseId: mainWarehouse, transferToWarehouseId: truck, quantity: 3 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ transferToWarehouseId: truck, transferToWarehouseName: 'Truck 1' });
    expect(await onHand(con, mainWarehouse)).toEqual({ onHand: '9.000', reserved: '0.000' });
    expect(await onHandOf(con, truck)).toBe('5.000');
    // Damaged: written off with its reason, and the transfer undone.
    const damaged = await put('admin', materialId, { materialStatusId: 12, itemId: con, warehouseId: mainWarehouse, quantity: 1, writeOffReason: 'Coil burnt out on the bench' });
    expect(damaged.statusCode, damaged.body).toBe(200);
    expect(await onHandOf(con, mainWarehouse)).toBe('11.000');
    expect(await onHandOf(con, truck)).toBe('2.000');
    const [writeOff] = await t.db.select().from(stockMovements).where(and(eq(stockMovements.materialId, materialId), eq(stockMovements.kind, 'writtenOff')));
    expect(writeOff).toMatchObject({ quantity: '-1.000', reason: 'Coil burnt out on the bench' });
    // Canceled gives it back; so does a removal.
    expect((await put('admin', materialId, { materialStatusId: 5, itemId: con, warehouseId: mainWarehouse, quantity: 1 })).statusCode).toBe(200);
    expect(await onHandOf(con, mainWarehouse)).toBe('12.000');
    expect((await put('admin', materialId, { itemId: con, warehouseId: mainWarehouse, quantity: 4 })).statusCode).toBe(200);
    expect(await onHandOf(con, mainWarehouse)).toBe('8.000');
    expect((await t.call('DELETE', `/api/v1/WorkOrder/material/${materialId}`, 'admin')).statusCode).toBe(200);
    expect(await onHandOf(con, mainWarehouse)).toBe('12.000');
    // The ledger's sum is the level.
    const [{ total }] = await t.db.select({ total: sql<string>`sum(${stockMovements.quantity})` }).from(stockMovements).where(and(eq(stockMovements.itemId, con), eq(stockMovements.warehouseId, mainWarehouse), sql`${stockMovements.kind} not in ('reserved', 'released')`));
    expect(total).toBe('12.000');
  });

  it('refuses with a sentence what the status needs and is missing, a location not his, too little stock; nothing moves', async () => {
    const before = await counts();
    const fd = items['FD-CORE48'];
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['tech', { description: 'Capacitor', unitCost: 5 }, 400, 'Item field is required!'],
      ['tech', { materialStatusId: 11, itemId: fd }, 400, 'Write-off Reason field is required!'],
      ['tech', { materialStatusId: 12, itemId: fd, writeOffReason: '   ' }, 400, 'Write-off Reason field is required!'],
      ['tech', { materialStatusId: 9, itemId: fd }, 400, 'Transfer To field is required!'],
      ['tech', { materialStatusId: 9, itemId: fd, warehouseId: truck, transferToWarehouseId: truck }, 400, 'Transfer To must be another location.'],
      ['tech', { itemId: fd, warehouseId: mainWarehouse }, 403, 'You may take parts only from your own truck.'],
      ['tech', { itemId: coastalItem }, 400, 'Item is not valid.'],
      ['tech', { itemId: fd, quantity: 3 }, 409, 'There is not enough of this part at that location.'],
      ['tech2', { itemId: fd }, 400, 'Location field is required!'],
      ['tech', { materialStatusId: 6, description: 'Free text', unitCost: 1, warehouseId: truck }, 400, 'A location or a vendor is for a stocked part: choose its item.'],
      ['tech', { materialStatusId: 6, description: 'Free text', unitCost: 1, itemId: fd, warehouseId: 999999 }, 400, 'Location is not valid.'],
    ];
    for (const [as, body, status, sentence] of cases) {
      const res = await add(as, body, as === 'tech2' ? priyas : mine);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().title).toBe(sentence);
    }
    expect(await counts()).toEqual(before);
    expect(await onHandOf(fd, truck)).toBe('2.000');
  });

  it('answers each change with the material exactly as the work order lists it', async () => {
    const listed = async (materialId: number) =>
      (await t.call('GET', `/api/v1/WorkOrder/${mine}/materials`, 'admin')).json().materials.find((m: { materialId: number }) => m.materialId === materialId);
    const con = items['CON-30A2P'];
    const start = { truck: await onHandOf(con, truck), warehouse: await onHandOf(con, mainWarehouse) };
    const added = await add('tech', { itemId: con, description: 'Contactor, as typed' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual(await listed(added.json().materialId));
    const { materialId } = added.json();
    const changes: Record<string, unknown>[] = [
      { itemId: con, quantity: 2 },
      { materialStatusId: 9, itemId: con, warehouseId: truck, transferToWarehouseId: mainWarehouse },
      { materialStatusId: 12, itemId: con, writeOffReason: 'Dropped from the ladder' },
      { materialStatusId: 6, description: 'No longer a stocked part', unitCost: 5 },
    ];
    for (const body of changes) {
      const res = await put('admin', materialId, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(200);
      expect(res.json(), JSON.stringify(body)).toEqual(await listed(materialId));
    }
    // No longer a stocked part: whatever it took, moved or wrote off is back where it was.
    expect({ truck: await onHandOf(con, truck), warehouse: await onHandOf(con, mainWarehouse) }).toEqual(start);
  });

  it('lists the locations with the caller\'s own truck marked and what he may use', async () => {
    const res = await t.call('GET', '/api/v1/WorkOrder/material/locations', 'tech');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().map((l: { name: string }) => [l.name, l]));
    expect(byName['Truck 1']).toMatchObject({ isTruck: true, isMine: true, isAllowed: true });
    expect(byName['Main Warehouse']).toMatchObject({ isTruck: false, isMine: false, isAllowed: false });
    expect((await t.call('GET', '/api/v1/WorkOrder/material/locations', 'dispatcher')).json().every((l: { isAllowed: boolean }) => l.isAllowed)).toBe(true);
    const coastal = (await t.call('GET', '/api/v1/WorkOrder/material/locations', 'coastal.tech')).json().map((l: { warehouseId: number }) => l.warehouseId);
    expect(coastal.length).toBeGreaterThan(0);
    expect(coastal).not.toContain(truck);
    expect(coastal).not.toContain(mainWarehouse);
    expect((await t.call('GET', '/api/v1/WorkOrder/material/locations', 'sales')).statusCode).toBe(403);
  });
});

describe('the last unit', () => {
  it('goes to one of two technicians taking it at the same moment; the other reads a sentence', async () => {
    const fan = items['FAN-EC-16'];
    expect(await onHandOf(fan, truck)).toBe('1.000');
    // Priya may take from any location for this test: the race is on Tom's truck.
    const roles = (await t.call('GET', '/api/v1/Account/roles', 'admin')).json();
    const technician = roles.find((r: { roleName: string }) => r.roleName === 'Technician');
    const withAll = technician.permissions.map((p: { permissionDescription: string; functionalities: string[] }) =>
      p.permissionDescription === 'Inventory' ? { ...p, functionalities: [...p.functionalities, 'Can Add All Inventory'] } : p,
    );
    expect((await t.call('PUT', `/api/v1/Account/roles/${technician.roleId}/permissions`, 'admin', { permissions: withAll })).statusCode).toBe(200);
    try {
      const before = await counts();
      const results = await Promise.all([add('tech', { itemId: fan }), add('tech2', { itemId: fan, warehouseId: truck }, priyas)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().title).toBe('There is not enough of this part at that location.');
      expect(await onHandOf(fan, truck)).toBe('0.000');
      expect(await counts()).toEqual({ materials: before.materials + 1, movements: before.movements + 1 });
    } finally {
      expect((await t.call('PUT', `/api/v1/Account/roles/${technician.roleId}/permissions`, 'admin', { permissions: technician.permissions })).statusCode).toBe(200);
    }
  });
});
