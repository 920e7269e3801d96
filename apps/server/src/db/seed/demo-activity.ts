import type { Db } from '../client';
import { asc, eq } from 'drizzle-orm';
import { subscribers, users } from '../schema';
import { demoActors, demoClock, type DemoCompany } from './demo-actors';
import { seedDemoWork } from './demo-work';
import { seedDemoBilling } from './demo-billing';
import { seedDemoQuotes } from './demo-quotes';
import { seedDemoPeople, settleDemoOutbox } from './demo-people';

/**
 * A working company on every screen of Polar Refrigeration, made through the same services the API calls, at times
 * relative to the seed time in the company's zone, so that today and the current pay period always have something
 * to show and every run makes the same records: jobs worked and invoiced, payments, credit memos, quotes and
 * estimates in each state, the current pay period's labor, e-mails sent and one refused, a pay raise waiting for
 * approval, a write-up and acknowledged SOPs.
 */
export async function seedDemoActivity(db: Db, now = new Date()) {
  const polar = await polarCompany(db);
  const clock = demoClock(polar, now);
  const people = await demoActors(db, polar, ['admin', 'leader', 'dispatcher', 'tech', 'tech2', 'payroll', 'sales']);
  const { admin, leader, dispatcher, tech: tom, tech2: priya, payroll, sales } = people;
  const work = await seedDemoWork(db, polar, clock, { dispatcher, tom, priya });
  const billing = await seedDemoBilling(db, polar, clock, work.billed, { admin, payroll });
  const quotes = await seedDemoQuotes(db, polar, clock, { dispatcher, sales });
  await seedDemoPeople(db, polar, clock, { admin, leader, tom, priya }, { callback: work.billed[4] });
  const failed = billing.emails.filter((e) => e.outcome === 'failed').map((e) => e.emailOutboxId);
  await settleDemoOutbox(db, failed);
  return { work, billing, quotes };
}

/** The first demo company, Polar Refrigeration, with its users by user name. */
async function polarCompany(db: Db): Promise<DemoCompany> {
  const [polar] = await db.select({ id: subscribers.id, timeZone: subscribers.timeZone }).from(subscribers).orderBy(asc(subscribers.id)).limit(1);
  const staff = await db.select({ id: users.id, userName: users.userName }).from(users).where(eq(users.subscriberId, polar.id));
  return { id: polar.id, timeZone: polar.timeZone, users: Object.fromEntries(staff.map((u) => [u.userName, u.id])) };
}
