import { sql, type SQL } from 'drizzle-orm';
import { FINISHED_WORK_ORDER_STATUS_IDS, type ReportGrouping } from '@sm/shared';

/** What a report's statement is asked: the company, its time zone and today, and the range of its dates. */
export interface ReportInput {
  subscriberId: number;
  timeZone: string;
  today: string;
  from: string;
  to: string;
}

/** One row of a statement: its label, its order, and its figures (sums of money as exact decimal text). */
export type StatementRow = Record<string, string | number | null>;

const REVENUE_GROUPS: Record<ReportGrouping, { label: SQL; order: SQL; join: SQL }> = {
  month: { label: sql`to_char(i.invoice_date, 'YYYY-MM')`, order: sql`to_char(i.invoice_date, 'YYYY-MM')`, join: sql`` },
  // Weeks start on Sunday (spec platform 9).
  week: {
    label: sql`'Week of ' || to_char(i.invoice_date - extract(dow from i.invoice_date)::int, 'YYYY-MM-DD')`,
    order: sql`to_char(i.invoice_date - extract(dow from i.invoice_date)::int, 'YYYY-MM-DD')`,
    join: sql``,
  },
  customer: { label: sql`c.name`, order: sql`lower(c.name) || '#' || c.id`, join: sql`join customers c on c.id = i.billing_customer_id` },
};

/**
 * Revenue: the company's invoices dated in the range (every invoice is a submitted one, its totals frozen), grouped;
 * collected is what payments and credits settled.
 */
export function revenueStatement(input: ReportInput, groupBy: ReportGrouping): SQL {
  const g = REVENUE_GROUPS[groupBy];
  return sql`
    select ${g.label} as label, count(*)::int as invoices, sum(i.subtotal)::text as subtotal, sum(i.tax)::text as tax,
      sum(i.total)::text as total, sum(i.payments_total + i.credits_applied)::text as collected, sum(i.amount_due)::text as due
    from invoices i ${g.join}
    where i.subscriber_id = ${input.subscriberId} and i.invoice_date between ${input.from}::date and ${input.to}::date
    group by ${g.label}, ${g.order}
    order by ${g.order}`;
}

const FINISHED = sql.raw(FINISHED_WORK_ORDER_STATUS_IDS.join(', '));

/** Work-order aging: open work orders by status, counted in buckets of days since they were created (the company's days). */
export function workOrderAgingStatement(input: ReportInput): SQL {
  return sql`
    with aged as (
      select w.work_order_status_id as status_id, ${input.today}::date - (w.created_at at time zone ${input.timeZone})::date as age
      from work_orders w
      where w.subscriber_id = ${input.subscriberId} and w.work_order_status_id not in (${FINISHED})
    )
    select s.name as label,
      count(*) filter (where age <= 7)::int as days0to7,
      count(*) filter (where age between 8 and 30)::int as days8to30,
      count(*) filter (where age between 31 and 60)::int as days31to60,
      count(*) filter (where age between 61 and 90)::int as days61to90,
      count(*) filter (where age > 90)::int as over90,
      count(*)::int as open
    from aged a join work_order_statuses s on s.id = a.status_id
    group by s.id, s.name
    order by count(*) desc, s.name`;
}

/**
 * Quote conversion: quotes created in the range by month (the company's months), with their current version's status:
 * approved, rejected, or still waiting; the approval share counts decided quotes only.
 */
export function quoteConversionStatement(input: ReportInput): SQL {
  return sql`
    with q as (
      select to_char((q.created_at at time zone ${input.timeZone})::date, 'YYYY-MM') as month, v.status
      from quotes q join quote_versions v on v.quote_id = q.id and v.version = q.current_version
      where q.subscriber_id = ${input.subscriberId}
        and (q.created_at at time zone ${input.timeZone})::date between ${input.from}::date and ${input.to}::date
    )
    select month as label, count(*)::int as quotes,
      count(*) filter (where status = 'Approved')::int as approved,
      count(*) filter (where status = 'Rejected')::int as rejected,
      count(*) filter (where status not in ('Approved', 'Rejected'))::int as waiting
    from q group by month order by month`;
}
