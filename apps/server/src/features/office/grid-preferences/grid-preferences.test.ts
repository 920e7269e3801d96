import { count } from 'drizzle-orm';
import { GRID_LAYOUT_MAX_BYTES, type GridLayout } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPreferences } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (gridKey: string) => `/api/v1/GridPreferences/${gridKey}`;
const layout: GridLayout = {
  request: { filters: { logic: 'and', filters: [{ field: 'customerName', operator: 'contains', value: 'FreshMart' }] }, sort: [{ field: 'workOrderNumber', dir: 'asc' }], pageSize: 50 },
  columns: [
    { field: 'problem', width: 320 },
    { field: 'workOrderNumber', width: null },
    { field: 'address', width: 180, hidden: true },
  ],
};
const stored = async () => (await t.db.select({ n: count() }).from(gridPreferences))[0].n;

describe('grid preferences', () => {
  it('answers no layout at first, keeps the one saved, replaces it, and forgets it on Reset layout', async () => {
    const first = await t.call('GET', url('myWorkOrders'), 'tech');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ gridKey: 'myWorkOrders', layout: null, updatedAt: null });

    const saved = await t.call('PUT', url('myWorkOrders'), 'tech', layout);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ gridKey: 'myWorkOrders', layout, updatedAt: expect.any(String) });
    expect((await t.call('GET', url('myWorkOrders'), 'tech')).json().layout).toEqual(layout);

    const changed = { ...layout, request: { ...layout.request, pageSize: 100 } };
    await t.call('PUT', url('myWorkOrders'), 'tech', changed);
    expect((await t.call('GET', url('myWorkOrders'), 'tech')).json().layout.request.pageSize).toBe(100);

    const reset = await t.call('DELETE', url('myWorkOrders'), 'tech');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().layout).toBeNull();
    expect((await t.call('GET', url('myWorkOrders'), 'tech')).json().layout).toBeNull();
  });

  it("keeps each person's layouts apart, in either company, and each grid apart", async () => {
    await t.call('PUT', url('myWorkOrders'), 'tech', layout);
    expect((await t.call('GET', url('myWorkOrders'), 'tech2')).json().layout).toBeNull();
    expect((await t.call('GET', url('myWorkOrders'), 'coastal.tech')).json().layout).toBeNull();
    expect((await t.call('GET', url('allWorkOrders'), 'tech')).json().layout).toBeNull();
    await t.call('DELETE', url('myWorkOrders'), 'coastal.tech');
    expect((await t.call('GET', url('myWorkOrders'), 'tech')).json().layout).toEqual(layout);
  });

  it('is open to every signed-in person of the company and to no one else', async () => {
    for (const user of ['payroll', 'sales']) expect((await t.call('GET', url('myWorkOrders'), user)).statusCode).toBe(200);
    // A customer user reads their portal only: no grid of the office.
    expect((await t.call('GET', url('myWorkOrders'), 'customer')).statusCode).toBe(403);
    expect((await t.call('GET', url('myWorkOrders'), null)).statusCode).toBe(401);
    expect((await t.call('PUT', url('myWorkOrders'), null, layout)).statusCode).toBe(401);
  });

  it('refuses a bad grid name or layout with a sentence and keeps nothing', async () => {
    const before = await stored();
    const badKey = await t.call('GET', url('my%20grid'), 'tech');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().title).toBe('Grid key must be 1 to 64 letters, digits, dots or dashes.');
    expect((await t.call('PUT', url('x'.repeat(65)), 'tech', layout)).json().title).toBe('Grid key must be 1 to 64 letters, digits, dots or dashes.');
    const cases: [unknown, string][] = [
      [{ ...layout, request: { ...layout.request, pageSize: 30 } }, 'Page size must be one of 25, 50, 100.'],
      [{ ...layout, columns: [{ field: 'problem', width: 5 }] }, 'Column width must be at least 20.'],
      [{ ...layout, columns: [{ field: 'problem', width: 100 }, { field: 'problem', width: 120 }] }, 'A column appears twice in the layout.'],
      [{ ...layout, columns: [{ field: 'pro blem', width: 100 }] }, 'Column field must be letters, digits, dots or underscores.'],
      [{ ...layout, request: { ...layout.request, sort: [{ field: 'problem', dir: 'up' }] } }, 'Sort direction must be asc or desc.'],
    ];
    for (const [body, sentence] of cases) {
      const res = await t.call('PUT', url('myWorkOrders'), 'tech', body);
      expect(res.statusCode, sentence).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect(await stored()).toBe(before);
  });

  it('bounds the size of a layout', async () => {
    const columns = Array.from({ length: 400 }, (_, i) => ({ field: `column_${'x'.repeat(50)}_${i}`, width: 1000, hidden: false }));
    const body = { ...layout, columns };
    expect(JSON.stringify(body).length).toBeGreaterThan(GRID_LAYOUT_MAX_BYTES);
    const res = await t.call('PUT', url('wide'), 'tech', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('The grid layout is too large: at most 32 KB.');
  });
});
