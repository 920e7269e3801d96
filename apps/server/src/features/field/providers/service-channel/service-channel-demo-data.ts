/**
 * The demo company's two service-channel work orders, as both sides know them: the product's seed
 * (db/seed/service-channel-demo.ts) and the simulator's seed data use these same facts, so a demo clock-in on the
 * first is taken and on the second is refused as out of range.
 */

/** The demo company's account at the simulator (the resource-owner password grant needs a user too). */
export const SC_DEMO_CREDENTIALS = { clientId: 'polar-refrigeration', clientSecret: 'sc-demo-secret', userName: 'polar.dispatch', password: 'sc-demo-password' } as const;

/** Half a mile: the usual radius a customer sets for check-ins. */
export const SC_DEMO_RADIUS_METERS = 805;

export interface ScDemoSite {
  providerWorkOrderId: number;
  workOrderNumber: string;
  problem: string;
  site: { name: string; address: string; city: string; state: string; zip: string; latitude: number; longitude: number };
  locationId: number;
  nte: number;
}

export const SC_DEMO_WORK_ORDERS: readonly ScDemoSite[] = [
  {
    providerWorkOrderId: 88120451,
    workOrderNumber: '240024',
    problem: 'Walk-in cooler alarm, box at 45°F (ServiceChannel)',
    site: { name: 'Lone Star Grill Downtown', address: '1601 Elm St', city: 'Dallas', state: 'TX', zip: '75201', latitude: 32.7812, longitude: -96.7985 },
    locationId: 5021,
    nte: 650,
  },
  {
    providerWorkOrderId: 88120452,
    workOrderNumber: '240025',
    problem: 'Reach-in freezer not cooling (ServiceChannel)',
    site: { name: 'Lone Star Grill Fort Worth', address: '400 Throckmorton St', city: 'Fort Worth', state: 'TX', zip: '76102', latitude: 32.7555, longitude: -97.3308 },
    locationId: 5022,
    nte: 900,
  },
];
