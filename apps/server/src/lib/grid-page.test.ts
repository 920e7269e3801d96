import { and, eq, like } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRequestSchema, type GridRequest } from '@sm/shared';
import { customers, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import type { GridColumns } from './grid';
import { gridPage, gridPageAround } from './grid-page';

/**
 * The one grid helper on a real database: a grid over twelve customers of the demo company ("Grid Page 01" to "12",
 * all in one city, the even ones billed to "Grid Payer"), its joins recorded as each statement asks for them.
 */
let t: TestApp;
let subscriberId: number;
const billing = alias(customers, 'billing');

const COLUMNS: GridColumns<'billing'> = {
  name: { sql: customers.name, type: 'text' },
  city: { sql: customers.city, type: 'text' },
  payer: { sql: billing.name, type: 'text', join: 'billing' },
  /** A column that answers its own filter, here "the name starts with". */
  prefix: { sql: customers.name, type: 'text', condition: (f) => like(customers.name, `${String(f.value)}%`) },
};

/** One page of the test grid, and the joins each of its statements asked for (the page's first, the count's second). */
async function page(request: GridRequest, totalCap?: number) {
  const joins: string[][] = [];
  const answer = await gridPage(
    t.db,
    {
      request: gridRequestSchema.parse(request),
      columns: COLUMNS,
      defaultSort: { field: 'name', dir: 'asc' },
      table: customers,
      id: customers.id,
      where: and(eq(customers.subscriberId, subscriberId), like(customers.name, 'Grid Page %')),
      join: (query: PgSelect, needed) => {
        joins.push([...needed]);
        return needed.has('billing') ? (query.leftJoin(billing, eq(billing.id, customers.billingCustomerId)) as PgSelect) : query;
      },
      select: { id: customers.id, name: customers.name },
      totalCap,
    },
    (rows) => rows.map((r) => r.name),
  );
  return { ...answer, joins };
}

const NAMES = Array.from({ length: 12 }, (_, i) => `Grid Page ${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  [{ subscriberId }] = await t.db.select({ subscriberId: users.subscriberId }).from(users).where(eq(users.userName, 'admin'));
  const site = { subscriberId, address: '1 Grid St', city: 'Gridville', state: 'TX', zip: '75001' };
  const [payer] = await t.db.insert(customers).values({ ...site, name: 'Grid Payer', isBillingCustomer: true }).returning({ id: customers.id });
  await t.db.insert(customers).values(NAMES.map((name, i) => ({ ...site, name, billingCustomerId: i % 2 === 1 ? payer.id : null })));
});
afterAll(() => t.close());

describe('gridPage', () => {
  it('pages through every row once, in the sort asked for, with the exact total', async () => {
    const pages = await Promise.all([0, 5, 10].map((skip) => page({ take: 5, skip })));
    expect(pages.map((p) => p.total)).toEqual([12, 12, 12]);
    expect(pages.flatMap((p) => p.data)).toEqual(NAMES);
    expect((await page({ take: 5, sort: [{ field: 'name', dir: 'desc' }] })).data).toEqual(NAMES.slice(-5).reverse());
    expect(pages.every((p) => !('isTotalCapped' in p))).toBe(true);
  });

  it('keeps rows of equal value in one order, the newest first, from page to page', async () => {
    const byCity = [...(await page({ take: 7, sort: [{ field: 'city', dir: 'asc' }] })).data, ...(await page({ take: 7, skip: 7, sort: [{ field: 'city', dir: 'asc' }] })).data];
    expect(byCity).toEqual([...NAMES].reverse());
  });

  it('counts only when the page does not tell the total: a last page and an empty first page do', async () => {
    expect(await page({ take: 5, skip: 10 })).toMatchObject({ data: NAMES.slice(10), total: 12, joins: [[]] });
    expect(await page({ take: 50 })).toMatchObject({ total: 12, joins: [[]] });
    expect(await page({ take: 5, filter: { logic: 'and', filters: [{ field: 'name', operator: 'eq', value: 'nobody' }] } })).toMatchObject({ data: [], total: 0, joins: [[]] });
    expect(await page({ take: 5, skip: 5 })).toMatchObject({ total: 12, joins: [[], []] });
    expect(await page({ take: 5, skip: 40 })).toMatchObject({ data: [], total: 12, joins: [[], []] });
  });

  it('stops counting at the cap, or at the end of the page asked for when further, and says so', async () => {
    expect(await page({ take: 3 }, 5)).toMatchObject({ data: NAMES.slice(0, 3), total: 5, isTotalCapped: true });
    expect(await page({ take: 3, skip: 3 }, 5)).toMatchObject({ data: NAMES.slice(3, 6), total: 6, isTotalCapped: true });
    expect(await page({ take: 3, skip: 9 }, 5)).toMatchObject({ data: NAMES.slice(9), total: 12 });
    expect(await page({ take: 3 }, 11)).toMatchObject({ total: 11, isTotalCapped: true });
    const exact = await page({ take: 3 }, 12);
    expect([exact.total, 'isTotalCapped' in exact]).toEqual([12, false]);
    expect(await page({ take: 3, skip: 20 }, 5)).toMatchObject({ data: [], total: 12 });
  });

  it('joins for a statement only what its filters and sort name, and nothing for a column that answers its own filter', async () => {
    const payers = (n: string) => ({ field: 'payer', operator: 'eq' as const, value: n });
    expect(await page({ take: 3, sort: [{ field: 'payer', dir: 'asc' }] })).toMatchObject({ total: 12, joins: [['billing'], []] });
    const billed = await page({ take: 3, filter: { logic: 'and', filters: [payers('grid payer')] } });
    expect(billed).toMatchObject({ data: ['Grid Page 02', 'Grid Page 04', 'Grid Page 06'], total: 6, joins: [['billing'], ['billing']] });
    const own = await page({ take: 2, filter: { logic: 'and', filters: [{ field: 'prefix', operator: 'eq', value: 'Grid Page 1' }] } });
    expect(own).toMatchObject({ data: ['Grid Page 10', 'Grid Page 11'], total: 3, joins: [[], []] });
    const either = await page({ take: 20, filter: { logic: 'or', filters: [{ field: 'prefix', operator: 'eq', value: 'Grid Page 1' }, payers('grid payer')] } });
    expect(either).toMatchObject({ total: 7, joins: [['billing']] });
  });

  it('reads the rows around the page in the same order, with the same total, when the page is chosen on ids', async () => {
    const around = (request: GridRequest, totalCap?: number) =>
      gridPageAround(
        t.db,
        {
          request: gridRequestSchema.parse(request),
          columns: COLUMNS,
          defaultSort: { field: 'name', dir: 'asc' },
          table: customers,
          id: customers.id,
          where: and(eq(customers.subscriberId, subscriberId), like(customers.name, 'Grid Page %')),
          join: (query: PgSelect, needed) => (needed.has('billing') ? (query.leftJoin(billing, eq(billing.id, customers.billingCustomerId)) as PgSelect) : query),
          totalCap,
        },
        async (ids) => {
          const rows = await t.db
            .select({ name: customers.name, payer: billing.name })
            .from(ids)
            .innerJoin(customers, eq(customers.id, ids.id))
            .leftJoin(billing, eq(billing.id, customers.billingCustomerId))
            .orderBy(ids.ordinal);
          return rows.map((r) => `${r.name} / ${r.payer ?? '-'}`);
        },
      );
    const desc = await around({ take: 4, skip: 2, sort: [{ field: 'payer', dir: 'desc' }, { field: 'name', dir: 'desc' }] });
    // Nulls first when descending: the odd names (no payer) from the highest, then the billed ones.
    expect(desc).toEqual({ data: ['Grid Page 07 / -', 'Grid Page 05 / -', 'Grid Page 03 / -', 'Grid Page 01 / -'], total: 12 });
    expect(await around({ take: 5, skip: 10 })).toEqual({ data: ['Grid Page 11 / -', 'Grid Page 12 / Grid Payer'], total: 12 });
    expect(await around({ take: 3 }, 5)).toEqual({ data: ['Grid Page 01 / -', 'Grid Page 02 / Grid Payer', 'Grid Page 03 / -'], total: 5, isTotalCapped: true });
  });

  it('refuses a field the grid does not have, with a sentence', async () => {
    await expect(page({ take: 3, sort: [{ field: 'secret', dir: 'asc' }] })).rejects.toMatchObject({ status: 400, message: 'secret cannot be sorted.' });
    await expect(page({ take: 3, filter: { logic: 'and', filters: [{ field: 'secret', operator: 'eq', value: 1 }] } })).rejects.toMatchObject({ status: 400, message: 'secret cannot be filtered.' });
  });
});
