import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users, workOrderClasses, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (body: unknown, as = 'dispatcher') => t.call('POST', '/api/v1/WorkOrder/create', as, body);
const customerNamed = async (name: string) => (await t.db.select().from(customers).where(eq(customers.name, name)))[0];
const userNamed = async (userName: string) => (await t.db.select().from(users).where(eq(users.userName, userName)))[0];
const details = async (number: string, as = 'dispatcher') => (await t.call('GET', `/api/v1/WorkOrder/${number}`, as)).json();

describe('creating a work order for a customer', () => {
  it('numbers it after the highest number, bills the billing customer, assigns the technicians, and records it', async () => {
    const site = await customerNamed('Pecan Lodge Deep Ellum');
    const billing = await customerNamed('Lone Star Restaurant Group');
    const tech = await userNamed('tech');
    const [service] = await t.db.select().from(workOrderClasses).where(and(eq(workOrderClasses.subscriberId, site.subscriberId), eq(workOrderClasses.name, 'Service')));
    const res = await create({
      customerId: site.id, problem: '  Walk-in door will not latch  ', nte: 750.5, priority: 'High', workOrderClassId: service.id,
      poNumber: 'PO-7781', providerReference: 'LSR-2231', technicianIds: [tech.id, tech.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workOrderNumber).toBe('240061');
    const wo = await details('240061');
    expect(wo).toMatchObject({
      workOrderId: res.json().workOrderId, workOrderStatusId: 13, workOrderStatus: 'ToDo', problem: 'Walk-in door will not latch', nte: 750.5,
      priority: 'High', workOrderClassId: service.id, workOrderClassName: 'Service', poNumber: 'PO-7781', providerReference: 'LSR-2231',
      customerId: site.id, billingCustomerId: billing.id, billingCustomerName: 'Lone Star Restaurant Group', parentWorkOrderId: null,
    });
    expect(wo.technicians).toEqual([{ userId: tech.id, name: 'Tom Alvarez' }]);
    expect(wo.statusHistory).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'ToDo', changedBy: 'Dana Whitfield' })]);
    expect(wo.auditTrail.map((a: { action: string }) => a.action)).toEqual(['create']);
    // The assigned technician sees it among their own.
    expect((await details('240061', 'tech')).workOrderNumber).toBe('240061');
  });

  it('bills a billing customer itself, defaults to Normal priority, and takes no technicians', async () => {
    const billing = await customerNamed('Ice House Storage LLC');
    const res = await create({ customerId: billing.id, problem: 'Dock door heater out' });
    expect(res.statusCode, res.body).toBe(200);
    const wo = await details(res.json().workOrderNumber);
    expect(wo).toMatchObject({ billingCustomerId: billing.id, billingCustomerName: 'Ice House Storage LLC', priority: 'Normal', nte: null, poNumber: null, workOrderClassId: null, technicians: [] });
  });

  it('puts it on Credit Hold (8) when the customer or its billing customer is on credit hold', async () => {
    const site = await customerNamed('Uptown Steakhouse');
    const billing = await customerNamed('Lone Star Restaurant Group');
    await t.db.update(customers).set({ isOnCreditHold: true }).where(eq(customers.id, billing.id));
    const viaBilling = await create({ customerId: site.id, problem: 'Bar cooler warm' });
    expect((await details(viaBilling.json().workOrderNumber)).workOrderStatus).toBe('Credit Hold');
    await t.db.update(customers).set({ isOnCreditHold: false }).where(eq(customers.id, billing.id));
    await t.db.update(customers).set({ isOnCreditHold: true }).where(eq(customers.id, site.id));
    const viaSite = await create({ customerId: site.id, problem: 'Bar cooler warm again' });
    const wo = await details(viaSite.json().workOrderNumber);
    expect(wo.workOrderStatusId).toBe(8);
    expect(wo.statusHistory[0].toStatus).toBe('Credit Hold');
    await t.db.update(customers).set({ isOnCreditHold: false }).where(eq(customers.id, site.id));
    const cleared = await create({ customerId: site.id, problem: 'Ice bin cracked' });
    expect((await details(cleared.json().workOrderNumber)).workOrderStatusId).toBe(13);
  });

  it('gives concurrent creates distinct, consecutive numbers', async () => {
    const site = await customerNamed('Bishop Arts Cafe');
    const rows = await t.db.select({ number: workOrders.workOrderNumber }).from(workOrders).where(eq(workOrders.subscriberId, site.subscriberId));
    const highest = Math.max(...rows.filter((r) => /^\d+$/.test(r.number)).map((r) => Number(r.number)));
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create({ customerId: site.id, problem: `Concurrent ${i}` })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const numbers = answers.map((a) => Number(a.json().workOrderNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => highest + 1 + i));
  });

  it('counts on numeric numbers only: sub work orders and other companies do not move it', async () => {
    const site = await customerNamed('Cedar Springs Deli');
    const first = await create({ customerId: site.id, problem: 'Sandwich unit warm' });
    const sub = await create({ parentWorkOrderId: first.json().workOrderId, problem: 'Follow-up' });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().workOrderNumber).toBe(`${first.json().workOrderNumber}-1`);
    const next = await create({ customerId: site.id, problem: 'Second unit warm' });
    expect(Number(next.json().workOrderNumber)).toBe(Number(first.json().workOrderNumber) + 1);
    const coastalSite = (await t.db.select().from(customers).where(eq(customers.name, 'Biscayne Bay Seafood')))[0];
    const coastal = await create({ customerId: coastalSite.id, problem: 'Walk-in warm' }, 'coastal.admin');
    expect(coastal.json().workOrderNumber).toBe('510013');
  });
});

