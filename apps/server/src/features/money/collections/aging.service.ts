import { sql } from 'drizzle-orm';
import { agingBucketOf, jsonNumberOf, type AgingAnswer, type AgingQueryParsed, type AgingRow, type CustomerAging } from '@sm/shared';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { companyToday, todayOf } from '../../platform/subscribers/company-time';
import { agingStatement, TERMS_DAYS, type AgingStatementRow } from './aging-sql';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const money = (text: string | null) => jsonNumberOf(text ?? '0');

function agingRowOf(r: AgingStatementRow): AgingRow {
  const isOnCreditHold = r.is_on_credit_hold === true;
  const isOverLimit = r.is_over_limit === true;
  return {
    customerId: r.id!,
    customerName: r.name!,
    balance: money(r.balance),
    current: money(r.not_due),
    days1to30: money(r.days1to30),
    days31to60: money(r.days31to60),
    days61to90: money(r.days61to90),
    over90: money(r.over90),
    creditLimit: r.credit_limit === null ? null : money(r.credit_limit),
    isOnCreditHold,
    isOverLimit,
    creditStatus: isOnCreditHold ? 'onHold' : isOverLimit ? 'overLimit' : 'good',
    oldestPastDueDays: Number(r.oldest ?? 0),
    lastPaymentDate: r.last_payment,
  };
}

/**
 * `GET Collection/aging`: the company's receivables by billing customer, aged in buckets to the company's today, with
 * each customer's credit limit and hold; filtered, sorted and paged, with the totals of every matching customer. One
 * statement (aging-sql.ts).
 */
export async function listAging(ctx: Ctx, query: AgingQueryParsed): Promise<AgingAnswer> {
  const today = await companyToday(ctx);
  const rows = rowsOf<AgingStatementRow>(await ctx.db.execute(agingStatement({ ...query, subscriberId: ctx.actor.subscriberId, today })));
  const first = rows[0];
  return {
    data: rows.filter((r) => r.id !== null).map(agingRowOf),
    total: Number(first?.matching ?? 0),
    totals: {
      balance: money(first?.t_balance ?? null),
      current: money(first?.t_current ?? null),
      days1to30: money(first?.t_days1to30 ?? null),
      days31to60: money(first?.t_days31to60 ?? null),
      days61to90: money(first?.t_days61to90 ?? null),
      over90: money(first?.t_over90 ?? null),
    },
    asOf: today,
  };
}

interface OpenInvoiceRow {
  invoice_id: number;
  invoice_number: number;
  work_order_number: string;
  invoice_date: string;
  due_date: string;
  total: string;
  payments_total: string;
  credits_applied: string;
  amount_due: string;
  days: number;
}

/**
 * `GET Collection/customers/{customerId}`: one customer's aging row and its open invoices, oldest first, each with its
 * due date, what was paid and credited, what is left and its bucket. Another company's customer is missing (404).
 */
export function customerAging(ctx: Ctx, customerId: number): Promise<CustomerAging> {
  return customerAgingOf({ db: ctx.db, subscriberId: ctx.actor.subscriberId, now: ctx.now }, customerId);
}

/** A company's reading of its receivables, by a person's request or by a job: its handle, the company and the clock. */
export interface CompanyReader {
  db: DbOrTx;
  subscriberId: number;
  now: Date;
}

