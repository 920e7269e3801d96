import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, equipment, users, workOrderEquipment, workOrderLabor, workOrderMaterials, workOrders, workOrderTechnicians } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let polar: number;
let coastal: number;
let wo: typeof workOrders.$inferSelect;
let here: number;
let elsewhere: number;
beforeAll(async () => {
  t = await createTestApp();
  polar = (await t.db.select().from(users).where(eq(users.userName, 'admin')))[0].subscriberId;
  coastal = (await t.db.select().from(users).where(eq(users.userName, 'coastal.admin')))[0].subscriberId;
  // A work order of the tech's at a site that has equipment, one of that site's pieces, and a piece at another site.
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  const mine = await t.db
    .select({ wo: workOrders })
    .from(workOrders)
    .innerJoin(workOrderTechnicians, eq(workOrderTechnicians.workOrderId, workOrders.id))
    .innerJoin(equipment, eq(equipment.customerId, workOrders.customerId))
    .where(and(eq(workOrders.subscriberId, polar), eq(workOrderTechnicians.userId, tech.id)));
  wo = mine[0].wo;
  const pieces = await t.db.select().from(equipment).where(and(eq(equipment.customerId, wo.customerId), eq(equipment.subscriberId, polar)));
  here = pieces.find((p) => p.name === 'Reach-in Freezer')!.id;
  elsewhere = (await t.db.select().from(equipment).where(and(eq(equipment.subscriberId, polar), ne(equipment.customerId, wo.customerId))))[0].id;
});
afterAll(() => t.close());

const url = (workOrderId: number, equipmentId?: number) => `/api/v1/WorkOrder/${workOrderId}/equipments${equipmentId ? `/${equipmentId}` : ''}`;
const namesOn = async (workOrderId: number) => (await t.db.select().from(workOrderEquipment).where(eq(workOrderEquipment.workOrderId, workOrderId))).map((r) => r.equipmentId);

