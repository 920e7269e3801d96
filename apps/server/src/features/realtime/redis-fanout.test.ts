import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { openHub, type HubListener } from '../../test/hub-client';
import { freePort, openLog, startServer, stopServer, type ServerProcess } from '../../test/server-process';

const redisUrl = process.env.REDIS_URL;
const servers: ServerProcess[] = [];
const hubs: HubListener[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
let a = '';
let b = '';

async function login(base: string, userName: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: 'demo1234' }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

describe.skipIf(!redisUrl)('hub events across server processes through Redis', () => {
  /**
   * Two real server processes sharing one PostgreSQL (a copy of the seeded template) when the tests run on
   * PostgreSQL; on the embedded database each process has its own seeded copy, which is enough to prove that
   * the event crosses processes.
   */
  beforeAll(async () => {
    const env: Record<string, string> = { JWT_SECRET: randomBytes(32).toString('base64url'), REDIS_URL: redisUrl! };
    const template = inject('pgTemplate');
    const dataDirs: string[] = [];
    if (template) {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `sm_t_${template.replace('sm_tmpl_', '')}_redis_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      await admin.end();
      Object.assign(env, { DATABASE_URL: withDatabase(url, name), SEED_DEMO: '0' });
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
    } else {
      for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(join(tmpdir(), 'sm-redis-')));
      cleanups.push(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
    }
    const log = openLog(join(tmpdir(), `sm-redis-fanout-${process.pid}.log`));
    const started = await Promise.all(
      [0, 1].map(async (i) => startServer({ port: await freePort(), env: { ...env, ...(dataDirs[i] ? { DATA_DIR: dataDirs[i] } : {}) }, log })),
    );
    servers.push(...started);
    [a, b] = started.map((s) => `http://127.0.0.1:${s.port}`);
  }, 120_000);

  afterAll(async () => {
    for (const h of hubs) h.close();
    for (const s of servers) await stopServer(s);
    for (const c of cleanups) await c();
  });

  it('delivers an upsert made on one process to a team leader connected to the other, and to no other company', async () => {
    const onB = await openHub(b, await login(b, 'leader'));
    const otherCompanyOnB = await openHub(b, await login(b, 'coastal.admin'));
    const onA = await openHub(a, await login(a, 'leader'));
    hubs.push(onB, otherCompanyOnB, onA);

    const dispatcher = await login(a, 'dispatcher');
    const task = `Fan-out check ${randomBytes(3).toString('hex')}`;
    const res = await fetch(`${a}/api/v1/Scheduler/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dispatcher}`, 'content-type': 'application/json' },
      body: JSON.stringify({ schedulerId: 0, task, start: new Date(Date.now() + 86_400_000).toISOString(), durationHours: 1 }),
    });
    expect(res.status).toBe(200);
    const { schedulerId } = (await res.json()) as { schedulerId: number };

    const seenOnB = await onB.next((m) => m.event === 'upsert' && m.payload.task === task);
    const seenOnA = await onA.next((m) => m.event === 'upsert' && m.payload.task === task);
    expect(seenOnB.payload.schedulerId).toBe(schedulerId);
    expect(seenOnB).toEqual(seenOnA);
    // Give a stray delivery time to arrive before proving there was none.
    await new Promise((r) => setTimeout(r, 300));
    expect(otherCompanyOnB.messages).toEqual([]);
  });
});
