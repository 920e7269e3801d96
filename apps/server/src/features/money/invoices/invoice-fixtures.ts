import { and, eq } from 'drizzle-orm';
import {
  customerRateSheets, customers, rateSheetLaborItems, rateSheetStandardItems, rateSheetTrucks, standardItems, users, workOrderLabor,
  workOrderMaterials, workOrderStandardItems, workOrders,
} from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

const HOUR = 3_600_000;

/**
 * A fresh work order of Polar's FreshMart #112 (billed to FreshMart Grocers, Texas) with known labor and items:
 * - 2.50 h regular at 110.00 with the Service Van (trip 85.00), 1.25 h overtime at 165.00, 0.50 h stand-by at 55.00,
 *   2.00 h apprentice at 65.00;
 * - materials: 2.5 × 12.35 incurred (billable), 1 × 100.00 proposed (not billed);
 * - Diagnostic Fee 95.00 (standard item), Filter Change 3 × 18.00 (rate-sheet item).
 */
export async function knownWorkOrder(t: TestApp, number: string) {
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
  const [sheet] = await t.db.select().from(customerRateSheets).where(eq(customerRateSheets.billingCustomerId, site.billingCustomerId!));
  const [rates] = await t.db.select().from(rateSheetLaborItems).where(and(eq(rateSheetLaborItems.customerRateSheetId, sheet.id), eq(rateSheetLaborItems.name, 'Service Technician')));
  const [van] = await t.db.select().from(rateSheetTrucks).where(and(eq(rateSheetTrucks.customerRateSheetId, sheet.id), eq(rateSheetTrucks.name, 'Service Van')));
  const [filter] = await t.db.select().from(rateSheetStandardItems).where(and(eq(rateSheetStandardItems.customerRateSheetId, sheet.id), eq(rateSheetStandardItems.name, 'Filter Change, per unit')));
  const [diagnostic] = await t.db.select().from(standardItems).where(and(eq(standardItems.subscriberId, site.subscriberId), eq(standardItems.name, 'Diagnostic Fee')));
  const [wo] = await t.db
    .insert(workOrders)
    .values({ subscriberId: site.subscriberId, workOrderNumber: number, customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 38, problem: 'Walk-in cooler warm' })
    .returning();
  const start = new Date('2026-11-02T14:00:00Z').getTime();
  const entry = (offsetHours: number, hours: number, extra: Partial<typeof workOrderLabor.$inferInsert> = {}) => ({
    subscriberId: site.subscriberId, workOrderId: wo.id, userId: tech.id, rateSheetLaborItemId: rates.id,
    startedAt: new Date(start + offsetHours * HOUR), stoppedAt: new Date(start + (offsetHours + hours) * HOUR), ...extra,
  });
  const labor = await t.db
    .insert(workOrderLabor)
    .values([
      entry(0, 2.5, { rateSheetTruckId: van.id }),
      entry(3, 1.25, { isOvertime: true }),
      entry(5, 0.5, { itemRateTypeId: 3 }),
      entry(6, 2, { isApprenticeRateApplied: true }),
    ])
    .returning({ id: workOrderLabor.id });
  await t.db.insert(workOrderMaterials).values([
    { subscriberId: site.subscriberId, workOrderId: wo.id, materialStatusId: 6, description: 'R-404A refrigerant, lb', quantity: '2.5', unitCost: '9.00', markupPercent: '0', unitPrice: '12.35' },
    { subscriberId: site.subscriberId, workOrderId: wo.id, materialStatusId: 10, description: 'Proposed compressor', quantity: '1', unitCost: '80.00', markupPercent: '25', unitPrice: '100.00' },
  ]);
  await t.db.insert(workOrderStandardItems).values([
    { subscriberId: site.subscriberId, workOrderId: wo.id, standardItemId: diagnostic.id, name: diagnostic.name, quantity: '1', unitPrice: diagnostic.price },
    { subscriberId: site.subscriberId, workOrderId: wo.id, rateSheetStandardItemId: filter.id, name: filter.name, itemRateTypeId: 1, quantity: '3', unitPrice: filter.price },
  ]);
  return { workOrder: wo, laborIds: labor.map((l) => l.id), rates, site, tech };
}

/** What the office adds to the known work order's invoice: a discount on the regular labor, a quoted value, freight. */
export const knownBody = (workOrderId: number, regularLaborId: number) => ({
  workOrderId,
  invoiceDate: '2026-11-03',
  laborDiscounts: [{ workOrderLaborId: regularLaborId, discount: 25 }],
  quotedValues: [{ description: 'Quoted coil cleaning', amount: 300 }],
  freight: 12.4,
});
