import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDb } from '../../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accessOf, cacheAccess, forgetAccess } from './access-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listTechWorkOrders = async () => (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 3 })).statusCode;
const setTechActive = (isActive: boolean) => t.db.execute(sql`update users set is_active = ${isActive} where user_name = 'tech'`);

/** Polls until `read` answers `wanted`, for at most `ms`; answers the last value read. */
async function eventually<T>(read: () => Promise<T>, wanted: T, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  let last = await read();
  while (last !== wanted && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    last = await read();
  }
  return last;
}

describe('access kept between requests', () => {
  it('takes a change of the permission matrix into account on the very next request', async () => {
    expect(await listTechWorkOrders()).toBe(200);
    const matrix = (await t.call('GET', '/api/v1/Account/roles', 'admin')).json().find((r: { roleName: string }) => r.roleName === 'Technician');
    const without = matrix.permissions.filter((p: { permissionDescription: string }) => p.permissionDescription !== 'Work Orders');
    const save = (permissions: unknown) => t.call('PUT', `/api/v1/Account/roles/${matrix.roleId}/permissions`, 'admin', { permissions });
    expect((await save(without)).statusCode).toBe(200);
    expect(await listTechWorkOrders()).toBe(403);
    expect((await save(matrix.permissions)).statusCode).toBe(200);
    expect(await listTechWorkOrders()).toBe(200);
  });

  it('takes a change made straight in the database into account (disabled user: 401), and back', async () => {
    expect(await listTechWorkOrders()).toBe(200);
    await setTechActive(false);
    expect(await eventually(listTechWorkOrders, 401)).toBe(401);
    await setTechActive(true);
    expect(await eventually(listTechWorkOrders, 200)).toBe(200);
  });

  it.runIf(process.env.TEST_DRIVER === 'pg')('keeps access in memory on PostgreSQL, and listens again after losing its connection', async () => {
    expect(await listTechWorkOrders()).toBe(200);
    // Without the trigger nothing tells the server: a kept access still answers 200, which shows it is kept.
    await t.db.execute(sql`alter table users disable trigger users_access_changed`);
    try {
      await setTechActive(false);
      expect(await listTechWorkOrders()).toBe(200);
      // Losing the listening connection drops everything kept: the disabled user is refused once that is noticed.
      await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`);
      expect(await eventually(listTechWorkOrders, 401)).toBe(401);
      await setTechActive(true);
      expect(await eventually(listTechWorkOrders, 200)).toBe(200);
      // Listening again within seconds: access is kept once more (a change without notification goes unseen).
      const listening = async () =>
        Number(((await t.db.execute(sql`select count(*) as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`)) as unknown as { rows: { n: string }[] }).rows[0].n);
      expect(await eventually(listening, 1)).toBe(1);
      expect(await listTechWorkOrders()).toBe(200);
      await setTechActive(false);
      expect(await listTechWorkOrders()).toBe(200);
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_access_changed`);
      await setTechActive(true);
    }
    expect(await eventually(listTechWorkOrders, 200)).toBe(200);
  });
});

describe('dropping what is kept after a change made here', () => {
  it('drops it when asked through a company’s handle, as a request’s service asks, without waiting for the database', async () => {
    // A listener that is up but hears nothing: only forgetAccess can drop what is kept.
    const stop = cacheAccess(t.db, (_channel, on) => {
      on.live(true);
      return async () => undefined;
    });
    try {
      const { rows } = (await t.db.execute(sql`select id, subscriber_id from users where user_name = 'tech'`)) as unknown as { rows: { id: number; subscriber_id: number }[] };
      const [tech] = rows;
      expect(await accessOf(t.db, tech.subscriber_id, tech.id)).not.toBeNull();
      await setTechActive(false);
      expect(await accessOf(t.db, tech.subscriber_id, tech.id), 'kept while nothing is heard').not.toBeNull();
      forgetAccess(companyDb(t.db, tech.subscriber_id));
      expect(await accessOf(t.db, tech.subscriber_id, tech.id)).toBeNull();
    } finally {
      await setTechActive(true);
      await stop();
    }
  });
});
