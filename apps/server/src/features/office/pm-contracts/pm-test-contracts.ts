import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../lib/context';
import { equipment, pmContractEquipment, pmContracts, subscribers, users } from '../../../db/schema';

/** A demo company as a contract test needs it: its id, a site with equipment, the pieces there and a technician. */
export interface PmCompany {
  subscriberId: number;
  timeZone: string;
  siteId: number;
  equipmentIds: number[];
  technicianId: number;
  adminId: number;
}

/** The demo company of a name, with its first site that has equipment and its technician `tech` (or the first). */
export async function pmCompany(db: DbOrTx, name: string, technician: string, admin: string): Promise<PmCompany> {
  const [company] = await db.select({ id: subscribers.id, timeZone: subscribers.timeZone }).from(subscribers).where(eq(subscribers.name, name));
  const pieces = await db
    .select({ id: equipment.id, customerId: equipment.customerId })
    .from(equipment)
    .where(eq(equipment.subscriberId, company.id))
    .orderBy(equipment.customerId, equipment.id);
  const siteId = pieces[0].customerId;
  const userId = async (userName: string) => (await db.select({ id: users.id }).from(users).where(and(eq(users.subscriberId, company.id), eq(users.userName, userName))))[0].id;
  return {
    subscriberId: company.id, timeZone: company.timeZone, siteId, equipmentIds: pieces.filter((p) => p.customerId === siteId).map((p) => p.id),
    technicianId: await userId(technician), adminId: await userId(admin),
  };
}

export interface TestContract {
  name?: string;
  rule?: string;
  startsOn: string;
  endsOn: string;
  leadDays?: number;
  visitTime?: string | null;
  withTechnician?: boolean;
  renews?: boolean;
  status?: 'approved' | 'draft';
  tasks?: string[];
}

/** Inserts an approved contract (as the contracts' own pages would leave it) covering the site's equipment. */
export async function insertContract(db: DbOrTx, c: PmCompany, t: TestContract): Promise<number> {
  const status = t.status ?? 'approved';
  const [row] = await db
    .insert(pmContracts)
    .values({
      subscriberId: c.subscriberId, customerId: c.siteId, name: t.name ?? 'Quarterly rooftop service', recurrenceRule: t.rule ?? 'FREQ=MONTHLY;BYMONTHDAY=10',
      price: '450.00', priceBasis: 'visit', startsOn: t.startsOn, endsOn: t.endsOn, renewsAutomatically: t.renews ?? false,
      technicianUserId: t.withTechnician === false ? null : c.technicianId, visitTime: t.visitTime === undefined ? '09:30' : t.visitTime, visitMinutes: 90,
      leadDays: t.leadDays ?? 30, status, approvedAt: status === 'approved' ? sql`now()` : null, approverName: status === 'approved' ? 'Pat Owner' : null, createdBy: c.adminId,
    })
    .returning({ id: pmContracts.id });
  await db.insert(pmContractEquipment).values(c.equipmentIds.map((equipmentId) => ({ subscriberId: c.subscriberId, contractId: row.id, equipmentId, tasks: t.tasks ?? ['Check refrigerant pressures', 'Clean condenser coil'] })));
  return row.id;
}

/**
 * Every visit and work order of contracts as counts: visits (of the contracts whose name starts with `named`), those
 * with a work order, the company's PM work orders without a visit, and dates generated twice.
 */
export async function pmTally(db: DbOrTx, subscriberId: number, named = '') {
  const ofContracts = sql`v.contract_id in (select id from pm_contracts where subscriber_id = ${subscriberId} and starts_with(name, ${named}))`;
  const result = (await db.execute(sql`select
      (select count(*)::int from pm_visits v where v.subscriber_id = ${subscriberId} and ${ofContracts}) as visits,
      (select count(*)::int from pm_visits v join work_orders w on w.id = v.work_order_id where v.subscriber_id = ${subscriberId} and ${ofContracts}) as "withWorkOrder",
      (select count(*)::int from work_orders w where w.subscriber_id = ${subscriberId} and w.problem like 'Preventive maintenance:%'
          and not exists (select 1 from pm_visits v where v.work_order_id = w.id)) as orphans,
      (select count(*)::int from (select contract_id, due_on from pm_visits where subscriber_id = ${subscriberId} group by 1, 2 having count(*) > 1) d) as twice`)) as unknown as {
    rows: { visits: number; withWorkOrder: number; orphans: number; twice: number }[];
  };
  return result.rows[0];
}
