import { and, eq, sql } from 'drizzle-orm';
import { addDays, computeInvoiceTotals } from '@sm/shared';
import { companyListRows, customers, invoices, users, workOrders } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { todayOf } from '../../platform/subscribers/company-time';

let nextNumber = 900_000;

/** The demo company Polar (the admin's), its today in its zone, and its Net 30 terms. */
export async function polarOf(t: TestApp) {
  const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
  const subscriberId = admin.subscriberId;
  const [net30] = await t.db.select().from(companyListRows).where(and(eq(companyListRows.subscriberId, subscriberId), eq(companyListRows.listKey, 'terms'), eq(companyListRows.name, 'Net 30')));
  return { subscriberId, net30Id: net30.id, today: await todayOf(t.db, subscriberId, new Date()) };
}

/** A new billing customer of the company on the given terms, with a credit limit when given. */
export async function billingCustomer(t: TestApp, subscriberId: number, name: string, termsId: number | null, creditLimit: string | null = null) {
  const [c] = await t.db
    .insert(customers)
    .values({ subscriberId, name, address: '1 Main St', city: 'Dallas', state: 'TX', zip: '75201', isBillingCustomer: true, termsId, creditLimit })
    .returning();
  return c;
}

/** A work order of the customer in a status. */
export async function workOrderOf(t: TestApp, subscriberId: number, customerId: number, statusId: number) {
  const [wo] = await t.db
    .insert(workOrders)
    .values({ subscriberId, workOrderNumber: `COL-${++nextNumber}`, customerId, billingCustomerId: customerId, workOrderStatusId: statusId, problem: 'Ice machine leaking' })
    .returning();
  return wo;
}

/**
 * A submitted invoice of the customer dated `daysAgo` days before the company's today, of `total` (exact text), on its
 * own invoiced work order, nothing paid yet: what Invoice/submit leaves, written directly to set its date.
 */
export async function invoiceOf(t: TestApp, subscriberId: number, customerId: number, today: string, daysAgo: number, total: string) {
  const wo = await workOrderOf(t, subscriberId, customerId, 53);
  const invoiceDate = addDays(today, -daysAgo);
  const totals = computeInvoiceTotals({
    labor: [], quotedValues: [{ description: 'Quoted repair', amount: total }], freight: 0, materials: [], standardItems: [], rateSheetItems: [], tripCharges: [], additionalLines: [],
    taxRate: 0, isServiceTaxable: false, isTaxExempt: false, taxExemptExpiresOn: null, invoiceDate, isUseTax: false, credits: [], payments: [], convenienceFeePercent: 0,
  });
  const [inv] = await t.db
    .insert(invoices)
    .values({
      subscriberId, invoiceNumber: ++nextNumber, workOrderId: wo.id, customerId, billingCustomerId: customerId, state: 'TX', invoiceDate,
      subtotal: total, totalTaxable: '0', taxRate: '0', tax: '0', useTax: '0', isTaxExempt: false, isUseTax: false, total, convenienceFeePercent: '0',
      totals, amountDue: total,
    })
    .returning();
  return inv;
}

/** The status of a work order now. */
export async function statusOf(t: TestApp, workOrderId: number) {
  const [row] = await t.db.select({ s: workOrders.workOrderStatusId }).from(workOrders).where(eq(workOrders.id, workOrderId));
  return row.s;
}

/** How many status changes a work order has had. */
export async function historyCount(t: TestApp, workOrderId: number) {
  const r = await t.db.execute(sql`select count(*)::int as n from work_order_status_history where work_order_id = ${workOrderId}`);
  return (r as unknown as { rows: { n: number }[] }).rows[0].n;
}
