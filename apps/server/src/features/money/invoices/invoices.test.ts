import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, rateSheetLaborItems, taxRatesPerState, workOrderLabor, workOrderStatusHistory, workOrders } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { knownBody, knownWorkOrder } from './invoice-fixtures';

let t: TestApp;
let known: Awaited<ReturnType<typeof knownWorkOrder>>;
let invoiceId: number;

beforeAll(async () => {
  t = await createTestApp();
  known = await knownWorkOrder(t, 'INV-1');
});
afterAll(() => t.close());

// Labor 250.00 (275 − 25) + 206.25 + 27.50 + 130.00 = 613.75; materials 30.88 (2.5 × 12.35 = 30.875); standard 95.00;
// rate sheet 54.00; quoted 300.00; trip 85.00; freight 12.40 → subtotal 1191.03. Texas taxes materials only:
// 30.88 × 8.25% = 2.5476 → 2.55; total 1193.58.
const EXPECTED = {
  laborTotal: 613.75, materials: 30.88, standardItems: 95, rateSheetItems: 54, quotedValues: 300, tripCharges: 85, freight: 12.4,
  subtotal: 1191.03, totalTaxable: 30.88, taxRate: 8.25, tax: 2.55, total: 1193.58, totalDue: 1193.58,
};

describe('invoice of a work order', () => {
  it('previews the exact totals of known labor, rates and items without writing anything', async () => {
    const before = await dbFingerprint(t.db);
    const res = await t.call('POST', '/api/v1/Invoice/preview?displayMode=details', 'admin', knownBody(known.workOrder.id, known.laborIds[0]));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.totals).toMatchObject(EXPECTED);
    expect(p.totals.laborByKind).toMatchObject({
      regular: { hours: 2.5, charge: 275, discount: 25, net: 250 }, overtime: { hours: 1.25, net: 206.25 }, standby: { hours: 0.5, net: 27.5 }, apprentice: { hours: 2, net: 130 },
    });
    expect(p.totals.laborLines[0]).toMatchObject({ workOrderLaborId: known.laborIds[0], technician: 'Tom Alvarez', rate: 110 });
    expect(p.lines.filter((l: { kind: string }) => l.kind === 'line').map((l: { label: string }) => l.label)).toContain('StandBy');
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('refuses a discount above the charge and labor of another work order, with a sentence', async () => {
    const over = await t.call('POST', '/api/v1/Invoice/preview', 'admin', { ...knownBody(known.workOrder.id, known.laborIds[0]), laborDiscounts: [{ workOrderLaborId: known.laborIds[1], discount: 500 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().title).toBe(`The discount on labor entry ${known.laborIds[1]} is more than its charge.`);
    const foreign = await t.call('POST', '/api/v1/Invoice/preview', 'admin', { workOrderId: known.workOrder.id, laborDiscounts: [{ workOrderLaborId: 999999, discount: 1 }] });
    expect(foreign.json().title).toBe('Labor entry 999999 is not on this work order.');
  });

  it('submits once: numbered from the counter, totals frozen, work order Invoice Submitted with its history', async () => {
    const res = await t.call('POST', '/api/v1/Invoice/submit', 'admin', knownBody(known.workOrder.id, known.laborIds[0]));
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json();
    invoiceId = inv.invoiceId;
    expect(inv).toMatchObject({ invoiceNumber: 1001, status: 'Submitted', invoiceDate: '2026-11-03', state: 'TX', billingCustomerName: 'FreshMart Grocers Inc.' });
    expect(inv.totals).toMatchObject(EXPECTED);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, known.workOrder.id));
    expect(wo.workOrderStatusId).toBe(53);
    const history = await t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, known.workOrder.id));
    expect(history.map((h) => [h.fromStatusId, h.toStatusId])).toEqual([[38, 53]]);
    const again = await t.call('POST', '/api/v1/Invoice/submit', 'admin', knownBody(known.workOrder.id, known.laborIds[0]));
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe('Work order INV-1 already has invoice 1001.');
  });

  it('shows the four display modes with the spec labels and one footer', async () => {
    const labels = async (mode: string) => (await t.call('GET', `/api/v1/Invoice/${invoiceId}?displayMode=${mode}`, 'admin')).json().lines.map((l: { label: string }) => l.label);
    const footer = ['Subtotal', 'Tax %', 'Invoice Total', 'Credits Applied', 'Payments', 'Convenience Fee', 'Amount Due'];
    expect(await labels('summary')).toEqual(['Regular', 'Overtime', 'StandBy', 'Apprentice', 'Materials', 'Standard Items', 'Rate Sheet Items', 'Quoted Values', 'Freight', 'Trip Charges', ...footer]);
    expect((await labels('details')).slice(0, 5)).toEqual(['Regular', 'Overtime', 'StandBy', 'Apprentice', 'R-404A refrigerant, lb']);
    expect(await labels('laborMaterialSeparated')).toContain('Labor Subtotal');
    expect((await labels('laborMaterialCombined'))[0]).toBe('Labor & Material');
    const bad = await t.call('GET', `/api/v1/Invoice/${invoiceId}?displayMode=fancy`, 'admin');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the submitted totals when rates and tax change later', async () => {
    await t.db.update(rateSheetLaborItems).set({ hourlyRate: 999, otHourlyRate: 999 }).where(eq(rateSheetLaborItems.id, known.rates.id));
    await t.db.update(taxRatesPerState).set({ taxRate: '12.5' }).where(and(eq(taxRatesPerState.subscriberId, known.site.subscriberId), eq(taxRatesPerState.state, 'TX')));
    const inv = (await t.call('GET', `/api/v1/Invoice/${invoiceId}`, 'admin')).json();
    expect(inv.totals).toMatchObject(EXPECTED);
    expect(inv.totals.laborLines[0].rate).toBe(110);
    await t.db.update(taxRatesPerState).set({ taxRate: '8.25' }).where(and(eq(taxRatesPerState.subscriberId, known.site.subscriberId), eq(taxRatesPerState.state, 'TX')));
  });

  it('lists the invoice in the billing grid with its amount due', async () => {
    const res = await t.call('POST', '/api/v1/Billing/invoices', 'dispatcher', { filter: { filters: [{ field: 'workOrderNumber', operator: 'eq', value: 'INV-1' }] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [expect.objectContaining({ invoiceId, invoiceNumber: 1001, total: 1193.58, amountDue: 1193.58, status: 'Submitted' })], total: 1 });
  });
});

describe('Process Payment', () => {
  it('refuses more than the amount due, nothing, or a third decimal, and writes nothing', async () => {
    const before = await dbFingerprint(t.db);
    const over = await t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'admin', { amount: 1193.59, paymentMethod: 'Check' });
    expect(over.statusCode).toBe(400);
    expect(over.json().title).toBe('Amount must be at most the amount due, $1,193.58.');
    const negative = await t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'admin', { amount: -1, paymentMethod: 'Cash' });
    expect(negative.json().title).toBe('Amount must not be negative.');
    const cents = await t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'admin', { amount: 1.005, paymentMethod: 'Cash' });
    expect(cents.json().title).toBe('Amount must have at most two decimals.');
    const missing = await t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'admin', { paymentMethod: 'Cash' });
    expect(missing.json().title).toBe('Amount field is required!');
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('takes a partial card payment with its convenience fee and shows the balance', async () => {
    const res = await t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'admin', { amount: 100, paymentMethod: 'Credit Card', paidOn: '2026-11-04', reference: 'VISA 4242' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalPaid: 100, convenienceFees: 3, amountDue: 1093.58, payments: [{ amount: 100, convenienceFee: 3, paymentMethod: 'Credit Card', paidOn: '2026-11-04', receivedBy: 'Alicia Moreno' }] });
    const inv = (await t.call('GET', `/api/v1/Invoice/${invoiceId}`, 'admin')).json();
    expect(inv.totals).toMatchObject({ total: 1193.58, payments: 100, convenienceFeeForCcTotal: 3, totalDue: 1093.58 });
    expect(inv.lines.at(-1)).toMatchObject({ label: 'Amount Due', amount: 1093.58 });
  });

  it('lets only one of two payments at once through when both would overpay', async () => {
    const pay = () => t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'admin', { amount: 600, paymentMethod: 'Check' });
    const results = await Promise.all([pay(), pay()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const history = (await t.call('GET', `/api/v1/Invoice/${invoiceId}/payments`, 'payroll')).json();
    expect(history).toMatchObject({ totalPaid: 700, amountDue: 493.58 });
    expect(history.payments).toHaveLength(2);
  });
});

