import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { knownBody, knownWorkOrder } from './invoice-fixtures';
import { previewInvoice } from './invoices.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Marks a customer exempt with a certificate that covers up to `expiresOn` (its last day). */
const exemptUntil = (customerId: number, expiresOn: string | null) =>
  t.db.update(customers).set({ isTaxExempt: true, taxExemptCertificate: 'TX-01-339245', taxExemptExpiresOn: expiresOn }).where(eq(customers.id, customerId));

// The known work order taxes its materials only: 30.88 × 8.25% = 2.55 (see invoices.test.ts).
describe("a tax exemption and the invoice's date", () => {
  it('charges the tax when the certificate ended before the invoice date, and none on its last day', async () => {
    const w = await knownWorkOrder(t, 'EXEMPT-1');
    await exemptUntil(w.site.billingCustomerId!, '2026-11-02');
    const preview = async (invoiceDate: string) => {
      const res = await t.call('POST', '/api/v1/Invoice/preview', 'admin', { ...knownBody(w.workOrder.id, w.laborIds[0]), invoiceDate });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().totals;
    };
    expect(await preview('2026-11-02')).toMatchObject({ isTaxExempt: true, tax: 0, totalTaxable: 0, total: 1191.03 });
    expect(await preview('2026-11-03')).toMatchObject({ isTaxExempt: false, tax: 2.55, totalTaxable: 30.88, total: 1193.58 });

    const submitted = await t.call('POST', '/api/v1/Invoice/submit', 'admin', { ...knownBody(w.workOrder.id, w.laborIds[0]), invoiceDate: '2026-11-03' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().totals).toMatchObject({ isTaxExempt: false, tax: 2.55, total: 1193.58, totalDue: 1193.58 });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, submitted.json().invoiceId));
    expect(row).toMatchObject({ isTaxExempt: false, tax: '2.55', total: '1193.58' });
  });

  it("keeps an exemption without an end, and the site's own exemption, as before", async () => {
    const w = await knownWorkOrder(t, 'EXEMPT-2');
    await exemptUntil(w.site.billingCustomerId!, '2026-01-31');
    await exemptUntil(w.site.id, null);
    const res = await t.call('POST', '/api/v1/Invoice/preview', 'admin', { ...knownBody(w.workOrder.id, w.laborIds[0]), invoiceDate: '2026-11-03' });
    expect(res.json().totals).toMatchObject({ isTaxExempt: true, tax: 0 });
    await t.db.update(customers).set({ isTaxExempt: false }).where(eq(customers.id, w.site.id));
  });

  it("dates an invoice without a date by the company's today (America/Chicago), not by UTC", async () => {
    const w = await knownWorkOrder(t, 'EXEMPT-3');
    await exemptUntil(w.site.billingCustomerId!, '2026-11-03');
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    const ctxAt = (iso: string): Ctx => ({ db: t.db, actor: { userId: admin.id, subscriberId: admin.subscriberId, userName: admin.userName }, now: new Date(iso) });
    const body = { workOrderId: w.workOrder.id, laborDiscounts: [], quotedValues: [], freight: 0, additionalLines: [], isUseTax: false };
    // 03:00 UTC on the 4th is 21:00 on the 3rd in Chicago: still the certificate's last day.
    const evening = await previewInvoice(ctxAt('2026-11-04T03:00:00Z'), body, 'summary');
    expect(evening).toMatchObject({ invoiceDate: '2026-11-03', totals: { isTaxExempt: true, tax: 0 } });
    // 07:00 UTC on the 4th is 01:00 on the 4th in Chicago: the certificate has ended.
    const night = await previewInvoice(ctxAt('2026-11-04T07:00:00Z'), body, 'summary');
    expect(night).toMatchObject({ invoiceDate: '2026-11-04', totals: { isTaxExempt: false, tax: 2.55 } });
  });
});
