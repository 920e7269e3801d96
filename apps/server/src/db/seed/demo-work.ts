import { and, eq } from 'drizzle-orm';
import { addDays, addMaterialBody, clockInBody, clockOutBody, newWorkOrderBody, USER_STATUS, WORK_ORDER_STATUS } from '@sm/shared';
import type { Db } from '../client';
import { customerRateSheets, customers, rateSheetLaborItems } from '../schema';
import { clockIn, clockOut } from '../../features/field/clock/clock.service';
import { addMaterial } from '../../features/office/work-order-items/materials.service';
import { createWorkOrder } from '../../features/office/work-orders/work-order-create.service';
import { calendarOf, periodOf } from '../../features/people/timesheets/payroll-settings.service';
import { demoSiteId, later, type DemoActor, type DemoClock, type DemoCompany } from './demo-actors';

const LUNCH = 5;

/** A work order the demo made, with the site it is for. */
export interface DemoJob {
  workOrderId: number;
  workOrderNumber: string;
  site: string;
}

/** One stretch of a technician's labor: clocked in and out through the clock, as the technician's phone does. */
interface Shift {
  tech: DemoActor;
  job: DemoJob;
  start: Date;
  stop: Date;
  isOvertime?: boolean;
  /** Lunch after a morning's work; otherwise the technician is off duty after it. */
  isMorning?: boolean;
  /** The work order's status after it: finished, or to be continued another day. */
  isFinished?: boolean;
  description: string;
}

/** Parts a technician logs on a job when the work is done: Incurred (billed), at cost with the company's markup. */
type Part = [partNumber: string, description: string, quantity: number, unitCost: number, markupPercent: number];

/** Finished jobs billed since: the site, the problem, how many days ago, the hours (after hours ones are overtime), the parts. */
const BILLED: [site: string, problem: string, daysAgo: number, from: string, to: string, parts: Part[]][] = [
  ['FreshMart #112 Lakewood', 'Walk-in cooler not holding temperature, reading 48°F', 74, '07:30', '12:15', [['CFM-1075', 'Condenser fan motor 1/3 HP', 1, 142.5, 35], ['R404A-LB', 'R-404A refrigerant, lb', 6, 9, 40]]],
  ['Pecan Lodge Deep Ellum', 'Ice machine not producing ice', 68, '08:00', '11:30', [['WV-ICE-24', 'Ice machine water inlet valve', 1, 64.8, 40]]],
  ['Trinity Medical Center North', 'Rooftop AC unit tripping breaker', 61, '07:00', '13:30', [['CMP-5T', 'Compressor contactor 40 A', 1, 38.25, 50], ['CAP-45-5', 'Dual run capacitor 45/5 µF', 1, 24.1, 50]]],
  ['Uptown Steakhouse', 'Fryer pilot light will not stay lit', 54, '09:00', '11:00', [['TC-24', 'Millivolt thermocouple 24 in', 2, 18.4, 45]]],
  ['FreshMart #118 Oak Lawn', 'Display case compressor short cycling', 49, '07:30', '14:00', [['LPS-R404', 'Low-pressure control', 1, 56, 40], ['R404A-LB', 'R-404A refrigerant, lb', 4, 9, 40]]],
  ['Bishop Arts Cafe', 'Combi oven error code E34', 46, '13:00', '15:30', [['PRB-CMB', 'Combi oven core temperature probe', 1, 118, 35]]],
  ['FreshMart #121 Plano', 'Produce case warm after hours, product at risk', 3, '17:30', '19:00', [['EFM-9W', 'Evaporator fan motor 9 W', 2, 32.5, 40]]],
  ['Trinity Outpatient Richardson', 'Pharmacy reach-in refrigerator alarming high temperature', 2, '19:30', '21:15', [['DG-RI-27', 'Reach-in door gasket 27 x 60 in', 1, 74, 40]]],
];