describe('credit memos', () => {
  let memoId: number;

  it('creates a credit memo for a billing customer and lists it', async () => {
    const res = await t.call('POST', '/api/v1/CreditMemo/create', 'admin', { billingCustomerId: known.site.billingCustomerId, amount: 600, reason: 'Returned compressor' });
    expect(res.statusCode, res.body).toBe(200);
    memoId = res.json().creditMemoId;
    expect(res.json()).toMatchObject({ amount: 600, remaining: 600, billingCustomerName: 'FreshMart Grocers Inc.' });
    const list = await t.call('GET', `/api/v1/CreditMemo/list?billingCustomerId=${known.site.billingCustomerId}`, 'admin');
    expect(list.json().map((m: { creditMemoId: number }) => m.creditMemoId)).toContain(memoId);
  });

  it('applies credit up to the amount due; paid in full bills the work order', async () => {
    const over = await t.call('POST', '/api/v1/CreditMemo/apply', 'admin', { creditMemoId: memoId, invoiceId, amount: 500 });
    expect(over.json().title).toBe('Amount must be at most the amount due, $493.58.');
    const res = await t.call('POST', '/api/v1/CreditMemo/apply', 'admin', { creditMemoId: memoId, invoiceId, amount: 493.58 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Paid', totals: { invoiceCredits: 493.58, totalDue: 0, total: 1193.58 } });
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, known.workOrder.id));
    expect(wo.workOrderStatusId).toBe(27);
    const memo = (await t.call('GET', '/api/v1/CreditMemo/list', 'admin')).json().find((m: { creditMemoId: number }) => m.creditMemoId === memoId);
    expect(memo).toMatchObject({ amountApplied: 493.58, remaining: 106.42 });
    const paid = await t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'admin', { amount: 0.01, paymentMethod: 'Cash' });
    expect(paid.json().title).toBe('Amount must be at most the amount due, $0.00.');
    const zero = await t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'admin', { amount: 0, paymentMethod: 'Cash', reference: 'No charge' });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json()).toMatchObject({ totalPaid: 700, amountDue: 0 });
    expect(zero.json().payments.at(-1)).toMatchObject({ amount: 0, paymentMethod: 'Cash', reference: 'No charge' });
  });

  it('refuses a credit of another customer', async () => {
    const other = await knownWorkOrder(t, 'INV-2');
    const [lone] = await t.db.select().from(customers).where(eq(customers.name, 'Lone Star Restaurant Group'));
    const inv = (await t.call('POST', '/api/v1/Invoice/submit', 'admin', { workOrderId: other.workOrder.id })).json();
    const memo = (await t.call('POST', '/api/v1/CreditMemo/create', 'admin', { billingCustomerId: lone.id, amount: 10, reason: 'Goodwill' })).json();
    const res = await t.call('POST', '/api/v1/CreditMemo/apply', 'admin', { creditMemoId: memo.creditMemoId, invoiceId: inv.invoiceId, amount: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('This credit memo belongs to another customer than the invoice.');
    expect(inv.invoiceNumber).toBe(1002);
  });
});

