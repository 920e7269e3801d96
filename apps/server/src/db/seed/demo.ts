import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import type { Tx } from '../../lib/context';
import {
  payRates, customerRateSheets, customers, customerUsers, perDiemTypes, rateSheetLaborItems, rateSheetTrucks, rolePermissions, subscribers,
  userRoles, userTeamLeaders, users, workOrderFlags, workOrderStatusHistory, workOrderTechnicians, workOrders,
} from '../schema';
import { ROLE, type RoleName } from '@sm/shared';
import { hashPassword } from '../../features/platform/auth/auth.service';
import { defaultMatrixRows } from '../../features/platform/permissions/default-matrix';
import { COASTAL_SITES, COASTAL_USERS, DATA_WORK, DEMO_PASSWORD, DEMO_STATUS_IDS, POLAR_BILLING, POLAR_SITES, POLAR_USERS, PROBLEMS } from './demo-data';
import { seedReference } from './reference';
import { seedSchedule } from './schedule';
import { seedProviders } from './providers';
import { seedSalesSchedule } from './sales-schedule';
import { seedServiceChannelDemo } from './service-channel-demo';
import { seedOffice } from './office';
import { seedSettingsLists } from './settings-lists';
import { seedPartsLists } from './demo-parts';
import { addStartingCollectionTasks } from '../../features/money/collections/collection-task-starting';
import { seedEquipment } from './demo-equipment';
import { seedPmContracts } from './demo-pm';
import { seedBilling } from './billing';
import { seedFleet } from './demo-fleet';
import { seedSales } from './demo-sales';
import { seedProjects } from './demo-projects';



/** Loads the demo companies once, when the database has no company yet. Answers whether it did. */
export async function seedDemoIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  await seedReference(db);
  const [{ n }] = await db.select({ n: count() }).from(subscribers);
  if (n > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const polar = await addCompany(tx, 'Polar Refrigeration', 'America/Chicago', POLAR_USERS, hash);
    const coastal = await addCompany(tx, 'Coastal Air', 'America/New_York', COASTAL_USERS, hash);
    await tx.insert(perDiemTypes).values([
      { subscriberId: polar.id, name: 'Full Day', amount: '60.00' },
      { subscriberId: polar.id, name: 'Half Day', amount: '30.00' },
      { subscriberId: polar.id, name: 'Overnight', amount: '90.00' },
      { subscriberId: coastal.id, name: 'Full Day', amount: '55.00' },
    ]);
    for (const s of [polar, coastal]) {
      await tx.insert(workOrderFlags).values(
        ['Callback', 'Warranty', 'Customer Complaint', 'Needs Follow Up', 'Safety Concern'].map((name) => ({ subscriberId: s.id, name })),
      );
    }
    const billing = await tx
      .insert(customers)
      .values(POLAR_BILLING.map((p) => place(polar.id, p, true)))
      .returning({ id: customers.id });
    const sites = await tx
      .insert(customers)
      .values(POLAR_SITES.map(([b, ...p]) => ({ ...place(polar.id, p, b < 0), billingCustomerId: b >= 0 ? billing[b].id : null })))
      .returning({ id: customers.id, billingCustomerId: customers.billingCustomerId });
    await rateSheets(tx, polar.id, billing.map((b) => b.id), polar.users.tech);
    // The demo's customer user reads FreshMart's portal when signed in.
    await tx.insert(customerUsers).values({ subscriberId: polar.id, userId: polar.users.customer, billingCustomerId: billing[0].id, createdAt: now });
    const coastalSites = await tx
      .insert(customers)
      .values(COASTAL_SITES.map((p) => place(coastal.id, p, true)))
      .returning({ id: customers.id, billingCustomerId: customers.billingCustomerId });
    await addWorkOrders(tx, polar.id, 240001, sites, [polar.users.tech, polar.users.tech2], polar.users.dispatcher, 30, now);
    await addWorkOrders(tx, coastal.id, 510001, coastalSites, [coastal.users["coastal.tech"]], coastal.users["coastal.admin"], 12, now);
    await seedDataWork(tx, polar, now);
    await seedSchedule(tx, now, polar, coastal);
    await seedProviders(tx, polar);
    await seedSalesSchedule(tx, now, polar);
    await seedServiceChannelDemo(tx, polar);
    for (const s of [polar, coastal]) await seedOffice(tx, s.id);
    for (const s of [polar, coastal]) await seedSettingsLists(tx, s.id);
    await seedSales(tx, polar.id, { salesPerson: polar.users.sales, manager: polar.users.salesmgr, billingCustomerIds: [billing[0].id, billing[1].id] });
    await seedSales(tx, coastal.id);
    // Two buckets assigned, two left to anyone in Collection.
    const assigned = [{ name: 'Early reminders', bucket: 'days1to30' }, { name: 'Final notices', bucket: 'over90' }] as const;
    await addStartingCollectionTasks(tx, polar.id, polar.users.admin, [...assigned]);
    await addStartingCollectionTasks(tx, coastal.id, coastal.users['coastal.admin'], [...assigned]);
    await seedPartsLists(tx, { id: polar.id, city: 'Dallas', state: 'TX', zip: '75207', technicianId: polar.users.tech });
    await seedPartsLists(tx, { id: coastal.id, city: 'Tampa', state: 'FL', zip: '33602', technicianId: coastal.users['coastal.tech'] });
    await seedEquipment(tx, polar.id, sites.map((x) => x.id));
    await seedEquipment(tx, coastal.id, coastalSites.map((x) => x.id));
    await seedPmContracts(tx, polar, sites.map((x) => x.id), now);
    await seedFleet(tx, { id: polar.id, timeZone: polar.timeZone, drivers: [polar.users.tech, polar.users.tech2], platePrefix: 'TX', vins: ['1FTBR1C82NKA12345', '1GCWGAFG5L1209876'] }, now);
    await seedFleet(tx, { id: coastal.id, timeZone: coastal.timeZone, drivers: [coastal.users['coastal.tech']], platePrefix: 'FL', vins: ['1FTBR1C85MKA40221'] }, now);
    await seedProjects(tx, { id: polar.id, timeZone: polar.timeZone, projectManagerId: polar.users.pm, createdBy: polar.users.admin }, now);
    await seedPayRates(tx, polar, [['admin', 'Operations Manager', '45.00'], ['leader', 'Team Leader', '38.00'], ['dispatcher', 'Dispatcher', '24.00'], ['tech', 'Service Technician', '28.50'], ['tech2', 'Service Technician', '26.00'], ['payroll', 'Payroll Manager', '32.00'], ['sales', 'Sales Person', '22.00']]);
    await seedPayRates(tx, coastal, [['coastal.tech', 'Service Technician', '27.00']]);
    await seedBilling(tx, polar.id, [{ state: 'TX', taxRate: '8.25' }, { state: 'OK', taxRate: '4.5' }]);
    await seedBilling(tx, coastal.id, [{ state: 'FL', taxRate: '7' }]);
  });
  return true;
}

