import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment, refrigerantMovements, workOrderEquipment, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount, workOrdersOf } from '../work-order-items/item-fixtures';
import { rackOnTechWorkOrder } from './refrigerant-fixtures';

let t: TestApp;
let f: Awaited<ReturnType<typeof rackOnTechWorkOrder>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await rackOnTechWorkOrder(t);
});
afterAll(() => t.close());

const url = (workOrderId = f.workOrderId) => `/api/v1/WorkOrder/${workOrderId}/refrigerant`;
const add = (as: string, body: Record<string, unknown>, workOrderId = f.workOrderId) => t.call('POST', url(workOrderId), as, { equipmentId: f.rackId, kind: 'added', ...body });
const movementCount = async () => (await t.db.select({ n: count() }).from(refrigerantMovements))[0].n;

describe('the refrigerant log of a work order', () => {
  it('rates each addition to the 40 lb rack: 3 lb first is 7.50 %, 2 lb 30 days later is 60.83 % and opens a leak repair', async () => {
    const first = await add('tech', { pounds: 3, cylinder: 'CYL-1', certificationNumber: ' 608-UNIV-1 ', occurredAt: '2026-01-01T18:00:00Z' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      movement: expect.objectContaining({
        kind: 'added', refrigerantName: 'R-404A', amountOunces: 48, amountText: '3 lb', cylinder: 'CYL-1', certificationNumber: '608-UNIV-1', technicianName: 'Tom Alvarez',
        occurredOn: '2026-01-01', leakRateMethod: 'annualizing', leakRatePercent: 7.5, leakThresholdPercent: 20, isLeakRateExceeded: false,
      }),
      leakRepair: null,
    });
    // No certification number: the one given last. 2 / 40 × 365 / 30 × 100 = 60.8333…
    const second = await add('tech', { pounds: 2, occurredAt: '2026-01-31T18:00:00Z' });
    expect(second.statusCode, second.body).toBe(200);
    const { movement, leakRepair } = second.json();
    expect(movement).toMatchObject({ certificationNumber: '608-UNIV-1', leakRatePercent: 60.83, leakThresholdPercent: 20, isLeakRateExceeded: true });
    expect(leakRepair).toMatchObject({ equipmentName: 'Rack A', openedOn: '2026-01-31', dueOn: '2026-03-02', isOverdue: true, isIndustrialShutdown: false, isClosed: false, leakRatePercent: 60.83 });
    // The verification tests: a Leak Test work order at the location naming the rack.
    const [leakTest] = await t.db.select().from(workOrders).where(eq(workOrders.id, leakRepair.verificationWorkOrderId));
    expect(leakTest).toMatchObject({ workOrderStatusId: 5, customerId: f.customerId, workOrderNumber: leakRepair.verificationWorkOrderNumber });
    expect((await t.db.select().from(workOrderEquipment).where(eq(workOrderEquipment.workOrderId, leakTest.id))).map((r) => r.equipmentId)).toEqual([f.rackId]);
    expect(await auditCount(t, 'leakRepair', leakRepair.leakRepairId)).toBe(1);
    expect(await auditCount(t, 'refrigerantMovement', movement.refrigerantMovementId)).toBe(1);

    const log = await t.call('GET', url(), 'tech');
    expect(log.statusCode).toBe(200);
    expect(log.json().movements.map((m: { amountText: string }) => m.amountText)).toEqual(['3 lb', '2 lb']);
    expect(log.json().leakRepairs).toEqual([leakRepair]);
    expect(log.json().certificationNumber).toBe('608-UNIV-1');
    const off = await t.call('DELETE', `/api/v1/WorkOrder/${f.workOrderId}/equipments/${f.rackId}`, 'admin');
    expect(off.statusCode).toBe(409);
    expect(off.json().title).toBe('Refrigerant is logged on this piece on this work order, so it stays on the work order.');
  });

  it('logs recovered and recycled refrigerant in pounds and ounces without a leak rate, and an open repair is not opened twice', async () => {
    const recovered = await add('tech', { kind: 'recovered', pounds: 2, ounces: 8, occurredAt: '2026-02-01T18:00:00Z' });
    expect(recovered.json().movement).toMatchObject({ kind: 'recovered', amountOunces: 40, amountText: '2 lb 8 oz', leakRatePercent: null, isLeakRateExceeded: null });
    const again = await add('tech', { pounds: 5, occurredAt: '2026-02-02T18:00:00Z' }); // 5/40 × 365/2 = 2281.25 %
    expect(again.json().movement).toMatchObject({ leakRatePercent: 2281.25, isLeakRateExceeded: true });
    expect(again.json().leakRepair).toBeNull();
    const rooftop = await add('tech', { equipmentId: f.rooftopId, ounces: 12.5 });
    expect(rooftop.json().movement).toMatchObject({ amountText: '12.5 oz', refrigerantName: 'R-410A', leakRatePercent: null });
  });

  it("rates by the rolling average when the company chooses it: (3 + 2 + 5 + 1) / 40 = 27.50 %", async () => {
    const settings = (await t.call('GET', '/api/v1/Settings/subscriberSettings', 'admin')).json();
    expect(settings.leakRateMethod).toBe('annualizing');
    const { timeZone: _zone, ...body } = settings;
    expect((await t.call('PUT', '/api/v1/Settings/subscriberSettings', 'admin', { ...body, leakRateMethod: 'rollingAverage' })).statusCode).toBe(200);
    const res = await add('tech', { pounds: 1, occurredAt: '2026-02-10T18:00:00Z' });
    expect(res.json().movement).toMatchObject({ leakRateMethod: 'rollingAverage', leakRatePercent: 27.5, isLeakRateExceeded: true });
    await t.call('PUT', '/api/v1/Settings/subscriberSettings', 'admin', { ...body, leakRateMethod: 'annualizing' });
  });

  it('refuses bad input with the sentence of the first failing rule and writes nothing', async () => {
    const before = await movementCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ pounds: undefined }, 'Enter the amount in pounds and ounces.'],
      [{ pounds: '2' }, 'Pounds must be a number.'],
      [{ pounds: 1.5 }, 'Pounds must be a whole number; put the rest in ounces.'],
      [{ pounds: 0, ounces: 0 }, 'Enter the amount in pounds and ounces.'],
      [{ pounds: 1, ounces: 16 }, 'Ounces must be less than 16; put whole pounds in pounds.'],
      [{ pounds: 1, ounces: 1.125 }, 'Ounces must have at most two decimals.'],
      [{ pounds: 1, kind: 'vented' }, 'Kind must be added, recovered or recycled.'],
      [{ pounds: 1, occurredAt: '2026-01-01' }, 'When must be a date and time with its offset, like 2026-03-02T15:30:00Z.'],
      [{ pounds: 1, occurredAt: '2099-01-01T00:00:00Z' }, 'When must not be in the future.'],
      [{ pounds: 1, equipmentId: undefined }, 'Equipment field is required!'],
    ];
    for (const [body, sentence] of cases) {
      const res = await add('tech', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    const [freezer] = await t.db.select().from(equipment).where(and(eq(equipment.customerId, f.customerId), eq(equipment.name, 'Reach-in Freezer')));
    const notNamed = await add('tech', { pounds: 1, equipmentId: freezer.id });
    expect(notNamed.json().title).toBe("Reach-in Freezer is not on this work order. Add it to the work order's equipment first.");
    expect(await movementCount()).toBe(before);
  });

  it("answers another company's work order, equipment and refrigerant as missing, and a work order not his to a technician", async () => {
    const [coastalWo] = await workOrdersOf(t, 'coastal.tech');
    const [coastalPiece] = await t.db.select().from(equipment).where(eq(equipment.subscriberId, coastalWo.subscriberId));
    expect((await add('coastal.tech', { pounds: 1 })).statusCode).toBe(404);
    expect((await t.call('GET', url(), 'coastal.admin')).statusCode).toBe(404);
    expect((await add('admin', { pounds: 1, equipmentId: coastalPiece.id, certificationNumber: 'X' })).json().title).toBe('Equipment was not found.');
    expect((await add('admin', { pounds: 1, refrigerantId: coastalPiece.refrigerantId ?? 999999, certificationNumber: 'X' })).json().title).toBe('Refrigerant was not found.');
    expect((await t.call('GET', url(), 'tech2')).statusCode).toBe(404);
    expect((await t.call('GET', url(), 'customer')).statusCode).toBe(403);
  });

  it("deletes an entry only with 'Delete Labor Standard Items & Equipments', and keeps an addition that opened a repair", async () => {
    const { movements } = (await t.call('GET', url(), 'tech')).json();
    const recovered = movements.find((m: { kind: string }) => m.kind === 'recovered');
    const opening = movements.find((m: { leakRatePercent: number | null }) => m.leakRatePercent === 60.83);
    const del = (id: number, as: string) => t.call('DELETE', `${url()}/${id}`, as);
    expect((await del(recovered.refrigerantMovementId, 'tech')).statusCode).toBe(403);
    expect((await del(opening.refrigerantMovementId, 'admin')).json().title).toBe('This addition opened a leak repair, so it stays in the log.');
    const gone = await del(recovered.refrigerantMovementId, 'admin');
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await del(recovered.refrigerantMovementId, 'admin')).statusCode).toBe(404);
    expect(await auditCount(t, 'refrigerantMovement', recovered.refrigerantMovementId)).toBe(2);
  });
});

