import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, customerFlagLinks, customerFlags, customerRateSheets, customers, equipment, equipmentCategories, scheduleItems, users, workOrders } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customerAudits, customerForm, demoCustomers } from './customer-fixtures';
import { CUSTOMER_REFERENCES } from './customer-merge.service';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoCustomers>>;
let salesId: number;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCustomers(t);
  [{ id: salesId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'sales'));
});
afterAll(() => t.close());

const merge = (as: string, keepCustomerId: number, mergeCustomerId: number) => t.call('POST', '/api/v1/Customer/merge', as, { keepCustomerId, mergeCustomerId });
const create = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/v1/Customer/create', 'dispatcher', customerForm(body));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customerId as number;
};
let number = 900001;
const addWorkOrder = async (customerId: number, billingCustomerId: number) => {
  const [w] = await t.db
    .insert(workOrders)
    .values({ subscriberId: ids.polarId, workOrderNumber: String(number++), customerId, billingCustomerId, workOrderStatusId: 1, problem: 'Duplicate site test' })
    .returning({ id: workOrders.id });
  return w.id;
};
const addSalesTask = async (customerId: number) => {
  const [s] = await t.db
    .insert(scheduleItems)
    .values({ subscriberId: ids.polarId, kind: 'sales', customerId, salesPersonUserId: salesId, task: 'Follow up', startAt: new Date(), timeZone: 'America/Chicago' })
    .returning({ id: scheduleItems.id });
  return s.id;
};
const workOrderTotal = async () => (await t.db.select({ n: count() }).from(workOrders))[0].n;
const referencesTo = async (customerId: number) => {
  const [w] = await t.db.select({ n: count() }).from(workOrders).where(or(eq(workOrders.customerId, customerId), eq(workOrders.billingCustomerId, customerId)));
  const [c] = await t.db.select({ n: count() }).from(customers).where(eq(customers.billingCustomerId, customerId));
  const [r] = await t.db.select({ n: count() }).from(customerRateSheets).where(eq(customerRateSheets.billingCustomerId, customerId));
  const [s] = await t.db.select({ n: count() }).from(scheduleItems).where(eq(scheduleItems.customerId, customerId));
  const [p] = await t.db.select({ n: count() }).from(contacts).where(eq(contacts.customerId, customerId));
  const [f] = await t.db.select({ n: count() }).from(customerFlagLinks).where(eq(customerFlagLinks.customerId, customerId));
  return w.n + c.n + r.n + s.n + p.n + f.n;
};