/**
 * Work orders whose data the office still has to fix (the data specialist's board): moved by the dispatcher into
 * Need Attachment, Fix Work Description, Fix Time, Get MM Serial and Put Parts Info In some days ago.
 */
async function seedDataWork(tx: Tx, company: { id: number; users: Record<string, number> }, now: Date) {
  for (const [workOrderNumber, toStatusId, daysAgo] of DATA_WORK) {
    const [wo] = await tx
      .select({ id: workOrders.id, fromStatusId: workOrders.workOrderStatusId })
      .from(workOrders)
      .where(and(eq(workOrders.subscriberId, company.id), eq(workOrders.workOrderNumber, workOrderNumber)));
    await tx.update(workOrders).set({ workOrderStatusId: toStatusId }).where(eq(workOrders.id, wo.id));
    const changedAt = new Date(now.getTime() - daysAgo * 86_400_000);
    await tx.insert(workOrderStatusHistory).values({ subscriberId: company.id, workOrderId: wo.id, fromStatusId: wo.fromStatusId, toStatusId, changedBy: company.users.dispatcher, changedAt });
  }
}

/** The staff's position and hourly pay since the start of the year. */
async function seedPayRates(tx: Tx, company: { id: number; users: Record<string, number> }, rates: [userName: string, position: string, hourlyRate: string][]) {
  await tx.insert(payRates).values(rates.map(([userName, position, hourlyRate]) => ({ subscriberId: company.id, userId: company.users[userName], effectiveFrom: '2026-01-01', position, hourlyRate })));
}

