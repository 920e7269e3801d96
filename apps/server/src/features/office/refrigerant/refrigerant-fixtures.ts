import { and, eq } from 'drizzle-orm';
import { equipment, equipmentCategories, refrigerants, users, workOrders, workOrderTechnicians } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

/**
 * A 40 lb R-404A rack in the Refrigeration category (20 %) at the site of one of the tech's work orders, registered
 * and named on that work order by the office, and the rooftop unit of that site (11.25 lb, under the 15 lb threshold).
 */
export async function rackOnTechWorkOrder(t: TestApp, name = 'Rack A') {
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  const [wo] = await t.db
    .select({ id: workOrders.id, customerId: workOrders.customerId, subscriberId: workOrders.subscriberId })
    .from(workOrders)
    .innerJoin(workOrderTechnicians, eq(workOrderTechnicians.workOrderId, workOrders.id))
    .innerJoin(equipment, eq(equipment.customerId, workOrders.customerId))
    .where(eq(workOrderTechnicians.userId, tech.id))
    .limit(1);
  const of = wo.subscriberId;
  const [category] = await t.db.select().from(equipmentCategories).where(and(eq(equipmentCategories.subscriberId, of), eq(equipmentCategories.name, 'Refrigeration')));
  const [gas] = await t.db.select().from(refrigerants).where(and(eq(refrigerants.subscriberId, of), eq(refrigerants.name, 'R-404A')));
  const created = await t.call('POST', '/api/v1/Equipment', 'admin', { customerId: wo.customerId, name, categoryId: category.id, refrigerantId: gas.id, chargePounds: 40 });
  if (created.statusCode !== 200) throw new Error(created.body);
  const rackId: number = created.json().equipmentId;
  const [rooftop] = await t.db.select().from(equipment).where(and(eq(equipment.customerId, wo.customerId), eq(equipment.name, 'Rooftop Unit 1')));
  for (const equipmentId of [rackId, rooftop.id]) await t.call('POST', `/api/v1/WorkOrder/${wo.id}/equipments`, 'admin', { equipmentId });
  return { workOrderId: wo.id, customerId: wo.customerId, subscriberId: of, rackId, rooftopId: rooftop.id, refrigerantId: gas.id, categoryId: category.id };
}
