import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { companyDb, type Db } from './client';
import { customers, perDiemTypes, users, workOrders } from './schema';

/**
 * Row-level security, on the embedded database and on PostgreSQL (TEST_DATABASE_URL): queries written without any
 * company filter, run on one company's handle, find and change nothing of another company's.
 */
let t: TestApp;
let mine: number;
let theirs: number;
let ours: Db;
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const countOf = async (db: Db, table: string) => Number((await rowsOf<{ n: unknown }>(db, sql.raw(`select count(*) as n from ${table}`)))[0].n);
const companiesIn = async (db: Db, table: string) =>
  (await rowsOf<{ s: number | null }>(db, sql.raw(`select distinct subscriber_id as s from ${table} order by 1`))).map((r) => r.s);

beforeAll(async () => {
  t = await createTestApp();
  const companyOf = async (userName: string) => (await t.db.select({ s: users.subscriberId }).from(users).where(eq(users.userName, userName)))[0].s;
  mine = await companyOf('dispatcher');
  theirs = await companyOf('coastal.admin');
  ours = companyDb(t.db, mine);
  // Another company's customer and work order, so that every table below holds both companies' rows.
  const [site] = await t.db.insert(customers).values({ subscriberId: theirs, name: 'Their Site', address: '1 Other St', city: 'Dallas', state: 'TX', zip: '75201' }).returning();
  await t.db.insert(workOrders).values({ subscriberId: theirs, workOrderNumber: 'THEIRS-1', customerId: site.id, workOrderStatusId: 13, problem: 'Theirs' });
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('every table that carries a company id is protected by the company policy', async () => {
    const unprotected = await rowsOf(t.db, sql`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'subscriber_id' and not a.attisdropped
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and not (c.relrowsecurity and exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'company_rows'))`);
    expect(unprotected).toEqual([]);
    const [{ n }] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from pg_policy where polname = 'company_rows'`);
    expect(n).toBeGreaterThan(40);
  });

  it('a query without a company filter finds only the company’s own rows', async () => {
    for (const table of ['work_orders', 'customers', 'contacts', 'users', 'role_permissions']) {
      expect(await companiesIn(t.db, table), `${table} as the owner`).toEqual(expect.arrayContaining([mine, theirs]));
      expect((await companiesIn(ours, table)).filter((s) => s !== null), table).toEqual([mine]);
    }
    expect(await countOf(ours, 'work_orders')).toBe(await countOf(t.db, `work_orders where subscriber_id = ${mine}`));
    expect(await ours.select().from(workOrders).where(eq(workOrders.workOrderNumber, 'THEIRS-1'))).toEqual([]);
    expect(await countOf(ours, 'subscribers')).toBe(1);
  });

  it('changes nothing of another company: updates and deletes skip its rows, an insert in its name is refused', async () => {
    const before = await t.db.select({ name: customers.name }).from(customers).where(eq(customers.subscriberId, theirs));
    const updated = await ours.update(customers).set({ notes: sql`${customers.notes}` }).returning({ s: customers.subscriberId });
    expect(new Set(updated.map((r) => r.s))).toEqual(new Set([mine]));
    expect(await ours.delete(workOrders).where(eq(workOrders.workOrderNumber, 'THEIRS-1')).returning()).toEqual([]);
    await expect(ours.insert(customers).values({ subscriberId: theirs, name: 'Planted', address: '', city: '', state: 'TX', zip: '' })).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    expect(await t.db.select({ name: customers.name }).from(customers).where(eq(customers.subscriberId, theirs))).toEqual(before);
  });

  it('rows of no company are read by every company and changed by none', async () => {
    const shared = await t.db.select().from(perDiemTypes).where(sql`${perDiemTypes.subscriberId} is null`);
    expect(shared.length).toBeGreaterThan(0);
    expect((await ours.select().from(perDiemTypes).where(sql`${perDiemTypes.subscriberId} is null`)).length).toBe(shared.length);
    expect(await ours.update(perDiemTypes).set({ name: 'Changed' }).where(sql`${perDiemTypes.subscriberId} is null`).returning()).toEqual([]);
  });

  it('finds nothing at all as the application role with no company set', async () => {
    const none = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local role sm_app`);
      await tx.execute(sql`select set_config('app.subscriber_id', '', true)`);
      return countOf(tx as unknown as Db, 'work_orders');
    });
    expect(none).toBe(0);
  });

  it('keeps each company to its rows while both run at once, through transactions that fail and the owner between', async () => {
    const theirsDb = companyDb(t.db, theirs);
    const seen = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const db = [ours, theirsDb, t.db][i % 3];
        if (i % 4 === 0) await db.transaction(async (tx) => { await tx.execute(sql`select 1`); throw new Error('rolled back'); }).catch(() => undefined);
        return { i, companies: await companiesIn(db, 'work_orders') };
      }),
    );
    for (const { i, companies } of seen) expect(companies, `run ${i}`).toEqual(i % 3 === 2 ? expect.arrayContaining([mine, theirs]) : [[mine, theirs][i % 3]]);
  });
});
