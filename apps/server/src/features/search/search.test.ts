import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, customers, users, workOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { workOrdersOf } from '../work-order-items/item-fixtures';

let t: TestApp;
let polar: number;
const polarCustomers = new Set<number>();
beforeAll(async () => {
  t = await createTestApp();
  polar = (await t.db.select().from(users).where(eq(users.userName, 'admin')))[0].subscriberId;
  for (const c of await t.db.select().from(customers).where(eq(customers.subscriberId, polar))) polarCustomers.add(c.id);
});
afterAll(() => t.close());

type Answer = {
  workOrders: { workOrderId: number; workOrderNumber: string; problem: string; customerName: string; status: string }[];
  customers: { customerId: number; name: string; address: string; city: string; phone: string | null }[];
  contacts: { contactId: number; name: string; customerId: number; customerName: string; phone: string | null; email: string | null }[];
};
const search = async (as: string, q: string, extra = ''): Promise<Answer> => {
  const res = await t.call('GET', `/api/v1/Search/records?q=${encodeURIComponent(q)}${extra}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('search forgives typos', () => {
  it('finds FreshMart when "freshmrt" is typed, and the Pecan Lodge when "pecn lodg" is', async () => {
    const found = await search('dispatcher', 'freshmrt', '&take=20');
    expect(found.customers.length).toBeGreaterThanOrEqual(5);
    for (const c of found.customers) expect(c.name).toMatch(/FreshMart/);
    expect((await search('dispatcher', 'pecn lodg')).customers[0]).toMatchObject({ name: 'Pecan Lodge Deep Ellum', address: '2702 Main St', city: 'Dallas' });
  });

  it('finds work orders by a misspelt problem and by a part of their number, the exact number first', async () => {
    const found = await search('dispatcher', 'walkin coolr', '&only=workOrders');
    expect(found.workOrders.length).toBe(5);
    for (const w of found.workOrders) expect(w.problem.toLowerCase()).toContain('walk-in cooler');
    expect(found.customers).toEqual([]);
    const [wo] = await workOrdersOf(t, 'tech');
    const byNumber = await search('dispatcher', wo.number);
    expect(byNumber.workOrders[0]).toMatchObject({ workOrderId: wo.id, workOrderNumber: wo.number, status: expect.any(String), customerName: expect.any(String) });
    const part = wo.number.slice(1, 5);
    const byPart = await search('dispatcher', part, '&take=20');
    const having = (await t.db.select().from(workOrders).where(eq(workOrders.subscriberId, polar))).filter((w) => w.workOrderNumber.includes(part));
    expect(byPart.workOrders.length).toBe(Math.min(20, having.length));
    for (const w of byPart.workOrders) expect(w.workOrderNumber).toContain(part);
  });

  it('finds customers by address and by phone written any way, and contacts by name, phone and e-mail', async () => {
    expect((await search('dispatcher', '6333 mockingbrd')).customers[0].name).toBe('FreshMart #112 Lakewood');
    const [c] = await t.db.select().from(customers).where(eq(customers.name, 'Uptown Steakhouse'));
    const digits = c.phone!.replace(/\D/g, '');
    for (const typed of [c.phone!, `(${digits.slice(0, 3)}) ${digits.slice(3, 6)} ${digits.slice(6)}`, `+1 ${digits}`]) {
      const found = await search('dispatcher', typed);
      expect(found.customers.map((x) => x.customerId), typed).toContain(c.id);
      expect(found.contacts.map((x) => x.customerId), typed).toContain(c.id);
    }
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.customerId, c.id));
    const [first, last] = contact.name.split(' ');
    const byName = await search('dispatcher', `${first.slice(0, -1)} ${last}`);
    expect(byName.contacts.map((x) => x.contactId)).toContain(contact.id);
    expect(byName.contacts.find((x) => x.contactId === contact.id)).toEqual({
      contactId: contact.id, name: contact.name, customerId: c.id, customerName: 'Uptown Steakhouse', phone: contact.phone, email: contact.email,
    });
    expect((await search('dispatcher', contact.email!.split('@')[0] + '@')).contacts[0].contactId).toBe(contact.id);
  });
});

describe('search shows only what the caller may see', () => {
  it("never answers another company's records", async () => {
    expect(await search('dispatcher', 'biscayne bay')).toEqual({ workOrders: [], customers: [], contacts: [] });
    expect((await search('coastal.admin', 'biscayne bay')).customers[0].name).toBe('Biscayne Bay Seafood');
    const phones = await search('dispatcher', '214-555', '&take=20');
    expect(phones.customers.length).toBeGreaterThan(5);
    for (const c of phones.customers) expect(polarCustomers.has(c.customerId)).toBe(true);
    for (const c of phones.contacts) expect(polarCustomers.has(c.customerId)).toBe(true);
    const [theirs] = await t.db.select().from(workOrders).where(ne(workOrders.subscriberId, polar)).limit(1);
    expect((await search('dispatcher', theirs.workOrderNumber)).workOrders.map((w) => w.workOrderId)).not.toContain(theirs.id);
    expect((await search('coastal.admin', 'freshmrt')).customers).toEqual([]);
  });

  it('answers a technician only the work orders assigned to them, and no contacts', async () => {
    const [mine] = await workOrdersOf(t, 'tech');
    const [theirs] = await workOrdersOf(t, 'tech2');
    expect((await search('tech', mine.number)).workOrders.map((w) => w.workOrderId)).toEqual([mine.id]);
    expect((await search('tech', theirs.number)).workOrders).toEqual([]);
    expect((await search('dispatcher', theirs.number)).workOrders[0].workOrderId).toBe(theirs.id);
    const walkIns = await search('tech', 'walk-in cooler', '&take=20');
    const assigned = new Set((await workOrdersOf(t, 'tech')).map((w) => w.id));
    for (const w of walkIns.workOrders) expect(assigned.has(w.workOrderId)).toBe(true);
    expect(walkIns.contacts).toEqual([]);
    expect((await search('tech', 'freshmrt')).customers.length).toBeGreaterThan(0);
    expect((await search('tech', 'maria garcia')).contacts).toEqual([]);
  });

  it('answers empty groups to those who may read none of them', async () => {
    for (const user of ['payroll', 'customer']) expect(await search(user, 'freshmart')).toEqual({ workOrders: [], customers: [], contacts: [] });
  });
});

describe('search paging and input', () => {
  it('caps each group, pages on, narrows to one group or one customer', async () => {
    const five = await search('dispatcher', 'freshmart');
    expect(five.customers.length).toBe(5);
    const two = await search('dispatcher', 'freshmart', '&take=2');
    expect(two.customers).toEqual(five.customers.slice(0, 2));
    const next = await search('dispatcher', 'freshmart', '&take=2&skip=2&only=customers');
    expect(next.customers).toEqual(five.customers.slice(2, 4));
    expect(next.workOrders).toEqual([]);
    const one = five.customers[0].customerId;
    const within = await search('dispatcher', 'freshmart', `&customerId=${one}`);
    expect(within.customers.map((c) => c.customerId)).toEqual([one]);
  });

  it('refuses a search too short or too long, and a take beyond 20, with a sentence', async () => {
    const cases: [string, string][] = [
      ['q=a', 'Search must be at least 2 characters.'],
      ['q=%20%20', 'Search must be at least 2 characters.'],
      ['', 'Search field is required!'],
      [`q=${'x'.repeat(101)}`, 'Search must be at most 100 characters.'],
      ['q=freshmart&take=21', 'Take must be at most 20.'],
      ['q=freshmart&take=0', 'Take must be at least 1.'],
      ['q=freshmart&only=invoices', 'Only must be one of workOrders, customers, contacts.'],
    ];
    for (const [query, sentence] of cases) {
      const res = await t.call('GET', `/api/v1/Search/records?${query}`, 'dispatcher');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().title, query).toBe(sentence);
    }
    expect(await search('dispatcher', '%_')).toEqual({ workOrders: [], customers: [], contacts: [] });
  });
});
