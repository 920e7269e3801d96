import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoiceCommissions, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { todayOf } from '../../platform/subscribers/company-time';
import { polarOf } from '../collections/collection-fixtures';
import { knownBody, knownWorkOrder } from '../invoices/invoice-fixtures';

let t: TestApp;
let ids: Record<string, number>;
let invoiceId: number;

// The known work order's lines with 55.94 of freight instead of 12.40 (invoice-fixtures.ts): subtotal 1,234.57.
const body = (workOrderId: number, laborId: number) => ({ ...knownBody(workOrderId, laborId), freight: 55.94 });
// By hand: 1,234.57 × 7.5 % = 92.59275 → 92.59; × 2.25 % = 27.777825 → 27.78; × 1.125 % = 13.8889125 → 13.89;
// × 0.5 % = 6.17285 → 6.17.
const HAND = { salesPerson: 92.59, manager: 27.78, previous: 13.89, territory: 6.17 };

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: users.id, userName: users.userName }).from(users);
  ids = Object.fromEntries(rows.map((u) => [u.userName, u.id]));
  for (const [kind, ratePercent] of [['salesPerson', 7.5], ['manager', 2.25], ['previous', 1.125], ['territory', 0.5]] as const) {
    const res = await t.call('POST', '/api/v1/Sales/commissionRates', 'admin', { kind, ratePercent, effectiveFrom: '2026-11-01' });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('commissions of an invoice', () => {
  it('sets the billing customer\'s team, moving the sales person before to previous, audited', async () => {
    const known = await knownWorkOrder(t, 'COM-0');
    const url = `/api/v1/Sales/customers/${known.site.billingCustomerId}/team`;
    const first = await t.call('PUT', url, 'admin', { salesPersonId: ids.salesmgr, salesManagerId: ids.salesmgr, territorySalesId: ids.sales });
    expect(first.statusCode, first.body).toBe(200);
    const res = await t.call('PUT', url, 'admin', { salesPersonId: ids.sales, salesManagerId: ids.salesmgr, territorySalesId: ids.sales });
    expect(res.json()).toMatchObject({ salesPerson: { id: ids.sales, name: 'Ben Carter' }, previousSalesPerson: { id: ids.salesmgr }, territorySales: { id: ids.sales } });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'salesTeam'));
    expect(audit.at(-1)).toMatchObject({ entity: 'customer', entityId: known.site.billingCustomerId, before: expect.objectContaining({ salesPersonId: ids.salesmgr }) });
    const tech = await t.call('PUT', url, 'admin', { salesPersonId: ids.tech, salesManagerId: null, territorySalesId: null });
    expect(tech.statusCode).toBe(400);
    expect(tech.json().title).toBe('That user is not a sales person.');
    const refused = await t.call('PUT', url, 'tech', { salesPersonId: ids.sales, salesManagerId: null, territorySalesId: null });
    expect(refused.statusCode).toBe(403);
  });

  it('freezes one commission per kind at submission, each the hand-computed cent', async () => {
    const known = await knownWorkOrder(t, 'COM-1');
    const res = await t.call('POST', '/api/v1/Invoice/submit', 'admin', body(known.workOrder.id, known.laborIds[0]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals.subtotal).toBe(1234.57);
    invoiceId = res.json().invoiceId;
    const list = await t.call('GET', `/api/v1/Sales/invoices/${invoiceId}/commissions`, 'admin');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((c: { kind: string; amount: number }) => [c.kind, c.amount])).toEqual(Object.entries(HAND));
    expect(list.json()[0]).toMatchObject({ userName: 'Ben Carter', base: 1234.57, ratePercent: 7.5, earnedOn: '2026-11-03', isReversal: false });
  });

  it('keeps what an invoice earned when a rate changes after it', async () => {
    const res = await t.call('POST', '/api/v1/Sales/commissionRates', 'admin', { kind: 'salesPerson', ratePercent: 10, effectiveFrom: '2026-11-02' });
    expect(res.statusCode, res.body).toBe(200);
    const list = await t.call('GET', `/api/v1/Sales/invoices/${invoiceId}/commissions`, 'admin');
    expect(list.json()[0].amount).toBe(HAND.salesPerson);
    const inForce = await t.call('DELETE', `/api/v1/Sales/commissionRates/${res.json().commissionRateId}`, 'admin');
    expect(inForce.statusCode).toBe(409);
  });

  it('pays nothing for a work order that is not commissionable', async () => {
    const known = await knownWorkOrder(t, 'COM-2');
    const off = await t.call('PUT', `/api/v1/Sales/workOrders/${known.workOrder.id}`, 'admin', { isCommissionable: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().isCommissionable).toBe(false);
    const res = await t.call('POST', '/api/v1/Invoice/submit', 'admin', body(known.workOrder.id, known.laborIds[0]));
    const rows = await t.db.select().from(invoiceCommissions).where(eq(invoiceCommissions.invoiceId, res.json().invoiceId));
    expect(rows).toEqual([]);
    const salesRefused = await t.call('PUT', `/api/v1/Sales/workOrders/${known.workOrder.id}`, 'sales', { isCommissionable: true });
    expect(salesRefused.statusCode).toBe(403);
  });

  it('reverses in proportion to a credit applied to the invoice', async () => {
    const inv = (await t.call('GET', `/api/v1/Invoice/${invoiceId}`, 'admin')).json();
    const memo = await t.call('POST', '/api/v1/CreditMemo/create', 'admin', { billingCustomerId: inv.billingCustomerId, amount: inv.totals.total, reason: 'Full credit' });
    const half = await t.call('POST', '/api/v1/CreditMemo/apply', 'admin', { creditMemoId: memo.json().creditMemoId, invoiceId, amount: 600 });
    expect(half.statusCode, half.body).toBe(200);
    const rest = await t.call('POST', '/api/v1/CreditMemo/apply', 'admin', { creditMemoId: memo.json().creditMemoId, invoiceId, amount: half.json().totals.totalDue });
    expect(rest.statusCode, rest.body).toBe(200);
    const list = (await t.call('GET', `/api/v1/Sales/invoices/${invoiceId}/commissions`, 'admin')).json() as { kind: string; amount: number; isReversal: boolean }[];
    for (const [kind, amount] of Object.entries(HAND)) {
      const reversed = list.filter((c) => c.kind === kind && c.isReversal).map((c) => Math.round(c.amount * 100));
      expect(reversed.reduce((a, b) => a + b, 0)).toBe(-Math.round(amount * 100));
    }
  });
});

