import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerRateSheets, customers, emailOutbox, rateSheetApprovals, rateSheetLaborItems, users, workOrderLabor, workOrders, workOrderTechnicians } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customerForm } from '../customers/customer-fixtures';

let t: TestApp;
let tech: typeof users.$inferSelect;
let freshMart: typeof customers.$inferSelect;
let coastalBilling: number;
let subscriberId: number;

const rates = (hourlyRate: number, employeeType = 'Service Technician') => ({
  technicianUserId: tech.id, employeeType, hourlyRate, otHourlyRate: hourlyRate * 1.5, standByRate: hourlyRate / 2, apprenticeRate: null, dailyRate: hourlyRate * 8,
});
const version = (billingCustomerId: number, extra: object = {}) => ({
  billingCustomerId, name: 'Rates 2027', effectiveFrom: '2025-06-01', labor: [rates(150)], trucks: [{ name: 'Service Van', hourlyRate: 30, tripCharge: 90.5 }],
  perDiems: [{ perDiemTypeId: 1, amount: 45.25 }], standardItems: [{ name: 'Trip Charge', itemRateTypeId: 1, price: 80 }], ...extra,
});
const { billingCustomerId: _, ...body } = { billingCustomerId: 0, name: 'x', effectiveFrom: '2025-01-01', labor: [], trucks: [], perDiems: [], standardItems: [] };
const emptyBody = body;