describe('leak repairs', () => {
  const repairs = (as: string, query = '') => t.call('GET', `/api/v1/Refrigerant/leakRepairs${query}`, as);
  const put = (id: number, as: string, body: Record<string, unknown>) => t.call('PUT', `/api/v1/Refrigerant/leakRepairs/${id}`, as, body);

  it('lists the open repairs to whoever sees every work order, not to a technician', async () => {
    const res = await repairs('leader');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ equipmentName: 'Rack A', dueOn: '2026-03-02', isOverdue: true })]);
    expect((await repairs('tech')).statusCode).toBe(403);
    expect((await repairs('coastal.admin')).json()).toEqual([]);
    expect((await repairs('admin', '?state=closed')).json().title).toBe('State must be open or all.');
  });

  it('moves the deadline to 120 days for an industrial shutdown, records the tests, and closes when repaired and both passed', async () => {
    const [open] = (await repairs('admin')).json();
    const id = open.leakRepairId;
    const shutdown = await put(id, 'leader', { isIndustrialShutdown: true });
    expect(shutdown.statusCode, shutdown.body).toBe(200);
    expect(shutdown.json()).toMatchObject({ dueOn: '2026-05-31', isIndustrialShutdown: true, isClosed: false });
    expect((await put(id, 'leader', { initialTestOn: '2026-02-10' })).json().title).toBe('Give the initial test its date and its result together.');
    expect((await put(id, 'leader', { initialTestOn: '2026-02-10', initialTestPassed: true, followUpTestOn: '2026-02-01', followUpTestPassed: true })).json().title).toBe(
      'The follow-up test comes after the initial test.',
    );
    expect((await put(id, 'leader', { repairedOn: '2026-01-01' })).json().title).toBe('Repaired On must not be before the leak was found.');
    expect((await put(id, 'tech', { repairedOn: '2026-02-09' })).statusCode).toBe(403);
    expect((await put(id, 'coastal.admin', { repairedOn: '2026-02-09' })).statusCode).toBe(404);
    const failed = await put(id, 'leader', { isIndustrialShutdown: true, repairedOn: '2026-02-09', initialTestOn: '2026-02-10', initialTestPassed: false });
    expect(failed.json()).toMatchObject({ repairedOn: '2026-02-09', initialTestPassed: false, isClosed: false, isOverdue: false });
    const done = await put(id, 'leader', { repairedOn: '2026-02-09', initialTestOn: '2026-02-11', initialTestPassed: true, followUpTestOn: '2026-02-25', followUpTestPassed: true });
    expect(done.json()).toMatchObject({ dueOn: '2026-03-02', isClosed: true, isOverdue: false, followUpTestOn: '2026-02-25' });
    expect((await repairs('admin')).json()).toEqual([]);
    expect((await repairs('admin', '?state=all')).json()).toHaveLength(1);
    expect((await put(id, 'leader', { repairedOn: '2026-02-09' })).statusCode).toBe(409);
    expect(await auditCount(t, 'leakRepair', id)).toBe(4);
  });
});
