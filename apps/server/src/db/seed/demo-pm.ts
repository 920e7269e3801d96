import { addDays, wallClockOf } from '@sm/shared';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../lib/context';
import { equipment, pmContractEquipment, pmContracts } from '../schema';

const TASKS = ['Check refrigerant pressures and charge', 'Clean condenser coil', 'Inspect belts, fans and electrical connections'];

/**
 * Three approved preventive-maintenance contracts of a demo company at its first sites with equipment, each with a
 * week's lead: two start a week and more after the seed, the third two days after, so its first visit is due for
 * generation. The PM board shows their upcoming visits at once; the daily run generates them as their dates come near.
 */
export async function seedPmContracts(tx: Tx, company: { id: number; timeZone: string; users: Record<string, number> }, siteIds: number[], now: Date) {
  const today = wallClockOf(now, company.timeZone).toISOString().slice(0, 10);
  const pieces = await tx.select({ id: equipment.id, customerId: equipment.customerId }).from(equipment).where(inArray(equipment.customerId, siteIds.slice(0, 3)));
  const plans = [
    { name: 'Walk-in and reach-in care, every two weeks', rule: 'FREQ=WEEKLY;INTERVAL=2', startsIn: 9, tech: 'tech', visitTime: '08:00', price: '185.00' },
    { name: 'Rooftop and refrigeration service, quarterly', rule: 'FREQ=MONTHLY;INTERVAL=3', startsIn: 12, tech: 'tech2', visitTime: '13:00', price: '2400.00' },
    // Its first visit is within its lead already: the next daily run, or the office's "Generate now", writes it.
    { name: 'Ice machine sanitizing, monthly', rule: 'FREQ=MONTHLY', startsIn: 2, tech: 'tech2', visitTime: '10:00', price: '95.00' },
  ];
  for (const [i, p] of plans.entries()) {
    const siteId = siteIds[i];
    const startsOn = addDays(today, p.startsIn);
    const [contract] = await tx
      .insert(pmContracts)
      .values({
        subscriberId: company.id, customerId: siteId, name: p.name, frequencyName: null, recurrenceRule: p.rule, price: p.price, priceBasis: i === 1 ? 'year' : 'visit',
        startsOn, endsOn: addDays(startsOn, 364), renewsAutomatically: true, technicianUserId: company.users[p.tech] ?? null, visitTime: p.visitTime, visitMinutes: 90,
        leadDays: 7, status: 'approved', approvedAt: now, approverName: 'Store manager', createdBy: company.users.admin ?? null,
      })
      .returning({ id: pmContracts.id });
    const covered = pieces.filter((x) => x.customerId === siteId);
    if (covered.length > 0) await tx.insert(pmContractEquipment).values(covered.map((x) => ({ subscriberId: company.id, contractId: contract.id, equipmentId: x.id, tasks: TASKS })));
  }
}
