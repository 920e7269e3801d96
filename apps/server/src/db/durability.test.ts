import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseEnv } from '../test/process-database';
import { freePort, HEALTH_DEADLINE_MS, killHard, openLog, startServer, type ServerProcess } from '../test/server-process';

const cleanups: (() => Promise<void> | void)[] = [];
let server: ServerProcess | null = null;
let env: Record<string, string> | undefined;

afterAll(async () => {
  if (server) await killHard(server);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The real server on a copy of the seeded embedded database (its own data folder). A start after a kill recovers the
 * database: on a machine loaded many times over its cores that has taken minutes, so it waits as the soak does.
 */
const start = async (port: number) => {
  env ??= await databaseEnv(cleanups, 'durability');
  return startServer({ port, log: openLog(join(env.DATA_DIR, 'server.log')), env: { ...env, WEB_DIST: join(env.DATA_DIR, 'no-web'), JWT_SECRET: 'durability-secret-durability-secret' } });
};

describe.skipIf(process.env.TEST_DRIVER === 'pg')('embedded database durability', () => {
  it('keeps every answered write after the server is killed with SIGKILL mid-burst', async () => {
    const port = await freePort();
    server = await start(port);
    const base = `http://127.0.0.1:${port}/api/v1`;
    // The answers are our own API's JSON; this end-to-end test reads them loosely.
    const json = async (r: Response) => (await r.json()) as any;
    const post = (path: string, token: string | null, body: unknown) =>
      fetch(`${base}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const { accessToken } = await json(await post('Account/login', null, { userName: 'tech2', password: 'demo1234' }));
    const { data } = await json(await post('workOrder/technicianWorkOrders', accessToken, { take: 1 }));
    const wo = data[0];

    const clockedIn: number[] = [];
    const clockedOut: number[] = [];
    const burst = (async () => {
      for (let i = 0; i < 10_000; i++) {
        try {
          const a = await post('WOStartStop/clockInWorkOrder', accessToken, { workOrderId: wo.workOrderId, startTime: new Date().toISOString() });
          if (!a.ok) break;
          const id = (await json(a)).workOrderLaborId as number;
          clockedIn.push(id);
          const b = await post('WOStartStop/clockOutWorkOrder', accessToken, { workOrderId: wo.workOrderId, workOrderLaborId: id, description: `Visit ${i}`, userStatusId: 3, workOrderStatusId: 26 });
          if (!b.ok) break;
          await b.json();
          clockedOut.push(id);
        } catch {
          break;
        }
      }
    })();
    // Killed once six clock-ins were answered, however fast the machine is, while the next request is under way.
    let burstEnded = false;
    void burst.finally(() => (burstEnded = true));
    while (clockedIn.length <= 5 && !burstEnded) await new Promise((r) => setTimeout(r, 10));
    await killHard(server);
    await burst;
    expect(clockedIn.length).toBeGreaterThan(5);

    server = await start(port);
    const relogin = await json(await post('Account/login', null, { userName: 'tech2', password: 'demo1234' }));
    const details = await json(await fetch(`${base}/WorkOrder/${wo.workOrderNumber}`, { headers: { authorization: `Bearer ${relogin.accessToken}` } }));
    const entries = new Map<number, { stopTime: string | null }>(details.laborEntries.map((e: { workOrderLaborId: number; stopTime: string | null }) => [e.workOrderLaborId, e]));
    for (const id of clockedIn) expect(entries.has(id), `labor ${id} answered 2xx but is gone`).toBe(true);
    for (const id of clockedOut) expect(entries.get(id)?.stopTime, `clock-out of ${id} answered 2xx but is gone`).not.toBeNull();
    console.info(`durability: ${clockedIn.length} clock-ins and ${clockedOut.length} clock-outs answered before SIGKILL, all present after restart`);
  }, 2 * HEALTH_DEADLINE_MS + 30_000);
});
