import { sql, type SQL } from 'drizzle-orm';
import type { AgingQueryParsed } from '@sm/shared';
import { termsDaysSql } from '../invoices/invoice-terms-sql';

/** What the aging statement is asked: the company, its today, and the grid's filters, sort and page. */
export interface AgingStatementInput extends AgingQueryParsed {
  subscriberId: number;
  /** The company's today, YYYY-MM-DD: ages are counted to it. */
  today: string;
}

/** The row of the statement: numeric sums as exact decimal texts, dates as text. */
export interface AgingStatementRow {
  matching: number;
  t_balance: string;
  t_current: string;
  t_days1to30: string;
  t_days31to60: string;
  t_days61to90: string;
  t_over90: string;
  id: number | null;
  name: string | null;
  credit_limit: string | null;
  is_on_credit_hold: boolean | null;
  is_over_limit: boolean | null;
  balance: string | null;
  not_due: string | null;
  days1to30: string | null;
  days31to60: string | null;
  days61to90: string | null;
  over90: string | null;
  oldest: number | null;
  last_payment: string | null;
}

const SORT_COLUMNS: Record<AgingQueryParsed['sort'], SQL> = {
  customerName: sql`lower(r.name)`,
  balance: sql`r.balance`,
  current: sql`r.not_due`,
  days1to30: sql`r.days1to30`,
  days31to60: sql`r.days31to60`,
  days61to90: sql`r.days61to90`,
  over90: sql`r.over90`,
  oldestPastDueDays: sql`r.oldest`,
  creditLimit: sql`r.credit_limit`,
};

const BUCKET_COLUMNS: Record<NonNullable<AgingQueryParsed['bucket']>, SQL> = {
  current: sql`r.not_due`,
  days1to30: sql`r.days1to30`,
  days31to60: sql`r.days31to60`,
  days61to90: sql`r.days61to90`,
  over90: sql`r.over90`,
};

/** The days an invoice of a billing customer (joined as `tr`) is given: its terms', none without. */
export const TERMS_DAYS = termsDaysSql('tr');

/** The days an open invoice is past due: the company's today minus its date and its billing customer's terms. */
const DAYS_PAST_DUE = (today: string) => sql`${today}::date - i.invoice_date - ${TERMS_DAYS}`;

/** The customers the filters keep. */
function filtersOf(q: AgingStatementInput): SQL {
  const conditions: SQL[] = [sql`true`];
  if (q.search) conditions.push(sql`lower(r.name) like ${`%${q.search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (q.bucket) conditions.push(sql`${BUCKET_COLUMNS[q.bucket]} > 0`);
  if (q.overLimit !== undefined) conditions.push(q.overLimit ? sql`r.is_over_limit` : sql`not r.is_over_limit`);
  if (q.onHold !== undefined) conditions.push(q.onHold ? sql`r.is_on_credit_hold` : sql`not r.is_on_credit_hold`);
  return sql.join(conditions, sql` and `);
}

/**
 * The aging of a company's receivables in one statement: its invoices still owing something (read from the partial
 * index of open invoices), each bucketed by the days past its due date (invoice date plus the billing customer's
 * terms, counted to the company's today), summed per billing customer; the customers on credit hold beside them even
 * when they owe nothing. The filters apply to those rows; the totals are those of every matching customer, and the
 * page adds each of its customers' last payment date. Always one row at least (the totals), with a null customer
 * when the page is empty.
 */
export function agingStatement(q: AgingStatementInput): SQL {
  const dir = q.dir === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const order = sql`${SORT_COLUMNS[q.sort]} ${dir}, r.id`;
  return sql`with per_customer as (
      select c.id, c.name, c.credit_limit, c.is_on_credit_hold, sum(i.amount_due) as balance,
             coalesce(sum(i.amount_due) filter (where d.days <= 0), 0) as not_due,
             coalesce(sum(i.amount_due) filter (where d.days between 1 and 30), 0) as days1to30,
             coalesce(sum(i.amount_due) filter (where d.days between 31 and 60), 0) as days31to60,
             coalesce(sum(i.amount_due) filter (where d.days between 61 and 90), 0) as days61to90,
             coalesce(sum(i.amount_due) filter (where d.days > 90), 0) as over90,
             greatest(max(d.days), 0) as oldest
        from invoices i
        join customers c on c.id = i.billing_customer_id and c.subscriber_id = ${q.subscriberId}
        left join company_list_rows tr on tr.id = c.terms_id
        cross join lateral (select ${DAYS_PAST_DUE(q.today)} as days) d
       where i.subscriber_id = ${q.subscriberId} and i.amount_due > 0
       group by c.id
    ),
    rows as (
      select * from (
        select p.*, (p.credit_limit is not null and p.balance > p.credit_limit) as is_over_limit from per_customer p
        union all
        select c.id, c.name, c.credit_limit, c.is_on_credit_hold, 0, 0, 0, 0, 0, 0, 0, false
          from customers c
         where c.subscriber_id = ${q.subscriberId} and c.is_on_credit_hold
           and not exists (select 1 from invoices i where i.subscriber_id = ${q.subscriberId} and i.billing_customer_id = c.id and i.amount_due > 0)
      ) r
       where ${filtersOf(q)}
    ),
    totals as (
      select count(*)::int as matching, coalesce(sum(balance), 0) as t_balance, coalesce(sum(not_due), 0) as t_current,
             coalesce(sum(days1to30), 0) as t_days1to30, coalesce(sum(days31to60), 0) as t_days31to60,
             coalesce(sum(days61to90), 0) as t_days61to90, coalesce(sum(over90), 0) as t_over90
        from rows
    ),
    page as (select r.* from rows r order by ${order} limit ${q.take} offset ${q.skip})
    select t.matching, t.t_balance::text, t.t_current::text, t.t_days1to30::text, t.t_days31to60::text, t.t_days61to90::text, t.t_over90::text,
           r.id, r.name, r.credit_limit::text, r.is_on_credit_hold, r.is_over_limit, r.balance::text, r.not_due::text, r.days1to30::text,
           r.days31to60::text, r.days61to90::text, r.over90::text, r.oldest,
           (select to_char(max(pay.paid_on), 'YYYY-MM-DD') from invoices pi join invoice_payments pay on pay.invoice_id = pi.id
             where pi.billing_customer_id = r.id and pi.subscriber_id = ${q.subscriberId}) as last_payment
      from totals t left join page r on true
     order by ${order}`;
}
