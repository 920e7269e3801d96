import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mine = (as: string, body: unknown) => t.call('POST', '/api/v1/workOrder/technicianWorkOrders', as, body);

describe('technician work orders', () => {
  it('defaults to three rows, newest number first, of the caller\'s own work orders', async () => {
    const res = await mine('tech', {});
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(30);
    expect(data).toHaveLength(3);
    const numbers = data.map((r: { workOrderNumber: string }) => Number(r.workOrderNumber));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(data[0].totalCount).toBe(30);
  });

  it('pages, sorts and filters on the server', async () => {
    const page = (await mine('tech', { take: 25, skip: 25 })).json();
    expect(page.data).toHaveLength(5);
    expect(page.total).toBe(30);
    const pastTheEnd = (await mine('tech', { take: 10, skip: 40 })).json();
    expect(pastTheEnd).toEqual({ data: [], total: 30 });
    const none = (await mine('tech', { filter: { filters: [{ field: 'problem', operator: 'contains', value: 'no such problem' }] } })).json();
    expect(none).toEqual({ data: [], total: 0 });
    const sorted = (await mine('tech', { take: 100, sort: [{ field: 'customerName', dir: 'asc' }] })).json().data.map((r: { customerName: string }) => r.customerName);
    expect(sorted).toEqual([...sorted].sort((a: string, b: string) => a.localeCompare(b)));
    const todo = (await mine('tech', { take: 100, filter: { logic: 'and', filters: [{ field: 'workOrderStatusId', operator: 'eq', value: 13 }] } })).json();
    expect(todo.total).toBeGreaterThan(0);
    expect(todo.data.every((r: { status: string }) => r.status === 'ToDo')).toBe(true);
    const gt = (await mine('tech', { take: 100, filter: { filters: [{ field: 'workOrderNumber', operator: 'gt', value: '240025' }] } })).json();
    expect(gt.data.map((r: { workOrderNumber: string }) => r.workOrderNumber).sort()).toEqual(['240026', '240027', '240028', '240029', '240030']);
    const search = (await mine('tech', { take: 100, filter: { filters: [{ field: 'customerName', operator: 'contains', value: 'freshmart' }] } })).json();
    expect(search.total).toBeGreaterThan(0);
    expect(search.data.every((r: { customerName: string }) => r.customerName.startsWith('FreshMart'))).toBe(true);
    const since = new Date(Date.now() - 5 * 24 * 3600_000).toISOString();
    const recent = (await mine('tech', { take: 100, filter: { filters: [{ field: 'createdDate', operator: 'gt', value: since }] } })).json();
    expect(recent.data.every((r: { createdDate: string }) => r.createdDate > since)).toBe(true);
    expect(recent.total).toBeLessThan(30);
  });

  it('refuses fields it does not expose, with a sentence', async () => {
    const res = await mine('tech', { sort: [{ field: 'password_hash', dir: 'asc' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('password_hash cannot be sorted.');
    const bad = await mine('tech', { filter: { filters: [{ field: 'workOrderStatusId', operator: 'gt', value: 'many' }] } });
    expect(bad.json().title).toBe('Filter on workOrderStatusId needs a number.');
  });

  it('shows each technician only their own, and each company only its own', async () => {
    const tech = (await mine('tech', { take: 100 })).json().data.map((r: { workOrderId: number }) => r.workOrderId);
    const tech2 = (await mine('tech2', { take: 100 })).json().data.map((r: { workOrderId: number }) => r.workOrderId);
    expect(tech.filter((id: number) => tech2.includes(id))).toEqual([]);
    const coastal = (await mine('coastal.tech', { take: 100 })).json();
    expect(coastal.total).toBe(12);
  });
});

describe('one work order and rate sheets', () => {
  it('answers a work order by number to its technician and hides another company\'s as 404', async () => {
    const [first] = (await mine('tech', { take: 1 })).json().data;
    const res = await t.call('GET', `/api/v1/WorkOrder/${first.workOrderNumber}`, 'tech');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ workOrderNumber: first.workOrderNumber, customer: { name: first.customerName } });
    expect((await t.call('GET', `/api/v1/WorkOrder/${first.workOrderNumber}`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/WorkOrder/${first.workOrderNumber}`, 'tech2')).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/WorkOrder/${first.workOrderNumber}`, 'leader')).statusCode).toBe(200);
  });

  it('lists the rate sheet of a billing customer, and 404 to another company', async () => {
    const [first] = (await mine('tech', { take: 1 })).json().data;
    const items = await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${first.billingCompanyId}`, 'tech');
    expect(items.statusCode).toBe(200);
    expect(items.json()[0]).toMatchObject({ hourlyRate: expect.any(Number), otHourlyRate: expect.any(Number), rateSheetName: expect.any(String) });
    const trucks = (await t.call('GET', `/api/v1/WorkOrder/rateSheetTrucks/${first.billingCompanyId}`, 'tech')).json();
    expect(trucks.map((x: { name: string }) => x.name)).toContain('Service Van');
    expect((await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${first.billingCompanyId}`, 'coastal.admin')).statusCode).toBe(404);
  });
});

describe('reference lists', () => {
  it('answers per-diem types with N/A as 0, rate types Regular 1 and Overtime 2, and the status ids of 4.9', async () => {
    const perDiem = (await t.call('GET', '/api/v1/PerDiemTypes/get', 'tech')).json();
    expect(perDiem[0]).toEqual({ perDiemTypeId: 0, perDiemTypeName: 'N/A' });
    expect((await t.call('GET', '/api/v1/PerDiemTypes/get', 'coastal.tech')).json().map((p: { perDiemTypeName: string }) => p.perDiemTypeName)).toEqual(['N/A', 'Full Day']);
    const rates = (await t.call('GET', '/api/v1/RateSheetStandardItem/itemRateTypes', 'tech')).json();
    expect(rates.slice(0, 2)).toEqual([{ itemRateTypeId: 1, itemRateTypeName: 'Regular' }, { itemRateTypeId: 2, itemRateTypeName: 'Overtime' }]);
    const statuses = (await t.call('GET', '/api/v1/WorkOrder/workOrderStatuses', 'tech')).json();
    expect(statuses.find((s: { workOrderStatusId: number }) => s.workOrderStatusId === 50).workOrderStatus).toBe('En Route');
    expect(statuses.find((s: { workOrderStatusId: number }) => s.workOrderStatusId === 38).workOrderStatus).toBe('Completed');
    expect((await t.call('GET', '/api/v1/Flags/workOrderFlags', 'tech')).json()).toHaveLength(5);
  });
});
