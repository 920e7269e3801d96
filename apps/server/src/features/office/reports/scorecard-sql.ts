import { sql, type SQL } from 'drizzle-orm';
import { PROVIDER_INVOICE_DAYS_DEFAULT, SC_CHECK_MINUTES_MIN } from '@sm/shared';
import type { ReportInput } from './reports-sql';

/**
 * The provider compliance scorecard: for each technician and ServiceChannel client (the work order's billing customer),
 * the work orders the technician worked in the range (a visit started on one of its days), and three shares of them:
 * - check-in and check-out: every visit of his on the work order was checked in and out at ServiceChannel (both
 *   accepted) at least SC_CHECK_MINUTES_MIN minutes apart;
 * - arrival: his first visit started within a visit the dispatcher planned for him on the work order (start to end);
 *   a work order never planned for him is left out of this share;
 * - invoice: the invoice is dated within the client's days (its own, else the default) of his last visit's end; a work
 *   order not invoiced yet counts as a miss once those days have passed, and is left out until then.
 * The statement counts; the shares are worked out from the counts (reports.service.ts), for rows and totals alike.
 */
export function providerScorecardStatement(input: ReportInput): SQL {
  const tz = input.timeZone;
  return sql`
    with visits as (
      select l.user_id, w.id as wo_id, coalesce(w.billing_customer_id, w.customer_id) as client_id, l.started_at, l.stopped_at,
        exists (select 1 from provider_actions a where a.work_order_id = l.work_order_id and a.labor_id = l.id and a.action = 'checkIn' and a.is_ok) as checked_in,
        exists (select 1 from provider_actions a where a.work_order_id = l.work_order_id and a.labor_id = l.id and a.action = 'checkOut' and a.is_ok) as checked_out
      from work_order_labor l join work_orders w on w.id = l.work_order_id
      where l.subscriber_id = ${input.subscriberId} and w.provider = 'serviceChannel'
        and (l.started_at at time zone ${tz})::date between ${input.from}::date and ${input.to}::date
    ),
    per_work_order as (
      select user_id, wo_id, client_id, min(started_at) as arrived, max(stopped_at) as left_site,
        bool_and(checked_in and checked_out and stopped_at - started_at >= make_interval(mins => ${SC_CHECK_MINUTES_MIN})) as is_checked
      from visits group by user_id, wo_id, client_id
    ),
    judged as (
      select p.user_id, p.client_id, p.is_checked,
        case when not exists (select 1 from schedule_items s where s.work_order_id = p.wo_id and s.technician_user_id = p.user_id and not s.is_deleted) then null
          else exists (select 1 from schedule_items s where s.work_order_id = p.wo_id and s.technician_user_id = p.user_id and not s.is_deleted
            and p.arrived between s.start_at and s.start_at + make_interval(secs => s.duration_hours * 3600)) end as is_on_time,
        case when p.left_site is null then null
          when i.id is not null then i.invoice_date <= (p.left_site at time zone ${tz})::date + coalesce(c.provider_invoice_days, ${PROVIDER_INVOICE_DAYS_DEFAULT})
          when ${input.today}::date > (p.left_site at time zone ${tz})::date + coalesce(c.provider_invoice_days, ${PROVIDER_INVOICE_DAYS_DEFAULT}) then false
          else null end as is_invoiced
      from per_work_order p join customers c on c.id = p.client_id left join invoices i on i.work_order_id = p.wo_id
    )
    select u.name || ' · ' || c.name as label, u.name as technician, c.name as client, count(*)::int as "workOrders",
      count(*) filter (where is_checked)::int as checked,
      count(is_on_time)::int as "onTimeCounted", count(*) filter (where is_on_time)::int as "onTime",
      count(is_invoiced)::int as "invoicedCounted", count(*) filter (where is_invoiced)::int as invoiced
    from judged j join users u on u.id = j.user_id join customers c on c.id = j.client_id
    group by u.id, u.name, c.id, c.name
    order by lower(u.name), lower(c.name)`;
}
