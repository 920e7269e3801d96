import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@sm/shared';
import { customers, equipment, users, workOrderEquipment, workOrders, workOrderTechnicians } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startWorkOrderAtEquipment } from './equipment-start.service';

let t: TestApp;
let tech: typeof users.$inferSelect;
/** A piece at a site of a work order of the tech's, with a serial. */
let piece: typeof equipment.$inferSelect;
const start = (id: number, as: string, body: unknown = {}) => t.call('POST', `/api/v1/Equipment/${id}/startWorkOrder`, as, body);
beforeAll(async () => {
  t = await createTestApp();
  [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  const [mine] = await t.db
    .select({ piece: equipment })
    .from(workOrders)
    .innerJoin(workOrderTechnicians, eq(workOrderTechnicians.workOrderId, workOrders.id))
    .innerJoin(equipment, eq(equipment.customerId, workOrders.customerId))
    .where(and(eq(workOrderTechnicians.userId, tech.id), eq(equipment.name, 'Walk-in Cooler')));
  piece = mine.piece;
});
afterAll(() => t.close());

describe('a work order started from a piece of equipment', () => {
  it("is at the piece's location, names the piece, states it as the problem and is assigned to the technician who starts it", async () => {
    const res = await start(piece.id, 'tech');
    expect(res.statusCode, res.body).toBe(200);
    const { workOrderId, workOrderNumber } = res.json();
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrderId));
    expect(wo).toMatchObject({ customerId: piece.customerId, workOrderNumber, problem: `Walk-in Cooler (S/N ${piece.serialNumber})`, createdBy: tech.id });
    expect((await t.db.select().from(workOrderEquipment).where(eq(workOrderEquipment.workOrderId, workOrderId))).map((r) => r.equipmentId)).toEqual([piece.id]);
    expect((await t.db.select().from(workOrderTechnicians).where(eq(workOrderTechnicians.workOrderId, workOrderId))).map((r) => r.userId)).toEqual([tech.id]);
    // He sees it: on the piece's history and as his work order.
    const history = (await t.call('GET', `/api/v1/Equipment/${piece.id}/history`, 'tech')).json();
    expect(history.workOrders[0]).toMatchObject({ workOrderNumber, problem: wo.problem, technicians: [tech.name] });
    expect((await t.call('GET', `/api/v1/WorkOrder/${workOrderNumber}`, 'tech')).statusCode).toBe(200);
  });

  it('states the problem given; for the office it is unassigned', async () => {
    const res = await start(piece.id, 'dispatcher', { problem: '  Compressor short-cycling  ' });
    expect(res.statusCode, res.body).toBe(200);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, res.json().workOrderId));
    expect(wo.problem).toBe('Compressor short-cycling');
    expect(await t.db.select().from(workOrderTechnicians).where(eq(workOrderTechnicians.workOrderId, wo.id))).toEqual([]);
  });

  it('refuses clearly: a retired piece, a piece the caller does not see, a role that may not create work orders, and one that would not see it', async () => {
    await t.call('POST', `/api/v1/Equipment/${piece.id}/retire`, 'admin');
    const retired = await start(piece.id, 'tech');
    expect(`${retired.statusCode} ${retired.json().title}`).toBe('400 Walk-in Cooler is retired. Reactivate it before starting a work order on it.');
    await t.call('POST', `/api/v1/Equipment/${piece.id}/reactivate`, 'admin');

    const [site] = await t.db
      .insert(customers)
      .values({ subscriberId: tech.subscriberId, name: 'Harbor Ice House', address: '12 Dock St', city: 'Galveston', state: 'TX', zip: '77550' })
      .returning();
    const [away] = await t.db.insert(equipment).values({ subscriberId: tech.subscriberId, customerId: site.id, name: 'Ice Machine', categoryId: piece.categoryId }).returning();
    const hidden = await start(away.id, 'tech');
    const missing = await start(2147480001, 'tech');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect((await start(piece.id, 'sales')).statusCode).toBe(403);

    // A role with Create Work Order that is neither a technician's nor sees all work orders would lose sight of it.
    const access = { roleIds: [ROLE['Sales Person']], roles: [{ roleId: ROLE['Sales Person'], roleName: 'Sales Person', isAll: false, permissions: [{ permissionDescription: 'Work Orders', canRead: true, canWrite: true, functionalities: ['Create Work Order'] }] }] };
    const ctx = { db: t.db, actor: { userId: tech.id, subscriberId: tech.subscriberId, userName: 'x' }, now: new Date() };
    await expect(startWorkOrderAtEquipment(ctx, access, piece.id, null)).rejects.toMatchObject({ status: 403, message: expect.stringMatching(/^Only a technician/) });
  });
});