/** The jobs of the current pay period: Tom works a rate-sheet customer's stores, Priya the independent accounts. */
const TOM_JOBS: [site: string, problem: string][] = [
  ['FreshMart #127 Irving', 'Quarterly preventive maintenance on refrigeration racks'],
  ['Trinity Medical Center North', 'Thermostat unresponsive in office area'],
  ['FreshMart #112 Lakewood', 'Walk-in freezer door gasket torn'],
  ['Pecan Lodge Deep Ellum', 'Dish machine not reaching rinse temperature'],
];
const PRIYA_JOBS: [site: string, problem: string][] = [
  ['Ice House Storage LLC', 'Blast freezer rack preventive maintenance, both circuits'],
  ['Cedar Springs Deli', 'Reach-in freezer icing up on evaporator coil'],
  ['Ice House Storage LLC', 'Loading dock door heater strip not working'],
];

const NOTES = [
  'Checked refrigerant charge and superheat, cleaned the condenser coil, unit holding temperature.',
  'Replaced the worn door gasket and adjusted the closer; tested the box down to temperature.',
  'Inspected belts and bearings, tightened electrical connections, logged amp draws.',
  'Traced the fault to a failed sensor, replaced it and verified operation with the manager.',
];

/** What the demo's technicians did: billed jobs of the last months and a worked current pay period. */
export interface DemoWork {
  /** The finished jobs, with when the work was done (the seed time for a call not yet over). */
  billed: (DemoJob & { doneAt: Date })[];
  current: DemoJob[];
}

/**
 * Work orders and labor made through the office's and the technician's own services: eight finished jobs of Tom
 * Alvarez, six of them weeks ago and two after-hours calls of the last days (overtime), and the current pay period
 * worked so far: Tom nine and a half hours a weekday and a Saturday emergency call (overtime once a week passes 40 hours),
 * Priya Natarajan eight and a half. Nothing is left clocked in, and nothing overlaps the worked pay-period history
 * (weekdays 07:00 to 16:30 of the two periods before this one).
 */
export async function seedDemoWork(db: Db, company: DemoCompany, clock: DemoClock, people: { dispatcher: DemoActor; tom: DemoActor; priya: DemoActor }): Promise<DemoWork> {
  const { dispatcher, tom, priya } = people;
  const open = async (site: string, problem: string, tech: DemoActor, when: Date): Promise<DemoJob> => {
    const customerId = await demoSiteId(db, company.id, site);
    const body = newWorkOrderBody.parse({ customerId, problem, technicianIds: [tech.userId], nte: 1500 });
    const created = await createWorkOrder(dispatcher.at(when), dispatcher.access, body);
    return { workOrderId: created.workOrderId, workOrderNumber: created.workOrderNumber, site };
  };
  const ctx = tom.at(clock.now);
  const period = await periodOf(db, ctx, await calendarOf(db, ctx), clock.today);
  const firstDay = clock.at(period.startsOn, '00:00');
  const shifts: Shift[] = [];
  const billed: DemoWork['billed'] = [];
  for (const [i, [site, problem, daysAgo, from, to]] of BILLED.entries()) {
    // The after-hours calls of the last days stay in the current pay period, so the periods before it are as the
    // pay-period history makes them; on the period's first day they are that day's evening.
    const date = daysAgo > 7 || clock.day(-daysAgo) >= period.startsOn ? clock.day(-daysAgo) : period.startsOn;
    const job = await open(site, problem, tom, clock.at(date, daysAgo > 7 ? '06:40' : '17:05'));
    const [start, stop] = [clock.at(date, from), clock.at(date, to)];
    billed.push({ ...job, doneAt: stop.getTime() <= clock.now.getTime() ? stop : clock.now });
    shifts.push({ tech: tom, job, start, stop, isOvertime: daysAgo <= 7, isFinished: true, description: NOTES[i % NOTES.length] });
  }
  const tomJobs = [];
  for (const [site, problem] of TOM_JOBS) tomJobs.push(await open(site, problem, tom, later(firstDay, -15 * 60)));
  const priyaJobs = [];
  for (const [site, problem] of PRIYA_JOBS) priyaJobs.push(await open(site, problem, priya, later(firstDay, -14 * 60)));
  for (let d = 0; addDays(period.startsOn, d) <= clock.today; d++) {
    const date = addDays(period.startsOn, d);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0) continue;
    if (weekday === 6) {
      shifts.push({ tech: tom, job: tomJobs[1], start: clock.at(date, '08:00'), stop: clock.at(date, '12:00'), isOvertime: true, description: 'Weekend call: reset the tripped high-pressure control and cleaned the condenser.' });
      continue;
    }
    const [am, pm] = [tomJobs[d % tomJobs.length], tomJobs[(d + 1) % tomJobs.length]];
    shifts.push({ tech: tom, job: am, start: clock.at(date, '07:00'), stop: clock.at(date, '11:30'), isMorning: true, description: NOTES[d % NOTES.length] });
    shifts.push({ tech: tom, job: pm, start: clock.at(date, '12:00'), stop: clock.at(date, '17:00'), description: NOTES[(d + 1) % NOTES.length] });
    const [pam, ppm] = [priyaJobs[d % priyaJobs.length], priyaJobs[(d + 2) % priyaJobs.length]];
    shifts.push({ tech: priya, job: pam, start: clock.at(date, '07:30'), stop: clock.at(date, '12:00'), isMorning: true, description: NOTES[(d + 2) % NOTES.length] });
    shifts.push({ tech: priya, job: ppm, start: clock.at(date, '12:30'), stop: clock.at(date, '16:30'), description: NOTES[(d + 3) % NOTES.length] });
  }
  // The clock takes each technician's time in order; a stretch not yet over at the seed time is not worked.
  const done = shifts.filter((s) => s.stop.getTime() <= clock.now.getTime()).sort((a, b) => a.start.getTime() - b.start.getTime());
  for (const s of done) await work(db, company, s);
  for (const [i, job] of billed.entries()) {
    const [, , , , , parts] = BILLED[i];
    const when = job.doneAt;
    for (const [partNumber, description, quantity, unitCost, markupPercent] of parts) {
      await addMaterial(tom.at(when), tom.access, addMaterialBody.parse({ workOrderId: job.workOrderId, materialStatusId: 6, partNumber, description, quantity, unitCost, markupPercent }));
    }
  }
  return { billed, current: [...tomJobs, ...priyaJobs] };
}

