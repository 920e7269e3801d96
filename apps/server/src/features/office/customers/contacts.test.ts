import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { demoCustomers } from './customer-fixtures';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoCustomers>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCustomers(t);
});
afterAll(() => t.close());

const form = (over: Record<string, unknown> = {}) => ({ customerId: ids.id('Cedar Springs Deli'), name: 'Morgan Ellis', title: 'Owner', phone: '(214) 555-0190', email: 'morgan@cedarsprings.example', ...over });
const create = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/Contacts/create', as, body);
const primariesOf = async (customerId: number) =>
  (await t.db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.customerId, customerId), eq(contacts.isPrimary, true)))).map((r) => r.id);

describe('contacts', () => {
  it('adds, changes and deletes a contact, keeping one primary contact per customer', async () => {
    const customerId = ids.id('Cedar Springs Deli');
    const [seeded] = await primariesOf(customerId);
    expect(seeded).toBeDefined();
    const a = await create('dispatcher', form({ isPrimary: true }));
    expect(a.statusCode, a.body).toBe(200);
    const contactId = a.json().contactId;
    expect(await primariesOf(customerId)).toEqual([contactId]);
    const stored = (await t.db.select().from(contacts).where(eq(contacts.id, contactId)))[0];
    expect(stored).toMatchObject({ phone: '214-555-0190', title: 'Owner', isPrimary: true });

    const again = await t.call('PUT', `/api/v1/Contacts/${seeded}`, 'dispatcher', form({ name: 'Seeded Again', isPrimary: true }));
    expect(again.statusCode, again.body).toBe(200);
    expect(await primariesOf(customerId)).toEqual([seeded]);
    const edit = await t.call('PUT', `/api/v1/Contacts/${contactId}`, 'dispatcher', form({ title: '  ', email: '' }));
    expect(edit.statusCode).toBe(200);
    expect((await t.db.select().from(contacts).where(eq(contacts.id, contactId)))[0]).toMatchObject({ title: null, email: null, isPrimary: false });

    const del = await t.call('DELETE', `/api/v1/Contacts/${contactId}`, 'dispatcher');
    expect(del.statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/v1/Contacts/${contactId}`, 'dispatcher')).statusCode).toBe(404);
  });

  it('refuses bad input, technicians, and another company', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(contacts);
    expect((await create('dispatcher', form({ name: '' }))).json().title).toBe('Name field is required!');
    expect((await create('dispatcher', form({ phone: '123' }))).json().title).toBe('Phone must be a 10-digit number like 214-555-0100 (the first digit not 0).');
    expect((await create('dispatcher', form({ email: 'no-at-sign' }))).json().title).toBe('Email is not a valid e-mail address.');
    expect((await create('dispatcher', form({ customerId: undefined }))).json().title).toBe('Customer field is required!');
    expect((await create('tech', form())).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/Contacts/contacts', 'tech', {})).statusCode).toBe(403);
    const foreign = await create('dispatcher', form({ customerId: ids.coastalCustomer }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().title).toBe('Customer was not found.');
    const [{ n: after }] = await t.db.select({ n: count() }).from(contacts);
    expect(after).toBe(before);
    const [coastalContact] = await t.db.select().from(contacts).where(eq(contacts.subscriberId, ids.coastalId)).limit(1);
    expect((await t.call('PUT', `/api/v1/Contacts/${coastalContact.id}`, 'admin', form())).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/v1/Contacts/${coastalContact.id}`, 'admin')).statusCode).toBe(404);
  });

  it('pages, sorts and filters the grid on the server, own company only', async () => {
    const res = await t.call('POST', '/api/v1/Contacts/contacts', 'dispatcher', { take: 3, sort: [{ field: 'customerName', dir: 'asc' }] });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.data).toHaveLength(3);
    expect(page.total).toBeGreaterThanOrEqual(16);
    expect(page.data[0]).toEqual({ contactId: expect.any(Number), customerId: expect.any(Number), customerName: 'Bishop Arts Cafe', name: expect.any(String), title: expect.any(String), phone: expect.any(String), email: expect.any(String), isPrimary: true });
    const primary = await t.call('POST', '/api/v1/Contacts/contacts', 'dispatcher', { filter: { logic: 'and', filters: [{ field: 'isPrimary', operator: 'eq', value: 0 }] } });
    expect(primary.json().total).toBe(0);
    const coastal = (await t.call('POST', '/api/v1/Contacts/contacts', 'coastal.admin', { take: 100 })).json();
    expect(coastal.data.every((c: { customerName: string }) => !c.customerName.startsWith('FreshMart'))).toBe(true);
  });
});

describe('Contacts/export', () => {
  it('answers text/csv with the matching contacts, only with "Can Export Contacts"', async () => {
    await create('dispatcher', form({ name: '=cmd|calc!A1', title: 'Buyer, "Head"' }));
    const res = await t.call('GET', '/api/v1/Contacts/export?search=cedar%20springs', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contacts.csv"; filename*=UTF-8''contacts.csv`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Customer,Name,Title,Phone,Email,Primary');
    expect(lines).toContain(`Cedar Springs Deli,'=cmd|calc!A1,"Buyer, ""Head""",214-555-0190,morgan@cedarsprings.example,No`);
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1).every((l) => l.startsWith('Cedar Springs Deli,'))).toBe(true);
    const one = await t.call('GET', `/api/v1/Contacts/export?customerId=${ids.id('Cedar Springs Deli')}&primaryOnly=true`, 'admin');
    expect(one.body.split('\r\n').slice(1, -1)).toEqual([expect.stringMatching(/^Cedar Springs Deli,.*,Yes$/)]);
    const paged = await t.call('GET', '/api/v1/Contacts/export?take=2&skip=1', 'admin');
    expect(paged.body.split('\r\n')).toHaveLength(4);
    expect((await t.call('GET', '/api/v1/Contacts/export', 'dispatcher')).statusCode).toBe(403);
    const coastal = await t.call('GET', '/api/v1/Contacts/export', 'coastal.admin');
    expect(coastal.body).not.toContain('Cedar Springs');
  });
});