/** One customer's aging and open invoices, as `GET Collection/customers/{customerId}` answers them; in a job's transaction too. */
export async function customerAgingOf(r: CompanyReader, customerId: number): Promise<CustomerAging> {
  const today = await todayOf(r.db, r.subscriberId, r.now);
  const s = r.subscriberId;
  const [customer] = rowsOf<{ id: number; name: string; credit_limit: string | null; is_on_credit_hold: boolean; terms_name: string | null; last_payment: string | null }>(
    await r.db.execute(sql`select c.id, c.name, c.credit_limit::text, c.is_on_credit_hold, tr.name as terms_name,
        (select to_char(max(pay.paid_on), 'YYYY-MM-DD') from invoices pi join invoice_payments pay on pay.invoice_id = pi.id
          where pi.billing_customer_id = c.id and pi.subscriber_id = ${s}) as last_payment
      from customers c left join company_list_rows tr on tr.id = c.terms_id
     where c.id = ${customerId} and c.subscriber_id = ${s}`),
  );
  if (!customer) throw notFound('Customer');
  const invoices = rowsOf<OpenInvoiceRow>(
    await r.db.execute(sql`select i.id as invoice_id, i.invoice_number, w.work_order_number, i.invoice_date::text,
        (i.invoice_date + ${TERMS_DAYS})::text as due_date, i.total::text, i.payments_total::text, i.credits_applied::text,
        i.amount_due::text, ${today}::date - i.invoice_date - ${TERMS_DAYS} as days
      from invoices i
      join customers c on c.id = i.billing_customer_id
      join work_orders w on w.id = i.work_order_id
      left join company_list_rows tr on tr.id = c.terms_id
     where i.subscriber_id = ${s} and i.billing_customer_id = ${customerId} and i.amount_due > 0
     order by i.invoice_date, i.invoice_number`),
  );
  const open = invoices.map((i) => {
    const bucket = agingBucketOf(Number(i.days));
    return {
      invoiceId: i.invoice_id, invoiceNumber: i.invoice_number, workOrderNumber: i.work_order_number, invoiceDate: i.invoice_date, dueDate: i.due_date,
      total: money(i.total), paymentsTotal: money(i.payments_total), creditsApplied: money(i.credits_applied), balance: money(i.amount_due),
      daysPastDue: Math.max(Number(i.days), 0), bucket,
    };
  });
  const sums = await bucketTotals(r.db, s, customerId, today);
  const isOverLimit = sums.isOverLimit;
  return {
    customerId: customer.id, customerName: customer.name, termsName: customer.terms_name,
    balance: money(sums.balance), current: money(sums.current), days1to30: money(sums.days1to30), days31to60: money(sums.days31to60),
    days61to90: money(sums.days61to90), over90: money(sums.over90),
    creditLimit: customer.credit_limit === null ? null : money(customer.credit_limit), isOnCreditHold: customer.is_on_credit_hold, isOverLimit,
    creditStatus: customer.is_on_credit_hold ? 'onHold' : isOverLimit ? 'overLimit' : 'good',
    oldestPastDueDays: open.reduce((m, i) => Math.max(m, i.daysPastDue), 0),
    lastPaymentDate: customer.last_payment, invoices: open, asOf: today,
  };
}

/** One customer's bucket sums as exact decimal texts, summed by the database. */
async function bucketTotals(db: DbOrTx, subscriberId: number, customerId: number, today: string) {
  const [r] = rowsOf<{ balance: string; current: string; days1to30: string; days31to60: string; days61to90: string; over90: string; is_over_limit: boolean }>(
    await db.execute(sql`with o as (
        select i.amount_due, ${today}::date - i.invoice_date - ${TERMS_DAYS} as days, c.credit_limit
          from invoices i join customers c on c.id = i.billing_customer_id left join company_list_rows tr on tr.id = c.terms_id
         where i.subscriber_id = ${subscriberId} and i.billing_customer_id = ${customerId} and i.amount_due > 0)
      select coalesce(sum(amount_due), 0)::text as balance,
             coalesce(sum(amount_due) filter (where days <= 0), 0)::text as current,
             coalesce(sum(amount_due) filter (where days between 1 and 30), 0)::text as days1to30,
             coalesce(sum(amount_due) filter (where days between 31 and 60), 0)::text as days31to60,
             coalesce(sum(amount_due) filter (where days between 61 and 90), 0)::text as days61to90,
             coalesce(sum(amount_due) filter (where days > 90), 0)::text as over90,
             coalesce(bool_or(credit_limit is not null) and sum(amount_due) > max(credit_limit), false) as is_over_limit
        from o`),
  );
  return { balance: r.balance, current: r.current, days1to30: r.days1to30, days31to60: r.days31to60, days61to90: r.days61to90, over90: r.over90, isOverLimit: r.is_over_limit };
}