describe('the commission report', () => {
  // The invoice's month, when it earned; the credit above reversed it on the company's today, a later month.
  const NOVEMBER = 'from=2026-11-01&to=2026-11-30';
  const report = (as: string, query = NOVEMBER) => t.call('GET', `/api/v1/Sales/commissionReport?${query}`, as);

  it('shows a sales person his own only, everyone\'s to All Sales Reports, nothing to a technician', async () => {
    const own = await report('sales');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().rows.every((r: { userId: number }) => r.userId === ids.sales)).toBe(true);
    expect(own.json().rows.find((r: { kind: string }) => r.kind === 'salesPerson')).toMatchObject({ invoiceCount: 1, amount: HAND.salesPerson });
    const today = await todayOf(t.db, (await polarOf(t)).subscriberId, new Date());
    const reversed = await report('sales', `from=${today}&to=${today}`);
    // A reversal takes back the amount; the invoice is counted where it earned.
    expect(reversed.json().rows.find((r: { kind: string }) => r.kind === 'salesPerson')).toMatchObject({ invoiceCount: 0, amount: -HAND.salesPerson });
    expect((await report('sales', `userId=${ids.salesmgr}`)).statusCode).toBe(403);
    const all = await report('salesmgr');
    expect(all.json().rows.some((r: { userId: number }) => r.userId === ids.salesmgr)).toBe(true);
    expect((await report('tech')).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/Sales/invoices/${invoiceId}/commissions`, 'sales')).statusCode).toBe(403);
  });

  it('exports the same rows and totals as CSV', async () => {
    const json = (await report('salesmgr')).json();
    const csv = await t.call('GET', `/api/v1/Sales/commissionReport/export?${NOVEMBER}&format=csv`, 'salesmgr');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Sales Person,Commission,Invoices,Base,Commission Amount');
    expect(lines).toHaveLength(json.rows.length + 2);
    expect(lines.at(-1)).toBe(`Total,,${json.rows.reduce((n: number, r: { invoiceCount: number }) => n + r.invoiceCount, 0)},${json.totals.base.toFixed(2)},${json.totals.amount.toFixed(2)}`);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'salesPerson', ratePercent: 1.23456, effectiveFrom: '2026-12-01' }, 'Rate must have at most four decimals.'],
      [{ kind: 'salesPerson', ratePercent: 101, effectiveFrom: '2026-12-01' }, 'Rate must be at most 100.'],
      [{ kind: 'boss', ratePercent: 1, effectiveFrom: '2026-12-01' }, 'Kind must be one of: salesPerson, manager, previous, territory.'],
      [{ kind: 'manager', ratePercent: 1, effectiveFrom: '2026-02-30' }, 'Effective from is not a real date.'],
    ];
    for (const [b, sentence] of cases) {
      const res = await t.call('POST', '/api/v1/Sales/commissionRates', 'admin', b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect((await report('salesmgr', 'from=2026-11-30&to=2026-11-01')).json().title).toBe('To must be on or after From.');
  });
});
