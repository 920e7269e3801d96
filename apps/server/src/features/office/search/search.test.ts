import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, customers, users, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
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
    // The numbers holding the part come first; a customer's address or phone holding it may follow.
    const numbers = byPart.workOrders.slice(0, Math.min(20, having.length));
    expect(numbers.length).toBe(Math.min(20, having.length));
    for (const w of numbers) expect(w.workOrderNumber).toContain(part);
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

describe("search finds work orders by their customers' names, addresses and phones", () => {
  type Row = typeof workOrders.$inferSelect;
  const customerNamed = async (name: string) => (await t.db.select().from(customers).where(and(eq(customers.name, name), eq(customers.subscriberId, polar))))[0];
  const polarWorkOrders = () => t.db.select().from(workOrders).where(eq(workOrders.subscriberId, polar));
  const ids = (rows: { id: number }[]) => rows.map((w) => w.id).sort((a, b) => a - b);
  const foundIds = (a: Answer) => a.workOrders.map((w) => w.workOrderId).sort((x, y) => x - y);
  /** Polar's work orders at the site, or billed to the customer, at most 20 so that one page holds them all. */
  const ofCustomer = async (id: number, side: 'location' | 'billing') => {
    const rows = (await polarWorkOrders()).filter((w: Row) => (side === 'location' ? w.customerId : w.billingCustomerId) === id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(20);
    return rows;
  };

  it("finds a work order by its location customer's name, showing that name", async () => {
    const site = await customerNamed('Uptown Steakhouse');
    const expected = await ofCustomer(site.id, 'location');
    const found = await search('dispatcher', 'uptown steakhouse', '&only=workOrders&take=20');
    expect(foundIds(found)).toEqual(ids(expected));
    for (const w of found.workOrders) expect(w.customerName).toBe('Uptown Steakhouse');
  });

  it("finds a work order by its billing customer's name, showing the billing customer's name", async () => {
    const billing = await customerNamed('Lone Star Restaurant Group');
    const expected = await ofCustomer(billing.id, 'billing');
    const found = await search('dispatcher', 'lone star restaurant', '&only=workOrders&take=20');
    expect(foundIds(found)).toEqual(ids(expected));
    for (const w of found.workOrders) expect(w.customerName).toBe('Lone Star Restaurant Group');
  });

  it('forgives a typo in a customer name', async () => {
    const site = await customerNamed('Bishop Arts Cafe');
    const expected = await ofCustomer(site.id, 'location');
    const found = await search('dispatcher', 'bishop artz cafe', '&only=workOrders&take=20');
    expect(foundIds(found)).toEqual(ids(expected));
    for (const w of found.workOrders) expect(w.customerName).toBe('Bishop Arts Cafe');
    const billing = await customerNamed('Trinity Health Facilities');
    const billed = await ofCustomer(billing.id, 'billing');
    const twoTypos = await search('dispatcher', 'trinty health facilites', '&only=workOrders&take=20');
    expect(foundIds(twoTypos)).toEqual(ids(billed));
  });

  it("finds a work order by its location's or billing customer's address", async () => {
    const site = await customerNamed('Uptown Steakhouse');
    const atSite = await search('dispatcher', '2401 mckiney ave', '&only=workOrders&take=20');
    expect(foundIds(atSite)).toEqual(ids(await ofCustomer(site.id, 'location')));
    for (const w of atSite.workOrders) expect(w.customerName).toBe('Uptown Steakhouse');
    const billing = await customerNamed('Lone Star Restaurant Group');
    const billedThere = await search('dispatcher', '2200 ross ave dallas', '&only=workOrders&take=20');
    expect(foundIds(billedThere)).toEqual(ids(await ofCustomer(billing.id, 'billing')));
  });

  it('finds a work order by the phone digits of its customers, typed with any punctuation', async () => {
    const site = await customerNamed('Uptown Steakhouse');
    const digits = site.phone!.replace(/\D/g, '');
    const sharing = (await t.db.select().from(customers).where(eq(customers.subscriberId, polar))).filter((c) => c.phone?.replace(/\D/g, '') === digits).map((c) => c.id);
    const expected = (await polarWorkOrders()).filter((w) => sharing.includes(w.customerId) || sharing.includes(w.billingCustomerId ?? 0));
    expect(expected.length).toBeLessThanOrEqual(20);
    expect(expected.map((w) => w.customerId)).toContain(site.id);
    for (const typed of [`${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`, `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}/${digits.slice(6)}`, `+1 ${digits}`]) {
      const found = await search('dispatcher', typed, '&only=workOrders&take=20');
      expect(foundIds(found), typed).toEqual(ids(expected));
    }
  });

  it('ranks the exact number first, then names and problems, then addresses and phones', async () => {
    const [harbor, corner] = await t.db
      .insert(customers)
      .values([
        { subscriberId: polar, name: 'Harbor Grill', address: '90 Canal St', city: 'Dallas', state: 'TX', zip: '75201' },
        { subscriberId: polar, name: 'Corner Bistro', address: '12 Harbor Grill Plaza', city: 'Dallas', state: 'TX', zip: '75201' },
      ])
      .returning();
    const [status] = await polarWorkOrders();
    const [byName, byAddress] = await t.db
      .insert(workOrders)
      .values([
        { subscriberId: polar, workOrderNumber: 'HG-1', customerId: harbor.id, workOrderStatusId: status.workOrderStatusId, problem: 'Fryer will not light', createdAt: new Date(Date.now() - 86_400_000) },
        { subscriberId: polar, workOrderNumber: 'HG-2', customerId: corner.id, workOrderStatusId: status.workOrderStatusId, problem: 'Ice machine leaking', createdAt: new Date() },
      ])
      .returning();
    const found = await search('dispatcher', 'harbor grill', '&only=workOrders');
    expect(found.workOrders.map((w) => [w.workOrderId, w.customerName])).toEqual([[byName.id, 'Harbor Grill'], [byAddress.id, 'Corner Bistro']]);
    expect((await search('dispatcher', 'hg-2', '&only=workOrders')).workOrders[0].workOrderId).toBe(byAddress.id);
  });

  it("shows a technician only their own work orders of a customer, and nobody another company's", async () => {
    const assigned = new Set((await workOrdersOf(t, 'tech')).map((w) => w.id));
    const mine = await search('tech', 'lone star restaurant', '&only=workOrders&take=20');
    expect(mine.workOrders.length).toBeGreaterThan(0);
    for (const w of mine.workOrders) expect(assigned.has(w.workOrderId)).toBe(true);

    const uptown = await customerNamed('Uptown Steakhouse');
    const coastal = (await t.db.select().from(users).where(eq(users.userName, 'coastal.admin')))[0].subscriberId;
    const [billing] = await t.db
      .insert(customers)
      .values({ subscriberId: coastal, name: 'Lone Star Restaurant Group', address: '2200 Ross Ave', city: 'Dallas', state: 'TX', zip: '75201', phone: uptown.phone, isBillingCustomer: true })
      .returning();
    const [site] = await t.db
      .insert(customers)
      .values({ subscriberId: coastal, name: 'Uptown Steakhouse', address: '2401 McKinney Ave', city: 'Dallas', state: 'TX', zip: '75201', phone: uptown.phone, billingCustomerId: billing.id })
      .returning();
    const [status] = await polarWorkOrders();
    const [theirs] = await t.db
      .insert(workOrders)
      .values({ subscriberId: coastal, workOrderNumber: '990001', customerId: site.id, billingCustomerId: billing.id, workOrderStatusId: status.workOrderStatusId, problem: 'Walk-in cooler not holding temperature' })
      .returning();
    for (const typed of ['uptown steakhouse', 'lone star restaurant', '2401 mckinney ave', uptown.phone!]) {
      const ours = await search('dispatcher', typed, '&only=workOrders&take=20');
      expect(ours.workOrders.length, typed).toBeGreaterThan(0);
      expect(ours.workOrders.map((w) => w.workOrderId), typed).not.toContain(theirs.id);
      const found = await search('coastal.admin', typed, '&only=workOrders&take=20');
      expect(found.workOrders.map((w) => w.workOrderId), typed).toEqual([theirs.id]);
    }
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

  it('answers empty groups to those who may read none of them, and nothing to a customer user (the portal is theirs)', async () => {
    expect(await search('payroll', 'freshmart')).toEqual({ workOrders: [], customers: [], contacts: [] });
    expect((await t.call('GET', '/api/v1/Search/records?q=freshmart', 'customer')).statusCode).toBe(403);
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
    // Whatever is typed is looked for, never an error: wildcards, quotes, backslashes, lone letters, other scripts.
    for (const typed of ['\\\\', "o'brien's", 'a b', '12', '(((   )))', '%%%%', 'ünïcødé café', '🙂🙂', '1-', `${'ab '.repeat(33)}`]) await search('dispatcher', typed);
  });
});
