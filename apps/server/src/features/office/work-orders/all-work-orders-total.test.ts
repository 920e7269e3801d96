import { and, eq, sql } from 'drizzle-orm';
import { GRID_TOTAL_CAP, type AllWorkOrdersRow } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The all-work-orders grid over more work orders than it counts: the demo company's 60 and 10,030 more for one site
 * ("Bulk Site"), so that a page of every work order stops counting at 10,000.
 */
let t: TestApp;
const BULK = 10_030;
const ALL = 60 + BULK;
const grid = (body: unknown, as = 'dispatcher') => t.call('POST', '/api/v1/WorkOrder/allWorkOrders', as, body);
const pageOf = async (body: Record<string, unknown>) => {
  const res = await grid({ take: 25, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: AllWorkOrdersRow[]; total: number; isTotalCapped?: boolean };
};
const byName = (field: string, operator: string, value: string) => ({ take: 200, filter: { logic: 'and', filters: [{ field, operator, value }] } });

beforeAll(async () => {
  t = await createTestApp();
  const [{ subscriberId }] = await t.db.select({ subscriberId: users.subscriberId }).from(users).where(eq(users.userName, 'dispatcher'));
  const [site] = await t.db
    .insert(customers)
    .values({ subscriberId, name: 'Bulk Site', address: '9 Bulk Rd', city: 'Plano', state: 'TX', zip: '75023' })
    .returning({ id: customers.id });
  await t.db.execute(sql`insert into ${workOrders} (subscriber_id, work_order_number, customer_id, work_order_status_id, problem, created_at)
    select ${subscriberId}, 'B' || n, ${site.id}, 13, 'Bulk problem ' || n, now() - interval '30 days' - n * interval '1 minute'
      from generate_series(1, ${BULK}) as n`);
  // Another company's site of the same name as one of ours, with a work order: never found by our name filters.
  const [coastal] = await t.db.select({ subscriberId: users.subscriberId }).from(users).where(eq(users.userName, 'coastal.admin'));
  const [twin] = await t.db
    .insert(customers)
    .values({ subscriberId: coastal.subscriberId, name: 'FreshMart #112 Lakewood', address: '1 Other St', city: 'Dallas', state: 'TX', zip: '75201' })
    .returning({ id: customers.id });
  await t.db.insert(workOrders).values({ subscriberId: coastal.subscriberId, workOrderNumber: 'TWIN-1', customerId: twin.id, workOrderStatusId: 13, problem: 'Twin' });
  // What PostgreSQL's autovacuum does after so many new rows: without it the planner still counts 60 work orders.
  await t.db.execute(sql`analyze`);
});
afterAll(() => t.close());

describe('all work orders past 10,000', () => {
  it('stops counting at 10,000 and says so, the total still a number', async () => {
    const first = await pageOf({});
    expect(first).toMatchObject({ total: GRID_TOTAL_CAP, isTotalCapped: true });
    expect(first.data).toHaveLength(25);
    expect(GRID_TOTAL_CAP).toBe(10_000);
  });

  it('pages on past the count, each page counted to its end, and tells the exact total on the last page', async () => {
    expect(await pageOf({ skip: 9_975 })).toMatchObject({ total: 10_000, isTotalCapped: true });
    const past = await pageOf({ skip: 10_000 });
    expect([past.data.length, past.total, past.isTotalCapped]).toEqual([25, 10_025, true]);
    const last = await pageOf({ skip: ALL - (ALL % 25) });
    expect([last.data.length, last.total, 'isTotalCapped' in last]).toEqual([ALL % 25, ALL, false]);
    // Newest first by default: the oldest bulk work order closes the list.
    expect(last.data.at(-1)?.workOrderNumber).toBe(`B${BULK}`);
  });

  it('answers an exact total when fewer match, and no flag', async () => {
    const todo = await pageOf({ filter: { logic: 'and', filters: [{ field: 'customerName', operator: 'neq', value: 'bulk site' }] } });
    expect([todo.total, 'isTotalCapped' in todo]).toEqual([60, false]);
  });

  it("finds the work orders of the company's customers by their name, as comparing each work order's customer does", async () => {
    const [site] = await t.db.select().from(customers).where(and(eq(customers.name, 'FreshMart #112 Lakewood'), eq(customers.subscriberId, (await t.db.select().from(users).where(eq(users.userName, 'dispatcher')))[0].subscriberId)));
    const expected = (await t.db.select({ n: workOrders.workOrderNumber }).from(workOrders).where(eq(workOrders.customerId, site.id))).map((r) => r.n).sort();
    expect(expected.length).toBeGreaterThan(0);
    for (const [operator, value] of [['eq', 'FRESHMART #112 LAKEWOOD'], ['contains', 'mart #112 lake']]) {
      const { data, total } = await pageOf(byName('customerName', operator, value));
      expect(data.map((r) => r.workOrderNumber).sort(), `${operator} ${value}`).toEqual(expected);
      expect(total).toBe(expected.length);
    }
    const payer = await pageOf(byName('billingCustomerName', 'eq', 'trinity health facilities'));
    expect(payer.total).toBeGreaterThan(0);
    expect(payer.data.every((r) => r.billingCustomerName === 'Trinity Health Facilities')).toBe(true);
    // Work orders without a billing customer are neither equal nor unequal to a name, as with the joined name.
    const other = await pageOf(byName('billingCustomerName', 'neq', 'trinity health facilities'));
    expect(other.data.every((r) => r.billingCustomerName !== null && r.billingCustomerName !== 'Trinity Health Facilities')).toBe(true);
  });

  it('documents the capped total in the OpenAPI document', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>> };
    const answer = JSON.stringify(doc.paths['/api/v1/WorkOrder/allWorkOrders'].post.responses['200'].content['application/json'].schema);
    expect(answer).toContain('isTotalCapped');
    expect(answer).toContain('10,000+');
  });
});
