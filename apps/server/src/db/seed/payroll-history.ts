import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, adjacentPayPeriod, instantOf, payPeriodOf, wallClockOf } from '@sm/shared';
import type { Db } from '../client';
import { perDiemTypes, subscribers, userStatusEntries, users, workOrderLabor, workOrderTechnicians } from '../schema';

/**
 * The demo company's last two bi-weekly pay periods, worked: Tom Alvarez (tech) is paid nine and a half hours a weekday
 * (half an hour en route, then nine on work orders), so each week ends with seven and a half hours of overtime, and
 * takes a full-day per diem on the first Wednesday; Priya Natarajan (tech2) works eight. Their labor is on work orders assigned to them. Dates follow today, in the
 * company's zone, and all of it ends before the current period starts. Seeded with a fresh demo (`npm start`) and for
 * the payroll browser tests; the API tests build their own periods.
 */
export async function seedPayrollHistory(db: Db, now = new Date()) {
  const [polar] = await db.select().from(subscribers).orderBy(asc(subscribers.id)).limit(1);
  const staff = await db.select({ id: users.id, userName: users.userName }).from(users).where(and(eq(users.subscriberId, polar.id), inArray(users.userName, ['tech', 'tech2'])));
  const [fullDay] = await db.select().from(perDiemTypes).where(and(eq(perDiemTypes.subscriberId, polar.id), eq(perDiemTypes.name, 'Full Day')));
  const calendar = { payFrequency: 'Bi-Weekly', payWeekStartsOn: 0 } as const;
  const current = payPeriodOf(wallClockOf(now, polar.timeZone).toISOString().slice(0, 10), calendar);
  const last = adjacentPayPeriod(current, calendar, -1);
  const first = adjacentPayPeriod(last, calendar, -1);
  const at = (date: string, time: string) => instantOf(new Date(`${date}T${time}:00Z`), polar.timeZone);
  const weekdays = [first, last].flatMap((p) => [1, 2, 3, 4, 5, 8, 9, 10, 11, 12].map((d) => addDays(p.startsOn, d)));
  await db.transaction(async (tx) => {
    for (const person of staff) {
      const jobs = await tx.select({ id: workOrderTechnicians.workOrderId }).from(workOrderTechnicians).where(eq(workOrderTechnicians.userId, person.id)).orderBy(asc(workOrderTechnicians.workOrderId)).limit(4);
      if (jobs.length === 0) continue;
      const isTech = person.userName === 'tech';
      const labor = weekdays.flatMap((date, i) => {
        const [morning, afternoon] = [jobs[i % jobs.length].id, jobs[(i + 1) % jobs.length].id];
        const base = { subscriberId: polar.id, userId: person.id, userStatusIdAfter: 3 };
        return [
          { ...base, workOrderId: morning, startedAt: at(date, '07:00'), stoppedAt: at(date, isTech ? '11:30' : '11:00'), perDiemTypeId: isTech && i === 2 ? fullDay.id : null, description: 'Checked refrigerant charge and cleaned the condenser coil.' },
          { ...base, workOrderId: afternoon, startedAt: at(date, '12:00'), stoppedAt: at(date, isTech ? '16:30' : '16:00'), description: 'Replaced the door gasket and tested the unit down to temperature.' },
        ];
      });
      await tx.insert(workOrderLabor).values(labor);
      if (isTech) await tx.insert(userStatusEntries).values(weekdays.map((date) => ({ subscriberId: polar.id, userId: person.id, userStatusId: 2, startedAt: at(date, '06:30'), endedAt: at(date, '07:00') })));
    }
  });
}
