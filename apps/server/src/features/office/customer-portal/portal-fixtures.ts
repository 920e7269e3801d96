import { expect } from 'vitest';
import { contacts, customers, workOrders } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

/** The address of a portal request through a link. */
export const portal = (token: string, rest = '') => `/api/v1/CustomerPortal/${token}${rest}`;

/** A new contact of a customer, with an e-mail address or none. */
export async function portalContact(t: TestApp, customer: typeof customers.$inferSelect, name: string, email: string | null) {
  const [row] = await t.db.insert(contacts).values({ subscriberId: customer.subscriberId, customerId: customer.id, name, email }).returning({ id: contacts.id });
  return row.id;
}

/** A new work order at a site, billed as the site is, with nothing on it yet. */
export async function siteWorkOrder(t: TestApp, site: typeof customers.$inferSelect, number: string) {
  const [row] = await t.db
    .insert(workOrders)
    .values({ subscriberId: site.subscriberId, workOrderNumber: number, customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 13, problem: 'Condenser fan noisy' })
    .returning({ id: workOrders.id });
  return row.id;
}

/** A quote of the work order with one line (a 100.00 part at 50% markup: 150.00), submitted to the customer; its number. */
export async function submittedQuote(t: TestApp, as: string, workOrderId: number) {
  const created = await t.call('POST', '/api/v1/Quotes/create', as, { workOrderId });
  expect(created.statusCode, created.body).toBe(200);
  const n = created.json().quoteNumber as number;
  const line = await t.call('POST', `/api/v1/Quotes/${n}/1/lines`, as, { kind: 'material', description: 'Condenser fan motor', quantity: 1, unitCost: 100, markupPercent: 50 });
  expect(line.statusCode, line.body).toBe(200);
  const submitted = await t.call('PUT', `/api/v1/Quotes/${n}/1/status`, as, { quoteStatus: 'Submitted' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return n;
}