describe('what create refuses', () => {
  it('answers the first failing rule with the product\'s sentence and writes nothing', async () => {
    const site = await customerNamed('FreshMart #112 Lakewood');
    const before = (await t.db.select({ id: workOrders.id }).from(workOrders)).length;
    const cases: [unknown, string][] = [
      [{}, 'Customer field is required!'],
      [{ problem: 'No customer' }, 'Customer field is required!'],
      [{ customerId: site.id }, 'Problem field is required!'],
      [{ customerId: site.id, problem: '   ' }, 'Problem field is required!'],
      [{ customerId: site.id, problem: 'x'.repeat(1501) }, 'Problem must be at most 1500 characters.'],
      [{ customerId: site.id, problem: 'Leak', nte: -1 }, 'NTE must not be negative.'],
      [{ customerId: site.id, problem: 'Leak', nte: 10.005 }, 'NTE must have at most two decimals.'],
      [{ customerId: site.id, problem: 'Leak', nte: '500' }, 'NTE must be a number.'],
      [{ customerId: site.id, problem: 'Leak', priority: 'Urgent' }, 'Priority must be one of Low, Normal, High, Emergency.'],
      [{ customerId: '12', problem: 'Leak' }, 'Customer must be a number.'],
      [{ customerId: site.id, problem: 'Leak', technicianIds: Array.from({ length: 21 }, (_, i) => i + 1) }, 'A work order can have at most 20 technicians.'],
    ];
    for (const [body, sentence] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    const dispatcher = await userNamed('dispatcher');
    const notTech = await create({ customerId: site.id, problem: 'Leak', technicianIds: [dispatcher.id] });
    expect(notTech.statusCode).toBe(400);
    expect(notTech.json().title).toBe('Dana Whitfield is not a technician.');
    const parent = (await t.db.select().from(workOrders).where(eq(workOrders.workOrderNumber, '240001')))[0];
    const mixed = await create({ parentWorkOrderId: parent.id, customerId: site.id, problem: 'Both' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().title).toBe('A sub work order takes its customer and terms from its parent; send only the parent and a problem.');
    expect((await t.db.select({ id: workOrders.id }).from(workOrders)).length).toBe(before);
  });

  it('reports another company\'s customer, technician and class as not found, and refuses those without the permission', async () => {
    const site = await customerNamed('FreshMart #112 Lakewood');
    const coastalSite = await customerNamed('Biscayne Bay Seafood');
    const coastalTech = await userNamed('coastal.tech');
    const [coastalClass] = await t.db.select().from(workOrderClasses).where(eq(workOrderClasses.subscriberId, coastalSite.subscriberId));
    const foreignCustomer = await create({ customerId: coastalSite.id, problem: 'Leak' });
    expect([foreignCustomer.statusCode, foreignCustomer.json().title]).toEqual([404, 'Customer was not found.']);
    expect((await create({ customerId: 999_999, problem: 'Leak' })).statusCode).toBe(404);
    const foreignTech = await create({ customerId: site.id, problem: 'Leak', technicianIds: [coastalTech.id] });
    expect([foreignTech.statusCode, foreignTech.json().title]).toEqual([404, 'Technician was not found.']);
    const foreignClass = await create({ customerId: site.id, problem: 'Leak', workOrderClassId: coastalClass.id });
    expect([foreignClass.statusCode, foreignClass.json().title]).toEqual([404, 'Work order class was not found.']);
    for (const who of ['payroll', 'sales', 'customer']) expect((await create({ customerId: site.id, problem: 'Leak' }, who)).statusCode).toBe(403);
  });
});
