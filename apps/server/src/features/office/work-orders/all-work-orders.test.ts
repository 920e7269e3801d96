import { eq } from 'drizzle-orm';
import { ALL_WORK_ORDERS_FIELDS, type AllWorkOrdersRow } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users, workOrderClasses } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const grid = (body: unknown, as = 'dispatcher') => t.call('POST', '/api/v1/WorkOrder/allWorkOrders', as, body);
const rowsOf = async (body: Record<string, unknown>, as = 'dispatcher') => {
  const res = await grid({ take: 200, ...body }, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: AllWorkOrdersRow[]; total: number };
};
const filter = (field: string, operator: string, value: unknown, logic = 'and') => ({ filter: { logic, filters: [{ field, operator, value }] } });

beforeAll(async () => {
  t = await createTestApp();
  // Work orders with a class, a PO number, two technicians and a priority, so every column has something to sort on.
  const site = (await t.db.select().from(customers).where(eq(customers.name, 'Trinity Outpatient Richardson')))[0];
  const classes = await t.db.select().from(workOrderClasses).where(eq(workOrderClasses.subscriberId, site.subscriberId));
  const [tech, tech2] = await Promise.all(['tech', 'tech2'].map(async (u) => (await t.db.select().from(users).where(eq(users.userName, u)))[0]));
  const bodies = [
    { problem: 'Install new reach-in', priority: 'High', workOrderClassId: classes.find((c) => c.name === 'Installation')!.id, poNumber: 'PO-100', technicianIds: [tech.id, tech2.id], nte: 4200 },
    { problem: 'Warranty compressor swap', priority: 'Emergency', workOrderClassId: classes.find((c) => c.name === 'Warranty')!.id, poNumber: 'PO-200', technicianIds: [tech2.id] },
    { problem: 'Annual PM', priority: 'Low', workOrderClassId: classes.find((c) => c.name === 'Preventive Maintenance')!.id, technicianIds: [] },
  ];
  for (const body of bodies) {
    const res = await t.call('POST', '/api/v1/WorkOrder/create', 'dispatcher', { customerId: site.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('all work orders', () => {
  it('answers the company\'s work orders newest first, 25 at a time by default from the web, with every column', async () => {
    const { data, total } = await rowsOf({ take: 25 });
    expect(total).toBe(63);
    expect(data).toHaveLength(25);
    const created = data.map((r) => r.createdDate);
    expect(created).toEqual([...created].sort().reverse());
    expect(data[0]).toMatchObject({
      problem: 'Annual PM', priority: 'Low', workOrderClass: 'Preventive Maintenance', customerName: 'Trinity Outpatient Richardson',
      address: '2100 N Collins Blvd, Richardson, TX 75080', billingCustomerName: 'Trinity Health Facilities', technicians: '', status: 'ToDo', workOrderStatusId: 13, nte: null, poNumber: null,
    });
    expect(data[2]).toMatchObject({ technicians: 'Priya Natarajan, Tom Alvarez', poNumber: 'PO-100', nte: 4200, workOrderClass: 'Installation' });
    expect(Object.keys(data[0]).sort()).toEqual(['workOrderId', ...ALL_WORK_ORDERS_FIELDS.filter((f) => f !== 'workOrderStatusId'), 'workOrderStatusId'].sort());
  });

  it('pages on the server, and answers the total past the end', async () => {
    const last = await rowsOf({ take: 25, skip: 50 });
    expect([last.data.length, last.total]).toEqual([13, 63]);
    expect(await rowsOf({ take: 25, skip: 100 })).toEqual({ data: [], total: 63 });
    const ids = new Set([...(await rowsOf({ take: 25 })).data, ...(await rowsOf({ take: 25, skip: 25 })).data, ...last.data].map((r) => r.workOrderId));
    expect(ids.size).toBe(63);
  });

  it('sorts on every column both ways', async () => {
    for (const field of ALL_WORK_ORDERS_FIELDS) {
      const value = (r: AllWorkOrdersRow) => String(r[field as keyof AllWorkOrdersRow] ?? '').toLowerCase();
      const asc = (await rowsOf({ sort: [{ field, dir: 'asc' }] })).data;
      const desc = (await rowsOf({ sort: [{ field, dir: 'desc' }] })).data;
      expect(asc, field).toHaveLength(63);
      expect(desc.map(value), field).toEqual(asc.map(value).reverse());
      expect(new Set(asc.map(value)).size, `${field} has values to sort`).toBeGreaterThan(1);
    }
    const byNte = (await rowsOf({ sort: [{ field: 'nte', dir: 'asc' }] })).data.map((r) => r.nte).filter((n): n is number => n !== null);
    expect(byNte).toEqual([...byNte].sort((a, b) => a - b));
    const byStatusId = (await rowsOf({ sort: [{ field: 'workOrderStatusId', dir: 'desc' }] })).data.map((r) => r.workOrderStatusId);
    expect(byStatusId).toEqual([...byStatusId].sort((a, b) => b - a));
  });

  it('filters on every column', async () => {
    const check = async (f: ReturnType<typeof filter>, pass: (r: AllWorkOrdersRow) => boolean, atLeast = 1) => {
      const { data, total } = await rowsOf(f);
      expect(total, JSON.stringify(f)).toBe(data.length);
      expect(total, JSON.stringify(f)).toBeGreaterThanOrEqual(atLeast);
      expect(total, JSON.stringify(f)).toBeLessThan(63);
      for (const r of data) expect(pass(r), `${JSON.stringify(f)} let ${JSON.stringify(r)} through`).toBe(true);
    };
    await check(filter('workOrderNumber', 'eq', '240005'), (r) => r.workOrderNumber === '240005');
    await check(filter('workOrderNumber', 'contains', '24006'), (r) => r.workOrderNumber.startsWith('24006'), 4);
    await check(filter('workOrderNumber', 'gt', '240058'), (r) => r.workOrderNumber > '240058', 5);
    await check(filter('status', 'contains', 'todo'), (r) => r.status === 'ToDo');
    await check(filter('workOrderStatusId', 'eq', 13), (r) => r.workOrderStatusId === 13);
    await check(filter('priority', 'eq', 'emergency'), (r) => r.priority === 'Emergency');
    await check(filter('workOrderClass', 'eq', 'Installation'), (r) => r.workOrderClass === 'Installation');
    await check(filter('customerName', 'contains', 'FRESHMART'), (r) => r.customerName.startsWith('FreshMart'));
    await check(filter('address', 'contains', 'plano'), (r) => r.address.includes('Plano'));
    await check(filter('billingCustomerName', 'contains', 'trinity'), (r) => r.billingCustomerName === 'Trinity Health Facilities');
    await check(filter('technicians', 'contains', 'priya'), (r) => r.technicians.includes('Priya Natarajan'));
    await check(filter('technicians', 'eq', 'tom alvarez'), (r) => r.technicians.includes('Tom Alvarez'));
    await check(filter('technicians', 'neq', 'Tom Alvarez'), (r) => !r.technicians.includes('Tom Alvarez'));
    await check(filter('problem', 'contains', 'ice machine'), (r) => r.problem.toLowerCase().includes('ice machine'));
    await check(filter('nte', 'gt', 1000), (r) => r.nte !== null && r.nte > 1000);
    await check(filter('poNumber', 'contains', 'po-'), (r) => !!r.poNumber?.startsWith('PO-'), 2);
    const since = new Date(Date.now() - 5 * 24 * 3600_000).toISOString();
    await check(filter('createdDate', 'gt', since), (r) => r.createdDate > since);
  });

  it('combines filters with and / or, and sorts the filtered set', async () => {
    const both = await rowsOf({
      sort: [{ field: 'customerName', dir: 'asc' }],
      filter: { logic: 'and', filters: [{ field: 'technicians', operator: 'contains', value: 'priya' }, { field: 'customerName', operator: 'contains', value: 'pecan' }] },
    });
    expect(both.total).toBeGreaterThan(0);
    expect(both.data.every((r) => r.technicians.includes('Priya') && r.customerName === 'Pecan Lodge Deep Ellum')).toBe(true);
    const either = await rowsOf({
      filter: { logic: 'or', filters: [{ field: 'technicians', operator: 'contains', value: 'priya' }, { field: 'priority', operator: 'eq', value: 'Low' }] },
    });
    expect(either.data.every((r) => r.technicians.includes('Priya') || r.priority === 'Low')).toBe(true);
    expect(either.data.some((r) => r.priority === 'Low' && r.technicians === '')).toBe(true);
    const withPriya = (await rowsOf(filter('technicians', 'contains', 'priya'))).total;
    const lowWithoutPriya = (await rowsOf(filter('technicians', 'neq', 'Priya Natarajan'))).data.filter((r) => r.priority === 'Low').length;
    expect(either.total).toBe(withPriya + lowWithoutPriya);
  });

  it('refuses fields and values it cannot use, with a sentence', async () => {
    const cases: [unknown, string][] = [
      [{ sort: [{ field: 'passwordHash', dir: 'asc' }] }, 'passwordHash cannot be sorted.'],
      [filter('secret', 'eq', 'x'), 'secret cannot be filtered.'],
      [filter('nte', 'gt', 'many'), 'Filter on nte needs a number.'],
      [filter('createdDate', 'gt', 'yesterday'), 'Filter on createdDate needs a date.'],
      [filter('nte', 'contains', '5'), 'nte cannot be searched as text.'],
      [filter('technicians', 'contains', null), 'Filter on technicians needs a value.'],
      [{ take: 0 }, 'Take must be at least 1.'],
    ];
    for (const [body, sentence] of cases) {
      const res = await grid(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
  });

  it('shows each company only its own, and only to those with All WorkOrders', async () => {
    const coastal = await rowsOf({}, 'coastal.admin');
    expect(coastal.total).toBe(12);
    expect(coastal.data.every((r) => r.workOrderNumber.startsWith('51'))).toBe(true);
    expect((await rowsOf({ take: 1 }, 'leader')).total).toBe(63);
    for (const who of ['tech', 'payroll', 'sales']) expect((await grid({}, who)).statusCode).toBe(403);
  });
});
