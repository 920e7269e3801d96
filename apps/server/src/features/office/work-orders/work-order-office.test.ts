import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workOrderClasses, workOrders } from '../../../db/schema';
import type { BusMessage } from '../../platform/realtime/event-bus';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const ids: Record<string, number> = {};
const userId = async (userName: string) => (await t.db.select().from(users).where(eq(users.userName, userName)))[0].id;
const workOrderId = async (number: string) => (await t.db.select().from(workOrders).where(eq(workOrders.workOrderNumber, number)))[0].id;
const details = async (number: string, as = 'dispatcher') => (await t.call('GET', `/api/v1/WorkOrder/${number}`, as)).json();

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['tech', 'tech2', 'dispatcher', 'coastal.tech']) ids[u] = await userId(u);
  // 240001 is tech's, 240031 is tech2's (the demo numbers them per technician); 510001 is Coastal Air's.
  for (const n of ['240001', '240002', '240031', '510001']) ids[n] = await workOrderId(n);
});
afterAll(() => t.close());

describe('editing the header', () => {
  it('changes only what is sent, audits the fields that changed, and shows them on the work order', async () => {
    const dispatcher = (await t.db.select().from(users).where(eq(users.userName, 'dispatcher')))[0];
    const [install] = await t.db.select().from(workOrderClasses).where(and(eq(workOrderClasses.subscriberId, dispatcher.subscriberId), eq(workOrderClasses.name, 'Installation')));
    const before = await details('240002');
    const res = await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/header`, 'dispatcher', { nte: 1250.75, priority: 'Emergency', workOrderClassId: install.id, poNumber: ' PO-9 ', providerReference: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ workOrderId: ids['240002'], workOrderNumber: '240002' });
    const after = await details('240002');
    expect(after).toMatchObject({ problem: before.problem, nte: 1250.75, priority: 'Emergency', workOrderClassName: 'Installation', poNumber: 'PO-9', providerReference: null });
    const audit = after.auditTrail.filter((a: { action: string }) => a.action === 'update');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ changedBy: 'Dana Whitfield', before: { nte: before.nte, priority: 'Normal', workOrderClassId: null, poNumber: null }, after: { nte: 1250.75, priority: 'Emergency', workOrderClassId: install.id, poNumber: 'PO-9' } });
    // The same values again change nothing and write nothing.
    await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/header`, 'dispatcher', { nte: 1250.75, priority: 'Emergency' });
    const audits = (await details('240002')).auditTrail.filter((a: { action: string }) => a.action === 'update');
    expect(audits, JSON.stringify(audits)).toHaveLength(1);
  });

  it('refuses a blank problem, another company\'s class or work order, a retired class, and callers without write', async () => {
    const blank = await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/header`, 'dispatcher', { problem: '  ' });
    expect([blank.statusCode, blank.json().title]).toEqual([400, 'Problem field is required!']);
    const [coastalClass] = await t.db.select().from(workOrderClasses).where(eq(workOrderClasses.name, 'Project')).orderBy(workOrderClasses.id).offset(1);
    expect((await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/header`, 'dispatcher', { workOrderClassId: coastalClass.id })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/v1/WorkOrder/${ids['510001']}/header`, 'dispatcher', { problem: 'Mine now' })).statusCode).toBe(404);
    const [warranty] = await t.db.select().from(workOrderClasses).where(eq(workOrderClasses.name, 'Warranty')).orderBy(workOrderClasses.id).limit(1);
    await t.db.update(workOrderClasses).set({ isActive: false }).where(eq(workOrderClasses.id, warranty.id));
    const retired = await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/header`, 'dispatcher', { workOrderClassId: warranty.id });
    expect([retired.statusCode, retired.json().title]).toEqual([400, 'This work order class is retired; choose another.']);
    const classes = (await t.call('GET', '/api/v1/WorkOrder/workOrderClasses', 'dispatcher')).json();
    expect(classes.map((c: { workOrderClassName: string }) => c.workOrderClassName)).toEqual(['Installation', 'Preventive Maintenance', 'Project', 'Service']);
    await t.db.update(workOrderClasses).set({ isActive: true }).where(eq(workOrderClasses.id, warranty.id));
    expect((await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/header`, 'payroll', { problem: 'x' })).statusCode).toBe(403);
    // A technician edits only the work orders assigned to them.
    expect((await t.call('PUT', `/api/v1/WorkOrder/${ids['240031']}/header`, 'tech', { poNumber: 'X' })).statusCode).toBe(404);
  });
});

describe('changing the status', () => {
  it('writes the status, its history and its audit entry, tells the boards, and lists the history', async () => {
    const heard: BusMessage[] = [];
    const stop = t.app.events.subscribe((m) => heard.push(m));
    const res = await t.call('PUT', `/api/v1/WorkOrder/${ids['240001']}/status`, 'dispatcher', { workOrderStatusId: 38 });
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ workOrderId: ids['240001'], workOrderStatusId: 38, workOrderStatus: 'Completed' });
    expect(heard).toEqual([expect.objectContaining({ event: 'gridUpdate', payload: expect.objectContaining({ action: 'workOrderStatus', workOrderId: ids['240001'], workOrderStatusId: 38 }) })]);
    const wo = await details('240001');
    expect(wo.workOrderStatus).toBe('Completed');
    expect(wo.auditTrail.at(-1)).toMatchObject({ action: 'status', after: { workOrderStatusId: 38 } });
    // The same status again writes nothing.
    await t.call('PUT', `/api/v1/WorkOrder/${ids['240001']}/status`, 'dispatcher', { workOrderStatusId: 38 });
    const history = await t.call('GET', `/api/v1/WorkOrder/${ids['240001']}/statusHistory`, 'dispatcher');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([expect.objectContaining({ toStatusId: 38, toStatus: 'Completed', changedBy: 'Dana Whitfield', fromStatusId: wo.auditTrail.at(-1).before.workOrderStatusId })]);
  });

  it('refuses an unknown status with a sentence, a technician (403), and another company\'s work order (404)', async () => {
    const unknown = await t.call('PUT', `/api/v1/WorkOrder/${ids['240001']}/status`, 'dispatcher', { workOrderStatusId: 49 });
    expect([unknown.statusCode, unknown.json().title]).toEqual([400, 'Work order status 49 does not exist.']);
    const missing = await t.call('PUT', `/api/v1/WorkOrder/${ids['240001']}/status`, 'dispatcher', {});
    expect([missing.statusCode, missing.json().title]).toEqual([400, 'Work order status field is required!']);
    expect((await t.call('PUT', `/api/v1/WorkOrder/${ids['240001']}/status`, 'tech', { workOrderStatusId: 7 })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/v1/WorkOrder/${ids['510001']}/status`, 'dispatcher', { workOrderStatusId: 7 })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/WorkOrder/${ids['510001']}/statusHistory`, 'dispatcher')).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/WorkOrder/${ids['240001']}/statusHistory`, 'tech')).statusCode).toBe(403);
    expect((await details('240001')).workOrderStatus).toBe('Completed');
  });
});

