import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../lib/context';
import { equipment, equipmentCategories, equipmentMakes, equipmentModels, refrigerants, voltages, workOrderEquipment, workOrders } from '../schema';

/** What stands at a demo site: name, category, make, model, refrigerant, full charge, voltage, installed on. */
const PIECES: [string, string, string, string, string | null, string | null, string, string][] = [
  ['Walk-in Cooler', 'Refrigeration', 'Hussmann', 'Excel RL-12', 'R-404A', '42.50', '208-230V/3ph', '2021-06-14'],
  ['Rooftop Unit 1', 'Air Conditioning', 'Carrier', '48TC Weathermaker', 'R-410A', '11.25', '460V/3ph', '2019-04-02'],
  ['Reach-in Freezer', 'Refrigeration', 'True', 'T-49', 'R-290', '0.33', '115V', '2023-09-20'],
];

/**
 * A few pieces of equipment at each of a demo company's first sites, the first piece named on the site's newest work
 * order, so the register and its history have something to show.
 */
export async function seedEquipment(tx: Tx, subscriberId: number, siteIds: number[]) {
  const idsOf = async (table: PgTable & { id: PgColumn; name: PgColumn; subscriberId: PgColumn }) => {
    const rows = (await tx.select({ id: table.id, name: table.name }).from(table).where(eq(table.subscriberId, subscriberId))) as { id: number; name: string }[];
    return new Map(rows.map((r) => [r.name, r.id]));
  };
  const categories = await idsOf(equipmentCategories);
  const makes = await idsOf(equipmentMakes);
  const models = await idsOf(equipmentModels);
  const gases = await idsOf(refrigerants);
  const volts = await idsOf(voltages);
  for (const [s, customerId] of siteIds.slice(0, 4).entries()) {
    const rows = await tx
      .insert(equipment)
      .values(
        PIECES.map(([name, category, make, model, gas, charge, voltage, installedOn], i) => ({
          subscriberId, customerId, name, categoryId: categories.get(category)!, makeId: makes.get(make)!, modelId: models.get(model)!,
          serialNumber: `${make.slice(0, 2).toUpperCase()}-${subscriberId}${s}${i}-${1000 + s * 10 + i}`, refrigerantId: gas ? gases.get(gas)! : null,
          chargePounds: charge, voltageId: volts.get(voltage)!, installedOn,
        })),
      )
      .returning({ id: equipment.id });
    const [newest] = await tx
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(and(eq(workOrders.subscriberId, subscriberId), inArray(workOrders.customerId, [customerId])))
      .orderBy(desc(workOrders.createdAt))
      .limit(1);
    if (newest) await tx.insert(workOrderEquipment).values({ subscriberId, workOrderId: newest.id, equipmentId: rows[0].id });
  }
}