async function addCompany(tx: Tx, name: string, timeZone: string, people: readonly { userName: string; name: string; role: string; phone: string }[], hash: string) {
  const [s] = await tx
    .insert(subscribers)
    .values({
      name,
      timeZone,
      settings: { hasWorkOrder: true, hasCustomer: true, hasRefrigerant: true, hasVoltage: true, hasPurchaseOrder: true, hasWarehouseSetup: true },
    })
    .returning({ id: subscribers.id });
  const domain = name.toLowerCase().replace(/[^a-z]+/g, '') + '.example';
  const rows = await tx
    .insert(users)
    .values(people.map((p) => ({ subscriberId: s.id, userName: p.userName, name: p.name, email: `${p.userName}@${domain}`, phone: p.phone, passwordHash: hash, userStatusId: 10 })))
    .returning({ id: users.id, userName: users.userName });
  const byName = Object.fromEntries(rows.map((r) => [r.userName, r.id])) as Record<string, number>;
  await tx.insert(userRoles).values(people.map((p) => ({ subscriberId: s.id, userId: byName[p.userName], roleId: ROLE[p.role as RoleName] })));
  await tx.insert(rolePermissions).values(defaultMatrixRows(s.id));
  // Each of the company's Team Leaders leads its other staff (its customers have no team leader).
  const leaders = people.filter((p) => p.role === 'Team Leader').map((p) => byName[p.userName]);
  const led = people.filter((p) => p.role !== 'Team Leader' && p.role !== 'Customer').map((p) => byName[p.userName]);
  const teams = led.flatMap((userId) => leaders.map((teamLeaderId) => ({ subscriberId: s.id, userId, teamLeaderId })));
  if (teams.length > 0) await tx.insert(userTeamLeaders).values(teams);
  return { id: s.id, timeZone, users: byName };
}

function place(subscriberId: number, [name, address, city, state, zip, latitude, longitude]: [string, string, string, string, string, number, number], isBilling: boolean) {
  const phone = `214-555-${String(1000 + (name.length * 37) % 9000).padStart(4, '0')}`;
  return { subscriberId, name, address, city, state, zip, latitude, longitude, phone, isBillingCustomer: isBilling };
}

async function rateSheets(tx: Tx, subscriberId: number, billingIds: number[], techId: number) {
  await tx.update(users).set({ worksOnRateSheets: true }).where(eq(users.id, techId));
  for (const [i, billingCustomerId] of billingIds.entries()) {
    const [sheet] = await tx
      .insert(customerRateSheets)
      .values({ subscriberId, billingCustomerId, name: `${['Grocery', 'Restaurant', 'Healthcare'][i]} Service Rates 2026` })
      .returning({ id: customerRateSheets.id });
    await tx.insert(rateSheetLaborItems).values([
      {
        subscriberId, customerRateSheetId: sheet.id, technicianUserId: techId, name: 'Service Technician',
        dailyRate: 880 + i * 40, hourlyRate: 110 + i * 5, otHourlyRate: 165 + i * 7.5, standByRate: 55 + i * 2.5, apprenticeRate: 65,
      },
      {
        subscriberId, customerRateSheetId: sheet.id, technicianUserId: techId, name: 'Refrigeration Specialist',
        dailyRate: 1040 + i * 40, hourlyRate: 130 + i * 5, otHourlyRate: 195 + i * 7.5, standByRate: 65 + i * 2.5, apprenticeRate: null,
      },
    ]);
    await tx.insert(rateSheetTrucks).values([
      { subscriberId, customerRateSheetId: sheet.id, name: 'Service Van', hourlyRate: 25, tripCharge: 85 },
      { subscriberId, customerRateSheetId: sheet.id, name: 'Box Truck with Lift Gate', hourlyRate: 45, tripCharge: 150 },
    ]);
  }
}

async function addWorkOrders(
  tx: Tx, subscriberId: number, firstNumber: number, sites: { id: number; billingCustomerId: number | null }[],
  techIds: number[], createdBy: number, perTech: number, now: Date,
) {
  let n = firstNumber;
  for (const [t, techId] of techIds.entries()) {
    const values = Array.from({ length: perTech }, (_, i) => {
      const site = sites[(i * 7 + t * 3) % sites.length];
      const createdAt = new Date(now.getTime() - (perTech - i) * 26 * 3600_000 - t * 3600_000);
      return {
        subscriberId, workOrderNumber: String(n++), customerId: site.id, billingCustomerId: site.billingCustomerId ?? site.id,
        workOrderStatusId: DEMO_STATUS_IDS[(i + t * 5) % DEMO_STATUS_IDS.length], problem: PROBLEMS[(i * 5 + t) % PROBLEMS.length],
        nte: [500, 750, 1000, 1500, 2500][i % 5], createdBy, createdAt,
      };
    });
    const inserted = await tx.insert(workOrders).values(values).returning({ id: workOrders.id });
    await tx.insert(workOrderTechnicians).values(inserted.map((w) => ({ subscriberId, workOrderId: w.id, userId: techId })));
  }
}
