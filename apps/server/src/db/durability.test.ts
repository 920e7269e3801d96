import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const main = join(dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'sm-durability-'));
let server: ChildProcess | null = null;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts the real server on the embedded database in `dataDir` and waits until it answers. */
async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: join(dataDir, 'no-web'), JWT_SECRET: 'durability-secret-durability-secret' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

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
    await new Promise((r) => setTimeout(r, 2500));
    server.kill('SIGKILL');
    await burst;
    const killed = server;
    if (killed.exitCode === null && killed.signalCode === null) await new Promise((r) => killed.once('exit', r));
    expect(clockedIn.length).toBeGreaterThan(5);

    server = await start(port);
    const relogin = await json(await post('Account/login', null, { userName: 'tech2', password: 'demo1234' }));
    const details = await json(await fetch(`${base}/WorkOrder/${wo.workOrderNumber}`, { headers: { authorization: `Bearer ${relogin.accessToken}` } }));
    const entries = new Map<number, { stopTime: string | null }>(details.laborEntries.map((e: { workOrderLaborId: number; stopTime: string | null }) => [e.workOrderLaborId, e]));
    for (const id of clockedIn) expect(entries.has(id), `labor ${id} answered 2xx but is gone`).toBe(true);
    for (const id of clockedOut) expect(entries.get(id)?.stopTime, `clock-out of ${id} answered 2xx but is gone`).not.toBeNull();
    console.info(`durability: ${clockedIn.length} clock-ins and ${clockedOut.length} clock-outs answered before SIGKILL, all present after restart`);
  }, 60_000);
});