describe('rules and settings', () => {
  it('refuses to invoice running labor, and charges no tax to an exempt customer', async () => {
    const w = await knownWorkOrder(t, 'INV-3');
    await t.db.update(workOrderLabor).set({ stoppedAt: null }).where(eq(workOrderLabor.id, w.laborIds[3]));
    const running = await t.call('POST', '/api/v1/Invoice/submit', 'admin', { workOrderId: w.workOrder.id });
    expect(running.statusCode).toBe(409);
    expect(running.json().title).toContain('still running');
    await t.db.update(workOrderLabor).set({ stoppedAt: new Date('2026-11-02T22:00:00Z') }).where(eq(workOrderLabor.id, w.laborIds[3]));
    await t.db.update(customers).set({ isTaxExempt: true }).where(eq(customers.id, w.site.billingCustomerId!));
    const exempt = (await t.call('POST', '/api/v1/Invoice/preview', 'admin', { workOrderId: w.workOrder.id })).json();
    expect(exempt.totals).toMatchObject({ isTaxExempt: true, tax: 0, totalTaxable: 0 });
    await t.db.update(customers).set({ isTaxExempt: false }).where(eq(customers.id, w.site.billingCustomerId!));
  });

  it('bills the site itself when the work order has no billing customer, and records use tax without charging it', async () => {
    const w = await knownWorkOrder(t, 'INV-4');
    await t.db.update(workOrders).set({ billingCustomerId: null }).where(eq(workOrders.id, w.workOrder.id));
    const res = await t.call('POST', '/api/v1/Invoice/preview', 'payroll', { workOrderId: w.workOrder.id, isUseTax: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ billingCustomerId: w.site.id, billingCustomerName: 'FreshMart #112 Lakewood' });
    // Labor keeps the rates of its Employee Type; materials 30.88 at 8.25% give 2.55 of use tax, owed by the company.
    expect(res.json().totals).toMatchObject({ isUseTax: true, tax: 0, useTax: 2.55, totalTaxable: 30.88 });
  });

  it('manages invoice numbers and state taxes with their permissions', async () => {
    const low = await t.call('PUT', '/api/v1/Billing/invoiceNumber', 'admin', { nextInvoiceNumber: 1002 });
    expect(low.statusCode).toBe(409);
    expect(low.json().title).toBe('Invoice number 1002 is already used: the next invoice number must be above it.');
    const ok = await t.call('PUT', '/api/v1/Billing/invoiceNumber', 'admin', { nextInvoiceNumber: 5000 });
    expect(ok.json()).toEqual({ nextInvoiceNumber: 5000, convenienceFeePercent: 3 });
    expect((await t.call('PUT', '/api/v1/Billing/invoiceNumber', 'dispatcher', { nextInvoiceNumber: 6000 })).statusCode).toBe(403);
    const tax = await t.call('PUT', '/api/v1/Billing/taxStatusPerState', 'admin', { state: 'ok', taxRate: 4.875, isServiceTaxable: true });
    expect(tax.json()).toEqual({ state: 'OK', taxRate: 4.875, isServiceTaxable: true });
    const list = (await t.call('GET', '/api/v1/Billing/taxStatusPerState', 'payroll')).json();
    expect(list).toEqual([{ state: 'OK', taxRate: 4.875, isServiceTaxable: true }, { state: 'TX', taxRate: 8.25, isServiceTaxable: false }]);
    expect((await t.call('POST', '/api/v1/Billing/invoices', 'tech', {})).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/Invoice/submit', 'dispatcher', { workOrderId: known.workOrder.id })).statusCode).toBe(403);
  });

  it('sets the card convenience fee for invoices submitted from then on; earlier invoices keep theirs', async () => {
    const res = await t.call('PUT', '/api/v1/Billing/convenienceFee', 'admin', { convenienceFeePercent: 2.5 });
    expect(res.json()).toEqual({ nextInvoiceNumber: 5000, convenienceFeePercent: 2.5 });
    expect((await t.call('GET', '/api/v1/Billing/settings', 'dispatcher')).json()).toEqual({ nextInvoiceNumber: 5000, convenienceFeePercent: 2.5 });
    expect((await t.call('PUT', '/api/v1/Billing/convenienceFee', 'payroll', { convenienceFeePercent: 1 })).statusCode).toBe(403);
    expect((await t.call('PUT', '/api/v1/Billing/convenienceFee', 'admin', { convenienceFeePercent: 11 })).json().title).toBe('Convenience Fee must be at most 10%.');
    const w = await knownWorkOrder(t, 'INV-5');
    const inv = (await t.call('POST', '/api/v1/Invoice/submit', 'admin', { workOrderId: w.workOrder.id })).json();
    expect(inv).toMatchObject({ invoiceNumber: 5000, totals: { convenienceFeePercent: 2.5 } });
    const paid = (await t.call('POST', `/api/v1/Invoice/${inv.invoiceId}/payments`, 'admin', { amount: 10.5, paymentMethod: 'Credit Card' })).json();
    expect(paid.convenienceFees).toBe(0.26); // 0.2625
    const old = (await t.call('GET', `/api/v1/Invoice/${invoiceId}`, 'admin')).json();
    expect(old.totals.convenienceFeePercent).toBe(3);
  });

  it("moves a merged duplicate's invoices and credit memos to the customer kept", async () => {
    const [dup] = await t.db
      .insert(customers)
      .values({ subscriberId: known.site.subscriberId, name: 'FreshMart Grocers (duplicate)', address: '1 Main St', city: 'Dallas', state: 'TX', zip: '75201', isBillingCustomer: true })
      .returning();
    const w = await knownWorkOrder(t, 'INV-6');
    await t.db.update(workOrders).set({ billingCustomerId: dup.id }).where(eq(workOrders.id, w.workOrder.id));
    const inv = (await t.call('POST', '/api/v1/Invoice/submit', 'admin', { workOrderId: w.workOrder.id })).json();
    const memo = (await t.call('POST', '/api/v1/CreditMemo/create', 'admin', { billingCustomerId: dup.id, amount: 20, reason: 'Duplicate account credit' })).json();
    const res = await t.call('POST', '/api/v1/Customer/merge', 'admin', { keepCustomerId: known.site.billingCustomerId, mergeCustomerId: dup.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', `/api/v1/Invoice/${inv.invoiceId}`, 'admin')).json()).toMatchObject({ billingCustomerId: known.site.billingCustomerId, totals: { total: inv.totals.total } });
    const memos = (await t.call('GET', `/api/v1/CreditMemo/list?billingCustomerId=${known.site.billingCustomerId}`, 'admin')).json();
    expect(memos.map((m: { creditMemoId: number }) => m.creditMemoId)).toContain(memo.creditMemoId);
  });

  it("answers 404 for another company's invoices, credit memos and work orders and changes nothing", async () => {
    const before = await dbFingerprint(t.db);
    expect((await t.call('GET', `/api/v1/Invoice/${invoiceId}`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/Invoice/${invoiceId}/payments`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, 'coastal.admin', { amount: 1, paymentMethod: 'Cash' })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/v1/Invoice/preview', 'coastal.admin', { workOrderId: known.workOrder.id })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/v1/CreditMemo/create', 'coastal.admin', { billingCustomerId: known.site.billingCustomerId, amount: 5, reason: 'x' })).statusCode).toBe(404);
    const grid = (await t.call('POST', '/api/v1/Billing/invoices', 'coastal.admin', {})).json();
    expect(grid.total).toBe(0);
    expect((await t.call('GET', '/api/v1/CreditMemo/list', 'coastal.admin')).json()).toEqual([]);
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});