describe('Customer/merge', () => {
  it('knows every column of the database that refers to a customer', async () => {
    const res = await t.db.execute(sql`
      select cl.relname || '.' || a.attname as ref
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'customers'::regclass and a.attname <> 'subscriber_id'
      order by 1`);
    const refs = (res as unknown as { rows: { ref: string }[] }).rows.map((r) => r.ref);
    expect(refs).toEqual([...CUSTOMER_REFERENCES]);
  });

  it('moves a duplicate site onto the site kept: work orders, contacts, schedule items, equipment and flags, flags without duplicates', async () => {
    const keep = ids.id('FreshMart #112 Lakewood');
    const billing = ids.id('FreshMart Grocers Inc.');
    const [keyAccount, slowPayer] = await t.db.select().from(customerFlags).where(eq(customerFlags.subscriberId, ids.polarId)).orderBy(customerFlags.id).limit(2);
    await t.db.insert(customerFlagLinks).values({ subscriberId: ids.polarId, customerId: keep, customerFlagId: keyAccount.id });
    const dup = await create({ name: 'Freshmart 112 Lakewood', billingCustomerId: billing, customerFlagIds: [keyAccount.id, slowPayer.id] });
    const moved = [await addWorkOrder(dup, billing), await addWorkOrder(dup, billing)];
    const task = await addSalesTask(dup);
    const contact = await t.call('POST', '/api/v1/Contacts/create', 'dispatcher', { customerId: dup, name: 'Duplicate Primary', isPrimary: true });
    const [category] = await t.db.select().from(equipmentCategories).where(eq(equipmentCategories.subscriberId, ids.polarId)).limit(1);
    const [cooler] = await t.db.insert(equipment).values({ subscriberId: ids.polarId, customerId: dup, name: 'Walk-in Cooler', categoryId: category.id }).returning();
    const keptWorkOrders = (await t.db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.customerId, keep))).map((w) => w.id);
    const total = await workOrderTotal();

    const res = await t.call('POST', '/api/v1/Customer/merge', 'dispatcher', { keepCustomerId: keep, mergeCustomerId: dup, reason: ' Entered twice. ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ workOrders: 2, locations: 0, contacts: 1, scheduleItems: 1, rateSheets: 0, flags: 1 });

    expect(await workOrderTotal()).toBe(total);
    const nowKept = await t.db.select({ id: workOrders.id, billing: workOrders.billingCustomerId }).from(workOrders).where(eq(workOrders.customerId, keep));
    expect(nowKept.map((w) => w.id).sort()).toEqual([...keptWorkOrders, ...moved].sort());
    expect(nowKept.every((w) => w.billing === billing)).toBe(true);
    expect((await t.db.select().from(scheduleItems).where(eq(scheduleItems.id, task)))[0].customerId).toBe(keep);
    const people = await t.db.select().from(contacts).where(eq(contacts.customerId, keep));
    expect(people.find((p) => p.id === contact.json().contactId)).toMatchObject({ isPrimary: false });
    expect(people.filter((p) => p.isPrimary)).toHaveLength(1);
    const flags = await t.db.select().from(customerFlagLinks).where(eq(customerFlagLinks.customerId, keep));
    expect(flags.map((f) => f.customerFlagId).sort()).toEqual([keyAccount.id, slowPayer.id].sort());
    expect((await t.db.select().from(equipment).where(eq(equipment.id, cooler.id)))[0].customerId).toBe(keep);
    expect(await t.db.select().from(customers).where(eq(customers.id, dup))).toEqual([]);
    expect(await referencesTo(dup)).toBe(0);
    expect((await customerAudits(t, keep, 'merge'))[0].reason).toBe('Entered twice.');
    expect((await customerAudits(t, keep, 'merge'))[0].after).toMatchObject({ mergedCustomerId: dup, workOrders: 2, workOrderIds: expect.arrayContaining(moved) });
    expect(await customerAudits(t, dup, 'mergedInto')).toHaveLength(1);
  });

  it('moves what was billed to a duplicate billing customer (locations, rate sheets, billed work orders) onto the one kept', async () => {
    const keep = ids.id('FreshMart Grocers Inc.');
    const dup = ids.id('Lone Star Restaurant Group');
    const before = await t.db.select({ id: workOrders.id, customerId: workOrders.customerId, billing: workOrders.billingCustomerId }).from(workOrders);
    const billedToDup = before.filter((w) => w.billing === dup || w.customerId === dup).map((w) => w.id);
    expect(billedToDup.length).toBeGreaterThan(0);
    const res = await merge('admin', keep, dup);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ workOrders: billedToDup.length, locations: 5, rateSheets: 1, contacts: 1 });
    const after = await t.db.select({ id: workOrders.id, customerId: workOrders.customerId, billing: workOrders.billingCustomerId }).from(workOrders);
    expect(after.map((w) => w.id).sort()).toEqual(before.map((w) => w.id).sort());
    for (const w of after.filter((x) => billedToDup.includes(x.id))) expect(w.billing).toBe(keep);
    // Work orders that did not point at the duplicate did not change.
    const untouched = before.filter((w) => !billedToDup.includes(w.id));
    expect(after.filter((w) => !billedToDup.includes(w.id))).toEqual(expect.arrayContaining(untouched));
    expect(await referencesTo(dup)).toBe(0);
    const details = (await t.call('GET', `/api/v1/Customer/${keep}`, 'admin')).json();
    expect(details.locations.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['Pecan Lodge Deep Ellum', 'Uptown Steakhouse', 'FreshMart #127 Irving']));
  });

  it('makes the site kept bill itself when its own billing customer is merged into it', async () => {
    const billing = await create({ name: 'Harbor Foods' });
    const siteA = await create({ name: 'Harbor Foods Main St', billingCustomerId: billing });
    const siteB = await create({ name: 'Harbor Foods Elm St', billingCustomerId: billing });
    const wo = await addWorkOrder(siteB, billing);
    const res = await merge('dispatcher', siteA, billing);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ workOrders: 1, locations: 1 });
    const [a] = await t.db.select().from(customers).where(eq(customers.id, siteA));
    expect(a).toMatchObject({ isBillingCustomer: true, billingCustomerId: null });
    expect((await t.db.select().from(customers).where(eq(customers.id, siteB)))[0].billingCustomerId).toBe(siteA);
    expect((await t.db.select().from(workOrders).where(eq(workOrders.id, wo)))[0]).toMatchObject({ customerId: siteB, billingCustomerId: siteA });
  });

  it("bills to the kept site's billing customer what was billed to a duplicate that billed itself", async () => {
    const billing = ids.id('Trinity Health Facilities');
    const keep = ids.id('Trinity Medical Center North');
    const dup = await create({ name: 'Trinity Med Center N' });
    const wo = await addWorkOrder(dup, dup);
    const res = await merge('dispatcher', keep, dup);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.select().from(workOrders).where(eq(workOrders.id, wo)))[0]).toMatchObject({ customerId: keep, billingCustomerId: billing });
    expect((await t.db.select().from(customers).where(eq(customers.id, keep)))[0]).toMatchObject({ billingCustomerId: billing, isBillingCustomer: false });
  });

  it('changes nothing when it fails part-way', async () => {
    const keep = ids.id('Bishop Arts Cafe');
    const dup = await create({ name: 'Bishop Arts Café', billingCustomerId: ids.id('FreshMart Grocers Inc.') });
    await addWorkOrder(dup, ids.id('FreshMart Grocers Inc.'));
    await addSalesTask(dup);
    // The last step (deleting the duplicate) fails after every reference has moved.
    await t.db.execute(sql.raw(`create function refuse_customer_delete() returns trigger language plpgsql as $$
      begin raise exception 'customer % is still in use', old.id using errcode = '23503'; end $$`));
    await t.db.execute(sql.raw(`create trigger refuse_customer_delete before delete on customers for each row when (old.id = ${dup}) execute function refuse_customer_delete()`));
    try {
      const before = await dbFingerprint(t.db);
      const res = await merge('dispatcher', keep, dup);
      expect(res.statusCode).toBe(409);
      expect(res.json().title).toBe('The record refers to something that does not exist, or is still in use.');
      expect(await dbFingerprint(t.db)).toBe(before);
      expect(await referencesTo(dup)).toBe(2);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_customer_delete on customers'));
      await t.db.execute(sql.raw('drop function refuse_customer_delete()'));
    }
    expect((await merge('dispatcher', keep, dup)).statusCode).toBe(200);
  });

  it('refuses merging a customer into itself, across companies, a missing customer, and people without the right', async () => {
    const keep = ids.id('Cedar Springs Deli');
    const before = await dbFingerprint(t.db);
    const self = await merge('dispatcher', keep, keep);
    expect(self.statusCode).toBe(400);
    expect(self.json().title).toBe('A customer cannot be merged into itself: choose two different customers.');
    expect((await merge('dispatcher', keep, ids.coastalCustomer)).statusCode).toBe(404);
    expect((await merge('dispatcher', ids.coastalCustomer, keep)).json().title).toBe('Customer was not found.');
    expect((await merge('coastal.admin', ids.coastalCustomer, keep)).statusCode).toBe(404);
    expect((await merge('dispatcher', keep, 999999)).statusCode).toBe(404);
    expect((await merge('tech', keep, ids.id('Ice House Storage LLC'))).statusCode).toBe(403);
    expect((await merge('sales', keep, ids.id('Ice House Storage LLC'))).statusCode).toBe(403);
    expect((await merge('dispatcher', keep, 0)).json().title).toBe('Duplicate customer must be a positive number.');
    expect(await dbFingerprint(t.db)).toBe(before);
    expect(await t.db.select({ id: customers.id }).from(customers).where(and(inArray(customers.id, [keep, ids.coastalCustomer])))).toHaveLength(2);
  });
});
