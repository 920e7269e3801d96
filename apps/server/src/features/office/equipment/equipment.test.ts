import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, equipment, equipmentCategories, equipmentMakes, equipmentModels, refrigerants, voltages, workOrders, workOrderTechnicians, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let polar: number;
let coastal: number;
let site: number;
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
  const [other] = await t.db.select().from(users).where(eq(users.userName, 'coastal.admin'));
  polar = admin.subscriberId;
  coastal = other.subscriberId;
  [{ id: site }] = await t.db.select({ id: customers.id }).from(customers).where(and(eq(customers.subscriberId, polar), eq(customers.name, 'Cedar Springs Deli')));
});
afterAll(() => t.close());

/** A row of a company's equipment information by name. */
async function idOf(table: typeof voltages | typeof equipmentMakes, name: string, subscriberId = polar) {
  const [row] = await t.db.select({ id: table.id }).from(table).where(and(eq(table.subscriberId, subscriberId), eq(table.name, name)));
  return row.id;
}
const categoryOf = async (name: string, subscriberId = polar) =>
  (await t.db.select().from(equipmentCategories).where(and(eq(equipmentCategories.subscriberId, subscriberId), eq(equipmentCategories.name, name))))[0].id;
const refrigerantOf = async (name: string, subscriberId = polar) =>
  (await t.db.select().from(refrigerants).where(and(eq(refrigerants.subscriberId, subscriberId), eq(refrigerants.name, name))))[0].id;
const modelOf = async (name: string) => (await t.db.select().from(equipmentModels).where(and(eq(equipmentModels.subscriberId, polar), eq(equipmentModels.name, name))))[0].id;

async function form(over: Record<string, unknown> = {}) {
  return {
    customerId: site, name: 'Produce Cooler', categoryId: await categoryOf('Refrigeration'), makeId: await idOf(equipmentMakes, 'Hussmann'),
    modelId: await modelOf('Protocol PRT-8'), serialNumber: 'PC-7781', refrigerantId: await refrigerantOf('R-404A'), chargePounds: 40.05,
    voltageId: await idOf(voltages, '208-230V/3ph'), installedOn: '2022-03-01', warrantyEndsOn: '2027-03-01', notes: 'Back room',
    ...over,
  };
}
const create = (as: string, body: unknown) => t.call('POST', '/api/v1/Equipment', as, body);
const equipmentCount = async () => (await t.db.select({ n: count() }).from(equipment))[0].n;

