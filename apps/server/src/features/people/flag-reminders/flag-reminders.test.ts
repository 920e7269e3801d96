import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs, users, workOrderFlags, workOrderTechnicians } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { openHub } from '../../../test/hub-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs/job-runner';
import { workOrdersOf } from '../../office/work-order-items/item-fixtures';

let t: TestApp;
let base: string;
let workOrderId: number;
let flagId: number;
let coastalFlagId: number;
let coastalWo: number;
let techIds: number[];

const userId = async (userName: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
const flagOf = async (userName: string) => {
  const [u] = await t.db.select({ s: users.subscriberId }).from(users).where(eq(users.userName, userName));
  return (await t.db.select({ id: workOrderFlags.id }).from(workOrderFlags).where(and(eq(workOrderFlags.subscriberId, u!.s), eq(workOrderFlags.name, 'Needs Follow Up'))))[0]!.id;
};
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  [{ id: workOrderId }] = await workOrdersOf(t, 'tech');
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
  flagId = await flagOf('admin');
  coastalFlagId = await flagOf('coastal.tech');
  techIds = (await t.db.select({ userId: workOrderTechnicians.userId }).from(workOrderTechnicians).where(eq(workOrderTechnicians.workOrderId, workOrderId))).map((r) => r.userId);
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, as = 'dispatcher') =>
  t.call('POST', '/api/v1/FlagReminder/create', as, { workOrderId, flagId, flagReminderTime: inMinutes(2), reminderDescription: 'Check the walk-in is at 38 °F before leaving.', ...body });

