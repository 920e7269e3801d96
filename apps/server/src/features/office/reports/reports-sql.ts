import { sql, type SQL } from 'drizzle-orm';
import { FINISHED_WORK_ORDER_STATUS_IDS, REVENUE_TOP_CUSTOMERS, type ReportGrouping } from '@sm/shared';
import { TERMS_DAYS } from '../../money/collections/aging-sql';

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

const REVENUE_PERIODS: Record<'month' | 'week', SQL> = {
  month: sql`to_char(i.invoice_date, 'YYYY-MM')`,
  // Weeks start on Sunday (spec platform 9).
  week: sql`to_char(i.invoice_date - extract(dow from i.invoice_date)::int, 'YYYY-MM-DD')`,
};

const REVENUE_SUMS = sql`count(*)::int as invoices, sum(i.subtotal) as subtotal, sum(i.tax) as tax, sum(i.total) as total,
  sum(i.payments_total + i.credits_applied) as collected, sum(i.amount_due) as due`;

const RANGE = (input: ReportInput) => sql`i.subscriber_id = ${input.subscriberId} and i.invoice_date between ${input.from}::date and ${input.to}::date`;

/**
 * Revenue: the company's invoices dated in the range (every invoice is a submitted one, its totals frozen), by period,
 * or by billing customer: the REVENUE_TOP_CUSTOMERS largest by total, then every other customer in one row, so the
 * answer stays a picture however many customers there are. Collected is what payments and credits settled.
 */
export function revenueStatement(input: ReportInput, groupBy: ReportGrouping): SQL {
  if (groupBy !== 'customer') {
    const label = groupBy === 'week' ? sql`'Week of ' || p.period` : sql`p.period`;
    return sql`
      select ${label} as label, invoices, subtotal::text as subtotal, tax::text as tax, total::text as total, collected::text as collected, due::text as due
      from (select ${REVENUE_PERIODS[groupBy]} as period, ${REVENUE_SUMS} from invoices i where ${RANGE(input)} group by 1) p
      order by p.period`;
  }
  return sql`
    with per_customer as (
      select i.billing_customer_id as id, ${REVENUE_SUMS} from invoices i where ${RANGE(input)} group by i.billing_customer_id
    ), ranked as (
      select p.*, c.name, row_number() over (order by p.total desc, lower(c.name), c.id) as rank from per_customer p join customers c on c.id = p.id
    )
    select case when min(rank) <= ${REVENUE_TOP_CUSTOMERS} then min(name) else 'All other ' || count(*) || ' customers' end as label,
      sum(invoices)::int as invoices, sum(subtotal)::text as subtotal, sum(tax)::text as tax, sum(total)::text as total,
      sum(collected)::text as collected, sum(due)::text as due
    from ranked group by least(rank, ${REVENUE_TOP_CUSTOMERS + 1}) order by min(rank)`;
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

/**
 * Receivables aging as of the company's today: what each billing customer owes on its open invoices, bucketed by days
 * past due (the invoice's date plus the customer's terms, as the collection page counts them), the REVENUE_TOP_CUSTOMERS
 * largest balances first, then every other customer in one row.
 */
export function receivablesAgingStatement(input: ReportInput): SQL {
  return sql`
    with per_customer as (
      select c.id, c.name, sum(i.amount_due) as balance,
        coalesce(sum(i.amount_due) filter (where d.days <= 0), 0) as current,
        coalesce(sum(i.amount_due) filter (where d.days between 1 and 30), 0) as days1to30,
        coalesce(sum(i.amount_due) filter (where d.days between 31 and 60), 0) as days31to60,
        coalesce(sum(i.amount_due) filter (where d.days between 61 and 90), 0) as days61to90,
        coalesce(sum(i.amount_due) filter (where d.days > 90), 0) as over90
      from invoices i
      join customers c on c.id = i.billing_customer_id and c.subscriber_id = ${input.subscriberId}
      left join company_list_rows tr on tr.id = c.terms_id
      cross join lateral (select ${input.today}::date - i.invoice_date - ${TERMS_DAYS} as days) d
      where i.subscriber_id = ${input.subscriberId} and i.amount_due > 0
      group by c.id
    ), ranked as (
      select p.*, row_number() over (order by p.balance desc, lower(p.name), p.id) as rank from per_customer p
    )
    select case when min(rank) <= ${REVENUE_TOP_CUSTOMERS} then min(name) else 'All other ' || count(*) || ' customers' end as label,
      sum(current)::text as current, sum(days1to30)::text as "days1to30", sum(days31to60)::text as "days31to60",
      sum(days61to90)::text as "days61to90", sum(over90)::text as over90, sum(balance)::text as balance
    from ranked group by least(rank, ${REVENUE_TOP_CUSTOMERS + 1}) order by min(rank)`;
}
