import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup';
import { openHub, type HubListener } from '../../../test/hub-client';
import { hubChannel, redisBus } from './event-bus';
import { freePort, openLog, startServer, stopServer, type ServerProcess } from '../../../test/server-process';

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

describe.skipIf(!redisUrl)('the Redis channel of one database', () => {
  it('carries events between the processes of one database, and never to an installation on another', async () => {
    const one = hubChannel('postgres://app:secret@db.example:5432/acme');
    expect(hubChannel('postgres://app:other@db.example:5432/acme'), 'the password is not part of the name').toBe(one);
    const buses = await Promise.all([one, one, hubChannel('postgres://app:secret@db.example:5432/other')].map((c) => redisBus(redisUrl!, c, () => undefined)));
    const heard: string[][] = buses.map(() => []);
    buses.forEach((bus, i) => bus.subscribe((m) => heard[i].push(String(m.payload))));
    const mark = `hello ${randomBytes(3).toString('hex')}`;
    buses[0].publish({ subscriberId: 1, event: 'upsert', payload: mark });
    for (let i = 0; i < 50 && heard[1].length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    // Give a stray delivery time to arrive before proving there was none.
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all(buses.map((b) => b.close()));
    expect(heard).toEqual([[mark], [mark], []]);
  });
});

describe('the Redis channel with Redis away', () => {
  it('still makes a bus, whose publish is logged as failed instead of thrown', async () => {
    const logged: string[] = [];
    // Port 1 of this machine: nothing listens there, so every connection is refused.
    const bus = await redisBus('redis://127.0.0.1:1', hubChannel('away'), (m) => logged.push(m));
    const heard: unknown[] = [];
    bus.subscribe((m) => heard.push(m));
    bus.publish({ subscriberId: 1, event: 'upsert', payload: 'lost' });
    for (let i = 0; i < 100 && !logged.some((m) => m.startsWith('hub: publish failed')); i++) await new Promise((r) => setTimeout(r, 20));
    await bus.close();
    expect(logged.some((m) => m.startsWith('hub: Redis not reached at start'))).toBe(true);
    expect(logged.some((m) => m.startsWith('hub: publish failed'))).toBe(true);
    expect(heard).toEqual([]);
  });
});

/** Two real server processes sharing one PostgreSQL (a copy of the seeded template): the embedded database has one process. */
describe.skipIf(!redisUrl || !inject('pgTemplate'))('hub events across server processes through Redis', () => {
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `sm_t_${inject('pgTemplate')!.replace('sm_tmpl_', '')}_redis_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const env = { JWT_SECRET: randomBytes(32).toString('base64url'), REDIS_URL: redisUrl!, DATABASE_URL: withDatabase(url, name), SEED_DEMO: '0' };
    const log = openLog(join(tmpdir(), `sm-redis-fanout-${process.pid}.log`));
    const started = await Promise.all([0, 1].map(async () => startServer({ port: await freePort(), env, log })));
    servers.push(...started);
    [a, b] = started.map((s) => `http://127.0.0.1:${s.port}`);
  });

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
