/**
 * The office benchmark's searches, and the hand-written query for the same page as `GET Search/records` (a
 * dispatcher with All WorkOrders, Customers and Contacts; 5 of each group, no paging or narrowing): what the database
 * can do, for the benchmark to measure the product's statements against. One statement, one round trip: the
 * customers found once (a CTE both the customers group and the work orders use), the three groups returned as JSON
 * in one row; the search settings are set once per connection (`HAND_WRITTEN_SETUP`), not in a transaction each time.
 * It matches and ranks as the product does (search-terms.ts, search.service.ts, search-work-orders.ts), with the
 * same indexes; `office-explain.ts` checks that both answer the same rows.
 */
import type { SearchRecordsQuery } from '@sm/shared';
import { SEARCH_MAX_WORDS, SEARCH_SHORT_TEXT, SEARCH_WORD_SIMILARITY, termsOf, type Terms } from '../../apps/server/src/features/office/search/search-terms';
import {
  SEARCH_COMMON_HITS,
  SEARCH_CUSTOMER_CANDIDATES,
  SEARCH_RECENT_WORK_ORDERS,
  SEARCH_SAMPLE_WORK_ORDERS,
  SEARCH_WORK_ORDER_CANDIDATES,
} from '../../apps/server/src/features/office/search/search-work-orders';
import type { CapturedQuery } from './setup';

/** What the virtual users search for, as people type it: typos, parts of numbers and phones, names. */
export const SEARCHES = ['walmrt', 'freshmrt', 'walkin coolr', 'ice machne leaking', 'pecan lodge', 'maria garcia', '972-555-12', 'oak ave plano', 'tom thum', 'combi ovn error', '10000123', 'brown'];

/** Run once on each connection of the hand-written side. */
export const HAND_WRITTEN_SETUP = `set pg_trgm.word_similarity_threshold = ${SEARCH_WORD_SIMILARITY}; set enable_seqscan = off; set jit = off; set max_parallel_workers_per_gather = 0`;

/** The answer's shape: the three groups, as the API answers them. */
export interface HandWrittenAnswer {
  workOrders: { workOrderId: number; workOrderNumber: string; problem: string; customerName: string; status: string }[] | null;
  customers: { customerId: number; name: string; address: string; city: string; phone: string | null }[] | null;
  contacts: { contactId: number; name: string; customerId: number; customerName: string; phone: string | null; email: string | null }[] | null;
}

