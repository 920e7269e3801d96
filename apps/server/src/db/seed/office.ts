import { eq } from 'drizzle-orm';
import type { Tx } from '../../lib/context';
import {
  baseCities, contacts, customerFlags, customerRateSheets, customers, discountReasons, districts, jobTitles, markupGroups, payRaiseTypes, rateSheetStandardItems, regions, sopTypes, standardItems, workOrderClasses,
} from '../schema';

const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Susan', 'David'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Miller', 'Davis'];

/** The office's short lists and a contact per customer for one demo company. */
export async function seedOffice(tx: Tx, subscriberId: number) {
  const named = (names: string[]) => names.map((name) => ({ subscriberId, name }));
  await tx.insert(workOrderClasses).values(named(['Service', 'Preventive Maintenance', 'Installation', 'Warranty', 'Project']));
  await tx.insert(jobTitles).values(named(['Service Technician', 'Apprentice', 'Dispatcher', 'Team Leader', 'Office Manager']));
  const [north, south] = await tx.insert(regions).values(named(['North', 'South'])).returning({ id: regions.id });
  await tx.insert(districts).values([
    { subscriberId, regionId: north.id, name: 'Dallas' },
    { subscriberId, regionId: north.id, name: 'Fort Worth' },
    { subscriberId, regionId: south.id, name: 'Houston' },
  ]);
  await tx.insert(baseCities).values(named(['Dallas', 'Fort Worth', 'Houston']));
  await tx.insert(customerFlags).values(named(['Key Account', 'Slow Payer', 'Requires Escort', 'After Hours Only']));
  await tx.insert(sopTypes).values(named(['Safety', 'Customer Service', 'Vehicle', 'Office']));
  await tx.insert(payRaiseTypes).values(named(['Merit', 'Promotion', 'Cost of Living', 'Certification']));
  await tx.insert(markupGroups).values([
    { subscriberId, name: 'Parts', markupPercent: '60.00' },
    { subscriberId, name: 'Labor', markupPercent: '100.00' },
    { subscriberId, name: 'Equipment', markupPercent: '35.00' },
    { subscriberId, name: 'Subcontract', markupPercent: '20.00' },
  ]);
  await tx.insert(discountReasons).values([
    { subscriberId, name: 'Loyal customer', appliesTo: 'labor' as const },
    { subscriberId, name: 'Warranty labor', appliesTo: 'labor' as const },
    { subscriberId, name: 'Price match', appliesTo: 'item' as const },
    { subscriberId, name: 'Bulk order', appliesTo: 'item' as const },
    { subscriberId, name: 'Damaged in shipping', appliesTo: 'freight' as const },
    { subscriberId, name: 'Shipped with another order', appliesTo: 'freight' as const },
  ]);
  await tx.insert(standardItems).values([
    { subscriberId, name: 'Trip Charge', description: 'One trip to the site', price: '85.00' },
    { subscriberId, name: 'Diagnostic Fee', description: 'First hour of diagnosis', price: '95.00' },
    { subscriberId, name: 'Refrigerant Recovery', description: 'Recovery and disposal, per pound', price: '12.50' },
    { subscriberId, name: 'Toll', description: 'Road toll paid on the way, at cost', price: '0.00' },
  ]);
  const sheets = await tx.select({ id: customerRateSheets.id }).from(customerRateSheets).where(eq(customerRateSheets.subscriberId, subscriberId));
  for (const sheet of sheets) {
    await tx.insert(rateSheetStandardItems).values([
      { subscriberId, customerRateSheetId: sheet.id, name: 'Trip Charge', itemRateTypeId: 1, price: '75.00' },
      { subscriberId, customerRateSheetId: sheet.id, name: 'Trip Charge', itemRateTypeId: 2, price: '112.50' },
      { subscriberId, customerRateSheetId: sheet.id, name: 'Filter Change, per unit', itemRateTypeId: 1, price: '18.00' },
    ]);
  }
  const rows = await tx.select({ id: customers.id, phone: customers.phone }).from(customers).where(eq(customers.subscriberId, subscriberId));
  await tx.insert(contacts).values(
    rows.map((c, i) => {
      const first = FIRST[i % FIRST.length];
      const last = LAST[(i * 3) % LAST.length];
      return {
        subscriberId, customerId: c.id, name: `${first} ${last}`, title: i % 2 ? 'Store Manager' : 'Facilities Manager',
        phone: c.phone, email: `${first}.${last}${i}@customer.example`.toLowerCase(), isPrimary: true,
      };
    }),
  );
}
