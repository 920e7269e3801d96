import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let ids: Record<string, number>;
const customerId = async (name: string) => (await t.db.select({ id: customers.id }).from(customers).where(eq(customers.name, name)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  ids = Object.fromEntries((await t.db.select({ id: users.id, userName: users.userName }).from(users)).map((u) => [u.userName, u.id]));
});
afterAll(() => t.close());

describe('the sales person\'s lists', () => {
  it('lists his own work orders only, everyone\'s with All Sales Reports, none to a technician', async () => {
    const own = await t.call('GET', '/api/v1/Sales/workOrders?take=200', 'sales');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().total).toBeGreaterThan(0);
    expect(own.json().data.every((w: { salesPerson: string }) => w.salesPerson === 'Ben Carter')).toBe(true);
    const maya = await t.call('GET', '/api/v1/Sales/workOrders', 'maya');
    expect(maya.json()).toEqual({ data: [], total: 0 });
    const all = await t.call('GET', '/api/v1/Sales/workOrders?take=200', 'salesmgr');
    expect(all.json().total).toBeGreaterThan(own.json().total);
    expect((await t.call('GET', '/api/v1/Sales/workOrders', 'tech')).statusCode).toBe(403);
    const found = await t.call('GET', '/api/v1/Sales/workOrders?search=lakewood', 'sales');
    expect(found.json().data.every((w: { customerName: string }) => w.customerName === 'FreshMart #112 Lakewood')).toBe(true);
  });

  it('lists the quotes of his customers only', async () => {
    const [wo] = (await t.call('GET', '/api/v1/Sales/workOrders?take=1', 'sales')).json().data;
    const quote = await t.call('POST', '/api/v1/Quotes/create', 'admin', { workOrderId: wo.workOrderId, title: 'Second condenser' });
    expect(quote.statusCode, quote.body).toBe(200);
    const own = (await t.call('GET', '/api/v1/Sales/quotes', 'sales')).json();
    expect(own.data.map((q: { title: string }) => q.title)).toContain('Second condenser');
    expect((await t.call('GET', '/api/v1/Sales/quotes', 'maya')).json().total).toBe(0);
  });
});

describe('sales tags', () => {
  it('creates a tag, puts it on a customer and a work order once each, filters by it and takes it off', async () => {
    const tag = await t.call('POST', '/api/v1/Sales/tags', 'sales', { name: 'Renewal due', color: 'grape' });
    expect(tag.statusCode, tag.body).toBe(200);
    const id = tag.json().salesTagId;
    const dup = await t.call('POST', '/api/v1/Sales/tags', 'sales', { name: 'RENEWAL DUE', color: 'red' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().title).toBe('A sales tag named RENEWAL DUE already exists.');
    const bill = await customerId('FreshMart Grocers Inc.');
    const onCustomer = await t.call('POST', `/api/v1/Sales/tags/${id}/customers`, 'sales', { customerId: bill, note: 'Contract ends in March' });
    expect(onCustomer.json()).toMatchObject({ label: 'FreshMart Grocers Inc.', note: 'Contract ends in March', taggedBy: 'Ben Carter' });
    expect((await t.call('POST', `/api/v1/Sales/tags/${id}/customers`, 'sales', { customerId: bill })).statusCode).toBe(409);
    const [wo] = (await t.call('GET', '/api/v1/Sales/workOrders?take=1', 'sales')).json().data;
    expect((await t.call('POST', `/api/v1/Sales/tags/${id}/workOrders`, 'sales', { workOrderId: wo.workOrderId })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/Sales/tags', 'sales')).json().find((x: { salesTagId: number }) => x.salesTagId === id)).toMatchObject({ customerCount: 1, workOrderCount: 1 });
    const tagged = (await t.call('GET', `/api/v1/Sales/workOrders?salesTagId=${id}`, 'sales')).json();
    expect(tagged.data.map((w: { workOrderId: number }) => w.workOrderId)).toEqual([wo.workOrderId]);
    const links = (await t.call('GET', `/api/v1/Sales/tagLinks?salesTagId=${id}`, 'sales')).json();
    expect(links).toHaveLength(2);
    expect((await t.call('DELETE', `/api/v1/Sales/tags/${id}/links/${links[0].salesTagLinkId}`, 'sales')).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/Sales/tagLinks?salesTagId=${id}`, 'sales')).json()).toHaveLength(1);
    expect((await t.call('POST', '/api/v1/Sales/tags', 'tech', { name: 'Not mine', color: 'blue' })).statusCode).toBe(403);
    const blank = await t.call('POST', '/api/v1/Sales/tags', 'sales', { name: ' ', color: 'blue' });
    expect(blank.json().title).toBe('Name field is required!');
  });
});

describe('who sold', () => {
  it('sets the team on a billing customer only, and a work order opened later carries its sales person', async () => {
    const site = await t.call('PUT', `/api/v1/Sales/customers/${await customerId('FreshMart #112 Lakewood')}/team`, 'admin', { salesPersonId: ids.maya, salesManagerId: null, territorySalesId: null });
    expect(site.statusCode).toBe(400);
    expect(site.json().title).toBe('The sales team is set on the billing customer, not on a site.');
    const trinity = await customerId('Trinity Health Facilities');
    expect((await t.call('PUT', `/api/v1/Sales/customers/${trinity}/team`, 'admin', { salesPersonId: ids.maya, salesManagerId: ids.salesmgr, territorySalesId: null })).statusCode).toBe(200);
    const wo = await t.call('POST', '/api/v1/WorkOrder/create', 'admin', { customerId: await customerId('Trinity Medical Center North'), problem: 'Chiller alarm' });
    expect(wo.statusCode, wo.body).toBe(200);
    const sale = await t.call('GET', `/api/v1/Sales/workOrders/${wo.json().workOrderId}`, 'admin');
    expect(sale.json()).toMatchObject({ salesPerson: { id: ids.maya, name: 'Maya Ortiz' }, isCommissionable: true });
    // A sales person may not change who sold it (Change SalesPerson is the office's).
    expect((await t.call('PUT', `/api/v1/Sales/workOrders/${wo.json().workOrderId}`, 'sales', { salesPersonId: ids.sales })).statusCode).toBe(403);
    const empty = await t.call('PUT', `/api/v1/Sales/workOrders/${wo.json().workOrderId}`, 'admin', {});
    expect(empty.json().title).toBe('Send the sales person, the sales item or whether the work order is commissionable.');
  });
});
