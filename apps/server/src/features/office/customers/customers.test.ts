import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerFlagLinks, customers } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customerAudits, customerForm, demoCustomers } from './customer-fixtures';
import { CREDIT_FORBIDDEN } from './customer-save.service';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoCustomers>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCustomers(t);
});
afterAll(() => t.close());

const create = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/Customer/create', as, body);
const read = (as: string, id: number) => t.call('GET', `/api/v1/Customer/${id}`, as);
const lookup = (as: string, query: string) => t.call('GET', `/api/v1/Customer/lookup${query}`, as);
const customerCount = async () => (await t.db.select({ n: count() }).from(customers))[0].n;

describe('Customer/lookup', () => {
  it('finds by name, address or phone typed any way, best matches first, with the billing customer', async () => {
    const byName = await lookup('dispatcher', '?search=freshmart');
    expect(byName.statusCode).toBe(200);
    const names = byName.json().map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['FreshMart #112 Lakewood', 'FreshMart #127 Irving']));
    const site = byName.json().find((c: { name: string }) => c.name === 'FreshMart #112 Lakewood');
    expect(site).toEqual({
      customerId: ids.id('FreshMart #112 Lakewood'), name: 'FreshMart #112 Lakewood', address: '6333 E Mockingbird Ln', city: 'Dallas', state: 'TX', zip: '75214',
      phone: expect.stringMatching(/^214-555-\d{4}$/), isBillingCustomer: false, billingCustomerId: ids.id('FreshMart Grocers Inc.'),
      billingCustomerName: 'FreshMart Grocers Inc.', isOnCreditHold: false, timeZone: null,
    });

    const byAddress = (await lookup('dispatcher', '?search=MOCKINGBIRD')).json();
    expect(byAddress.map((c: { name: string }) => c.name)).toEqual(['FreshMart #112 Lakewood']);
    const byCity = (await lookup('dispatcher', '?search=richardson')).json();
    expect(byCity.map((c: { name: string }) => c.name)).toContain('Trinity Outpatient Richardson');

    const phone = site.phone as string;
    const digits = phone.replaceAll('-', '');
    for (const typed of [phone, digits, `(${digits.slice(0, 3)}) ${digits.slice(3, 6)} ${digits.slice(6)}`, `+1${digits}`, `1-${phone}`, digits.slice(3)]) {
      const found = (await lookup('dispatcher', `?search=${encodeURIComponent(typed)}`)).json();
      expect(found.map((c: { customerId: number }) => c.customerId), typed).toContain(site.customerId);
    }
  });

  it('ranks an equal name first, then names starting with the search, other names, phones and addresses', async () => {
    for (const [name, address] of [['Turtle Creek Florist', '4000 Oak Lawn Ave'], ['Oak Lawn Bakery', '12 Main St'], ['Oak Lawn', '1 Elm St']]) {
      expect((await create('dispatcher', customerForm({ name, address }))).statusCode).toBe(200);
    }
    const found = (await lookup('dispatcher', '?search=oak%20LAWN')).json();
    expect(found.map((c: { name: string }) => c.name)).toEqual(['Oak Lawn', 'Oak Lawn Bakery', 'FreshMart #118 Oak Lawn', 'Turtle Creek Florist']);
  });

  it('takes 20 by default and at most 50, and treats wildcards literally', async () => {
    expect((await lookup('dispatcher', '')).json()).toHaveLength(19);
    expect((await lookup('dispatcher', '?take=2')).json()).toHaveLength(2);
    const tooMany = await lookup('dispatcher', '?take=51');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().title).toBe('Take must be at most 50.');
    expect((await lookup('dispatcher', `?search=${'x'.repeat(101)}`)).json().title).toBe('Search must be at most 100 characters.');
    expect((await lookup('dispatcher', '?search=%25')).json()).toEqual([]);
    expect((await lookup('dispatcher', '?search=_')).json()).toEqual([]);
  });

  it('answers the current choice first, only billing customers when asked, and leaves one out', async () => {
    const chosen = ids.id('Cedar Springs Deli');
    const first = (await lookup('dispatcher', `?search=freshmart&customerId=${chosen}`)).json();
    expect(first[0].customerId).toBe(chosen);
    expect(first.slice(1).every((c: { name: string }) => c.name.startsWith('FreshMart'))).toBe(true);
    const billing = (await lookup('dispatcher', `?billingOnly=true&excludeCustomerId=${ids.id('FreshMart Grocers Inc.')}&take=50`)).json();
    expect(billing.length).toBeGreaterThan(3);
    expect(billing.every((c: { isBillingCustomer: boolean; billingCustomerId: number | null }) => c.isBillingCustomer && c.billingCustomerId === null)).toBe(true);
    expect(billing.map((c: { name: string }) => c.name)).not.toContain('FreshMart Grocers Inc.');
    const page2 = (await lookup('dispatcher', '?take=2&skip=2')).json();
    expect(page2.map((c: { name: string }) => c.name)).toEqual((await lookup('dispatcher', '?take=4')).json().slice(2).map((c: { name: string }) => c.name));
    expect((await lookup('dispatcher', '?billingOnly=yes')).json().title).toBe('Billing only must be true or false.');
  });

  it("never answers another company's customers, and needs Customers read", async () => {
    expect((await lookup('coastal.admin', '?search=freshmart')).json()).toEqual([]);
    expect((await lookup('dispatcher', '?search=biscayne')).json()).toEqual([]);
    expect((await lookup('payroll', '?search=a')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/customer/LOOKUP?search=pecan', 'tech')).json()[0].name).toBe('Pecan Lodge Deep Ellum');
  });
});

