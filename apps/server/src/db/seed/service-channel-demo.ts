import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import type { Tx } from '../../lib/context';
import { customers, providerAccounts, workOrders } from '../schema';
import { SC_DEMO_CREDENTIALS, SC_DEMO_RADIUS_METERS, SC_DEMO_WORK_ORDERS } from '../../features/field/providers/service-channel/service-channel-demo-data';
import { isAccountSecret } from '../../features/field/providers/provider-secrets';

/** Where the demo account points until `npm start` re-points it at the running simulator. */
export const SC_DEMO_BASE_URL = 'http://127.0.0.1:3001/service-channel';
/** Provider customer id of the demo sites' chain at ServiceChannel. */
const SC_DEMO_CUSTOMER_ID = 2014;
/** The restaurant group whose sites these are: `tech` has Employee Types on its rate sheet. */
const SC_DEMO_BILLING_CUSTOMER = 'Lone Star Restaurant Group';

/**
 * The demo company's ServiceChannel account, and two of tech's work orders turned into service-channel ones at two
 * new sites: one close to where the demo technician usually is, one in Fort Worth where a check-in from Dallas is
 * refused as out of range. The simulator seeds the same work orders (service-channel-demo-data.ts). Existing work
 * orders are linked rather than new ones added, so each technician keeps the same number of work orders.
 */
export async function seedServiceChannelDemo(tx: Tx, company: { id: number; users: Record<string, number> }) {
  await tx.insert(providerAccounts).values({ subscriberId: company.id, provider: 'serviceChannel', baseUrl: SC_DEMO_BASE_URL, ...SC_DEMO_CREDENTIALS, updatedBy: company.users.admin });
  const [billing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.subscriberId, company.id), eq(customers.name, SC_DEMO_BILLING_CUSTOMER)));
  for (const demo of SC_DEMO_WORK_ORDERS) {
    const [site] = await tx
      .insert(customers)
      .values({ subscriberId: company.id, ...demo.site, phone: '214-555-0190', isBillingCustomer: false, billingCustomerId: billing.id, siteRadiusMeters: SC_DEMO_RADIUS_METERS })
      .returning({ id: customers.id });
    await tx
      .update(workOrders)
      .set({
        customerId: site.id, billingCustomerId: billing.id, nte: demo.nte,
        provider: 'serviceChannel', providerWorkOrderId: demo.providerWorkOrderId, providerCustomerId: SC_DEMO_CUSTOMER_ID, providerStatus: 'OPEN',
      })
      .where(and(eq(workOrders.subscriberId, company.id), eq(workOrders.workOrderNumber, demo.workOrderNumber)));
  }
}

/**
 * Points the demo company's ServiceChannel account at the running simulator (its address changes from one start to
 * the next). Only an account with the simulator's demo credentials moves: a real account is left alone.
 */
export async function pointServiceChannelDemoAt(db: Db, simulatorUrl: string): Promise<void> {
  // The secrets are sealed, so the demo's own are recognised by opening them.
  const demo = (
    await db.select().from(providerAccounts).where(and(eq(providerAccounts.provider, 'serviceChannel'), eq(providerAccounts.clientId, SC_DEMO_CREDENTIALS.clientId)))
  ).filter((a) => isAccountSecret(a, 'clientSecret', SC_DEMO_CREDENTIALS.clientSecret));
  if (demo.length === 0) return;
  await db
    .update(providerAccounts)
    .set({ baseUrl: `${simulatorUrl.replace(/\/+$/, '')}/service-channel` })
    .where(inArray(providerAccounts.id, demo.map((a) => a.id)));
}