beforeAll(async () => {
  t = await createTestApp();
  [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  subscriberId = tech.subscriberId;
  [freshMart] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart Grocers Inc.'));
  const [coastalTech] = await t.db.select().from(users).where(eq(users.userName, 'coastal.tech'));
  const [other] = await t.db.select().from(customers).where(and(eq(customers.subscriberId, coastalTech.subscriberId), eq(customers.isBillingCustomer, true)));
  coastalBilling = other.id;
});
afterAll(() => t.close());

describe('rate sheet access', () => {
  it('is kept under Billing: read for the dispatcher, write for administrators, nothing for a technician', async () => {
    expect((await t.call('GET', '/api/v1/RateSheet/customers', null)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/RateSheet/customers', 'tech')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/RateSheet/customers?search=fresh', 'dispatcher')).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/RateSheet', 'dispatcher', version(freshMart.id))).statusCode).toBe(403);
    expect((await t.call('PUT', '/api/v1/RateSheet/settings', 'dispatcher', { isApprovalRequired: true })).statusCode).toBe(403);
  });

  it("answers another company's billing customer and version as not found", async () => {
    expect((await t.call('GET', `/api/v1/RateSheet/customer/${coastalBilling}`, 'admin')).statusCode).toBe(404);
    expect((await t.call('POST', '/api/v1/RateSheet', 'admin', version(coastalBilling))).statusCode).toBe(404);
    const [theirs] = await t.db.select().from(customerRateSheets).where(eq(customerRateSheets.billingCustomerId, coastalBilling));
    if (theirs) expect((await t.call('GET', `/api/v1/RateSheet/${theirs.id}`, 'admin')).statusCode).toBe(404);
  });

  it('refuses bad rates with a sentence', async () => {
    const bad = async (extra: object) => {
      const res = await t.call('POST', '/api/v1/RateSheet', 'admin', version(freshMart.id, extra));
      expect(res.statusCode, res.body).toBe(400);
      return res.json().title as string;
    };
    expect(await bad({ labor: [{ ...rates(150), hourlyRate: -1 }] })).toBe('Regular Rate must not be negative.');
    expect(await bad({ labor: [{ ...rates(150), hourlyRate: 10.005 }] })).toBe('Regular Rate must have at most two decimals.');
    expect(await bad({ effectiveFrom: '2027-02-30' })).toBe('Effective From is not a real date.');
    expect(await bad({ perDiems: [{ perDiemTypeId: 1, amount: 5 }, { perDiemTypeId: 1, amount: 6 }] })).toBe('Each per diem type has one amount on a rate sheet.');
    expect(await bad({ labor: [rates(150), rates(160)] })).toBe('A technician has each Employee Type once on a rate sheet.');
    expect(await bad({ labor: [{ ...rates(150), technicianUserId: 999999 }] })).toBe('Technician 999999 was not found.');
    expect(await bad({ standardItems: [{ name: 'Trip', itemRateTypeId: 99, price: 1 }] })).toBe('Item rate type 99 was not found.');
    expect(await bad({ name: '' })).toBe('Rate Sheet Name field is required!');
  });
});

describe('rate sheet versions', () => {
  let restaurant: typeof customers.$inferSelect;
  let oldItem: number;
  let newVersion: number;

  beforeAll(async () => {
    const [seeded] = await t.db.select().from(customerRateSheets).where(eq(customerRateSheets.name, 'Restaurant Service Rates 2026'));
    [restaurant] = await t.db.select().from(customers).where(eq(customers.id, seeded.billingCustomerId));
    [{ id: oldItem }] = await t.db.select().from(rateSheetLaborItems).where(and(eq(rateSheetLaborItems.customerRateSheetId, seeded.id), eq(rateSheetLaborItems.name, 'Service Technician')));
  });

  it('lists the billing customers with the version in effect', async () => {
    const res = await t.call('GET', `/api/v1/RateSheet/customers?search=${encodeURIComponent(restaurant.name.slice(0, 6))}`, 'dispatcher');
    expect(res.json()).toContainEqual(expect.objectContaining({ billingCustomerId: restaurant.id, versionCount: 1, currentVersionName: 'Restaurant Service Rates 2026' }));
  });

  it('saves a new version with exact money, in effect from its date when the company does not ask approval', async () => {
    const res = await t.call('POST', '/api/v1/RateSheet', 'admin', version(restaurant.id));
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    newVersion = v.customerRateSheetId;
    expect(v).toMatchObject({ status: 'saved', isCurrent: true, isEditable: false, effectiveFrom: '2025-06-01', perDiems: [{ perDiemTypeId: 1, amount: 45.25 }], trucks: [{ tripCharge: 90.5 }] });
    expect(v.labor[0]).toMatchObject({ technicianName: 'Tom Alvarez', hourlyRate: 150, otHourlyRate: 225, dailyRate: 1200 });
    const sheet = (await t.call('GET', `/api/v1/RateSheet/customer/${restaurant.id}`, 'dispatcher')).json();
    expect(sheet.versions.map((s: { name: string; isCurrent: boolean }) => [s.name, s.isCurrent])).toEqual([['Rates 2027', true], ['Restaurant Service Rates 2026', false]]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'customerRateSheet'), eq(auditLog.entityId, newVersion)));
    expect(audit.action).toBe('create');
  });

  it('keeps a version in effect as it is: editing it in place is refused, a future one may be changed', async () => {
    const res = await t.call('PUT', `/api/v1/RateSheet/${newVersion}`, 'admin', { ...emptyBody, name: 'Changed', effectiveFrom: '2025-06-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().title).toMatch(/make a new version/);
    const future = (await t.call('POST', '/api/v1/RateSheet', 'admin', version(restaurant.id, { name: 'Rates 2099', effectiveFrom: '2099-01-01' }))).json();
    expect(future).toMatchObject({ isEditable: true, isCurrent: false });
    const changed = await t.call('PUT', `/api/v1/RateSheet/${future.customerRateSheetId}`, 'admin', { ...emptyBody, name: 'Rates 2099 b', effectiveFrom: '2099-02-01', labor: [rates(200.5)] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Rates 2099 b', trucks: [], labor: [{ hourlyRate: 200.5 }] });
  });

  it("bills labor before and after a new version at its own day's rates", async () => {
    const [site] = await t.db.select().from(customers).where(eq(customers.billingCustomerId, restaurant.id));
    const [wo] = await t.db
      .insert(workOrders)
      .values({ subscriberId, workOrderNumber: 'RS-1', customerId: site.id, billingCustomerId: restaurant.id, workOrderStatusId: 38, problem: 'Fryer down' })
      .returning();
    const [newItem] = await t.db.select().from(rateSheetLaborItems).where(eq(rateSheetLaborItems.customerRateSheetId, newVersion));
    const at = (iso: string, hours: number) => ({ startedAt: new Date(iso), stoppedAt: new Date(new Date(iso).getTime() + hours * 3_600_000) });
    await t.db.insert(workOrderLabor).values([
      // Started with an Employee Type: keeps it whatever the sheet says later.
      { subscriberId, workOrderId: wo.id, userId: tech.id, rateSheetLaborItemId: oldItem, ...at('2025-05-20T15:00:00Z', 2) },
      { subscriberId, workOrderId: wo.id, userId: tech.id, rateSheetLaborItemId: newItem.id, ...at('2025-06-10T15:00:00Z', 2) },
      // Without one: the technician's first item on the version in effect that day.
      { subscriberId, workOrderId: wo.id, userId: tech.id, ...at('2025-05-31T15:00:00Z', 1) },
      { subscriberId, workOrderId: wo.id, userId: tech.id, ...at('2025-06-01T15:00:00Z', 1) },
    ]);
    const res = await t.call('POST', '/api/v1/Invoice/preview', 'admin', { workOrderId: wo.id, invoiceDate: '2025-06-30' });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().totals.laborLines as { rate: number; hours: number }[];
    expect(lines.map((l) => [l.hours, l.rate])).toEqual([[2, 115], [1, 115], [1, 150], [2, 150]]);
  });
});

describe('approval by the customer', () => {
  let versionId: number;
  let guid: string;
  let techItemOld: number;
  const send = (id: number, email = 'ap@freshmart.example', as = 'admin') => t.call('POST', `/api/v1/RateSheet/${id}/sendForApproval`, as, { email });
  const read = (g: string) => t.call('GET', `/api/v1/CustomerRateSheetApproval/${g}`, null);
  const answer = (g: string, b: object) => t.call('POST', `/api/v1/CustomerRateSheetApproval/${g}`, null, b);

  beforeAll(async () => {
    expect((await t.call('PUT', '/api/v1/RateSheet/settings', 'admin', { isApprovalRequired: true })).json()).toEqual({ isApprovalRequired: true });
    const current = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${freshMart.id}`, 'tech')).json();
    techItemOld = current.find((i: { employeeType: string }) => i.employeeType === 'Service Technician').serviceTechnicianId;
  });

  it('saves a version that waits for the approval before it takes effect', async () => {
    const today = (await t.call('GET', `/api/v1/RateSheet/customer/${freshMart.id}`, 'admin')).json().today as string;
    const res = await t.call('POST', '/api/v1/RateSheet', 'admin', version(freshMart.id, { name: 'FreshMart new', effectiveFrom: today, labor: [rates(120, 'Lead Technician')] }));
    versionId = res.json().customerRateSheetId;
    expect(res.json()).toMatchObject({ status: 'saved', isCurrent: false, isEditable: true });
    const offered = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${freshMart.id}`, 'tech')).json();
    expect(offered.map((i: { serviceTechnicianId: number }) => i.serviceTechnicianId)).toContain(techItemOld);
  });

  it('refuses a send without an address, or of another company', async () => {
    const res = await t.call('POST', `/api/v1/RateSheet/${versionId}/sendForApproval`, 'admin', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('Send To field is required!');
    expect((await send(versionId, 'not-an-address')).json().title).toBe('Send To is not a valid e-mail address.');
    expect((await send(versionId, 'ap@freshmart.example', 'coastal.admin')).statusCode).toBe(404);
  });

  it("offers the customer's own address to send to when no contact has one, as an imported customer has none", async () => {
    const created = await t.call('POST', '/api/v1/Customer/create', 'admin', customerForm({ name: 'Imported Diner', email: 'owner@importeddiner.example' }));
    expect(created.statusCode, created.body).toBe(200);
    const sheet = (await t.call('GET', `/api/v1/RateSheet/customer/${created.json().customerId}`, 'admin')).json();
    expect(sheet.contacts).toEqual([{ name: 'Imported Diner', email: 'owner@importeddiner.example' }]);
    const withContacts = (await t.call('GET', `/api/v1/RateSheet/customer/${freshMart.id}`, 'admin')).json().contacts as { email: string }[];
    expect(new Set(withContacts.map((c) => c.email.toLowerCase())).size).toBe(withContacts.length);
  });

  it("e-mails the customer a link, and keeps only the link's fingerprint", async () => {
    const res = await send(versionId);
    expect(res.statusCode, res.body).toBe(200);
    guid = res.json().customerRateSheetApprovalGuid;
    expect(guid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json()).toMatchObject({ status: 'Pending', sentTo: 'ap@freshmart.example', path: `/customerRateSheetApproval/${guid}` });
    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail.to).toEqual(['ap@freshmart.example']);
    expect(mail.text).toContain(`/customerRateSheetApproval/${guid}`);
    const [row] = await t.db.select().from(rateSheetApprovals).where(eq(rateSheetApprovals.customerRateSheetId, versionId));
    expect(JSON.stringify(row)).not.toContain(guid);
    const v = (await t.call('GET', `/api/v1/RateSheet/${versionId}`, 'dispatcher')).json();
    expect(v).toMatchObject({ status: 'sent', isEditable: false, approvals: [{ status: 'Pending' }] });
  });

  it('shows the customer every rate without a sign-in, and refuses unknown links alike', async () => {
    const res = await read(guid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: expect.any(String), customerName: 'FreshMart Grocers Inc.', name: 'FreshMart new', status: 'Pending',
      labor: [{ technicianName: 'Tom Alvarez', employeeType: 'Lead Technician', hourlyRate: 120 }], perDiems: [{ amount: 45.25 }], standardItems: [{ name: 'Trip Charge', price: 80 }],
    });
    expect((await read('x'.repeat(43))).statusCode).toBe(404);
    expect((await read('short')).statusCode).toBe(404);
  });

  it('needs a reason to decline', async () => {
    const res = await answer(guid, { decision: 'Declined', approverName: 'Dana Lopez' });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('Reason field is required!');
  });

  it('takes one answer: the version is approved, takes effect, and the office is told', async () => {
    const res = await answer(guid, { decision: 'Approved', approverName: 'Dana Lopez' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Approved', approverName: 'Dana Lopez' });
    const again = await answer(guid, { decision: 'Declined', approverName: 'Someone', reason: 'Too high' });
    expect(again.statusCode).toBe(409);
    const v = (await t.call('GET', `/api/v1/RateSheet/${versionId}`, 'admin')).json();
    expect(v).toMatchObject({ status: 'approved', isCurrent: true, isEditable: false, approvals: [{ status: 'Approved', approverName: 'Dana Lopez' }] });
    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    expect(mail.to).toEqual([admin.email]);
    expect(mail.subject).toBe('FreshMart Grocers Inc. approved rate sheet "FreshMart new"');
    expect((await send(versionId)).statusCode).toBe(409);
  });

  it('offers the technician the Employee Types of the version in effect on the labor\'s day, and the labor keeps its own', async () => {
    const offered = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${freshMart.id}`, 'tech')).json();
    expect(offered.map((i: { employeeType: string }) => i.employeeType)).toEqual(['Lead Technician']);
    const [site] = await t.db.select().from(customers).where(eq(customers.billingCustomerId, freshMart.id));
    const [wo] = await t.db
      .insert(workOrders)
      .values({ subscriberId, workOrderNumber: 'RS-2', customerId: site.id, billingCustomerId: freshMart.id, workOrderStatusId: 38, problem: 'Cooler warm' })
      .returning();
    await t.db.insert(workOrderTechnicians).values({ subscriberId, workOrderId: wo.id, userId: tech.id });
    const start = (serviceTechnicianId: number) =>
      t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', { workOrderId: wo.id, startTime: new Date().toISOString(), isReachedAtSite: true, serviceTechnicianId });
    const old = await start(techItemOld);
    expect(old.statusCode).toBe(400);
    expect(old.json().title).toBe("Employee Type is not on this customer's rate sheet.");
    const res = await start(offered[0].serviceTechnicianId);
    expect(res.statusCode, res.body).toBe(200);
    const [open] = await t.db.select().from(workOrderLabor).where(and(eq(workOrderLabor.userId, tech.id), isNull(workOrderLabor.stoppedAt)));
    expect(open.rateSheetLaborItemId).toBe(offered[0].serviceTechnicianId);
    const view = (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech', { workOrderId: wo.id })).json();
    expect(view.rateSheetLaborItems.map((i: { employeeType: string }) => i.employeeType)).toEqual(['Lead Technician']);
    const stop = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', { workOrderId: wo.id, workOrderLaborId: open.id, description: 'Cleaned the coil.', userStatusId: 3, workOrderStatusId: 38 });
    expect(stop.statusCode, stop.body).toBe(200);
  });

  it("tells a technician on rate sheets what the office must fix when the customer's sheet has no rates of theirs", async () => {
    const [tech2] = await t.db.select().from(users).where(eq(users.userName, 'tech2'));
    await t.db.insert(rateSheetLaborItems).values({ subscriberId, customerRateSheetId: versionId, technicianUserId: tech2.id, name: 'Helper', dailyRate: 1, hourlyRate: 1, otHourlyRate: 1, standByRate: 1 });
    const [site] = await t.db.select().from(customers).where(eq(customers.name, 'Ice House Storage LLC'));
    const mine = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 100 })).json().data as { workOrderId: number; customerName: string }[];
    const wo = mine.find((r) => r.customerName === site.name)!;
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', { workOrderId: wo.workOrderId, startTime: new Date().toISOString(), isReachedAtSite: true, serviceTechnicianId: techItemOld });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe(`Please set up Rate Sheet for this customer first. Ask the office to add your rates to ${site.name}'s rate sheet (Administration › Rate Sheet).`);
  });
});
