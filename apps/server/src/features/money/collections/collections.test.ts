import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditHeldWorkOrders, customers, scheduledJobs } from '../../../db/schema';
import { scheduleJob, runDueJobs } from '../../platform/jobs/job-runner';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { billingCustomer, historyCount, invoiceOf, polarOf, statusOf, workOrderOf } from './collection-fixtures';
import { CREDIT_HOLD_JOB, creditHoldKey, runCreditHoldRule } from './credit-hold-rule.job';

let t: TestApp;
let polar: Awaited<ReturnType<typeof polarOf>>;
let aged: Awaited<ReturnType<typeof billingCustomer>>;
const inv: Record<string, Awaited<ReturnType<typeof invoiceOf>>> = {};

beforeAll(async () => {
  t = await createTestApp();
  polar = await polarOf(t);
  aged = await billingCustomer(t, polar.subscriberId, 'Aging Test Bakery', polar.net30Id, '500.00');
  // Net 30: dated 30 days ago is due today (current), 31 days ago was due yesterday (1 day past due: 1-30).
  inv.dueToday = await invoiceOf(t, polar.subscriberId, aged.id, polar.today, 30, '100.10');
  inv.dueTodayToo = await invoiceOf(t, polar.subscriberId, aged.id, polar.today, 0, '0.20');
  inv.dueYesterday = await invoiceOf(t, polar.subscriberId, aged.id, polar.today, 31, '200.20');
  inv.thirtyOne = await invoiceOf(t, polar.subscriberId, aged.id, polar.today, 61, '300.30');
  inv.sixtyOne = await invoiceOf(t, polar.subscriberId, aged.id, polar.today, 91, '40.40');
  inv.ninetyOne = await invoiceOf(t, polar.subscriberId, aged.id, polar.today, 121, '5.05');
});
afterAll(() => t.close());

const agingOf = async (query: string, as = 'admin') => {
  const res = await t.call('GET', `/api/v1/Collection/aging?${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('receivables aging', () => {
  it("buckets each open invoice by its due date in the company's zone, cents exact", async () => {
    const page = await agingOf('search=aging%20test%20bakery');
    expect(page.total).toBe(1);
    expect(page.asOf).toBe(polar.today);
    expect(page.data[0]).toMatchObject({
      customerId: aged.id, customerName: 'Aging Test Bakery',
      current: 100.3, days1to30: 200.2, days31to60: 300.3, days61to90: 40.4, over90: 5.05, balance: 646.25,
      creditLimit: 500, isOverLimit: true, isOnCreditHold: false, creditStatus: 'overLimit', oldestPastDueDays: 91, lastPaymentDate: null,
    });
    expect(page.totals).toEqual({ balance: 646.25, current: 100.3, days1to30: 200.2, days31to60: 300.3, days61to90: 40.4, over90: 5.05 });
    const detail = (await t.call('GET', `/api/v1/Collection/customers/${aged.id}`, 'admin')).json();
    expect(detail.termsName).toBe('Net 30');
    const byId = new Map(detail.invoices.map((i: { invoiceId: number }) => [i.invoiceId, i]));
    expect(byId.get(inv.dueToday.id)).toMatchObject({ bucket: 'current', daysPastDue: 0, dueDate: polar.today });
    expect(byId.get(inv.dueYesterday.id)).toMatchObject({ bucket: 'days1to30', daysPastDue: 1 });
    expect(byId.get(inv.thirtyOne.id)).toMatchObject({ bucket: 'days31to60', daysPastDue: 31 });
    expect(byId.get(inv.sixtyOne.id)).toMatchObject({ bucket: 'days61to90', daysPastDue: 61 });
    expect(byId.get(inv.ninetyOne.id)).toMatchObject({ bucket: 'over90', daysPastDue: 91 });
    expect(detail).toMatchObject({ balance: 646.25, current: 100.3, over90: 5.05, oldestPastDueDays: 91 });
  });

  it('takes partial payments and applied credits off to the cent, and shows the last payment', async () => {
    const paid = await t.call('POST', `/api/v1/Invoice/${inv.dueYesterday.id}/payments`, 'admin', { amount: 0.1, paymentMethod: 'Check', paidOn: polar.today });
    expect(paid.statusCode, paid.body).toBe(200);
    const memo = await t.call('POST', '/api/v1/CreditMemo/create', 'admin', { billingCustomerId: aged.id, amount: 0.2, reason: 'Damaged tray' });
    expect(memo.statusCode, memo.body).toBe(200);
    const applied = await t.call('POST', '/api/v1/CreditMemo/apply', 'admin', { creditMemoId: memo.json().creditMemoId, invoiceId: inv.thirtyOne.id, amount: 0.2 });
    expect(applied.statusCode, applied.body).toBe(200);
    const [row] = (await agingOf('search=aging%20test')).data;
    expect(row).toMatchObject({ days1to30: 200.1, days31to60: 300.1, balance: 645.95, lastPaymentDate: polar.today });
    const detail = (await t.call('GET', `/api/v1/Collection/customers/${aged.id}`, 'admin')).json();
    const third = detail.invoices.find((i: { invoiceId: number }) => i.invoiceId === inv.thirtyOne.id);
    expect(third).toMatchObject({ total: 300.3, creditsApplied: 0.2, paymentsTotal: 0, balance: 300.1 });
    // Paid in full, an invoice leaves the aging.
    await t.call('POST', `/api/v1/Invoice/${inv.ninetyOne.id}/payments`, 'admin', { amount: 5.05, paymentMethod: 'Check', paidOn: polar.today });
    const after = (await t.call('GET', `/api/v1/Collection/customers/${aged.id}`, 'admin')).json();
    expect(after.invoices.map((i: { invoiceId: number }) => i.invoiceId)).not.toContain(inv.ninetyOne.id);
    expect(after).toMatchObject({ over90: 0, oldestPastDueDays: 61, balance: 640.9 });
  });

  it('filters by bucket, over limit and hold, and sorts', async () => {
    expect((await agingOf('bucket=days61to90&search=aging%20test')).total).toBe(1);
    expect((await agingOf('bucket=over90&search=aging%20test')).total).toBe(0);
    expect((await agingOf('overLimit=true')).data.map((r: { customerId: number }) => r.customerId)).toContain(aged.id);
    expect((await agingOf('onHold=true')).data.map((r: { customerId: number }) => r.customerId)).not.toContain(aged.id);
    const byBalance = (await agingOf('sort=balance&dir=desc&take=100')).data.map((r: { balance: number }) => r.balance);
    expect(byBalance).toEqual([...byBalance].sort((a, b) => b - a));
    expect((await t.call('GET', '/api/v1/Collection/aging?bucket=ancient', 'admin')).statusCode).toBe(400);
  });

  it('is read with Collection, and refused (403) to whoever lacks it', async () => {
    expect((await t.call('GET', '/api/v1/Collection/aging', 'dispatcher')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/Collection/aging', 'tech')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Collection/aging', null)).statusCode).toBe(401);
  });

  it("answers another company's customer as missing (404)", async () => {
    expect((await t.call('GET', `/api/v1/Collection/customers/${aged.id}`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/v1/Collection/customers/${aged.id}/credit`, 'coastal.admin', { creditLimit: 1, isOnCreditHold: true })).statusCode).toBe(404);
    const theirs = await agingOf('take=100', 'coastal.admin');
    expect(theirs.data.map((r: { customerId: number }) => r.customerId)).not.toContain(aged.id);
    const [c] = await t.db.select().from(customers).where(eq(customers.id, aged.id));
    expect(c.isOnCreditHold).toBe(false);
  });
});