describe('the equipment register', () => {
  it('registers a piece with an exact charge, answers it with its names, changes, retires and reactivates it, each audited', async () => {
    const res = await create('dispatcher', await form());
    expect(res.statusCode, res.body).toBe(200);
    const piece = res.json();
    expect(piece).toMatchObject({
      customerId: site, customerName: 'Cedar Springs Deli', name: 'Produce Cooler', categoryName: 'Refrigeration', makeName: 'Hussmann',
      modelName: 'Protocol PRT-8', serialNumber: 'PC-7781', refrigerantName: 'R-404A', chargePounds: 40.05, voltageName: '208-230V/3ph',
      installedOn: '2022-03-01', warrantyEndsOn: '2027-03-01', notes: 'Back room', isActive: true,
    });
    const [stored] = await t.db.select().from(equipment).where(eq(equipment.id, piece.equipmentId));
    expect(stored.chargePounds).toBe('40.05');
    expect((await t.call('GET', `/api/v1/Equipment/${piece.equipmentId}`, 'leader')).json()).toEqual(piece);

    const changed = await t.call('PUT', `/api/v1/Equipment/${piece.equipmentId}`, 'dispatcher', await form({ name: 'Produce Cooler 1', chargePounds: 41, notes: '  ' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Produce Cooler 1', chargePounds: 41, notes: null });
    expect((await t.call('POST', `/api/v1/Equipment/${piece.equipmentId}/retire`, 'dispatcher')).json().isActive).toBe(false);
    const active = await t.call('GET', `/api/v1/Equipment?customerId=${site}`, 'dispatcher');
    expect(active.json().data.map((e: { equipmentId: number }) => e.equipmentId)).not.toContain(piece.equipmentId);
    const retired = await t.call('GET', `/api/v1/Equipment?customerId=${site}&state=retired`, 'dispatcher');
    expect(retired.json().data.map((e: { equipmentId: number }) => e.equipmentId)).toEqual([piece.equipmentId]);
    expect((await t.call('POST', `/api/v1/Equipment/${piece.equipmentId}/reactivate`, 'dispatcher')).json().isActive).toBe(true);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'equipment'), eq(auditLog.entityId, piece.equipmentId))).orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'retire', 'reactivate']);
  });

  it('lists a page, filtered by location, category and a text in the serial, model or make', async () => {
    const all = (await t.call('GET', '/api/v1/Equipment?take=2', 'admin')).json();
    const [{ n }] = await t.db.select({ n: count() }).from(equipment).where(and(eq(equipment.subscriberId, polar), eq(equipment.isActive, true)));
    expect(all.total).toBe(n);
    expect(all.data).toHaveLength(2);
    const ac = await categoryOf('Air Conditioning');
    const byCategory = (await t.call('GET', `/api/v1/Equipment?categoryId=${ac}&take=100`, 'admin')).json();
    expect(byCategory.data.length).toBeGreaterThan(0);
    expect(byCategory.data.every((e: { categoryName: string }) => e.categoryName === 'Air Conditioning')).toBe(true);
    for (const text of ['weathermaker', 'CARRIER', 'ca-']) {
      const found = (await t.call('GET', `/api/v1/Equipment?search=${text}&take=100`, 'admin')).json();
      expect(found.total, text).toBeGreaterThan(0);
      expect(found.data.every((e: { makeName: string }) => e.makeName === 'Carrier'), text).toBe(true);
    }
    expect((await t.call('GET', '/api/v1/Equipment?search=%25', 'admin')).json().total).toBe(0);
  });

  it('keeps a serial unique per make, and takes the make of a model given alone', async () => {
    const first = await create('dispatcher', await form({ serialNumber: 'DUP-1', name: 'Cooler A' }));
    expect(first.statusCode, first.body).toBe(200);
    const again = await create('dispatcher', await form({ serialNumber: 'dup-1', name: 'Cooler B' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe('The serial number dup-1 of this make is already registered, on Cooler A.');
    const otherMake = await create('dispatcher', await form({ serialNumber: 'DUP-1', name: 'Cooler C', makeId: await idOf(equipmentMakes, 'True'), modelId: null }));
    expect(otherMake.statusCode, otherMake.body).toBe(200);
    const modelOnly = await create('dispatcher', await form({ serialNumber: null, name: 'Cooler D', makeId: null, modelId: await modelOf('T-49') }));
    expect(modelOnly.json()).toMatchObject({ makeName: 'True', modelName: 'T-49' });
    const mismatch = await create('dispatcher', await form({ serialNumber: null, name: 'Cooler E', modelId: await modelOf('T-49') }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().title).toBe('The model T-49 is a model of True, not of the make chosen.');
  });

  it('answers bad input with the sentence of the first failing rule and writes nothing', async () => {
    const before = await equipmentCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'Name field is required!'],
      [{ name: '  ' }, 'Name field is required!'],
      [{ customerId: undefined }, 'Location field is required!'],
      [{ categoryId: '1' }, 'Category must be a number.'],
      [{ chargePounds: -1 }, 'Full Charge must not be negative.'],
      [{ chargePounds: 1.234 }, 'Full Charge must have at most two decimals.'],
      [{ chargePounds: '12' }, 'Full Charge must be a number.'],
      [{ refrigerantId: null }, 'Choose the refrigerant of the full charge.'],
      [{ installedOn: '2022-02-30' }, 'Installed On is not a real date.'],
      [{ warrantyEndsOn: '2021-01-01' }, 'Warranty Ends On must not be before Installed On.'],
      [{ serialNumber: 'x'.repeat(101) }, 'Serial Number must be at most 100 characters.'],
    ];
    for (const [over, sentence] of cases) {
      const res = await create('dispatcher', await form(over));
      expect(res.statusCode, sentence).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    const query = await t.call('GET', '/api/v1/Equipment?state=gone', 'dispatcher');
    expect(query.statusCode).toBe(400);
    expect(query.json().title).toBe('State must be one of active, retired, all.');
    expect(await equipmentCount()).toBe(before);
  });

  it("answers 404 for another company's equipment and rows, exactly like missing ones, and changes nothing", async () => {
    const [theirs] = await t.db.select().from(equipment).where(eq(equipment.subscriberId, coastal));
    for (const id of [theirs.id, 999_999]) {
      for (const [method, url, body] of [
        ['GET', `/api/v1/Equipment/${id}`, undefined],
        ['PUT', `/api/v1/Equipment/${id}`, await form()],
        ['POST', `/api/v1/Equipment/${id}/retire`, undefined],
      ] as const) {
        const res = await t.call(method, url, 'dispatcher', body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().title).toBe('Equipment was not found.');
      }
    }
    expect((await t.db.select().from(equipment).where(eq(equipment.id, theirs.id)))[0]).toEqual(theirs);
    expect((await t.call('GET', '/api/v1/Equipment?take=100', 'dispatcher')).json().data.some((e: { equipmentId: number }) => e.equipmentId === theirs.id)).toBe(false);
    const [theirSite] = await t.db.select().from(customers).where(eq(customers.subscriberId, coastal));
    const foreign: [Record<string, unknown>, string][] = [
      [{ customerId: theirSite.id }, 'Customer was not found.'],
      [{ categoryId: await categoryOf('Refrigeration', coastal) }, 'Category was not found.'],
      [{ refrigerantId: await refrigerantOf('R-404A', coastal) }, 'Refrigerant was not found.'],
      [{ voltageId: await idOf(voltages, '115V', coastal) }, 'Voltage was not found.'],
    ];
    const before = await equipmentCount();
    for (const [over, sentence] of foreign) {
      const res = await create('dispatcher', await form({ ...over, serialNumber: null }));
      expect(res.statusCode, sentence).toBe(404);
      expect(res.json().title).toBe(sentence);
    }
    expect(await equipmentCount()).toBe(before);
  });

  it('lets Customers readers read, writers write, and a technician see only the equipment of his own sites', async () => {
    expect((await t.call('GET', '/api/v1/Equipment', 'customer')).statusCode).toBe(403);
    const before = await equipmentCount();
    expect((await create('leader', await form({ serialNumber: null }))).statusCode).toBe(403);
    expect((await create('tech', await form({ serialNumber: null }))).statusCode).toBe(403);
    expect(await equipmentCount()).toBe(before);
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    const sites = (await t.db
      .selectDistinct({ id: workOrders.customerId })
      .from(workOrders)
      .innerJoin(workOrderTechnicians, eq(workOrderTechnicians.workOrderId, workOrders.id))
      .where(eq(workOrderTechnicians.userId, tech.id))).map((s) => s.id);
    const seen = (await t.call('GET', '/api/v1/Equipment?take=100', 'tech')).json().data as { customerId: number; equipmentId: number }[];
    expect(seen.every((e) => sites.includes(e.customerId))).toBe(true);
    const [hidden] = await t.db.select().from(equipment).where(eq(equipment.subscriberId, polar)).then((rows) => rows.filter((e) => !sites.includes(e.customerId)));
    if (hidden) expect((await t.call('GET', `/api/v1/Equipment/${hidden.id}`, 'tech')).statusCode).toBe(404);
  });

  it("offers the company's own categories, makes, models, refrigerants and voltages to the form", async () => {
    const res = await t.call('GET', '/api/v1/Equipment/choices', 'tech');
    expect(res.statusCode, res.body).toBe(200);
    const choices = res.json();
    expect(choices.categories.map((c: { name: string }) => c.name)).toEqual(['Air Conditioning', 'Cooking Equipment', 'Refrigeration']);
    expect(choices.models.find((m: { name: string }) => m.name === 'T-49').makeId).toBe(await idOf(equipmentMakes, 'True'));
    const theirs = (await t.db.select({ id: voltages.id }).from(voltages).where(eq(voltages.subscriberId, coastal))).map((v) => v.id);
    expect(choices.voltages.some((v: { id: number }) => theirs.includes(v.id))).toBe(false);
    expect((await t.call('GET', '/api/v1/Equipment/choices', 'customer')).statusCode).toBe(403);
  });
});
