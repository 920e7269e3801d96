import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FlagReminder, WorkOrderFlagReminder } from '@sm/shared';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openHub, type HubListener } from '../../../test/hub-client';
import { api, databaseEnv } from '../../../test/process-database';
import { freePort, killHard, openLog, startServer, stopServer, type ServerProcess } from '../../../test/server-process';
import { waitUntil } from '../../../test/smtp-sink';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const login = async (base: string, userName: string) => (await api<{ accessToken: string }>(base, null, 'Account/login', { userName, password: 'demo1234' })).json.accessToken;

/** A reminder on tech's newest work order, due in `seconds`, set through the API as the dispatcher. */
async function remind(base: string, seconds: number, description: string): Promise<number> {
  const tech = await login(base, 'tech');
  const dispatcher = await login(base, 'dispatcher');
  const mine = await api<{ data: { workOrderId: number }[] }>(base, tech, 'workOrder/technicianWorkOrders', { take: 1, skip: 0 });
  const flags = await api<{ workOrderFlagId: number }[]>(base, dispatcher, 'Flags/workOrderFlags');
  const made = await api<WorkOrderFlagReminder[]>(base, dispatcher, 'FlagReminder/create', {
    workOrderId: mine.json.data[0]!.workOrderId,
    flagId: flags.json[0]!.workOrderFlagId,
    flagReminderTime: new Date(Date.now() + seconds * 1000).toISOString(),
    reminderDescription: description,
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return made.json.find((r) => r.reminderDescription === description)!.flagReminderId;
}

const noticesOf = async (base: string, id: number) => (await api<FlagReminder[]>(base, await login(base, 'tech'), 'FlagReminder/getFlagReminders')).json.filter((n) => n.flagReminderId === id);

describe('flag reminders and the server processes', () => {
  /**
   * A reminder falls due while its server is down (killed without shutdown): the next server to start sends it once.
   * On PostgreSQL two servers then share the database, each with its own hub and job runner and no Redis between
   * them: tech listens on both hubs, and a reminder due while both run reaches tech from exactly one of them.
   */
  it('sends a reminder due while the server was down once it starts, and once when two servers run', async () => {
    const log = openLog(join(tmpdir(), `sm-reminders-${process.pid}.log`));
    // No Redis between the servers: each hub hears only what its own process publishes, so a second firing would show.
    const env = { ...(await databaseEnv(cleanups, 'reminders')), JWT_SECRET: randomBytes(32).toString('base64url'), REDIS_URL: '' };
    const port = await freePort();
    const first: ServerProcess = await startServer({ port, env, log });
    const base = `http://127.0.0.1:${port}`;
    const missed = await remind(base, 2, 'Due while the server was down');
    await killHard(first);
    await new Promise((r) => setTimeout(r, 2500));

    const second = await startServer({ port, env, log });
    cleanups.push(() => stopServer(second));
    await waitUntil(async () => (await noticesOf(base, missed)).length > 0, 'the missed reminder to be sent', 20_000);
    expect(await noticesOf(base, missed)).toHaveLength(1);
    if (!inject('pgTemplate')) return;

    const otherPort = await freePort();
    const third = await startServer({ port: otherPort, env, log });
    cleanups.push(() => stopServer(third));
    const token = await login(base, 'tech');
    const hubs: HubListener[] = [await openHub(base, token, '/hubs/notifications'), await openHub(`http://127.0.0.1:${otherPort}`, token, '/hubs/notifications')];
    cleanups.push(() => hubs.forEach((h) => h.close()));
    const both = await remind(base, 2, 'Due while two servers run');
    const heard = () => hubs.flatMap((h) => h.messages).filter((m) => m.event === 'notice' && m.payload.flagReminderId === both);
    await waitUntil(() => heard().length > 0, 'the reminder to reach tech', 20_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(heard()).toHaveLength(1);
    expect(await noticesOf(base, both)).toHaveLength(1);
  }, 600_000);
});