/** A stretch of labor: clocked in at its start and out at its end, on the customer's rate sheet when it has one. */
async function work(db: Db, company: DemoCompany, s: Shift) {
  const rateItem = await rateSheetItemOf(db, company.id, s.job.site, s.tech.userId);
  const started = await clockIn(
    s.tech.at(s.start),
    s.tech.access,
    clockInBody.parse({ workOrderId: s.job.workOrderId, startTime: s.start.toISOString(), isReachedAtSite: true, isOvertime: s.isOvertime ?? false, serviceTechnicianId: rateItem ?? undefined }),
  );
  await clockOut(
    s.tech.at(s.stop),
    s.tech.access,
    clockOutBody.parse({ workOrderId: s.job.workOrderId, workOrderLaborId: started.workOrderLaborId, description: s.description, isOvertime: s.isOvertime ?? false,
      userStatusId: s.isMorning ? LUNCH : USER_STATUS.OffDuty, workOrderStatusId: s.isFinished ? WORK_ORDER_STATUS.Completed : WORK_ORDER_STATUS.ToBeContinued,
    }),
  );
}

/** The technician's Service Technician rate of the site's billing customer's rate sheet, when it has one. */
async function rateSheetItemOf(db: Db, subscriberId: number, site: string, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: rateSheetLaborItems.id })
    .from(customers)
    .innerJoin(customerRateSheets, eq(customerRateSheets.billingCustomerId, customers.billingCustomerId))
    .innerJoin(rateSheetLaborItems, and(eq(rateSheetLaborItems.customerRateSheetId, customerRateSheets.id), eq(rateSheetLaborItems.technicianUserId, userId), eq(rateSheetLaborItems.name, 'Service Technician')))
    .where(and(eq(customers.subscriberId, subscriberId), eq(customers.name, site)));
  return row?.id ?? null;
}
