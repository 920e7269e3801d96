import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import type { Tx } from '../../lib/context';
import { providerAccounts, workOrders } from '../schema';
import { pointServiceChannelDemoAt } from './service-channel-demo';
import { CORRIGO_CUSTOMER, CORRIGO_DEMO_CLIENT, CORRIGO_WORK_ORDER, CORRIGO_WORK_ORDERS } from '../../features/field/providers/corrigo/corrigo-simulator-data';
import { isAccountSecret } from '../../features/field/providers/provider-secrets';

/**
 * The demo company's own work orders that came from Corrigo (all three are tech's, open, with a rate sheet):
 * - 240021: strict customer (repair codes, a required question, a required procedure step), CheckedIn at Corrigo,
 *   so Stop goes through the whole check-out wizard;
 * - 240022: simple customer, CheckedIn: the wizard has only its first step;
 * - 240023: Accepted: clocking in checks it in at Corrigo.
 */
export const CORRIGO_DEMO_LINKS = [
  { workOrderNumber: '240021', providerWorkOrderId: CORRIGO_WORK_ORDER.guided, providerCustomerId: CORRIGO_CUSTOMER.strict },
  { workOrderNumber: '240022', providerWorkOrderId: CORRIGO_WORK_ORDER.plain, providerCustomerId: CORRIGO_CUSTOMER.simple },
  { workOrderNumber: '240023', providerWorkOrderId: CORRIGO_WORK_ORDER.accepted, providerCustomerId: CORRIGO_CUSTOMER.simple },
] as const;

/** The simulator's usual address (port 3000 + 1); the server re-points the accounts wherever it actually starts it. */
const SEED_SIMULATOR_URL = 'http://127.0.0.1:3001';

/** Path prefix of each provider on the simulator. */
const SIMULATOR_PREFIX = { corrigo: '/corrigo' } as const;

/**
 * The demo company's provider accounts (talking to the simulator's credentials) and its work orders linked to
 * the simulator's: the provider status each starts with is the simulator's own.
 */
export async function seedProviders(tx: Tx, polar: { id: number; users: Record<string, number> }) {
  await tx.insert(providerAccounts).values({
    subscriberId: polar.id,
    provider: 'corrigo',
    baseUrl: SEED_SIMULATOR_URL + SIMULATOR_PREFIX.corrigo,
    clientId: CORRIGO_DEMO_CLIENT.clientId,
    clientSecret: CORRIGO_DEMO_CLIENT.clientSecret,
    updatedBy: polar.users.admin,
  });
  for (const link of CORRIGO_DEMO_LINKS) {
    const status = CORRIGO_WORK_ORDERS.find((w) => w.Id === link.providerWorkOrderId)!.Status;
    await tx
      .update(workOrders)
      .set({ provider: 'corrigo', providerWorkOrderId: link.providerWorkOrderId, providerCustomerId: link.providerCustomerId, providerStatus: status })
      .where(and(eq(workOrders.subscriberId, polar.id), eq(workOrders.workOrderNumber, link.workOrderNumber)));
  }
}

/**
 * Connects the demo to a freshly started simulator: every Corrigo and ServiceChannel account that uses the
 * simulator's demo credentials is pointed at it (its address changes from one start to the next; accounts with other
 * credentials are real ones and are left alone), and those companies' linked Corrigo work orders take the
 * simulator's starting statuses again, so both sides tell the same story after a restart.
 */
export async function connectDemoToSimulator(db: Db, simulatorUrl: string): Promise<void> {
  const base = simulatorUrl.replace(/\/+$/, '');
  await pointServiceChannelDemoAt(db, base);
  // The secrets are sealed, so the demo's own are recognised by opening them.
  const accounts = (
    await db.select().from(providerAccounts).where(and(eq(providerAccounts.provider, 'corrigo'), eq(providerAccounts.clientId, CORRIGO_DEMO_CLIENT.clientId)))
  ).filter((a) => isAccountSecret(a, 'clientSecret', CORRIGO_DEMO_CLIENT.clientSecret));
  if (accounts.length === 0) return;
  await db.update(providerAccounts).set({ baseUrl: base + SIMULATOR_PREFIX.corrigo }).where(inArray(providerAccounts.id, accounts.map((a) => a.id)));
  for (const w of CORRIGO_WORK_ORDERS) {
    await db
      .update(workOrders)
      .set({ providerStatus: w.Status })
      .where(and(inArray(workOrders.subscriberId, accounts.map((a) => a.subscriberId)), eq(workOrders.provider, 'corrigo'), eq(workOrders.providerWorkOrderId, w.Id)));
  }
}
