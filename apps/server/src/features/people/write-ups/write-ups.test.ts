import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, workOrderFlags } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { openHub } from '../../../test/hub-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { workOrdersOf } from '../../office/work-order-items/item-fixtures';

let t: TestApp;
let base: string;
let workOrderId: number;
let coastalWo: number;
let flagId: number;
const ids: Record<string, number> = {};

const WRITE_UP = 'Left the site without the customer signature on the ticket.';

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  for (const u of await t.db.select({ id: users.id, userName: users.userName }).from(users)) ids[u.userName] = u.id;
  [{ id: workOrderId }] = await workOrdersOf(t, 'tech');
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
  const [admin] = await t.db.select({ s: users.subscriberId }).from(users).where(eq(users.userName, 'admin'));
  [{ id: flagId }] = await t.db.select({ id: workOrderFlags.id }).from(workOrderFlags).where(and(eq(workOrderFlags.subscriberId, admin!.s), eq(workOrderFlags.name, 'Needs Follow Up')));
});
afterAll(() => t.close());

const writeUp = (body: Record<string, unknown>, as = 'leader') =>
  t.call('POST', '/api/v1/FlagReminder/writeUp', as, { userId: ids.tech, workOrderId, flagId, writeUpDescription: WRITE_UP, ...body });
const mine = async (as: string) => (await t.call('GET', '/api/v1/FlagReminder/writeUpAndCount', as)).json();

