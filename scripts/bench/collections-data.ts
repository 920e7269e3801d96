/**
 * The collections bench's data, all set-based (generate_series, one statement a table): in the first demo company,
 * `customers` billing customers and `invoices` submitted invoices over three years, each on its own invoiced work
 * order, ten a customer on average. Old invoices are paid (a payment each) but for a few; recent ones are mostly open,
 * some partly paid, so the aging sees a realistic share of open invoices in every bucket. Terms: Net 30 for three
 * customers in four, due on receipt for the rest; a credit limit for one in three, a credit hold for one in fifty.
 */
import pg from 'pg';

export interface CollectionsShape {
  customers: number;
  invoices: number;
}

/** What the generated data holds once made, for the results. */
export interface CollectionsFacts {
  subscriberId: number;
  customers: number;
  invoices: number;
  openInvoices: number;
  payments: number;
}

export async function addCollectionsData(pool: pg.Pool, shape: CollectionsShape, log: (m: string) => void): Promise<CollectionsFacts> {
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  const { rows: [admin] } = await q(`select subscriber_id from users where user_name = 'admin'`);
  const s = admin.subscriber_id as number;
  const { rows: [net30] } = await q(`select id from company_list_rows where subscriber_id = $1 and list_key = 'terms' and name = 'Net 30'`, [s]);
  log(`${shape.customers} billing customers`);
  await q(`insert into customers (subscriber_id, name, address, city, state, zip, is_billing_customer, terms_id, credit_limit, is_on_credit_hold)
    select $1, 'Customer ' || lpad(i::text, 6, '0') || ' ' || (array['Grocers', 'Diner', 'Bakery', 'Deli', 'Market', 'Cafe', 'Hotel', 'Clinic'])[1 + i % 8],
           i || ' Commerce St', 'Dallas', 'TX', '75201', true, case when i % 4 = 0 then null else $2::int end,
           case when i % 3 = 0 then 2500 + (i % 7) * 1000 else null end, i % 50 = 0
      from generate_series(1, $3::int) i`, [s, net30.id, shape.customers]);
  // The customers as a numbered list, so that invoice k belongs to customer 1 + k % customers.
  await q(`create temporary table bench_customers as select id, row_number() over (order by id) - 1 as n from customers where subscriber_id = $1 and name like 'Customer %'`, [s]);
  log(`${shape.invoices} invoiced work orders`);
  await q(`insert into work_orders (subscriber_id, work_order_number, customer_id, billing_customer_id, work_order_status_id, problem, priority, created_at)
    select $1, 'C' || k, c.id, c.id, 53, 'Service call', 'Normal', now() - make_interval(days => ((k * 7919) % 1095)::int)
      from generate_series(0, $2::bigint - 1) k join bench_customers c on c.n = k % $3`, [s, shape.invoices, shape.customers]);
  log(`${shape.invoices} invoices`);
  // Invoice k is dated (k * 7919) % 1095 days ago. Over 90 days old: paid but for one in fifty; newer: two in five
  // paid, one in five half paid, the rest open.
  await q(`insert into invoices (subscriber_id, invoice_number, work_order_id, customer_id, billing_customer_id, state, invoice_date, subtotal, total_taxable,
             tax_rate, tax, use_tax, is_tax_exempt, is_use_tax, total, convenience_fee_percent, totals, payments_total, amount_due, submitted_at)
    select $1, 100000 + x.k, x.wo, x.c, x.c, 'TX', x.day, x.total, 0, 0, 0, 0, false, false, x.total, 0, '{}'::jsonb, x.paid, x.total - x.paid, x.day
      from (select w.k, w.wo, w.c, w.day, w.total,
                   case when w.age > 90 then (case when w.k % 50 = 0 then 0 else w.total end)
                        when w.k % 5 < 2 then w.total when w.k % 5 = 2 then round(w.total / 2, 2) else 0 end as paid
              from (select v.k, v.wo, v.c, current_date - ((v.k * 7919) % 1095)::int as day, (v.k * 7919) % 1095 as age,
                           round((50 + (v.k * 104729) % 450000 / 100.0)::numeric, 2) as total
                      from (select substring(wo.work_order_number from 2)::bigint as k, wo.id as wo, wo.customer_id as c from work_orders wo
                             where wo.subscriber_id = $1 and wo.work_order_number ~ '^C[0-9]+$') v) w) x`,
  [s]);
  log('a payment for every invoice paid in full or in part');
  await q(`insert into invoice_payments (subscriber_id, invoice_id, amount, payment_method, paid_on, created_at)
    select subscriber_id, id, payments_total, 'Check', least(invoice_date + 25, current_date), invoice_date + 25
      from invoices where subscriber_id = $1 and payments_total > 0`, [s]);
  await q('drop table bench_customers');
  log('VACUUM ANALYZE');
  await q('vacuum analyze');
  const { rows: [facts] } = await q(`select
      (select count(*)::int from customers where subscriber_id = $1) as customers,
      (select count(*)::int from invoices where subscriber_id = $1) as invoices,
      (select count(*)::int from invoices where subscriber_id = $1 and amount_due > 0) as open_invoices,
      (select count(*)::int from invoice_payments where subscriber_id = $1) as payments`, [s]);
  return { subscriberId: s, customers: facts.customers, invoices: facts.invoices, openInvoices: facts.open_invoices, payments: facts.payments };
}
