import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyListRows, emailOutbox, shipToAddresses, subscribers, users, warehouses } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { STARTING_TRUCK_STOCK_TYPES, STARTING_WAREHOUSE_TYPES } from '../../platform/reference-lists/starting-rows';

let t: TestApp;
let polar: number;
let coastal: number;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://app.example.com', publicSignup: true });
  [{ id: polar }] = await t.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.name, 'Polar Refrigeration'));
  [{ id: coastal }] = await t.db.select({ id: subscribers.id }).from(subscribers).where(sql`${subscribers.id} <> ${polar}`).orderBy(subscribers.id).limit(1);
});
afterAll(() => t.close());

const url = (key: string, id?: number) => `/api/v1/ReferenceList/${key}${id === undefined ? '' : `/${id}`}`;
const userOf = async (userName: string) => (await t.db.select().from(users).where(eq(users.userName, userName)))[0];
const listRow = async (subscriberId: number, listKey: string) =>
  (await t.db.select({ id: companyListRows.id }).from(companyListRows).where(and(eq(companyListRows.subscriberId, subscriberId), eq(companyListRows.listKey, listKey))).orderBy(companyListRows.id))[0].id;

describe("a technician's truck", () => {
  it('is refused for a technician who has one already, with a sentence naming that truck', async () => {
    const tech = await userOf('tech');
    const body = { name: 'Second Van', typeId: await listRow(polar, 'wareHouseTypes'), isTruck: true, technicianId: tech.id, truckStockTypeId: await listRow(polar, 'truckStockTypes') };
    const res = await t.call('POST', url('warehouses'), 'admin', body);
    expect(res.statusCode).toBe(409);
    expect(res.json().title).toBe(`${tech.name} already has a truck, Truck 1: a technician has at most one truck.`);
    expect(await t.db.select().from(warehouses).where(eq(warehouses.technicianId, tech.id))).toHaveLength(1);

    // Once Truck 1 is a warehouse again, the technician may be given another truck.
    const [truck1] = await t.db.select().from(warehouses).where(eq(warehouses.technicianId, tech.id));
    const half = await t.call('PUT', url('warehouses', truck1.id), 'admin', { name: 'Truck 1', typeId: truck1.typeId, isTruck: false, technicianId: tech.id });
    expect(half.statusCode).toBe(400);
    expect(half.json().title).toBe("Technician is given only when Technician's Truck is set.");
    const freed = await t.call('PUT', url('warehouses', truck1.id), 'admin', { name: 'Truck 1', typeId: truck1.typeId, isTruck: false });
    expect(freed.statusCode, freed.body).toBe(200);
    expect(freed.json()).toMatchObject({ isTruck: false, technicianId: null, truckStockTypeId: null });
    const second = await t.call('POST', url('warehouses'), 'admin', body);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ name: 'Second Van', isTruck: true, technicianId: tech.id, isActive: true });
    // Changing the truck keeps it its technician's: it is not a second truck.
    const renamed = await t.call('PUT', url('warehouses', second.json().id), 'admin', { ...body, name: 'Van 2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('needs its technician and truck stock type, and the database refuses a truck without them', async () => {
    const typeId = await listRow(polar, 'wareHouseTypes');
    const noTech = await t.call('POST', url('warehouses'), 'admin', { name: 'Nobody Van', typeId, isTruck: true, truckStockTypeId: await listRow(polar, 'truckStockTypes') });
    expect(noTech.statusCode).toBe(400);
    expect(noTech.json().title).toBe('Technician field is required!');
    const noType = await t.call('POST', url('warehouses'), 'admin', { name: 'Untyped Van', typeId, isTruck: true, technicianId: (await userOf('tech2')).id });
    expect(noType.json().title).toBe('Truck Stock Type field is required!');
    await expect(t.db.insert(warehouses).values({ subscriberId: polar, name: 'Raw Van', typeId, isTruck: true })).rejects.toThrow();
  });

  it("refuses a technician, or a truck stock type, of another company as not found", async () => {
    const theirTech = await userOf('coastal.tech');
    const body = { name: 'Borrowed Van', typeId: await listRow(polar, 'wareHouseTypes'), isTruck: true, technicianId: theirTech.id, truckStockTypeId: await listRow(polar, 'truckStockTypes') };
    const res = await t.call('POST', url('warehouses'), 'admin', body);
    expect(res.statusCode).toBe(404);
    expect(res.json().title).toBe('Technician was not found.');
    const theirType = await t.call('POST', url('warehouses'), 'admin', { ...body, technicianId: (await userOf('dispatcher')).id, truckStockTypeId: await listRow(coastal, 'truckStockTypes') });
    expect(theirType.statusCode).toBe(404);
    expect(theirType.json().title).toBe('Truck Stock Type was not found.');
    expect(await t.db.select().from(warehouses).where(eq(warehouses.name, 'Borrowed Van'))).toHaveLength(0);
  });

  it('is refused for a user who is no longer active, and nothing is written', async () => {
    const tech2 = await userOf('tech2');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, tech2.id));
    try {
      const body = { name: 'Idle Van', typeId: await listRow(polar, 'wareHouseTypes'), isTruck: true, technicianId: tech2.id, truckStockTypeId: await listRow(polar, 'truckStockTypes') };
      const res = await t.call('POST', url('warehouses'), 'admin', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe(`${tech2.name} is not an active user: choose an active user as Technician.`);
      expect(await t.db.select().from(warehouses).where(eq(warehouses.name, 'Idle Van'))).toHaveLength(0);
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.id, tech2.id));
    }
  });

  it("offers the company's users by name, and no other company's", async () => {
    const res = await t.call('GET', url('warehouses') + '/users', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const mine = await t.db.select({ id: users.id }).from(users).where(eq(users.subscriberId, polar));
    expect(res.json().map((u: { id: number }) => u.id).sort()).toEqual(mine.map((u) => u.id).sort());
    expect((await t.call('GET', url('warehouses') + '/users', 'tech')).statusCode).toBe(403);
  });
});

