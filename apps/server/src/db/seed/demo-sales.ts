import { and, eq, inArray } from 'drizzle-orm';
import { commissionRates, companyListRows, customers, salesTagLinks, workOrders } from '../schema';
import type { Tx } from '../../lib/context';

/**
 * The demo's sales: two sales classes with their items and three tags for each company; for Polar, the default
 * commission structure, a higher rate for equipment sales, and Ben Carter selling to FreshMart and Lone Star under
 * Harper Quinn, so the invoices the demo submits later pay commissions.
 */
export async function seedSales(tx: Tx, companyId: number, team?: { salesPerson: number; manager: number; billingCustomerIds: number[] }) {
  const classes = await tx
    .insert(companyListRows)
    .values(['Service', 'Equipment Sales'].map((name) => ({ subscriberId: companyId, listKey: 'salesClasses', name })))
    .returning({ id: companyListRows.id });
  await tx.insert(companyListRows).values([
    { subscriberId: companyId, listKey: 'salesItems', name: 'Service Call', wholeNumber: classes[0].id, flag: true },
    { subscriberId: companyId, listKey: 'salesItems', name: 'Walk-in Cooler Install', wholeNumber: classes[1].id, flag: true },
    { subscriberId: companyId, listKey: 'salesItems', name: 'Warranty Visit', wholeNumber: classes[0].id, flag: false },
  ]);
  const tags = await tx
    .insert(companyListRows)
    .values([['Call Back in Spring', 'orange'], ['Expansion Lead', 'green'], ['At Risk', 'red']].map(([name, kind]) => ({ subscriberId: companyId, listKey: 'salesFlags', name, kind })))
    .returning({ id: companyListRows.id });
  if (!team) return;
  const rate = (kind: 'salesPerson' | 'manager' | 'previous' | 'territory', ratePercent: string, salesClassId: number | null = null) => ({ subscriberId: companyId, kind, ratePercent, salesClassId, effectiveFrom: '2026-01-01' });
  await tx.insert(commissionRates).values([rate('salesPerson', '5.0000'), rate('manager', '1.5000'), rate('previous', '1.0000'), rate('territory', '0.5000'), rate('salesPerson', '7.5000', classes[1].id)]);
  await tx.update(customers).set({ salesPersonId: team.salesPerson, salesManagerId: team.manager }).where(and(eq(customers.subscriberId, companyId), inArray(customers.id, team.billingCustomerIds)));
  await tx.update(workOrders).set({ salesPersonId: team.salesPerson }).where(and(eq(workOrders.subscriberId, companyId), inArray(workOrders.billingCustomerId, team.billingCustomerIds)));
  await tx.insert(salesTagLinks).values({ subscriberId: companyId, salesTagId: tags[1].id, customerId: team.billingCustomerIds[0], note: 'A second store opens in the spring.', taggedBy: team.salesPerson });
}
