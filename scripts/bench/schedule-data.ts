/**
 * Schedule items for the real-time benchmark's company, written by set-based SQL after the data set of
 * generate.ts: every technician has a weekly series (Monday, Wednesday and Friday at 08:00 company time, for
 * twelve weeks before today and on without end), a monthly series (last Friday, 15:00) and 20 single jobs on
 * their own work orders spread over the weeks around today, every fifth one an appointment.
 */
import type pg from 'pg';

export const SCHEDULE_SHAPE = { technicians: 500, singleJobsPerTechnician: 20, workOrdersPerTechnician: 4 } as const;
const T = SCHEDULE_SHAPE.technicians;
const TZ = 'America/Chicago';
/** Midnight of this week's Monday in the company's time zone, as a wall-clock timestamp. */
const WEEK = `date_trunc('week', now() AT TIME ZONE '${TZ}')`;

export async function fillSchedule(c: pg.Client): Promise<Record<string, number>> {
  await c.query(`UPDATE subscribers SET time_zone = '${TZ}'`);
  const series = await c.query(`
    INSERT INTO schedule_items (subscriber_id, work_order_id, technician_user_id, task, start_at, duration_hours,
                                recurrence_rule, time_zone, color, created_by)
    SELECT 1, t, t, 'Preventive maintenance route', (${WEEK} - interval '12 weeks' + interval '8 hours') AT TIME ZONE '${TZ}', 1,
           'FREQ=WEEKLY;BYDAY=MO,WE,FR', '${TZ}', 'green', ${T + 1}
      FROM generate_series(1, ${T}) t
    UNION ALL
    SELECT 1, NULL, t, 'Monthly safety meeting', (${WEEK} - interval '12 weeks' + interval '4 days 15 hours') AT TIME ZONE '${TZ}', 0.5,
           'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1', '${TZ}', 'purple', ${T + 1}
      FROM generate_series(1, ${T}) t`);
  const singles = await c.query(`
    INSERT INTO schedule_items (subscriber_id, work_order_id, technician_user_id, task, start_at, duration_hours,
                                is_appointment, time_zone, color, created_by)
    SELECT 1, t + ${T} * (k % ${SCHEDULE_SHAPE.workOrdersPerTechnician}), t, NULL,
           (${WEEK} - interval '14 days' + k * interval '36 hours' + (10 + t % 6) * interval '1 hour') AT TIME ZONE '${TZ}',
           1.5, k % 5 = 0, '${TZ}', (ARRAY['blue','red','orange'])[k % 3 + 1], ${T + 1}
      FROM generate_series(1, ${T}) t, generate_series(0, ${SCHEDULE_SHAPE.singleJobsPerTechnician - 1}) k`);
  return { technicians: T, seriesItems: series.rowCount ?? 0, singleItems: singles.rowCount ?? 0 };
}