describe('credit limit and hold', () => {
  it('refuses the edit (403) without "Access Customer Credit Limit & OnHold", changing nothing', async () => {
    const res = await t.call('PUT', `/api/v1/Collection/customers/${aged.id}/credit`, 'dispatcher', { creditLimit: 9999, isOnCreditHold: false });
    expect(res.statusCode).toBe(403);
    const [c] = await t.db.select().from(customers).where(eq(customers.id, aged.id));
    expect(c.creditLimit).toBe('500.00');
  });

  it('puts open work orders on credit hold and returns each to its status on release, audited', async () => {
    const todo = await workOrderOf(t, polar.subscriberId, aged.id, 13);
    const parts = await workOrderOf(t, polar.subscriberId, aged.id, 10);
    const done = await workOrderOf(t, polar.subscriberId, aged.id, 38);
    const hold = await t.call('PUT', `/api/v1/Collection/customers/${aged.id}/credit`, 'admin', { creditLimit: 750.5, isOnCreditHold: true });
    expect(hold.statusCode, hold.body).toBe(200);
    expect(hold.json()).toMatchObject({ creditLimit: 750.5, isOnCreditHold: true, workOrdersHeld: 2, workOrdersReleased: 0 });
    expect([await statusOf(t, todo.id), await statusOf(t, parts.id), await statusOf(t, done.id)]).toEqual([8, 8, 38]);
    expect((await agingOf('onHold=true')).data.find((r: { customerId: number }) => r.customerId === aged.id)).toMatchObject({ creditStatus: 'onHold', isOverLimit: false });
    // Holding again moves nothing.
    const again = await t.call('PUT', `/api/v1/Collection/customers/${aged.id}/credit`, 'admin', { creditLimit: 750.5, isOnCreditHold: true });
    expect(again.json().workOrdersHeld).toBe(0);
    expect(await historyCount(t, todo.id)).toBe(1);
    const release = await t.call('PUT', `/api/v1/Collection/customers/${aged.id}/credit`, 'admin', { creditLimit: 750.5, isOnCreditHold: false });
    expect(release.json()).toMatchObject({ workOrdersReleased: 2 });
    expect([await statusOf(t, todo.id), await statusOf(t, parts.id), await statusOf(t, done.id)]).toEqual([13, 10, 38]);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, aged.id), eq(auditLog.action, 'credit'))).orderBy(desc(auditLog.id));
    expect(entries[0]).toMatchObject({ before: { creditLimit: '750.50', isOnCreditHold: true }, after: { isOnCreditHold: false, workOrdersReleased: 2 } });
    expect(entries.length).toBe(3);
  });

  it("moves the work orders the same way when the hold is set on the customer's own form", async () => {
    const site = await billingCustomer(t, polar.subscriberId, 'Form Hold Pizzeria', null);
    const wo = await workOrderOf(t, polar.subscriberId, site.id, 10);
    const form = { name: site.name, address: site.address, city: site.city, state: site.state, zip: site.zip, isBillingCustomer: true };
    const held = await t.call('PUT', `/api/v1/Customer/${site.id}`, 'admin', { ...form, isOnCreditHold: true });
    expect(held.statusCode, held.body).toBe(200);
    expect(await statusOf(t, wo.id)).toBe(8);
    await t.call('PUT', `/api/v1/Customer/${site.id}`, 'admin', { ...form, isOnCreditHold: false });
    expect(await statusOf(t, wo.id)).toBe(10);
  });
});