describe('Customer/customers grid', () => {
  it('pages, sorts and filters on the server on every column, flags as 1/0', async () => {
    const res = await t.call('POST', '/api/v1/Customer/customers', 'dispatcher', { take: 5, skip: 0, sort: [{ field: 'workOrderCount', dir: 'desc' }] });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(19);
    expect(page.data).toHaveLength(5);
    const counts = page.data.map((r: { workOrderCount: number }) => r.workOrderCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(page.data[0]).toMatchObject({ customerId: expect.any(Number), isTaxExempt: false, email: null });

    const filter = (field: string, operator: string, value: unknown) =>
      t.call('POST', '/api/v1/Customer/customers', 'dispatcher', { filter: { logic: 'and', filters: [{ field, operator, value }] } });
    expect((await filter('isBillingCustomer', 'eq', 1)).json().total).toBe(8); // three billing customers, two sites billing themselves, three made above
    expect((await filter('billingCustomerName', 'contains', 'trinity')).json().total).toBe(2);
    expect((await filter('city', 'eq', 'PLANO')).json().data.map((r: { name: string }) => r.name)).toEqual(['FreshMart #121 Plano']);
    for (const field of ['customerId', 'name', 'address', 'city', 'state', 'zip', 'phone', 'email', 'isBillingCustomer', 'billingCustomerName', 'isOnCreditHold', 'isTaxExempt', 'workOrderCount']) {
      const sorted = await t.call('POST', '/api/v1/Customer/customers', 'dispatcher', { sort: [{ field, dir: 'desc' }] });
      expect(sorted.statusCode, field).toBe(200);
    }
    const bad = await filter('passwordHash', 'eq', 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('passwordHash cannot be filtered.');
  });

  it("shows a user without 'All Customers' or write on Customers only the customers of work orders assigned to them", async () => {
    const created = await create('dispatcher', customerForm({ name: 'Unassigned Rink' }));
    const newId = created.json().customerId;
    const asTech = (await t.call('POST', '/api/v1/Customer/customers', 'tech', { take: 100 })).json();
    expect(asTech.data.map((r: { customerId: number }) => r.customerId)).not.toContain(newId);
    expect(asTech.total).toBe(16); // tech's work orders reach every demo site and their billing customers
    // A sales person writes customers: they see every customer of the company, the one just added among them.
    expect((await t.call('POST', '/api/v1/Customer/customers', 'sales', { take: 500 })).json().data.map((r: { customerId: number }) => r.customerId)).toContain(newId);
    expect((await read('tech', newId)).statusCode).toBe(404);
    expect((await lookup('tech', '?search=unassigned')).json()).toEqual([]);
    expect((await read('dispatcher', newId)).statusCode).toBe(200);
  });
});

describe('GET Customer/{customerId}', () => {
  it('answers the customer with its locations, contacts, flags and counts; credit only to those allowed', async () => {
    const billingId = ids.id('FreshMart Grocers Inc.');
    const res = await read('admin', billingId);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ name: 'FreshMart Grocers Inc.', isBillingCustomer: true, billingCustomerId: null, canSeeCredit: true, creditLimit: null, isOnCreditHold: false });
    expect(c.locations.map((l: { name: string }) => l.name)).toEqual(['FreshMart #112 Lakewood', 'FreshMart #118 Oak Lawn', 'FreshMart #121 Plano', 'FreshMart #127 Irving']);
    expect(c.contacts).toHaveLength(1);
    expect(c.contacts[0]).toMatchObject({ isPrimary: true });
    expect(c.counts).toMatchObject({ locations: 4, contacts: 1 });
    expect(c.counts.workOrders).toBeGreaterThan(0);

    const asDispatcher = (await read('dispatcher', billingId)).json();
    expect(asDispatcher).toMatchObject({ canSeeCredit: false, creditLimit: null, isOnCreditHold: null });
  });

  it("answers 404 for another company's customer, a missing one, and refuses a bad id", async () => {
    expect((await read('admin', ids.coastalCustomer)).statusCode).toBe(404);
    expect((await read('admin', ids.coastalCustomer)).json().title).toBe('Customer was not found.');
    expect((await read('admin', 999999)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/Customer/abc', 'admin')).json().title).toBe('Customer must be a whole number, written in digits only.');
  });
});

describe('Customer/create and PUT Customer/{customerId}', () => {
  it('creates a billing customer with its position, normalised phone, canonical zone and flags, audited', async () => {
    const flags = (await t.call('GET', '/api/v1/Flags/customerFlags', 'dispatcher')).json();
    expect(flags.map((f: { customerFlagName: string }) => f.customerFlagName)).toEqual(['After Hours Only', 'Key Account', 'Requires Escort', 'Slow Payer']);
    const res = await create('dispatcher', customerForm({ timeZone: 'america/chicago', gps: `32°52'7"N, 96°46'22"W`, customerFlagIds: [flags[1].customerFlagId, flags[1].customerFlagId] }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().customerId;
    const c = (await read('dispatcher', id)).json();
    expect(c).toMatchObject({ name: 'Northpark Ice Rink', state: 'TX', phone: '214-555-0199', timeZone: 'America/Chicago', isBillingCustomer: true, billingCustomerId: null, siteRadiusMeters: 200 });
    expect(c.latitude).toBeCloseTo(32.86861, 4);
    expect(c.longitude).toBeCloseTo(-96.77278, 4);
    expect(c.flags).toEqual([{ customerFlagId: flags[1].customerFlagId, customerFlagName: 'Key Account' }]);
    expect(await customerAudits(t, id, 'create')).toHaveLength(1);
  });

  it('adds a service location of a billing customer, and refuses a location or a foreign customer as the billing customer', async () => {
    const billingId = ids.id('Lone Star Restaurant Group');
    const loc = await create('dispatcher', customerForm({ name: 'Lone Star Patio Bar', billingCustomerId: billingId }));
    expect(loc.statusCode, loc.body).toBe(200);
    const c = (await read('dispatcher', loc.json().customerId)).json();
    expect(c).toMatchObject({ isBillingCustomer: false, billingCustomerId: billingId, billingCustomerName: 'Lone Star Restaurant Group' });

    const before = await dbFingerprint(t.db);
    const site = await create('dispatcher', customerForm({ billingCustomerId: ids.id('Uptown Steakhouse') }));
    expect(site.statusCode).toBe(400);
    expect(site.json().title).toBe('Uptown Steakhouse is a service location, not a billing customer: choose a customer that bills itself.');
    const foreign = await create('dispatcher', customerForm({ billingCustomerId: ids.coastalCustomer }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().title).toBe('Billing customer was not found.');
    const both = await create('dispatcher', customerForm({ isBillingCustomer: true, billingCustomerId: billingId }));
    expect(both.json().title).toBe('A billing customer bills itself: leave Billing Customer empty, or choose "Bills itself".');
    const none = await create('dispatcher', customerForm({ isBillingCustomer: false }));
    expect(none.json().title).toBe('Billing Customer field is required!');
    const foreignFlag = await create('dispatcher', customerForm({ customerFlagIds: [999999] }));
    expect(foreignFlag.statusCode).toBe(404);
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('refuses bad input with the sentence of the first failing rule and writes nothing', async () => {
    const before = await customerCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'Name field is required!'],
      [{ name: undefined }, 'Name field is required!'],
      [{ state: 'Texas' }, 'State must be at most 2 characters.'],
      [{ state: 'T1' }, 'State must be two letters, like TX.'],
      [{ zip: '7520' }, 'Zip must be 5 digits or 5+4 digits, like 75201 or 75201-1234.'],
      [{ zip: '75201-12' }, 'Zip must be 5 digits or 5+4 digits, like 75201 or 75201-1234.'],
      [{ phone: '014-555-0100' }, 'Phone must be a 10-digit number like 214-555-0100 (the first digit not 0).'],
      [{ phone: '555-0100' }, 'Phone must be a 10-digit number like 214-555-0100 (the first digit not 0).'],
      [{ email: 'rink@' }, 'Email is not a valid e-mail address.'],
      [{ gps: 'north of the mall' }, 'GPS position is not readable: use decimal degrees (32.7767, -96.7970) or degrees, minutes and seconds (32°46\'36"N, 96°47\'49"W).'],
      [{ gps: '95, 10' }, 'GPS position is not readable: use decimal degrees (32.7767, -96.7970) or degrees, minutes and seconds (32°46\'36"N, 96°47\'49"W).'],
      [{ siteRadiusMeters: 5001 }, 'Site Radius must be at most 5000 metres.'],
      [{ siteRadiusMeters: -1 }, 'Site Radius must not be negative.'],
      [{ timeZone: 'Mars/Olympus' }, 'Time Zone must be a time zone name like America/Chicago.'],
      [{ timeZone: '+05:00' }, 'Time Zone must be a time zone name like America/Chicago.'],
      [{ notes: 'x'.repeat(4001) }, 'Notes must be at most 4000 characters.'],
      [{ isTaxExempt: 'yes' }, 'Tax Exempt must be true or false.'],
      [{ billingCustomerId: '1' }, 'Billing Customer must be a number.'],
    ];
    for (const [over, message] of cases) {
      const res = await create('dispatcher', customerForm(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().title, JSON.stringify(over)).toBe(message);
    }
    expect(await customerCount()).toBe(before);
  });

  it('gates the credit fields: 403 with a sentence without the permission; omitted on update they stay', async () => {
    const before = await customerCount();
    for (const credit of [{ creditLimit: 5000 }, { isOnCreditHold: true }, { creditLimit: null }]) {
      const res = await create('dispatcher', customerForm(credit));
      expect(res.statusCode).toBe(403);
      expect(res.json().title).toBe(CREDIT_FORBIDDEN);
    }
    expect(await customerCount()).toBe(before);

    const made = await create('admin', customerForm({ name: 'Credit Check Cafe', creditLimit: 2500.5, isOnCreditHold: true }));
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().customerId;
    expect((await read('admin', id)).json()).toMatchObject({ creditLimit: 2500.5, isOnCreditHold: true, canSeeCredit: true });
    expect((await create('admin', customerForm({ creditLimit: 1.005 }))).json().title).toBe('Credit Limit must have at most two decimals.');

    const edit = await t.call('PUT', `/api/v1/Customer/${id}`, 'dispatcher', customerForm({ name: 'Credit Check Cafe & Bar', phone: '214 555 0123' }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await read('admin', id)).json()).toMatchObject({ name: 'Credit Check Cafe & Bar', phone: '214-555-0123', creditLimit: 2500.5, isOnCreditHold: true });
    expect((await t.call('PUT', `/api/v1/Customer/${id}`, 'dispatcher', customerForm({ isOnCreditHold: false }))).statusCode).toBe(403);
    const release = await t.call('PUT', `/api/v1/Customer/${id}`, 'admin', customerForm({ name: 'Credit Check Cafe & Bar', isOnCreditHold: false }));
    expect(release.statusCode).toBe(200);
    expect((await read('admin', id)).json()).toMatchObject({ creditLimit: 2500.5, isOnCreditHold: false });
    expect(await customerAudits(t, id, 'update')).toHaveLength(2);
  });

  it('refuses a technician (403), another company (404), and keeps a billing customer with locations a billing customer', async () => {
    expect((await create('tech', customerForm())).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/v1/Customer/${ids.id('Bishop Arts Cafe')}`, 'tech', customerForm())).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/v1/Customer/${ids.coastalCustomer}`, 'admin', customerForm())).statusCode).toBe(404);

    const billing = ids.id('Trinity Health Facilities');
    const before = await dbFingerprint(t.db);
    const demote = await t.call('PUT', `/api/v1/Customer/${billing}`, 'dispatcher', customerForm({ name: 'Trinity Health Facilities', billingCustomerId: ids.id('FreshMart Grocers Inc.') }));
    expect(demote.statusCode).toBe(400);
    expect(demote.json().title).toBe('Trinity Health Facilities has service locations billed to it, so it must stay a billing customer.');
    const self = await t.call('PUT', `/api/v1/Customer/${billing}`, 'dispatcher', customerForm({ billingCustomerId: billing }));
    expect(self.json().title).toBe('A customer cannot be its own billing customer: choose "Bills itself".');
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('replaces the flags when given and keeps them when left out', async () => {
    const flags = (await t.call('GET', '/api/v1/Flags/customerFlags', 'dispatcher')).json();
    const id = (await create('dispatcher', customerForm({ name: 'Flag Test', customerFlagIds: [flags[0].customerFlagId] }))).json().customerId;
    await t.call('PUT', `/api/v1/Customer/${id}`, 'dispatcher', customerForm({ name: 'Flag Test' }));
    expect((await t.db.select().from(customerFlagLinks).where(eq(customerFlagLinks.customerId, id))).map((l) => l.customerFlagId)).toEqual([flags[0].customerFlagId]);
    await t.call('PUT', `/api/v1/Customer/${id}`, 'dispatcher', customerForm({ name: 'Flag Test', customerFlagIds: [flags[2].customerFlagId, flags[3].customerFlagId] }));
    expect((await read('dispatcher', id)).json().flags.map((f: { customerFlagId: number }) => f.customerFlagId).sort()).toEqual([flags[2].customerFlagId, flags[3].customerFlagId].sort());
    const coastalFlags = (await t.call('GET', '/api/v1/Flags/customerFlags', 'coastal.admin')).json();
    expect((await t.call('PUT', `/api/v1/Customer/${id}`, 'dispatcher', customerForm({ customerFlagIds: [coastalFlags[0].customerFlagId] }))).statusCode).toBe(404);
  });
});
