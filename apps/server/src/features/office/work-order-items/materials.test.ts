import { count, eq } from 'drizzle-orm';
import { MATERIAL_STATUSES } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderMaterials } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount, workOrdersOf } from './item-fixtures';

let t: TestApp;
let mine: number;
let coastalWo: number;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: mine }] = await workOrdersOf(t, 'tech');
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
});
afterAll(() => t.close());

const add = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/WorkOrder/material/add', as, { workOrderId: mine, materialStatusId: 6, description: 'Part', ...body });
const list = (as: string, workOrderId = mine) => t.call('GET', `/api/v1/WorkOrder/${workOrderId}/materials`, as);
const materialCount = async () => (await t.db.select({ n: count() }).from(workOrderMaterials))[0].n;

describe('material statuses', () => {
  it('lists the ids of spec platform 4.10 to whoever reads materials', async () => {
    const res = await t.call('GET', '/api/v1/materialstatus/LIST', 'tech');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(MATERIAL_STATUSES);
    expect(res.json().map((s: { materialStatusId: number }) => s.materialStatusId)).not.toContain(15);
    expect((await t.call('GET', '/api/v1/MaterialStatus/list', 'sales')).statusCode).toBe(403);
  });
});

describe('materials of a work order', () => {
  it('adds parts with exact line totals and sums: 3 × 0.10 = 0.30, markup prices to the cent', async () => {
    const a = await add('tech', { partNumber: ' F-1 ', description: 'Fuse', quantity: 3, unitCost: 0.1 });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ partNumber: 'F-1', quantity: 3, unitCost: 0.1, markupPercent: 0, unitPrice: 0.1, lineTotal: 0.3, materialStatus: 'Incurred', createdBy: expect.any(String) });
    const b = await add('tech', { description: 'Contactor', quantity: 1.5, unitCost: 10, markupPercent: 33.33 });
    expect(b.json()).toMatchObject({ unitPrice: 13.33, lineTotal: 20 }); // 1.5 × 13.33 = 19.995 → 20.00, half-up
    const c = await add('tech', { description: 'Capacitor', quantity: 3, unitCost: 12.5, markupPercent: 25, unitPrice: 19.99 });
    expect(c.json()).toMatchObject({ unitPrice: 19.99, lineTotal: 59.97 });
    const d = await add('dispatcher', { description: 'Wire nut', quantity: 1, unitCost: 0.2, markupPercent: 0 });
    expect(d.json()).toMatchObject({ unitPrice: 0.2, lineTotal: 0.2 });
    expect(await auditCount(t, 'workOrderMaterial', a.json().materialId)).toBe(1);

    const res = await list('tech');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.materials.map((m: { description: string }) => m.description)).toEqual(['Fuse', 'Contactor', 'Capacitor', 'Wire nut']);
    expect(body.totalPrice).toBe(80.47); // 0.30 + 20.00 + 59.97 + 0.20
    expect(body.totalCost).toBe(53); // 0.30 + 15.00 + 37.50 + 0.20
    expect((await list('dispatcher')).json().totalPrice).toBe(80.47);
  });

  it('refuses bad input with the sentence of the first failing rule and writes nothing', async () => {
    const before = await materialCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ description: '  ', quantity: 1, unitCost: 1 }, 'Description field is required!'],
      [{ description: undefined, quantity: 1, unitCost: 1 }, 'Description field is required!'],
      [{ quantity: 0, unitCost: 1 }, 'Quantity must be more than 0.'],
      [{ quantity: 1.0005, unitCost: 1 }, 'Quantity must have at most three decimals.'],
      [{ quantity: 1 }, 'Unit Cost field is required!'],
      [{ quantity: 1, unitCost: 1.005 }, 'Unit Cost must have at most two decimals.'],
      [{ quantity: 1, unitCost: -1 }, 'Unit Cost must not be negative.'],
      [{ quantity: 1, unitCost: 1, markupPercent: 1000.01 }, 'Markup must be at most 1000%.'],
      [{ quantity: 1, unitCost: 1, markupPercent: 10.555 }, 'Markup must have at most two decimals.'],
      [{ quantity: 1, unitCost: 1, unitPrice: '5' }, 'Unit Price must be a number.'],
      [{ quantity: 1, unitCost: 1, materialStatusId: 15 }, 'Material Status is not valid.'],
      [{ quantity: 1, unitCost: 1, materialStatusId: undefined }, 'Material Status field is required!'],
    ];
    for (const [body, sentence] of cases) {
      const res = await add('tech', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect(await materialCount()).toBe(before);
  });

  it('changes a part, pricing it again from cost and markup when no price is given, and audits the change', async () => {
    const { materialId } = (await add('tech', { description: 'Valve', quantity: 1, unitCost: 40 })).json();
    const res = await t.call('PUT', `/api/v1/WorkOrder/material/${materialId}`, 'tech', { materialStatusId: 10, description: 'Valve, brass', quantity: 2, unitCost: 19.99, markupPercent: 25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ materialStatus: 'Proposed', description: 'Valve, brass', unitPrice: 24.99, lineTotal: 49.98, partNumber: null });
    expect(await auditCount(t, 'workOrderMaterial', materialId)).toBe(2);
    const bad = await t.call('PUT', `/api/v1/WorkOrder/material/${materialId}`, 'tech', { materialStatusId: 10, description: 'x', quantity: -2, unitCost: 1 });
    expect(bad.json().title).toBe('Quantity must be more than 0.');
    expect((await t.call('PUT', '/api/v1/WorkOrder/material/999999', 'tech', { materialStatusId: 10, description: 'x', quantity: 1, unitCost: 1 })).statusCode).toBe(404);
  });

  it("deletes only with 'Delete Labor Standard Items & Equipments': a technician and a dispatcher get 403", async () => {
    const { materialId } = (await add('tech', { description: 'To remove', quantity: 1, unitCost: 1 })).json();
    for (const who of ['tech', 'dispatcher']) expect((await t.call('DELETE', `/api/v1/WorkOrder/material/${materialId}`, who)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/v1/WorkOrder/material/${materialId}`, 'leader')).statusCode).toBe(403);
    const res = await t.call('DELETE', `/api/v1/WorkOrder/material/${materialId}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Material deleted.');
    expect(await auditCount(t, 'workOrderMaterial', materialId)).toBe(2);
    expect((await t.db.select().from(workOrderMaterials).where(eq(workOrderMaterials.id, materialId))).length).toBe(0);
    expect((await t.call('DELETE', `/api/v1/WorkOrder/material/${materialId}`, 'admin')).statusCode).toBe(404);
  });

  it("hides a technician's work order from another technician and from another company (404)", async () => {
    const { materialId } = (await add('tech', { description: 'Secret', quantity: 1, unitCost: 1 })).json();
    const before = await materialCount();
    for (const who of ['tech2', 'coastal.admin']) {
      expect((await list(who)).statusCode, who).toBe(404);
      expect((await add(who, { quantity: 1, unitCost: 1 })).statusCode, who).toBe(404);
      const put = await t.call('PUT', `/api/v1/WorkOrder/material/${materialId}`, who, { materialStatusId: 6, description: 'x', quantity: 1, unitCost: 1 });
      expect(put.statusCode, who).toBe(404);
      expect(put.json().title).toBe('Material was not found.');
    }
    expect((await t.call('DELETE', `/api/v1/WorkOrder/material/${materialId}`, 'coastal.admin')).statusCode).toBe(404);
    expect((await list('admin', coastalWo)).json().title).toBe('Work order was not found.');
    expect(await materialCount()).toBe(before);
  });
});
