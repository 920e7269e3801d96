import { and, eq } from 'drizzle-orm';
import { auditLog, customers, subscribers } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

/** The demo company's ids by customer name, and Coastal Air's first customer, for the customers tests. */
export async function demoCustomers(t: TestApp) {
  const [polar] = await t.db.select().from(subscribers).where(eq(subscribers.name, 'Polar Refrigeration'));
  const [coastal] = await t.db.select().from(subscribers).where(eq(subscribers.name, 'Coastal Air'));
  const rows = await t.db.select({ id: customers.id, name: customers.name, subscriberId: customers.subscriberId }).from(customers);
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  return { polarId: polar.id, coastalId: coastal.id, id, coastalCustomer: rows.find((r) => r.subscriberId === coastal.id)!.id };
}

/** How many audit entries a customer has for an action. */
export async function customerAudits(t: TestApp, customerId: number, action: string) {
  return t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, customerId), eq(auditLog.action, action)));
}

/** A valid customer form, to change one field at a time. */
export const customerForm = (over: Record<string, unknown> = {}) => ({
  name: 'Northpark Ice Rink',
  address: '8687 N Central Expy',
  city: 'Dallas',
  state: 'tx',
  zip: '75225',
  phone: '+1 (214) 555-0199',
  email: 'rink@northpark.example',
  gps: '32.8686, -96.7729',
  siteRadiusMeters: 200,
  timeZone: 'America/Chicago',
  isTaxExempt: false,
  notes: 'Loading dock behind the rink.',
  ...over,
});
