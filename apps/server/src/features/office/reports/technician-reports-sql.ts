import { sql, type SQL } from 'drizzle-orm';
import { CALLBACK_DAYS, COMPLETED_WORK_ORDER_STATUS_IDS, FINISHED_WORK_ORDER_STATUS_IDS } from '@sm/shared';
import type { ReportInput } from './reports-sql';

/** Seconds as hours to the hundredth, as exact decimal text. */
const hours = (seconds: SQL) => sql`round(coalesce(${seconds}, 0) / 3600, 2)::text`;

/** The company's closed labor started on a day of the range (the company's days), with its length in seconds. */
const closedLabor = (input: ReportInput) => sql`
  select l.user_id, l.work_order_id, l.started_at, l.stopped_at, l.is_overtime, l.is_reached_at_site,
    (l.started_at at time zone ${input.timeZone})::date as day, extract(epoch from l.stopped_at - l.started_at) as secs
  from work_order_labor l
  where l.subscriber_id = ${input.subscriberId} and l.stopped_at is not null
    and (l.started_at at time zone ${input.timeZone})::date between ${input.from}::date and ${input.to}::date`;

/**
 * Labor hours and utilisation, by technician: the days he clocked in the range, his hours on site, travelling (clocked
 * in before reaching the site) and overtime, and his working days' hours (each day from his first clock-in to his last
 * clock-out); utilisation is the share of those on site (reports.service.ts works it out).
 */
export function laborUtilisationStatement(input: ReportInput): SQL {
  return sql`
    with labor as (${closedLabor(input)}),
    days as (select user_id, sum(extract(epoch from last_stop - first_start)) as span from (
      select user_id, day, min(started_at) as first_start, max(stopped_at) as last_stop from labor group by user_id, day) d group by user_id),
    per_user as (
      select user_id, count(distinct day)::int as days, count(*)::int as visits,
        sum(secs) filter (where is_reached_at_site) as site, sum(secs) filter (where not is_reached_at_site) as travel,
        sum(secs) filter (where is_overtime) as overtime
      from labor group by user_id
    )
    select u.name as label, p.days, p.visits, ${hours(sql`p.site`)} as "onSiteHours", ${hours(sql`p.travel`)} as "travelHours",
      ${hours(sql`p.overtime`)} as "overtimeHours", ${hours(sql`d.span`)} as "dayHours"
    from per_user p join days d on d.user_id = p.user_id join users u on u.id = p.user_id
    order by lower(u.name), u.id`;
}

/**
 * Technician productivity: the work orders and visits each technician worked in the range, his hours on them (on site
 * and travelling), and the invoiced revenue of those work orders (their subtotal before tax) shared by his part of all
 * hours ever worked on each, rounded to the cent per work order; revenue per hour is worked out from the two.
 */
export function technicianProductivityStatement(input: ReportInput): SQL {
  return sql`
    with mine as (
      select user_id, work_order_id, count(*)::int as visits, sum(secs) as secs from (${closedLabor(input)}) l group by user_id, work_order_id
    ),
    whole as (
      select l.work_order_id, sum(extract(epoch from l.stopped_at - l.started_at)) as secs
      from work_order_labor l where l.work_order_id in (select work_order_id from mine) and l.stopped_at is not null
      group by l.work_order_id
    )
    select u.name as label, count(*)::int as "workOrders", sum(m.visits)::int as visits, ${hours(sql`sum(m.secs)`)} as hours,
      count(i.id)::int as invoiced,
      coalesce(sum(round(i.subtotal * m.secs / nullif(w.secs, 0), 2)), 0)::text as revenue
    from mine m join whole w on w.work_order_id = m.work_order_id left join invoices i on i.work_order_id = m.work_order_id
      join users u on u.id = m.user_id
    group by u.id, u.name
    order by lower(u.name), u.id`;
}

const COMPLETED = sql.raw(COMPLETED_WORK_ORDER_STATUS_IDS.join(', '));
const NOT_REAL = sql.raw(FINISHED_WORK_ORDER_STATUS_IDS.filter((id) => !(COMPLETED_WORK_ORDER_STATUS_IDS as readonly number[]).includes(id)).join(', '));

/**
 * First-time fix and callbacks, by technician: the completed work orders whose last visit ended in the range, each
 * counted for every technician who worked it; fixed the first time when all its time on site fell on one of the
 * company's days; called back when another work order (not canceled or a duplicate) was opened for the same site
 * within CALLBACK_DAYS days after its last visit ended. Each work order carries its technicians: joined back to the
 * labor instead, the planner (which cannot count the work orders done) rescanned them for every row, minutes on
 * 1,000,000 work orders.
 */
export function firstTimeFixStatement(input: ReportInput): SQL {
  const tz = input.timeZone;
  return sql`
    with ended as (
      select distinct l.work_order_id from work_order_labor l
      where l.subscriber_id = ${input.subscriberId} and (l.stopped_at at time zone ${tz})::date between ${input.from}::date and ${input.to}::date
    ),
    done as (
      select w.id, w.customer_id, max(l.stopped_at) as finished_at, array_agg(distinct l.user_id) as techs,
        count(distinct (l.started_at at time zone ${tz})::date) filter (where l.is_reached_at_site) as site_days
      from ended e join work_orders w on w.id = e.work_order_id join work_order_labor l on l.work_order_id = w.id
      where w.subscriber_id = ${input.subscriberId} and w.work_order_status_id in (${COMPLETED})
      group by w.id
      having bool_and(l.stopped_at is not null) and bool_or(l.is_reached_at_site)
        and (max(l.stopped_at) at time zone ${tz})::date between ${input.from}::date and ${input.to}::date
    ),
    judged as (
      select d.techs, d.site_days = 1 as first_time,
        exists (select 1 from work_orders c where c.customer_id = d.customer_id and c.subscriber_id = ${input.subscriberId} and c.id <> d.id
          and c.created_at > d.finished_at and c.created_at <= d.finished_at + make_interval(days => ${CALLBACK_DAYS})
          and c.work_order_status_id not in (${NOT_REAL})) as called_back
      from done d
    )
    select u.name as label, count(*)::int as "workOrders", count(*) filter (where j.first_time)::int as "firstTime",
      count(*) filter (where j.called_back)::int as callbacks
    from judged j cross join lateral unnest(j.techs) as t(user_id) join users u on u.id = t.user_id
    group by u.id, u.name
    order by lower(u.name), u.id`;
}
