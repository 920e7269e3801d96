import { and, eq } from 'drizzle-orm';
import { companyListRows, shipToAddresses, vendors, warehouses } from '../schema';
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
  await tx.insert(warehouses).values([
    { subscriberId, name: 'Main Warehouse', typeId: main, street: '4100 Industrial Blvd', city, state, zip },
    { subscriberId, name: 'North Satellite', typeId: satellite, street: '88 Commerce Park Dr', city, state, zip },
    { subscriberId, name: 'Truck 1', typeId: satellite, isTruck: true, technicianId: company.technicianId, truckStockTypeId: van },
  ]);
  await tx.insert(vendors).values([
    {
      subscriberId, name: 'Johnstone Supply', accountNumber: 'JS-20417', termsId: net30, phone: '214-555-0142', email: 'orders@johnstone.example.com', street: '1200 Commerce St', city, state, zip,
      contactName: 'Dana Ortiz', contactPhone: '214-555-0143', contactEmail: 'dana@johnstone.example.com', notes: 'Will-call counter opens at 7 am.',
    },
    { subscriberId, name: 'Ferguson HVAC', accountNumber: 'FH-88120', termsId: net30, phone: '214-555-0177', city, state, zip, contactName: 'Lee Park' },
  ]);
  await tx.insert(shipToAddresses).values([
    { subscriberId, name: 'Main Warehouse', street: '4100 Industrial Blvd', city, state, zip, phone: '214-555-0100', isDefault: true },
    { subscriberId, name: 'North Satellite', street: '88 Commerce Park Dr', city, state, zip, phone: '214-555-0101' },
  ]);
}
