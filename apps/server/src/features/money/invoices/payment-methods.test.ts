import { and, eq } from 'drizzle-orm';
import { PAYMENT_METHODS } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyListRows, invoicePayments } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { STARTING_LIST_ROWS } from '../../platform/reference-lists/starting-rows';
import { knownBody, knownWorkOrder } from './invoice-fixtures';

let t: TestApp;
let invoiceId: number;
let subscriberId: number;

const pay = (body: Record<string, unknown>, as = 'admin') => t.call('POST', `/api/v1/Invoice/${invoiceId}/payments`, as, body);
const addMethod = async (name: string, as = 'admin') => {
  const res = await t.call('POST', '/api/v1/ReferenceList/paymentMethods', as, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string };
};

beforeAll(async () => {
  t = await createTestApp();
  const known = await knownWorkOrder(t, 'PM-1');
  subscriberId = known.site.subscriberId;
  const submitted = await t.call('POST', '/api/v1/Invoice/submit', 'admin', knownBody(known.workOrder.id, known.laborIds[0]));
  expect(submitted.statusCode, submitted.body).toBe(200);
  invoiceId = submitted.json().invoiceId;
});
afterAll(() => t.close());

describe("Process Payment takes the company's Payment Methods", () => {
  it('starts every new company with the methods every company takes', () => {
    expect(STARTING_LIST_ROWS.filter((r) => r.listKey === 'paymentMethods').map((r) => r.name)).toEqual([...PAYMENT_METHODS]);
  });

  it('offers a method the company added and records a payment with it, spelt as the list spells it, without a fee', async () => {
    await addMethod('Money Order');
    const offered = await t.call('GET', '/api/v1/Billing/paymentMethods', 'dispatcher');
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toEqual(expect.arrayContaining([...PAYMENT_METHODS, 'Money Order']));
    const res = await pay({ amount: 50, paymentMethod: '  money order ', reference: 'MO 77' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payments.at(-1)).toMatchObject({ amount: 50, paymentMethod: 'Money Order', convenienceFee: 0, reference: 'MO 77' });
  });

  it('keeps the convenience fee on the card method however it is typed', async () => {
    const res = await pay({ amount: 100, paymentMethod: 'credit card' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payments.at(-1)).toMatchObject({ paymentMethod: 'Credit Card', convenienceFee: 3 });
  });

  it("refuses an unknown, a retired or another company's method with a sentence, and writes nothing", async () => {
    const retired = await addMethod('Wire Transfer');
    const off = await t.call('PUT', `/api/v1/ReferenceList/paymentMethods/${retired.id}`, 'admin', { name: 'Wire Transfer', isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    await addMethod('Barter', 'coastal.admin');
    const before = await dbFingerprint(t.db);
    for (const name of ['Bitcoin', 'Wire Transfer', 'Barter']) {
      const res = await pay({ amount: 1, paymentMethod: name });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().title).toBe(`Payment Method ${name} is not one of the company's payment methods (administration, Payment Methods).`);
    }
    const blank = await pay({ amount: 1, paymentMethod: '   ' });
    expect(blank.json().title).toBe('Payment Method field is required!');
    const long = await pay({ amount: 1, paymentMethod: 'x'.repeat(101) });
    expect(long.json().title).toBe('Payment Method must be at most 100 characters.');
    expect(await dbFingerprint(t.db)).toBe(before);
    expect((await t.call('GET', '/api/v1/Billing/paymentMethods', 'admin')).json()).not.toContain('Wire Transfer');
  });

  it('offers the methods every company takes when the company retired its whole list, and still takes them', async () => {
    await t.db.update(companyListRows).set({ isActive: false }).where(and(eq(companyListRows.subscriberId, subscriberId), eq(companyListRows.listKey, 'paymentMethods')));
    expect((await t.call('GET', '/api/v1/Billing/paymentMethods', 'admin')).json()).toEqual([...PAYMENT_METHODS]);
    const res = await pay({ amount: 1, paymentMethod: 'Cash' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select({ method: invoicePayments.paymentMethod }).from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
    expect(rows.map((r) => r.method)).toEqual(['Money Order', 'Credit Card', 'Cash']);
  });
});