describe('flag reminders', () => {
  it('waits until its time, then gives each assigned technician a notice, live on the notifications hub and to nobody else', async () => {
    expect(techIds).toContain(await userId('tech'));
    const created = await create({});
    expect(created.statusCode, created.body).toBe(200);
    const [reminder] = created.json();
    expect(reminder).toMatchObject({ status: 'Waiting', workOrderFlagName: 'Needs Follow Up', createdBy: expect.any(String), notices: [] });
    const techHub = await openHub(base, await t.token('tech'), '/hubs/notifications');
    const tech2Hub = await openHub(base, await t.token('tech2'), '/hubs/notifications');
    const leaderHub = await openHub(base, await t.token('leader'));
    try {
      expect(await runDueJobs(t.db, { now: new Date(), events: t.app.events })).toBe(0);
      expect((await t.call('GET', '/api/v1/FlagReminder/getFlagReminders', 'tech', undefined)).json()).toEqual([]);
      expect(await runDueJobs(t.db, { now: new Date(Date.now() + 3 * 60_000), events: t.app.events })).toBe(1);
      const heard = await techHub.next((m) => m.event === 'notice');
      expect(heard.payload).toMatchObject({ kind: 'flagReminder', flagReminderId: reminder.flagReminderId });
      await new Promise((r) => setTimeout(r, 200));
      expect(tech2Hub.messages.filter((m) => m.event === 'notice')).toEqual(techIds.includes(await userId('tech2')) ? [expect.anything()] : []);
      expect(leaderHub.messages.filter((m) => m.event === 'notice')).toEqual([]);
    } finally {
      for (const h of [techHub, tech2Hub, leaderHub]) h.close();
    }
    const mine = (await t.call('GET', '/api/v1/FlagReminder/getFlagReminders', 'tech')).json();
    expect(mine).toEqual([
      expect.objectContaining({ flagReminderId: reminder.flagReminderId, workOrderId, isAcknowledged: false, isHelpRequested: false, userName: 'tech', flagId, workOrderFlagName: 'Needs Follow Up', reminderDescription: 'Check the walk-in is at 38 °F before leaving.' }),
    ]);
    // A second run finds nothing left to do.
    expect(await runDueJobs(t.db, { now: new Date(Date.now() + 10 * 60_000) })).toBe(0);
  });

  it('takes a call for help and an acknowledgement from the notice\'s technician only; the office sees both', async () => {
    const [notice] = (await t.call('GET', '/api/v1/FlagReminder/getFlagReminders', 'tech')).json();
    const other = await t.call('POST', '/api/v1/FlagReminder/updateFlagReminder', 'dispatcher', { flagReminderId: notice.flagReminderId, isAcknowledged: true });
    expect(other.statusCode).toBe(404);
    const help = await t.call('POST', '/api/v1/FlagReminder/flagReminderHelp', 'tech', { flagReminderId: notice.flagReminderId, message: 'The manager left at five.' });
    expect(help.json()[0]).toMatchObject({ isHelpRequested: true, isAcknowledged: false });
    const ack = await t.call('POST', '/api/v1/FlagReminder/updateFlagReminder', 'tech', { flagReminderId: notice.flagReminderId, isAcknowledged: true });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toEqual([]);
    expect((await t.call('POST', '/api/v1/FlagReminder/updateFlagReminder', 'tech', { flagReminderId: notice.flagReminderId, isAcknowledged: true })).statusCode).toBe(200);
    const office = (await t.call('GET', `/api/v1/FlagReminder/workOrder/${workOrderId}`, 'dispatcher')).json();
    expect(office[0]).toMatchObject({ status: 'Sent' });
    expect(office[0].notices).toContainEqual(expect.objectContaining({ userName: expect.any(String), acknowledgedAt: expect.any(String), helpRequestedAt: expect.any(String), helpMessage: 'The manager left at five.' }));
    expect((await t.call('DELETE', `/api/v1/FlagReminder/${notice.flagReminderId}`, 'dispatcher')).json().title).toBe('This reminder was already sent; it cannot be taken back.');
  });

  it('never sends a reminder taken back before its time', async () => {
    const [reminder] = (await create({ flagReminderTime: inMinutes(5), reminderDescription: 'Taken back' })).json();
    const cancelled = await t.call('DELETE', `/api/v1/FlagReminder/${reminder.flagReminderId}`, 'dispatcher');
    expect(cancelled.json().find((r: { flagReminderId: number }) => r.flagReminderId === reminder.flagReminderId)).toMatchObject({ status: 'Cancelled' });
    await runDueJobs(t.db, { now: new Date(Date.now() + 10 * 60_000) });
    expect((await t.call('GET', '/api/v1/FlagReminder/getFlagReminders', 'tech')).json()).toEqual([]);
    const jobs = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.dedupeKey, `flagReminder:${reminder.flagReminderId}`));
    expect(jobs.map((j) => j.status)).toEqual(['cancelled']);
  });

  it('answers bad input and other companies\' records with a sentence, and writes nothing', async () => {
    const before = await dbFingerprint(t.db);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ flagReminderTime: inMinutes(-1) }, 400, 'Reminder Time must be in the future.'],
      [{ flagReminderTime: '2026-11-26 15:30' }, 400, 'Reminder Time must be a date and time with its offset, like 2026-03-02T15:30:00Z.'],
      [{ reminderDescription: ' ' }, 400, 'Reminder Description field is required!'],
      [{ flagId: coastalFlagId }, 404, 'Flag was not found.'],
      [{ workOrderId: coastalWo }, 404, 'Work order was not found.'],
    ];
    for (const [body, status, sentence] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().title, JSON.stringify(body)).toBe(sentence);
    }
    expect((await create({}, 'payroll')).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/FlagReminder/updateFlagReminder', 'tech', { flagReminderId: 1, isAcknowledged: false })).json().title).toBe('Is Acknowledged must be true: a notice is acknowledged once.');
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('names the caller\'s managers', async () => {
    const res = await t.call('GET', '/api/v1/FlagReminder/managerDetails', 'tech');
    expect(res.json()).toContainEqual(expect.objectContaining({ managerName: expect.any(String), managerId: await userId('leader') }));
  });
});
