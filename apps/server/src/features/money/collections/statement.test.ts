import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, moneyText } from '@sm/shared';
import { customers, users } from '../../../db/schema';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { billingCustomer, invoiceOf, polarOf } from './collection-fixtures';

let t: TestApp;
let polar: Awaited<ReturnType<typeof polarOf>>;
let customer: Awaited<ReturnType<typeof billingCustomer>>;
const inv: Record<string, Awaited<ReturnType<typeof invoiceOf>>> = {};

beforeAll(async () => {
  t = await createTestApp();
  polar = await polarOf(t);
  customer = await billingCustomer(t, polar.subscriberId, 'Statement Test Diner', polar.net30Id);
  // Net 30: one invoice in each bucket, with cents that would show any rounding.
  inv.current = await invoiceOf(t, polar.subscriberId, customer.id, polar.today, 10, '100.10');
  inv.days1to30 = await invoiceOf(t, polar.subscriberId, customer.id, polar.today, 45, '200.21');
  inv.days31to60 = await invoiceOf(t, polar.subscriberId, customer.id, polar.today, 75, '300.33');
  inv.days61to90 = await invoiceOf(t, polar.subscriberId, customer.id, polar.today, 105, '40.47');
  inv.over90 = await invoiceOf(t, polar.subscriberId, customer.id, polar.today, 200, '5.09');
});
afterAll(() => t.close());

const statementOf = async (customerId: number, as = 'admin', query = '') => t.call('GET', `/api/v1/Collection/customers/${customerId}/statement${query}`, as);

describe('customer statement', () => {
  it('prints the aging to the cent as the aging API answers it, the open invoices, and the payments and credits of the period', async () => {
    const paid = await t.call('POST', `/api/v1/Invoice/${inv.days1to30.id}/payments`, 'admin', { amount: 0.11, paymentMethod: 'Check', paidOn: polar.today, reference: 'CHK-5521' });
    expect(paid.statusCode, paid.body).toBe(200);
    const memo = await t.call('POST', '/api/v1/CreditMemo/create', 'admin', { billingCustomerId: customer.id, amount: 0.3, reason: 'Spoiled produce goodwill' });
    expect(memo.statusCode, memo.body).toBe(200);
    const applied = await t.call('POST', '/api/v1/CreditMemo/apply', 'admin', { creditMemoId: memo.json().creditMemoId, invoiceId: inv.days31to60.id, amount: 0.3 });
    expect(applied.statusCode, applied.body).toBe(200);

    const aging = await t.call('GET', '/api/v1/Collection/aging?search=statement%20test%20diner', 'admin');
    const row = aging.json().data[0];
    expect(row).toMatchObject({ current: 100.1, days1to30: 200.1, days31to60: 300.03, days61to90: 40.47, over90: 5.09, balance: 645.79 });

    const res = await statementOf(customer.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Statement-${customer.id}-${polar.today}.pdf`);
    const text = pdfText(res.rawPayload);
    const at = text.indexOf('Current');
    expect(text.slice(at, at + 6)).toEqual(['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days', 'Balance due']);
    expect(text.slice(at + 6, at + 12)).toEqual([row.current, row.days1to30, row.days31to60, row.days61to90, row.over90, row.balance].map(moneyText));
    for (const shown of ['STATEMENT', 'Statement Test Diner', 'Balance due: $645.79', 'Terms: Net 30', String(inv.over90.invoiceNumber), '$200.21', '$0.11', 'CHK-5521', 'Spoiled produce goodwill', '$0.30']) {
      expect(text.some((s) => s.includes(shown)), shown).toBe(true);
    }
    // The invoice's row: amount, what was paid and credited, and its balance.
    const third = text.indexOf(String(inv.days31to60.invoiceNumber));
    expect(text.slice(third + 4, third + 7)).toEqual(['$300.33', '$0.30', '$300.03']);
  });

  it('leaves the payments of an earlier period out when the period starts later', async () => {
    const older = await t.call('POST', `/api/v1/Invoice/${inv.current.id}/payments`, 'admin', { amount: 0.02, paymentMethod: 'Check', paidOn: addDays(polar.today, -10), reference: 'CHK-OLDER' });
    expect(older.statusCode, older.body).toBe(200);
    const shows = async (query: string, reference: string) => pdfText((await statementOf(customer.id, 'admin', query)).rawPayload).some((s) => s.includes(reference));
    expect(await shows('', 'CHK-OLDER')).toBe(true);
    expect(await shows(`?from=${polar.today}`, 'CHK-OLDER')).toBe(false);
    expect(await shows(`?from=${polar.today}`, 'CHK-5521')).toBe(true);
    // A start after today is no period: the statement falls back to the last 30 days.
    expect(await shows(`?from=${addDays(polar.today, 1)}`, 'CHK-OLDER')).toBe(true);
    const bad = await statementOf(customer.id, 'admin', '?from=2026-02-31');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('From is not a real date.');
  });

  it('says nothing is owed for a customer with no open invoice, and is missing for another company or without Collection', async () => {
    const quiet = await billingCustomer(t, polar.subscriberId, 'Statement Paid Up Cafe', null);
    const text = pdfText((await statementOf(quiet.id)).rawPayload);
    expect(text).toContain('No open invoices: nothing is owed.');
    expect(text.some((s) => s.includes('Terms: Due on receipt'))).toBe(true);

    const [coastal] = await t.db.select({ subscriberId: users.subscriberId }).from(users).where(eq(users.userName, 'coastal.admin'));
    const foreign = await billingCustomer(t, coastal!.subscriberId, 'Coastal Statement Customer', null);
    const missing = await statementOf(foreign.id);
    expect(missing.statusCode).toBe(404);
    expect((await statementOf(customer.id, 'tech')).statusCode).toBe(403);
    const [still] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(still!.name).toBe('Statement Test Diner');
  });
});