/** The statement for one search of a dispatcher of `subscriberId`. */
export function handWrittenSearch(subscriberId: number, query: SearchRecordsQuery): CapturedQuery {
  const t: Terms = termsOf(query.q);
  const params: unknown[] = [subscriberId, t.text, t.contains, query.take];
  const p = (value: unknown) => `$${params.push(value)}`;
  const typed = t.text.length >= 3 ? '$3' : p(t.contains.slice(1));
  /** Every word held by the column, or the text as typed when short (search-terms.ts `matches`). */
  const matches = (column: string) => {
    const arms: string[] = [];
    const words = t.words.slice(0, SEARCH_MAX_WORDS).map((w) => (/^\d{3,}$/.test(w) ? `${column} like ${p(`%${w}%`)}` : `${column} %> ${p(w)}`));
    if (words.length > 0) arms.push(`(${words.join(' and ')})`);
    if (t.text.length < SEARCH_SHORT_TEXT) arms.push(`${column} like ${typed}`);
    return arms.length > 0 ? `(${arms.join(' or ')})` : 'false';
  };
  const digits = t.digits ? p(`%${t.digits}%`) : null;
  const phoneOf = (column: string) => `regexp_replace(${column}, '[^0-9]', '', 'g') like ${digits}`;
  const customerFound = digits ? `(${matches(`lower(name || ' ' || address || ' ' || city)`)} or ${phoneOf('phone')})` : matches(`lower(name || ' ' || address || ' ' || city)`);
  const contactArms = [matches('lower(name)'), ...(digits ? [phoneOf('phone')] : []), ...(t.isEmail ? [`lower(email) like $3`] : [])];
  const contactExact = contactArms.length > 1 ? `(${contactArms.slice(1).join(' or ')})` : 'false';
  const n = SEARCH_WORK_ORDER_CANDIDATES;
  const problem = matches('lower(problem)');
  const sql = `
    with matched as materialized (
      select id, name, address, city, phone,
             case when by_phone then 2 when by_name >= ${SEARCH_WORD_SIMILARITY} then 2 + by_name
                  else 1 + word_similarity($2, lower(address || ' ' || city)) end as rank
        from (select id, name, address, city, phone, ${digits ? phoneOf('phone') : 'false'} as by_phone, word_similarity($2, lower(name)) as by_name
                from customers where (subscriber_id + 0) = $1 and ${customerFound} offset 0) as f
       order by rank desc, name, id limit ${SEARCH_CUSTOMER_CANDIDATES}),
    by_number as (
      select id from work_orders where (subscriber_id + 0) = $1 and lower(work_order_number) like ${typed}
       order by created_at desc limit ${n}),
    common as (
      select count(*) >= ${SEARCH_COMMON_HITS} as is_common
        from (select problem from work_orders where subscriber_id = $1 order by created_at desc limit ${SEARCH_SAMPLE_WORK_ORDERS}) as s
       where ${problem}),
    newest as (
      select created_at as since from work_orders where subscriber_id = $1 and (select is_common from common)
       order by created_at desc offset ${SEARCH_RECENT_WORK_ORDERS - 1} limit 1),
    recent as (
      select id from work_orders
       where (subscriber_id + 0) = $1 and ${problem} and subscriber_id = $1 and created_at >= (select since from newest) and (select is_common from common)
       order by created_at desc limit ${n}),
    older as (
      select id from work_orders
       where (subscriber_id + 0) = $1 and ${problem} and created_at < coalesce((select since from newest), 'infinity') and (select count(*) from recent) < ${n}
       order by created_at desc limit ${n}),
    by_customer as (
      select x.id from matched as m
        cross join lateral (
          (select id, created_at from work_orders where customer_id = m.id and subscriber_id = $1 order by created_at desc limit ${n})
          union all
          (select id, created_at from work_orders where billing_customer_id = m.id and subscriber_id = $1 order by created_at desc limit ${n})) as x
       order by x.created_at desc limit ${n}),
    candidates as (
      select id, bool_or(by_text) as by_text
        from (select id, true as by_text from by_number union all select id, true from recent union all select id, true from older
              union all select id, false from by_customer) as arms
       group by id),
    work_order_page as (
      select w.id as "workOrderId", w.work_order_number as "workOrderNumber", w.problem,
             case when mp.rank > coalesce(ms.rank, 0) then payer.name else site.name end as "customerName", status.name as status
        from candidates as c
        join work_orders as w on w.id = c.id
        join customers as site on site.id = w.customer_id
        left join customers as payer on payer.id = w.billing_customer_id
        join work_order_statuses as status on status.id = w.work_order_status_id
        left join matched as ms on ms.id = w.customer_id
        left join matched as mp on mp.id = w.billing_customer_id
       order by greatest(case when lower(w.work_order_number) = $2 then 10 end,
                         case when c.by_text then case when lower(w.work_order_number) like ${typed} then 3 else 2 + word_similarity($2, lower(w.problem)) end end,
                         ms.rank, mp.rank) desc, w.created_at desc, w.id desc
       limit $4),
    customer_page as (
      select id as "customerId", name, address, city, phone from matched order by rank desc, name, id limit $4),
    contact_page as (
      select c.id as "contactId", c.name, c.customer_id as "customerId", cu.name as "customerName", c.phone, c.email
        from (select id, name, customer_id, phone, email, ${contactExact} as exact, word_similarity($2, lower(name)) as closeness
                from contacts where (subscriber_id + 0) = $1 and (${contactArms.join(' or ')})
               order by exact desc, closeness desc, name, id limit $4) as c
        join customers as cu on cu.id = c.customer_id
       order by c.exact desc, c.closeness desc, c.name, c.id)
    select (select json_agg(work_order_page) from work_order_page) as "workOrders",
           (select json_agg(customer_page) from customer_page) as customers,
           (select json_agg(contact_page) from contact_page) as contacts`;
  return { sql, params };
}
