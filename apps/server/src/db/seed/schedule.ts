import { and, asc, eq, inArray } from 'drizzle-orm';
import { WORK_ORDER_STATUS, addWallDays, instantOf, wallClockOf, type TaskColor } from '@sm/shared';
import type { Tx } from '../../lib/context';
import { scheduleItems, workOrderTechnicians, workOrders } from '../schema';

/** Work orders worth a visit: not yet completed, billed or invoiced. */
const OPEN_STATUSES = [WORK_ORDER_STATUS.ToDo, WORK_ORDER_STATUS.Onsite, WORK_ORDER_STATUS.EnRoute, WORK_ORDER_STATUS.ToBeContinued, 10, 17, 18, 31];

interface Planned {
  techId: number;
  /** Days from the Sunday that starts the seed date's week, and the local time. */
  day: number | 'today';
  time: string;
  hours: number;
  workOrder?: number;
  task?: string;
  rule?: string;
  isAppointment?: boolean;
  color?: TaskColor;
}

/**
 * A week of schedule for the demo companies, laid out around the seed date in each company's time zone: visits of
 * both Polar technicians on their own open work orders today and this week, a weekly shop meeting, an appointment
 * agreed with a customer, and one visit for Coastal Air's technician.
 */
export async function seedSchedule(
  tx: Tx,
  now: Date,
  polar: { id: number; timeZone: string; users: Record<string, number> },
  coastal: { id: number; timeZone: string; users: Record<string, number> },
) {
  const { tech, tech2, dispatcher } = polar.users;
  const [t1, t2] = [await openWorkOrders(tx, polar.id, tech), await openWorkOrders(tx, polar.id, tech2)];
  await addItems(tx, now, polar.id, polar.timeZone, dispatcher, [
    { techId: tech, day: 'today', time: '08:00', hours: 2, workOrder: t1[0], color: 'blue' },
    { techId: tech, day: 'today', time: '13:00', hours: 1.5, workOrder: t1[1], color: 'green' },
    { techId: tech, day: 2, time: '09:00', hours: 2, workOrder: t1[2], isAppointment: true, color: 'red' },
    { techId: tech, day: 4, time: '10:30', hours: 1, workOrder: t1[3], color: 'orange' },
    { techId: tech, day: 1, time: '07:30', hours: 0.5, task: 'Shop meeting and van stock check', rule: 'FREQ=WEEKLY;BYDAY=MO', color: 'gray' },
    { techId: tech2, day: 'today', time: '10:00', hours: 1, workOrder: t2[0], color: 'blue' },
    { techId: tech2, day: 3, time: '14:00', hours: 2, workOrder: t2[1], color: 'purple' },
    { techId: tech2, day: 5, time: '08:30', hours: 0.25, task: 'Pick up compressor at the supply house', color: 'orange' },
  ]);
  const [c1] = await openWorkOrders(tx, coastal.id, coastal.users['coastal.tech']);
  await addItems(tx, now, coastal.id, coastal.timeZone, coastal.users['coastal.admin'], [
    { techId: coastal.users['coastal.tech'], day: 'today', time: '09:00', hours: 1.5, workOrder: c1, color: 'blue' },
  ]);
}

async function openWorkOrders(tx: Tx, subscriberId: number, techId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(workOrderTechnicians, eq(workOrderTechnicians.workOrderId, workOrders.id))
    .where(and(eq(workOrders.subscriberId, subscriberId), eq(workOrderTechnicians.userId, techId), inArray(workOrders.workOrderStatusId, OPEN_STATUSES)))
    .orderBy(asc(workOrders.workOrderNumber));
  return rows.map((r) => r.id);
}

async function addItems(tx: Tx, now: Date, subscriberId: number, timeZone: string, createdBy: number, planned: Planned[]) {
  const today = wallClockOf(now, timeZone);
  const midnight = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const sunday = addWallDays(midnight, -midnight.getUTCDay());
  await tx.insert(scheduleItems).values(
    planned.map((p) => {
      const [h, m] = p.time.split(':').map(Number);
      const day = p.day === 'today' ? midnight : addWallDays(sunday, p.day);
      return {
        subscriberId,
        technicianUserId: p.techId,
        workOrderId: p.workOrder ?? null,
        task: p.task ?? null,
        startAt: instantOf(new Date(day.getTime() + (h * 60 + m) * 60_000), timeZone),
        durationHours: p.hours,
        isAppointment: p.isAppointment ?? false,
        recurrenceRule: p.rule ?? null,
        color: p.color ?? 'blue',
        timeZone,
        createdBy,
        createdAt: now,
      };
    }),
  );
}