describe('the default ship-to address', () => {
  it('is one address of the company: making another the default takes it from the first', async () => {
    const defaults = async (subscriberId: number) =>
      (await t.db.select({ name: shipToAddresses.name }).from(shipToAddresses).where(and(eq(shipToAddresses.subscriberId, subscriberId), eq(shipToAddresses.isDefault, true)))).map((a) => a.name);
    expect(await defaults(polar)).toEqual(['Main Warehouse']);
    const added = await t.call('POST', url('shipToAddresses'), 'admin', { name: 'Job Site Trailer', street: '9 Elm St', city: 'Plano', state: 'TX', zip: '75074', phone: '(972) 555 0199', isDefault: true });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ isDefault: true, phone: '972-555-0199' });
    expect(await defaults(polar)).toEqual(['Job Site Trailer']);
    expect(await defaults(coastal)).toEqual(['Main Warehouse']);
    const list = (await t.call('GET', url('shipToAddresses'), 'admin')).json();
    expect(list.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { name: string }) => a.name)).toEqual(['Job Site Trailer']);
    // The database holds the rule too, for two changes at the same moment.
    await expect(t.db.update(shipToAddresses).set({ isDefault: true }).where(and(eq(shipToAddresses.subscriberId, polar), eq(shipToAddresses.name, 'North Satellite')))).rejects.toThrow();
  });
});