describe('assigning technicians', () => {
  it('sets the technicians, audits the change, and the new technician sees the work order', async () => {
    expect((await t.call('GET', '/api/v1/WorkOrder/240002', 'tech2')).statusCode).toBe(404);
    const res = await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/technicians`, 'dispatcher', { technicianIds: [ids.tech2, ids.tech] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().technicians.map((x: { name: string }) => x.name)).toEqual(['Priya Natarajan', 'Tom Alvarez']);
    expect((await details('240002', 'tech2')).technicians).toHaveLength(2);
    const off = await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/technicians`, 'dispatcher', { technicianIds: [ids.tech2] });
    expect(off.json().technicians).toEqual([{ userId: ids.tech2, name: 'Priya Natarajan' }]);
    const audit = (await details('240002')).auditTrail.filter((a: { action: string }) => a.action === 'technicians');
    expect(audit.map((a: { after: unknown }) => a.after)).toEqual([{ technicianIds: [ids.tech, ids.tech2].sort((a, b) => a - b) }, { technicianIds: [ids.tech2] }]);
  });

  it('keeps someone clocked in, refuses non-technicians (400) and other companies\' people or work orders (404)', async () => {
    const clockIn = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', { workOrderId: ids['240002'], startTime: new Date().toISOString() });
    expect(clockIn.statusCode, clockIn.body).toBe(200);
    const kept = await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/technicians`, 'dispatcher', { technicianIds: [] });
    expect([kept.statusCode, kept.json().title]).toEqual([409, 'Priya Natarajan is clocked in on this work order and stays assigned until they clock out.']);
    const notTech = await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/technicians`, 'dispatcher', { technicianIds: [ids.tech2, ids.dispatcher] });
    expect([notTech.statusCode, notTech.json().title]).toEqual([400, 'Dana Whitfield is not a technician.']);
    expect((await t.call('PUT', `/api/v1/WorkOrder/${ids['240002']}/technicians`, 'dispatcher', { technicianIds: [ids['coastal.tech']] })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/v1/WorkOrder/${ids['510001']}/technicians`, 'dispatcher', { technicianIds: [] })).statusCode).toBe(404);
    expect((await details('240002')).technicians.map((x: { name: string }) => x.name)).toEqual(['Priya Natarajan']);
  });
});

describe('visits and the change history', () => {
  it('lists the visits scheduled for a work order, through Scheduler/save', async () => {
    const before = (await t.call('GET', `/api/v1/WorkOrder/${ids['240031']}/schedule`, 'dispatcher')).json();
    const saved = await t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { schedulerId: 0, workOrderId: ids['240031'], technicianId: ids.tech2, start: '2026-07-06T09:30:00', durationHours: 1.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    const visits = (await t.call('GET', `/api/v1/WorkOrder/${ids['240031']}/schedule`, 'dispatcher')).json();
    expect(visits).toHaveLength(before.length + 1);
    const visit = visits.find((v: { schedulerId: number }) => v.schedulerId === saved.json().schedulerId);
    expect(visit).toMatchObject({ technicianId: ids.tech2, technicianName: 'Priya Natarajan', title: 'Work order 240031', durationHours: 1.5, isAllDay: false });
    expect(Date.parse(visit.end) - Date.parse(visit.start)).toBe(90 * 60_000);
    const starts = visits.map((v: { start: string }) => v.start);
    expect(starts).toEqual([...starts].sort());
    expect((await t.call('GET', `/api/v1/WorkOrder/${ids['240031']}/schedule`, 'tech2')).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/WorkOrder/${ids['240031']}/schedule`, 'tech')).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/WorkOrder/${ids['510001']}/schedule`, 'dispatcher')).statusCode).toBe(404);
  });

  it('answers the changes of the company\'s work orders as a grid, to those with WorkOrder History', async () => {
    const history = (body: unknown, as = 'leader') => t.call('POST', '/api/v1/WorkOrder/history', as, body);
    const all = (await history({ take: 100 })).json();
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.data[0]).toMatchObject({ workOrderNumber: '240002', action: 'Status changed', changes: 'Status: ToDo → Onsite', changedBy: 'Priya Natarajan' });
    expect(all.data[1]).toMatchObject({ workOrderNumber: '240002', action: 'Technicians assigned', changes: 'Technicians: Priya Natarajan, Tom Alvarez → Priya Natarajan', changedBy: 'Dana Whitfield' });
    const status = all.data.find((r: { action: string; workOrderNumber: string }) => r.action === 'Status changed' && r.workOrderNumber === '240001');
    expect(status.changes).toMatch(/^Status: .+ → Completed$/);
    const edit = all.data.find((r: { action: string }) => r.action === 'Edited');
    expect(edit.changes).toContain('NTE: $750.00 → $1,250.75');
    expect(edit.changes).toContain('Class: none → Installation');
    const one = (await history({ filter: { filters: [{ field: 'workOrderNumber', operator: 'eq', value: '240001' }] } })).json();
    expect(one.data.every((r: { workOrderNumber: string }) => r.workOrderNumber === '240001')).toBe(true);
    expect(one.total).toBe(one.data.length);
    const byAction = (await history({ filter: { filters: [{ field: 'changes', operator: 'contains', value: 'technicianIds' }] } })).json();
    expect(byAction.data.map((r: { action: string }) => r.action)).toEqual(['Technicians assigned', 'Technicians assigned']);
    const oldest = (await history({ take: 1, sort: [{ field: 'changedAt', dir: 'asc' }] })).json();
    expect(oldest.total).toBe(all.total);
    expect((await history({ sort: [{ field: 'before', dir: 'asc' }] })).json().title).toBe('before cannot be sorted.');
    expect((await history({}, 'dispatcher')).statusCode).toBe(403);
    expect((await history({}, 'coastal.admin')).json().total).toBe(0);
  });
});

describe('who sees what', () => {
  it('answers each company its own work-order classes', async () => {
    const coastal = (await t.call('GET', '/api/v1/WorkOrder/workOrderClasses', 'coastal.admin')).json();
    const polar = (await t.call('GET', '/api/v1/WorkOrder/workOrderClasses', 'dispatcher')).json();
    expect(coastal.map((c: { workOrderClassName: string }) => c.workOrderClassName)).toEqual(polar.map((c: { workOrderClassName: string }) => c.workOrderClassName));
    expect(coastal.map((c: { workOrderClassId: number }) => c.workOrderClassId)).not.toContain(polar[0].workOrderClassId);
    expect((await t.call('GET', '/api/v1/WorkOrder/workOrderClasses', 'payroll')).statusCode).toBe(403);
  });
});
