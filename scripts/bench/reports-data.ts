/**
 * The reports bench's data, set-based on top of the collections bench's (collections-data.ts: invoiced work orders over
 * three years in the first demo company, each with its invoice, most paid): one work order in seven reopened in an
 * open status; a quote on one in ten, its current version Approved, Rejected, Submitted, Open or Pending; and one in
 * ten from ServiceChannel, billed to one of 40 clients, worked by one of 50 technicians: a visit of 5 to 60 minutes the
 * day after it was made, checked in and out at the provider (one check-out in twenty refused), planned for four in
 * five, the planned visit starting up to an hour before or after the visit.
 */
import pg from 'pg';
import { addCollectionsData, type CollectionsFacts, type CollectionsShape } from './collections-data';

export interface ReportsFacts extends CollectionsFacts {
  workOrders: number;
  openWorkOrders: number;
  quotes: number;
  serviceChannelVisits: number;
  plannedVisits: number;
}

const OPEN_STATUSES = [13, 10, 18, 34, 35, 44, 17, 26, 7, 50, 3, 12];
const QUOTE_STATUSES = ['Approved', 'Rejected', 'Submitted', 'Open', 'Pending'];
const TECHNICIANS = 50;
const CLIENTS = 40;
const TECHNICIAN_ROLE = 7;

export async function addReportsData(pool: pg.Pool, shape: CollectionsShape, log: (m: string) => void): Promise<ReportsFacts> {
  const facts = await addCollectionsData(pool, shape, log);
  const s = facts.subscriberId;
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  log('one work order in seven reopened');
  await q(`update work_orders set work_order_status_id = (array[${OPEN_STATUSES.join(', ')}])[1 + (substring(work_order_number from 2)::bigint / 7) % ${OPEN_STATUSES.length}]
    where subscriber_id = $1 and work_order_number ~ '^C[0-9]+$' and substring(work_order_number from 2)::bigint % 7 = 0`, [s]);
  log('a quote on one work order in ten');
  await q(`insert into quotes (subscriber_id, quote_number, work_order_id, customer_id, created_at)
    select $1, 500000 + k, id, customer_id, created_at
      from (select id, customer_id, created_at, substring(work_order_number from 2)::bigint as k from work_orders
             where subscriber_id = $1 and work_order_number ~ '^C[0-9]+$') w where k % 10 = 1`, [s]);
  await q(`insert into quote_versions (subscriber_id, quote_id, version, status, created_at)
    select $1, id, 1, (array['${QUOTE_STATUSES.join("', '")}'])[1 + quote_number % ${QUOTE_STATUSES.length}], created_at from quotes where subscriber_id = $1`, [s]);
  log(`${TECHNICIANS} technicians and ${CLIENTS} ServiceChannel clients`);
  await q(`with added as (
      insert into users (subscriber_id, user_name, name, email, password_hash, user_status_id, created_at)
      select $1, 'sctech' || k, 'Technician ' || lpad(k::text, 2, '0'), 'sctech' || k || '@bench.example', (select password_hash from users order by id limit 1), 10, now()
        from generate_series(1, ${TECHNICIANS}) k returning id)
    insert into user_roles (subscriber_id, user_id, role_id) select $1, id, ${TECHNICIAN_ROLE} from added`, [s]);
  await q(`create temporary table bench_clients as select id, row_number() over (order by id) - 1 as n from customers where subscriber_id = $1 and name like 'Customer %' order by id limit ${CLIENTS}`, [s]);
  await q(`create temporary table bench_technicians as select id, row_number() over (order by id) - 1 as n from users where subscriber_id = $1 and user_name like 'sctech%'`, [s]);
  log('one work order in ten from ServiceChannel, with its visit, check-in, check-out and plan');
  await q(`update work_orders w set provider = 'serviceChannel', provider_work_order_id = substring(w.work_order_number from 2)::bigint, billing_customer_id = c.id
    from bench_clients c where w.subscriber_id = $1 and w.work_order_number ~ '^C[0-9]+$'
      and substring(w.work_order_number from 2)::bigint % 10 = 3 and c.n = substring(w.work_order_number from 2)::bigint % ${CLIENTS}`, [s]);
  await q(`update invoices i set billing_customer_id = w.billing_customer_id from work_orders w where w.id = i.work_order_id and w.provider = 'serviceChannel' and w.subscriber_id = $1`, [s]);
  // Visits only on work orders older than sixty days: a locked pay period refuses labor, and the demo's are recent.
  await q(`insert into work_order_labor (subscriber_id, work_order_id, user_id, started_at, stopped_at)
    select $1, w.id, t.id, w.created_at + interval '1 day', w.created_at + interval '1 day' + make_interval(mins => 5 + (w.provider_work_order_id % 56)::int)
      from work_orders w join bench_technicians t on t.n = w.provider_work_order_id % ${TECHNICIANS}
     where w.subscriber_id = $1 and w.provider = 'serviceChannel' and w.created_at < now() - interval '60 days'`, [s]);
  await q(`insert into provider_actions (subscriber_id, work_order_id, labor_id, user_id, provider, action, is_ok, created_at)
    select l.subscriber_id, l.work_order_id, l.id, l.user_id, 'serviceChannel', a.action, a.action = 'checkIn' or l.id % 20 <> 0, case when a.action = 'checkIn' then l.started_at else l.stopped_at end
      from work_order_labor l join work_orders w on w.id = l.work_order_id and w.provider = 'serviceChannel'
      cross join (values ('checkIn'), ('checkOut')) a(action) where l.subscriber_id = $1`, [s]);
  await q(`insert into schedule_items (subscriber_id, work_order_id, technician_user_id, start_at, duration_hours, time_zone)
    select l.subscriber_id, l.work_order_id, l.user_id, l.started_at + make_interval(mins => (l.id % 121)::int - 60), 1, 'America/Chicago'
      from work_order_labor l join work_orders w on w.id = l.work_order_id and w.provider = 'serviceChannel'
     where l.subscriber_id = $1 and l.id % 5 <> 0`, [s]);
  await q('drop table bench_clients');
  await q('drop table bench_technicians');
  log('VACUUM ANALYZE');
  await q('vacuum analyze');
  const { rows: [more] } = await q(`select
      (select count(*)::int from work_orders where subscriber_id = $1) as work_orders,
      (select count(*)::int from work_orders where subscriber_id = $1 and work_order_status_id not in (22, 25, 27, 38, 53)) as open_work_orders,
      (select count(*)::int from quotes where subscriber_id = $1) as quotes,
      (select count(*)::int from work_order_labor l join work_orders w on w.id = l.work_order_id where l.subscriber_id = $1 and w.provider = 'serviceChannel') as visits,
      (select count(*)::int from schedule_items where subscriber_id = $1 and technician_user_id in (select id from users where user_name like 'sctech%')) as planned`, [s]);
  return { ...facts, workOrders: more.work_orders, openWorkOrders: more.open_work_orders, quotes: more.quotes, serviceChannelVisits: more.visits, plannedVisits: more.planned };
}
