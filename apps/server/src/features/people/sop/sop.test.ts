import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sopTypes, users } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { openHub } from '../../../test/hub-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let base: string;
let safety: number;
let coastalType: number;
const ids: Record<string, number> = {};

const LOCK_OUT = {
  sopName: 'Walk-in cooler lock-out',
  sopStatusId: 4,
  description: 'Before opening any panel of a walk-in cooler, lock out the compressor and tag it.',
  steps: [{ checklistItem: 'Switch off and lock the disconnect' }, { checklistItem: 'Tag the lock with your name and the time' }],
};

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  for (const u of await t.db.select({ id: users.id, userName: users.userName, s: users.subscriberId }).from(users)) ids[u.userName] = u.id;
  const typeOf = async (userName: string) => {
    const [u] = await t.db.select({ s: users.subscriberId }).from(users).where(eq(users.userName, userName));
    return (await t.db.select({ id: sopTypes.id }).from(sopTypes).where(and(eq(sopTypes.subscriberId, u!.s), eq(sopTypes.name, 'Safety'))))[0]!.id;
  };
  safety = await typeOf('admin');
  coastalType = await typeOf('coastal.admin');
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, as = 'admin') => t.call('POST', '/api/v1/SOPDetails', as, { ...LOCK_OUT, sopTypeId: safety, assignedUserIds: [ids.tech, ids.tech2], ...body });
const notices = async (as: string) => (await t.call('GET', '/api/v1/SOPDetails/getNotificationDetails', as)).json();
const checklist = async (as: string) => (await t.call('GET', '/api/v1/SOPDetails/getSOPCheckListNotificationDetails', as)).json();
const acknowledgements = async (sopDetailId: number) => (await t.call('GET', `/api/v1/SOPDetails/usersAcknowledged?sopDetailId=${sopDetailId}`, 'leader')).json();

