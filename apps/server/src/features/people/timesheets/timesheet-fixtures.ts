import { eq } from 'drizzle-orm';
import { addDays, adjacentPayPeriod, instantOf, payPeriodOf, wallClockOf } from '@sm/shared';
import { customers, subscribers, users, workOrderLabor, workOrders } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

const CALENDAR = { payFrequency: 'Bi-Weekly', payWeekStartsOn: 0 } as const;

/**
 * What the timesheet tests share: the demo users by name, Polar (the company of tech), today's and the previous
 * bi-weekly pay period in its zone, and a fresh work order of FreshMart #112 to put labor on. The previous period's
 * first day is a Sunday (the pay week starts on Sunday): its days 1–5 are Monday to Friday.
 */
export async function payrollFixture(t: TestApp, workOrder: { number: string; problem: string }) {
  const ids: Record<string, number> = {};
  for (const u of await t.db.select({ id: users.id, userName: users.userName }).from(users)) ids[u.userName] = u.id;
  const [polar] = await t.db
    .select({ id: subscribers.id, name: subscribers.name, timeZone: subscribers.timeZone })
    .from(subscribers)
    .innerJoin(users, eq(users.subscriberId, subscribers.id))
    .where(eq(users.userName, 'tech'));
  const current = payPeriodOf(wallClockOf(new Date(), polar.timeZone).toISOString().slice(0, 10), CALENDAR);
  const previous = adjacentPayPeriod(current, CALENDAR, -1);
  const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
  const [wo] = await t.db
    .insert(workOrders)
    .values({ subscriberId: polar.id, workOrderNumber: workOrder.number, customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 38, problem: workOrder.problem })
    .returning();
  /** An instant of a day of the previous period: `day` days after its first, at a wall-clock time in the company's zone. */
  const at = (day: number, time: string) => instantOf(new Date(`${addDays(previous.startsOn, day)}T${time}:00Z`), polar.timeZone);
  /** A finished labor entry of a demo user on the work order. */
  const labor = (userName: string, from: Date, to: Date, extra: Partial<typeof workOrderLabor.$inferInsert> = {}) => ({
    subscriberId: polar.id, workOrderId: wo.id, userId: ids[userName], startedAt: from, stoppedAt: to, ...extra,
  });
  return { ids, polar, current, previous, workOrder: wo, at, labor };
}