describe('write-ups', () => {
  it('notifies the employee and the team leaders other than the writer, live, and counts the employee\'s write-ups', async () => {
    const techHub = await openHub(base, await t.token('tech'), '/hubs/notifications');
    const tech2Hub = await openHub(base, await t.token('tech2'), '/hubs/notifications');
    try {
      const res = await writeUp({}, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      const created = res.json();
      expect(created).toMatchObject({
        userId: ids.tech, userName: 'Tom Alvarez', workOrderId, flagId, flagName: 'Needs Follow Up', writeUpDescription: WRITE_UP,
        managerName: 'Alicia Moreno', notifiedTo: 'Tom Alvarez, Marcus Reed', notificationCount: 1, status: 'Open', modifiedDate: null,
      });
      const heard = await techHub.next((m) => m.event === 'notice');
      expect(heard.payload).toEqual({ kind: 'writeUp', writeUpId: created.writeUpId, employeeName: 'Tom Alvarez' });
      await new Promise((r) => setTimeout(r, 200));
      expect(tech2Hub.messages.filter((m) => m.event === 'notice')).toEqual([]);
    } finally {
      techHub.close();
      tech2Hub.close();
    }
    expect(await mine('tech')).toMatchObject({ count: 1, writeUps: [{ writeUpDescription: WRITE_UP, notificationCount: 1 }] });
    expect(await mine('leader')).toMatchObject({ count: 1 });
    expect(await mine('admin')).toEqual({ writeUps: [], count: 0 });
    expect(await mine('tech2')).toEqual({ writeUps: [], count: 0 });
    // The team leader writes the second one: he is not told of his own.
    const second = (await writeUp({ workOrderId: null, flagId: null, writeUpDescription: 'Van left unlocked at the yard.' })).json();
    expect(second).toMatchObject({ notificationCount: 2, notifiedTo: 'Tom Alvarez', workOrderNumber: null, flagName: null, managerName: 'Marcus Reed' });
    expect((await mine('tech')).count).toBe(2);
    expect((await mine('leader')).count).toBe(1);
  });

  it('is dismissed by each person for themselves only; dismissing again changes nothing', async () => {
    const [first] = (await mine('tech')).writeUps;
    expect((await t.call('PUT', '/api/v1/FlagReminder/dismissedWriteUp', 'tech2', { writeUpId: first.writeUpId })).statusCode).toBe(404);
    const dismissed = await t.call('PUT', '/api/v1/FlagReminder/dismissedWriteUp', 'tech', { writeUpId: first.writeUpId });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ count: 1 });
    expect((await t.call('PUT', '/api/v1/FlagReminder/dismissedWriteUp', 'tech', { writeUpId: first.writeUpId })).json()).toMatchObject({ count: 1 });
    expect((await mine('leader')).count).toBe(1);
    const grid = (await t.call('POST', '/api/v1/FlagReminder/allWriteUp', 'leader', { filter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'Dismissed' }] } })).json();
    expect(grid).toMatchObject({ total: 1, data: [{ writeUpId: first.writeUpId, status: 'Dismissed' }] });
  });

  it('is changed with PUT, audited, and shown to its employee again; its employee cannot change', async () => {
    const [row] = (await t.call('POST', '/api/v1/FlagReminder/allWriteUp', 'leader', { filter: { logic: 'and', filters: [{ field: 'status', operator: 'eq', value: 'Dismissed' }] } })).json().data;
    const changed = await t.call('PUT', '/api/v1/FlagReminder/writeUp', 'leader', { writeUpId: row.writeUpId, userId: ids.tech, workOrderId, flagId: null, writeUpDescription: 'Left without the signature; the store called to complain.' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'Open', flagId: null, modifiedDate: expect.any(String), writeUpDescription: 'Left without the signature; the store called to complain.' });
    expect((await mine('tech')).count).toBe(2);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'writeUp'), eq(auditLog.entityId, row.writeUpId), eq(auditLog.action, 'update')));
    expect(audit).toHaveLength(1);
    const before = await dbFingerprint(t.db);
    const other = await t.call('PUT', '/api/v1/FlagReminder/writeUp', 'leader', { writeUpId: row.writeUpId, userId: ids.tech2, writeUpDescription: 'Someone else' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('The employee of a write-up cannot be changed; write a new one instead.');
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('refuses, with a sentence and no change, what cannot be written up', async () => {
    const before = await dbFingerprint(t.db);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ userId: ids.leader }, 400, 'You cannot write yourself up.'],
      [{ workOrderId: null }, 400, 'Choose the work order the flag is about, or no flag.'],
      [{ userId: ids['coastal.tech'] }, 404, 'Employee was not found.'],
      [{ userId: ids.customer }, 404, 'Employee was not found.'],
      [{ workOrderId: coastalWo }, 404, 'Work order was not found.'],
      [{ writeUpDescription: '   ' }, 400, 'Write-Up Description field is required!'],
    ];
    for (const [body, status, message] of cases) {
      const res = await writeUp(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('lists staff to write up, and keeps each company\'s write-ups to itself', async () => {
    const staff = (await t.call('GET', '/api/v1/FlagReminder/writeUpEmployees', 'leader')).json();
    const names = staff.map((s: { name: string }) => s.name);
    expect(names).toContain('Tom Alvarez');
    expect(names).not.toContain('Marcus Reed');
    expect(names).not.toContain('Lena Fischer');
    expect(names).not.toContain('Kevin Osei');
    const coastal = (await t.call('POST', '/api/v1/FlagReminder/allWriteUp', 'coastal.admin', {})).json();
    expect(coastal).toEqual({ data: [], total: 0 });
    const polar = (await t.call('POST', '/api/v1/FlagReminder/allWriteUp', 'leader', { sort: [{ field: 'notificationCount', dir: 'asc' }] })).json();
    expect(polar.data.map((w: { notificationCount: number }) => w.notificationCount)).toEqual([1, 2]);
    const [w] = polar.data;
    expect((await t.call('PUT', '/api/v1/FlagReminder/dismissedWriteUp', 'coastal.admin', { writeUpId: w.writeUpId })).statusCode).toBe(404);
    expect((await t.call('PUT', '/api/v1/FlagReminder/writeUp', 'coastal.admin', { writeUpId: w.writeUpId, userId: ids.tech, writeUpDescription: 'x' })).statusCode).toBe(404);
  });
});