describe('SOPs', () => {
  let sopId: number;

  it('is written with its checklist and assigned; each assignee hears of it live and gets it and its steps to acknowledge', async () => {
    const techHub = await openHub(base, await t.token('tech'), '/hubs/notifications');
    try {
      const res = await create({});
      expect(res.statusCode, res.body).toBe(200);
      const sop = res.json();
      sopId = sop.sopDetailId;
      expect(sop).toMatchObject({ sopName: LOCK_OUT.sopName, sopType: 'Safety', sopStatus: 'Assigned', assignedUserIds: [ids.tech, ids.tech2].sort((a, b) => a - b) });
      expect(sop.steps.map((s: { checklistItem: string }) => s.checklistItem)).toEqual(LOCK_OUT.steps.map((s) => s.checklistItem));
      const heard = await techHub.next((m) => m.event === 'notice');
      expect(heard.payload).toEqual({ kind: 'sop', sopDetailId: sopId, sopName: LOCK_OUT.sopName });
    } finally {
      techHub.close();
    }
    expect(await notices('tech')).toMatchObject({ isAcknowledge: 0, sopNotificationDetails: [{ sopDetailId: sopId, sopType: 'Safety', assignedToUser: 'Tom Alvarez' }] });
    expect(await notices('dispatcher')).toEqual({ isAcknowledge: 1, sopNotificationDetails: [] });
    const list = await checklist('tech');
    expect(list.count).toBe(2);
    expect(list.checkListNotifications[0]).toMatchObject({ checklistItem: 'Switch off and lock the disconnect', sopName: LOCK_OUT.sopName, assignedToUserId: ids.tech, registeredUserName: 'Alicia Moreno' });
    const [row] = (await t.call('GET', '/api/v1/SOPDetails/list', 'leader')).json();
    expect(row).toMatchObject({ sopDetailId: sopId, stepCount: 2, assignedCount: 2, acknowledgedCount: 0 });
  });

  it('is acknowledged by its assignee, one SOP or all, and one step at a time; the office sees who did and when', async () => {
    expect((await t.call('PUT', `/api/v1/SOPDetails/acknowledgeSopDetail/${sopId}`, 'dispatcher')).statusCode).toBe(404);
    const one = await t.call('PUT', `/api/v1/SOPDetails/acknowledgeSopDetail/${sopId}`, 'tech');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ isAcknowledge: 1, sopNotificationDetails: [] });
    expect((await t.call('PUT', '/api/v1/SOPDetails/acknowledgeSOPNotification', 'tech2')).json()).toEqual({ isAcknowledge: 1, sopNotificationDetails: [] });
    const [first] = (await checklist('tech')).checkListNotifications;
    expect((await t.call('PUT', '/api/v1/SOPDetails/acknowledgeSOPCheckListNotification', 'tech2', { checkListNotificationId: first.checkListNotificationId })).statusCode).toBe(404);
    const done = await t.call('PUT', '/api/v1/SOPDetails/acknowledgeSOPCheckListNotification', 'tech', { checkListNotificationId: first.checkListNotificationId });
    expect(done.json().count).toBe(1);
    expect((await t.call('PUT', '/api/v1/SOPDetails/acknowledgeSOPCheckListNotification', 'tech', { checkListNotificationId: first.checkListNotificationId })).json().count).toBe(1);
    const who = await acknowledgements(sopId);
    expect(who).toEqual([
      expect.objectContaining({ userName: 'Priya Natarajan', acknowledgedDate: expect.any(String), stepsDone: 0, stepCount: 2 }),
      expect.objectContaining({ userName: 'Tom Alvarez', acknowledgedDate: expect.any(String), stepsDone: 1, stepCount: 2 }),
    ]);
  });

  it('is changed: a removed step and a removed person go, a new step reaches everyone who has it, acknowledgements stay', async () => {
    const sop = (await t.call('GET', `/api/v1/SOPDetails/${sopId}`, 'leader')).json();
    const res = await t.call('PUT', `/api/v1/SOPDetails/${sopId}`, 'admin', {
      sopName: sop.sopName,
      sopTypeId: sop.sopTypeId,
      sopStatusId: 5,
      description: sop.description,
      steps: [{ stepCheckListId: sop.steps[0].stepCheckListId, checklistItem: sop.steps[0].checklistItem }, { checklistItem: 'Test the lock before opening' }],
      assignedUserIds: [ids.tech],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sopStatus: 'Completed', assignedUserIds: [ids.tech], modifiedDate: expect.any(String) });
    expect((await checklist('tech')).checkListNotifications.map((c: { checklistItem: string }) => c.checklistItem)).toEqual(['Test the lock before opening']);
    expect(await checklist('tech2')).toEqual({ checkListNotifications: [], count: 0 });
    expect(await acknowledgements(sopId)).toEqual([expect.objectContaining({ userName: 'Tom Alvarez', acknowledgedDate: expect.any(String), stepsDone: 1, stepCount: 2 })]);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'sopDetail'), eq(auditLog.entityId, sopId)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses, with a sentence and no change, what cannot be saved', async () => {
    const before = await dbFingerprint(t.db);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ sopTypeId: coastalType }, 404, 'SOP Type was not found.'],
      [{ sopStatusId: 99 }, 404, 'SOP Status was not found.'],
      [{ assignedUserIds: [ids['coastal.tech']] }, 404, 'Assigned user was not found.'],
      [{ assignedUserIds: [ids.customer] }, 404, 'Assigned user was not found.'],
      [{ assignedUserIds: [ids.tech, ids.tech] }, 400, 'A person is assigned only once.'],
      [{ sopName: ' ' }, 400, 'SOP Name field is required!'],
      [{ steps: [{ checklistItem: '' }] }, 400, 'Checklist Item field is required!'],
      [{ steps: [{ stepCheckListId: 1, checklistItem: 'Old step' }] }, 400, 'A new SOP has only new steps.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const foreign = await t.call('PUT', `/api/v1/SOPDetails/${sopId}`, 'coastal.admin', { ...LOCK_OUT, sopTypeId: coastalType, assignedUserIds: [] });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/SOPDetails/list', 'coastal.admin')).json()).toEqual([]);
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('is deleted with its assignments; a type in use cannot be deleted', async () => {
    const inUse = await t.call('DELETE', `/api/v1/ReferenceList/sopTypes/${safety}`, 'admin');
    expect(inUse.statusCode).toBe(409);
    const gone = await t.call('DELETE', `/api/v1/SOPDetails/${sopId}`, 'admin');
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await checklist('tech')).toEqual({ checkListNotifications: [], count: 0 });
    expect((await t.call('GET', `/api/v1/SOPDetails/${sopId}`, 'admin')).statusCode).toBe(404);
  });
});
