import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../lib/context';
import { companyListRows, equipment, pmContractEquipment, pmContracts } from '../schema';

/**
 * A quarterly preventive-maintenance contract at a demo company's first site, approved, covering its equipment with
 * its categories' tasks, so the contracts page has one to show.
 */
export async function seedPmContracts(tx: Tx, subscriberId: number, siteId: number) {
  const pieces = await tx.select().from(equipment).where(and(eq(equipment.subscriberId, subscriberId), eq(equipment.customerId, siteId))).orderBy(asc(equipment.id));
  const templates = await tx
    .select({ categoryId: companyListRows.wholeNumber, tasks: companyListRows.lines })
    .from(companyListRows)
    .where(and(eq(companyListRows.subscriberId, subscriberId), eq(companyListRows.listKey, 'pmCategoryTemplates')));
  const tasksOf = (categoryId: number) => templates.find((t) => t.categoryId === categoryId)?.tasks ?? ['Inspect and clean'];
  const [contract] = await tx
    .insert(pmContracts)
    .values({
      subscriberId, customerId: siteId, name: 'Quarterly refrigeration and HVAC care', frequencyName: 'Quarterly', recurrenceRule: 'FREQ=MONTHLY;INTERVAL=3', price: '185.00',
      priceBasis: 'visit', startsOn: '2026-01-05', endsOn: '2026-12-31', renewsAutomatically: true, visitTime: '08:00:00', visitMinutes: 120, leadDays: 14,
      status: 'approved', approvedAt: new Date('2025-12-15T16:00:00Z'), approverName: 'Dana Lopez',
    })
    .returning({ id: pmContracts.id });
  await tx.insert(pmContractEquipment).values(pieces.slice(0, 2).map((p) => ({ subscriberId, contractId: contract.id, equipmentId: p.id, tasks: tasksOf(p.categoryId) })));
}
