import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sub work orders', () => {
  it('creates {parent}-1, then {parent}-2, for the same customer, assigned to the caller', async () => {
    const [parent] = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 1 })).json().data;
    const first = await t.call('POST', '/api/v1/WorkOrder/create', 'tech', { parentWorkOrderId: parent.workOrderId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().workOrderNumber).toBe(`${parent.workOrderNumber}-1`);
    const second = await t.call('POST', '/api/v1/WorkOrder/create', 'tech', { parentWorkOrderId: parent.workOrderId, problem: 'Replace door gasket' });
    expect(second.json().workOrderNumber).toBe(`${parent.workOrderNumber}-2`);
    const sub = (await t.call('GET', `/api/v1/WorkOrder/${second.json().workOrderNumber}`, 'tech')).json();
    expect(sub).toMatchObject({ parentWorkOrderId: parent.workOrderId, problem: 'Replace door gasket', workOrderStatus: 'ToDo', customer: { name: parent.customerName } });
    expect(sub.technicians.map((x: { name: string }) => x.name)).toEqual(['Tom Alvarez']);
  });

  it('refuses a parent of another company (404) and a sub of a sub (400)', async () => {
    const [coastal] = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'coastal.tech', { take: 1 })).json().data;
    expect((await t.call('POST', '/api/v1/WorkOrder/create', 'tech', { parentWorkOrderId: coastal.workOrderId })).statusCode).toBe(404);
    const [parent] = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 1, filter: { filters: [{ field: 'workOrderNumber', operator: 'contains', value: '-1' }] } })).json().data;
    const res = await t.call('POST', '/api/v1/WorkOrder/create', 'tech', { parentWorkOrderId: parent.workOrderId });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('A sub work order cannot have sub work orders of its own.');
  });

  it('shows labor entries with hours and clock-in distance, and the status history', async () => {
    const rows = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech2', { take: 100 })).json().data;
    const wo = rows.find((r: { customerName: string }) => r.customerName === 'Pecan Lodge Deep Ellum');
    const start = new Date(Date.now() - 90 * 60_000).toISOString();
    const clockIn = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', { workOrderId: wo.workOrderId, startTime: start, currentLatLong: { latitude: 32.7942, longitude: -96.7838 } });
    expect(clockIn.statusCode, clockIn.body).toBe(200);
    const stop = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech2', {
      workOrderId: wo.workOrderId, workOrderLaborId: clockIn.json().workOrderLaborId, description: 'Cleaned coils', userStatusId: 3, workOrderStatusId: 38,
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const details = (await t.call('GET', `/api/v1/WorkOrder/${wo.workOrderNumber}`, 'tech2')).json();
    expect(details.laborEntries).toHaveLength(1);
    const [entry] = details.laborEntries;
    expect(entry).toMatchObject({ userName: 'Priya Natarajan', isOpen: false, description: 'Cleaned coils' });
    expect(entry.hours).toBeCloseTo(1.5, 1);
    expect(entry.clockInDistanceKm).toBeCloseTo(1.11, 1);
    expect(details.statusHistory.map((h: { toStatus: string }) => h.toStatus)).toEqual(['Onsite', 'Completed']);
    expect(details.statusHistory[0].changedBy).toBe('Priya Natarajan');
    const actions = details.auditTrail.map((a: { entity: string; action: string }) => `${a.entity}:${a.action}`);
    expect(actions).toEqual(['workOrderLabor:clock-in', 'workOrder:status', 'workOrderLabor:clock-out', 'workOrder:status']);
    const out = details.auditTrail.find((a: { action: string }) => a.action === 'clock-out');
    expect(out).toMatchObject({ changedBy: 'Priya Natarajan', before: { stoppedAt: null, description: null }, after: { description: 'Cleaned coils' } });
    expect(details.auditTrail[1]).toMatchObject({ before: { workOrderStatusId: expect.any(Number) }, after: { workOrderStatusId: 7 } });
  });
});