describe('the next purchase order number', () => {
  it('is set by those with Manage PO Numbers, audited, and refused to others', async () => {
    expect((await t.call('GET', '/api/v1/PurchaseOrder/settings', 'admin')).json()).toEqual({ nextPurchaseOrderNumber: 1 });
    const set = await t.call('PUT', '/api/v1/PurchaseOrder/poNumber', 'admin', { nextPurchaseOrderNumber: 5001 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ nextPurchaseOrderNumber: 5001 });
    expect((await t.call('GET', '/api/v1/PurchaseOrder/settings', 'admin')).json()).toEqual({ nextPurchaseOrderNumber: 5001 });
    expect((await t.call('GET', '/api/v1/PurchaseOrder/settings', 'coastal.admin')).json()).toEqual({ nextPurchaseOrderNumber: 1 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'purchaseOrderSettings')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ entityId: polar, action: 'updated', before: { nextPurchaseOrderNumber: 1 }, after: { nextPurchaseOrderNumber: 5001 } });
    expect((await t.call('PUT', '/api/v1/PurchaseOrder/poNumber', 'dispatcher', { nextPurchaseOrderNumber: 7 })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/PurchaseOrder/settings', 'tech')).statusCode).toBe(403);
    for (const [value, sentence] of [[0, 'Next PO Number must be at least 1.'], [1.5, 'Next PO Number must be a whole number.'], ['12', 'Next PO Number must be a number.'], [undefined, 'Next PO Number field is required!']] as const) {
      const res = await t.call('PUT', '/api/v1/PurchaseOrder/poNumber', 'admin', { nextPurchaseOrderNumber: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect((await t.call('GET', '/api/v1/PurchaseOrder/settings', 'admin')).json()).toEqual({ nextPurchaseOrderNumber: 5001 });
  });
});

describe('a company created through sign-up', () => {
  it('starts with warehouse and truck stock types, and can add its warehouse, truck, vendor and ship-to address', async () => {
    const reg = await t.app.inject({
      method: 'POST', url: '/api/v1/Account/register', remoteAddress: '203.0.113.9',
      payload: { companyName: 'Prairie Parts Cooling', timeZone: 'America/Chicago', address: { street: '1 Main St', city: 'Tulsa', state: 'OK', zip: '74103' }, name: 'Rae Quinn', userName: 'rae', email: 'rae@prairieparts.example', password: 'cold-rooms-at-dawn' },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(sql`'rae@prairieparts.example' = any(${emailOutbox.to})`).orderBy(desc(emailOutbox.id)).limit(1);
    const link = /\/register\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1];
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/Account/confirmEmail/${link}` })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { userName: 'rae', password: 'cold-rooms-at-dawn' } });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) => t.app.inject({ method, url: path, headers, ...(payload === undefined ? {} : { payload: payload as never }) });

    const types = (await call('GET', url('wareHouseTypes'))).json();
    expect(types.map((r: { name: string }) => r.name)).toEqual([...STARTING_WAREHOUSE_TYPES]);
    const stock = (await call('GET', url('truckStockTypes'))).json();
    expect(stock.map((r: { name: string }) => r.name).sort()).toEqual([...STARTING_TRUCK_STOCK_TYPES].sort());
    expect((await call('GET', url('warehouses'))).json()).toEqual([]);
    const rae = await userOf('rae');
    const warehouse = await call('POST', url('warehouses'), { name: 'Tulsa Shop', typeId: types[0].id, street: '1 Main St', city: 'Tulsa', state: 'OK', zip: '74103' });
    expect(warehouse.statusCode, warehouse.body).toBe(200);
    const truck = await call('POST', url('warehouses'), { name: 'Rae Van', typeId: types[1].id, isTruck: true, technicianId: rae.id, truckStockTypeId: stock[0].id });
    expect(truck.statusCode, truck.body).toBe(200);
    const terms = (await call('GET', url('terms'))).json();
    const vendor = await call('POST', url('vendors'), { name: 'Tulsa Supply', termsId: terms[0].id, email: 'sales@tulsasupply.example', contactName: 'Jo' });
    expect(vendor.statusCode, vendor.body).toBe(200);
    const address = await call('POST', url('shipToAddresses'), { name: 'Tulsa Shop', isDefault: true });
    expect(address.statusCode, address.body).toBe(200);
    expect((await call('GET', '/api/v1/PurchaseOrder/settings')).json()).toEqual({ nextPurchaseOrderNumber: 1 });
    expect((await call('PUT', '/api/v1/PurchaseOrder/poNumber', { nextPurchaseOrderNumber: 100 })).json()).toEqual({ nextPurchaseOrderNumber: 100 });
  });
});
