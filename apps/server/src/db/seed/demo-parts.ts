import { and, eq } from 'drizzle-orm';
import { companyListRows, inventoryItems, shipToAddresses, stockLevels, stockMovements, vendors, warehouses } from '../schema';
import type { Tx } from '../../lib/context';

const listRow = async (tx: Tx, subscriberId: number, listKey: string, name: string) =>
  (await tx.select({ id: companyListRows.id }).from(companyListRows).where(and(eq(companyListRows.subscriberId, subscriberId), eq(companyListRows.listKey, listKey), eq(companyListRows.name, name))))[0].id;

/** A demo company's warehouses (its main one, a satellite and its first technician's truck), vendors and ship-to addresses. */
export async function seedPartsLists(tx: Tx, company: { id: number; city: string; state: string; zip: string; technicianId: number }) {
  const { id: subscriberId, city, state, zip } = company;
  const main = await listRow(tx, subscriberId, 'wareHouseTypes', 'Main Warehouse');
  const satellite = await listRow(tx, subscriberId, 'wareHouseTypes', 'Satellite Warehouse');
  const van = await listRow(tx, subscriberId, 'truckStockTypes', 'Refrigeration Van Stock');
  const net30 = await listRow(tx, subscriberId, 'terms', 'Net 30');
  const [mainWarehouse, , truck] = await tx.insert(warehouses).values([
    { subscriberId, name: 'Main Warehouse', typeId: main, street: '4100 Industrial Blvd', city, state, zip },
    { subscriberId, name: 'North Satellite', typeId: satellite, street: '88 Commerce Park Dr', city, state, zip },
    { subscriberId, name: 'Truck 1', typeId: satellite, isTruck: true, technicianId: company.technicianId, truckStockTypeId: van },
  ]).returning();
  const [johnstone, ferguson] = await tx.insert(vendors).values([
    {
      subscriberId, name: 'Johnstone Supply', accountNumber: 'JS-20417', termsId: net30, phone: '214-555-0142', email: 'orders@johnstone.example.com', street: '1200 Commerce St', city, state, zip,
      contactName: 'Dana Ortiz', contactPhone: '214-555-0143', contactEmail: 'dana@johnstone.example.com', notes: 'Will-call counter opens at 7 am.',
    },
    { subscriberId, name: 'Ferguson HVAC', accountNumber: 'FH-88120', termsId: net30, phone: '214-555-0177', city, state, zip, contactName: 'Lee Park' },
  ]).returning();
  await seedDemoItems(tx, subscriberId, { warehouseId: mainWarehouse.id, truckId: truck.id }, { johnstone: johnstone.id, ferguson: ferguson.id });
  await tx.insert(shipToAddresses).values([
    { subscriberId, name: 'Main Warehouse', street: '4100 Industrial Blvd', city, state, zip, phone: '214-555-0100', isDefault: true },
    { subscriberId, name: 'North Satellite', street: '88 Commerce Park Dr', city, state, zip, phone: '214-555-0101' },
  ]);
}

/** Parts a demo company stocks: [part number, description, unit, cost, barcode, vendor, main warehouse, truck, min, max]. */
const DEMO_ITEMS = [
  ['CAP-4540', 'Run capacitor 45/5 µF 440 V', 'Each', '18.40', '0712345000017', 'johnstone', 24, 3, 10, 40],
  ['CON-30A2P', 'Contactor 30 A 2-pole 24 V coil', 'Each', '24.75', '0712345000024', 'johnstone', 12, 2, 6, 20],
  ['R404A-24', 'Refrigerant R-404A, 24 lb cylinder', 'Cylinder', '212.00', '0712345000031', 'ferguson', 6, 1, 2, 8],
  ['FD-CORE48', 'Filter drier core 48 cu in', 'Each', '31.10', '0712345000048', 'ferguson', 15, 2, 5, 25],
  ['GSK-WI-8', 'Walk-in door gasket, 8 ft', 'Each', '64.90', '0712345000055', 'johnstone', 4, 0, 2, 6],
  ['TXV-R404-2', 'Thermostatic expansion valve R-404A 2 ton', 'Each', '148.00', '0712345000062', 'ferguson', 3, 1, 1, 4],
  ['FAN-EC-16', 'Evaporator fan motor EC 16 W', 'Each', '96.50', '0712345000079', 'johnstone', 8, 1, 3, 10],
  ['IGN-HSI-41', 'Hot surface igniter, fryer', 'Each', '42.20', '0712345000086', 'ferguson', 0, 2, 2, 6],
] as const;

/** A demo company's items, received into its main warehouse and its first truck through the stock ledger. */
async function seedDemoItems(tx: Tx, subscriberId: number, places: { warehouseId: number; truckId: number }, vendorIds: Record<'johnstone' | 'ferguson', number>) {
  for (const [partNumber, description, unit, unitCost, barcode, vendor, inWarehouse, onTruck, min, max] of DEMO_ITEMS) {
    const [item] = await tx.insert(inventoryItems).values({ subscriberId, partNumber, description, unit, unitCost, barcode, preferredVendorId: vendorIds[vendor] }).returning();
    for (const [warehouseId, quantity] of [[places.warehouseId, inWarehouse], [places.truckId, onTruck]] as const) {
      if (quantity > 0) await tx.insert(stockMovements).values({ subscriberId, itemId: item.id, warehouseId, kind: 'counted', quantity: String(quantity), unitCost, reason: 'Opening count' });
    }
    await tx.insert(stockLevels).values({ subscriberId, itemId: item.id, warehouseId: places.warehouseId }).onConflictDoNothing();
    await tx.update(stockLevels).set({ minQuantity: String(min), maxQuantity: String(max) }).where(and(eq(stockLevels.itemId, item.id), eq(stockLevels.warehouseId, places.warehouseId)));
  }
}
