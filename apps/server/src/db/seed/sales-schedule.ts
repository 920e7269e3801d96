import { and, eq, inArray } from 'drizzle-orm';
import { addWallDays, instantOf, wallClockOf, type TaskColor } from '@sm/shared';
import type { Tx } from '../../lib/context';
import { customers, scheduleItems } from '../schema';

interface PlannedTask {
  customer: string;
  title: string;
  /** Days from the Sunday that starts the seed date's week, and the local time. */
  day: number | 'today';
  time: string;
  hours: number;
  rule?: string;
  color: TaskColor;
}

const TASKS: PlannedTask[] = [
  { customer: 'FreshMart Grocers Inc.', title: 'Weekly call with the FreshMart facilities buyer', day: 2, time: '10:00', hours: 0.5, rule: 'FREQ=WEEKLY;BYDAY=TU', color: 'green' },
  { customer: 'Uptown Steakhouse', title: 'Demo: walk-in cooler temperature monitoring', day: 4, time: '14:00', hours: 1.5, color: 'purple' },
  { customer: 'Trinity Health Facilities', title: 'Follow up on the preventive maintenance quote', day: 'today', time: '11:00', hours: 0.25, color: 'orange' },
  { customer: 'Cedar Springs Deli', title: 'Site visit: ice machine replacement', day: 3, time: '09:30', hours: 1, color: 'blue' },
];

/**
 * The demo sales person's week, laid out around the seed date in the company's time zone: a weekly call with a
 * buyer, a product demo, a quote follow-up today and a site visit, each for one of the company's customers.
 */
export async function seedSalesSchedule(tx: Tx, now: Date, company: { id: number; timeZone: string; users: Record<string, number> }) {
  const salesPersonId = company.users.sales;
  const names = TASKS.map((t) => t.customer);
  const rows = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.subscriberId, company.id), inArray(customers.name, names)));
  const customerId = new Map(rows.map((r) => [r.name, r.id]));
  const today = wallClockOf(now, company.timeZone);
  const midnight = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const sunday = addWallDays(midnight, -midnight.getUTCDay());
  await tx.insert(scheduleItems).values(
    TASKS.filter((t) => customerId.has(t.customer)).map((t) => {
      const [h, m] = t.time.split(':').map(Number);
      const day = t.day === 'today' ? midnight : addWallDays(sunday, t.day);
      return {
        subscriberId: company.id,
        kind: 'sales' as const,
        task: t.title,
        customerId: customerId.get(t.customer)!,
        salesPersonUserId: salesPersonId,
        startAt: instantOf(new Date(day.getTime() + (h * 60 + m) * 60_000), company.timeZone),
        durationHours: t.hours,
        recurrenceRule: t.rule ?? null,
        color: t.color,
        timeZone: company.timeZone,
        createdBy: salesPersonId,
        createdAt: now,
      };
    }),
  );
}