describe("a work order's equipment", () => {
  it("names a piece at the work order's location once, audited, and takes it off again", async () => {
    const before = await namesOn(wo.id);
    const added = await t.call('POST', url(wo.id), 'leader', { equipmentId: here });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().map((e: { equipmentId: number }) => e.equipmentId)).toContain(here);
    expect((await t.call('POST', url(wo.id), 'leader', { equipmentId: here })).statusCode).toBe(200);
    expect((await namesOn(wo.id)).filter((id) => id === here)).toHaveLength(1);
    expect((await t.call('GET', url(wo.id), 'tech')).json().map((e: { name: string }) => e.name)).toContain('Reach-in Freezer');

    expect((await t.call('DELETE', url(wo.id, here), 'leader')).statusCode).toBe(403);
    const removed = await t.call('DELETE', url(wo.id, here), 'admin');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await namesOn(wo.id)).toEqual(before);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'workOrderEquipment'), eq(auditLog.entityId, wo.id)));
    expect(audits.map((a) => a.action)).toEqual(['add', 'remove']);
  });

  it("refuses a piece elsewhere, a retired one, and another company's exactly like a missing one", async () => {
    const before = await namesOn(wo.id);
    const away = await t.call('POST', url(wo.id), 'leader', { equipmentId: elsewhere });
    expect(away.statusCode).toBe(400);
    expect(away.json().title).toMatch(/ is not at this work order's location\.$/);
    await t.call('POST', `/api/v1/Equipment/${here}/retire`, 'admin');
    const retired = await t.call('POST', url(wo.id), 'leader', { equipmentId: here });
    expect(retired.json().title).toBe('Reach-in Freezer is retired. Reactivate it first.');
    await t.call('POST', `/api/v1/Equipment/${here}/reactivate`, 'admin');
    const [theirs] = await t.db.select().from(equipment).where(eq(equipment.subscriberId, coastal));
    for (const id of [theirs.id, 999_999]) {
      const res = await t.call('POST', url(wo.id), 'leader', { equipmentId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().title).toBe('Equipment was not found.');
    }
    const [theirWorkOrder] = await t.db.select().from(workOrders).where(eq(workOrders.subscriberId, coastal));
    expect((await t.call('POST', url(theirWorkOrder.id), 'leader', { equipmentId: here })).statusCode).toBe(404);
    expect((await t.call('GET', url(theirWorkOrder.id), 'leader')).statusCode).toBe(404);
    const bad = await t.call('POST', url(wo.id), 'leader', { equipmentId: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Equipment must be a number.');
    expect((await t.call('POST', url(wo.id), 'customer', { equipmentId: here })).statusCode).toBe(403);
    expect(await namesOn(wo.id)).toEqual(before);
  });

  it('lets an equipment task name a piece, which names it on the work order and keeps it there while the task is', async () => {
    const task = await t.call('POST', '/api/v1/WorkOrder/equipmentTasks/add', 'leader', { workOrderId: wo.id, equipmentId: here, equipmentName: 'Reach-in Freezer', task: 'Clean the condenser coil' });
    expect(task.statusCode, task.body).toBe(200);
    expect(task.json()).toMatchObject({ equipmentId: here, equipmentName: 'Reach-in Freezer' });
    expect(await namesOn(wo.id)).toContain(here);
    const kept = await t.call('DELETE', url(wo.id, here), 'admin');
    expect(kept.statusCode).toBe(409);
    expect(kept.json().title).toBe('A task of the equipment task list is on this piece. Remove the task first.');
    const away = await t.call('POST', '/api/v1/WorkOrder/equipmentTasks/add', 'leader', { workOrderId: wo.id, equipmentId: elsewhere, equipmentName: 'Other', task: 'Check' });
    expect(away.statusCode).toBe(400);
    expect((await t.call('DELETE', `/api/v1/WorkOrder/equipmentTasks/${task.json().taskId}`, 'admin')).statusCode).toBe(200);
    expect((await t.call('DELETE', url(wo.id, here), 'admin')).statusCode).toBe(200);
  });

  it('shows the history of a piece: every work order on it with date, status, technicians, labor hours and materials', async () => {
    await t.call('POST', url(wo.id), 'leader', { equipmentId: here });
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    const start = new Date('2026-02-03T14:00:00Z');
    await t.db.insert(workOrderLabor).values([
      { subscriberId: polar, workOrderId: wo.id, userId: tech.id, startedAt: start, stoppedAt: new Date(start.getTime() + 90 * 60_000) },
      { subscriberId: polar, workOrderId: wo.id, userId: tech.id, startedAt: new Date('2026-02-04T14:00:00Z'), stoppedAt: new Date('2026-02-04T14:20:00Z') },
    ]);
    await t.db.insert(workOrderMaterials).values({ subscriberId: polar, workOrderId: wo.id, materialStatusId: 6, description: 'Condenser fan motor', quantity: '1.5', unitCost: '10.00', markupPercent: '0', unitPrice: '10.00' });
    const res = await t.call('GET', `/api/v1/Equipment/${here}/history`, 'leader');
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json();
    expect(history.equipment.equipmentId).toBe(here);
    const entry = history.workOrders.find((w: { workOrderId: number }) => w.workOrderId === wo.id);
    const [stored] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.workOrderId, wo.id));
    expect(stored).toBeDefined();
    expect(entry).toMatchObject({ workOrderNumber: wo.workOrderNumber, problem: wo.problem, technicians: expect.arrayContaining([tech.name]) });
    expect(new Date(entry.createdAt).getTime()).toBe(wo.createdAt.getTime());
    expect(typeof entry.workOrderStatus).toBe('string');
    expect(entry.materials).toContainEqual({ description: 'Condenser fan motor', quantity: 1.5 });
    const labor = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.workOrderId, wo.id));
    const minutes = labor.filter((l) => l.stoppedAt).reduce((sum, l) => sum + (l.stoppedAt!.getTime() - l.startedAt.getTime()) / 60_000, 0);
    expect(entry.laborHours).toBe(Math.round((minutes / 60) * 100) / 100);
    expect(entry.laborHours).toBeGreaterThanOrEqual(1.83);

    const [theirs] = await t.db.select().from(equipment).where(eq(equipment.subscriberId, coastal));
    expect((await t.call('GET', `/api/v1/Equipment/${theirs.id}/history`, 'leader')).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/Equipment/${here}/history`, 'customer')).statusCode).toBe(403);
  });
});