describe('the daily credit-hold rule', () => {
  it('holds customers over their limit or long past due once; a second run changes nothing; release restores', async () => {
    const over = await billingCustomer(t, polar.subscriberId, 'Rule Over Limit Diner', polar.net30Id, '100.00');
    await invoiceOf(t, polar.subscriberId, over.id, polar.today, 5, '150.00');
    const late = await billingCustomer(t, polar.subscriberId, 'Rule Long Overdue Deli', polar.net30Id, null);
    await invoiceOf(t, polar.subscriberId, late.id, polar.today, 100, '10.00');
    const fine = await billingCustomer(t, polar.subscriberId, 'Rule Good Standing Cafe', polar.net30Id, '1000.00');
    await invoiceOf(t, polar.subscriberId, fine.id, polar.today, 40, '10.00');
    const overWo = await workOrderOf(t, polar.subscriberId, over.id, 16);
    const lateWo = await workOrderOf(t, polar.subscriberId, late.id, 13);
    const fineWo = await workOrderOf(t, polar.subscriberId, fine.id, 13);
    // No rule saved: nothing happens.
    expect((await t.db.transaction((tx) => runCreditHoldRule(tx, polar.subscriberId, new Date()))).customersHeld).toBe(0);
    const saved = await t.call('PUT', '/api/v1/Settings/creditHoldSettings', 'admin', { holdOverLimit: true, holdPastDueDays: '60' });
    expect(saved.statusCode, saved.body).toBe(200);
    await scheduleJob(t.db, { kind: CREDIT_HOLD_JOB, runAt: new Date(), subscriberId: polar.subscriberId, dedupeKey: creditHoldKey(polar.subscriberId) });
    await runDueJobs(t.db, { now: new Date() });
    const heldIds = (await t.db.select().from(creditHeldWorkOrders).where(eq(creditHeldWorkOrders.subscriberId, polar.subscriberId))).map((h) => h.workOrderId);
    expect(heldIds).toEqual(expect.arrayContaining([overWo.id, lateWo.id]));
    expect(heldIds).not.toContain(fineWo.id);
    expect([await statusOf(t, overWo.id), await statusOf(t, lateWo.id), await statusOf(t, fineWo.id)]).toEqual([8, 8, 13]);
    const next = await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.dedupeKey, creditHoldKey(polar.subscriberId)), eq(scheduledJobs.status, 'queued')));
    expect(next).toHaveLength(1);
    expect(next[0].runAt.getTime()).toBeGreaterThan(Date.now());
    // A second run changes nothing.
    const second = await t.db.transaction((tx) => runCreditHoldRule(tx, polar.subscriberId, new Date()));
    expect(second).toMatchObject({ customersHeld: 0, workOrdersHeld: 0 });
    expect([await historyCount(t, overWo.id), await historyCount(t, lateWo.id)]).toEqual([1, 1]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, over.id)));
    expect(audit).toMatchObject({ action: 'credit', changedBy: null, reason: 'Credit hold rule: owes 150.00, over its credit limit of 100.00.' });
    const release = await t.call('PUT', `/api/v1/Collection/customers/${over.id}/credit`, 'admin', { creditLimit: 100, isOnCreditHold: false });
    expect(release.json().workOrdersReleased).toBe(1);
    expect(await statusOf(t, overWo.id)).toBe(16);
  });
});
