import { and, sql, type SQL } from 'drizzle-orm';
import type { Access, SearchCustomer, SearchWorkOrder } from '@sm/shared';
import { customers, workOrderStatuses, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { visibleWorkOrders } from '../work-orders/work-order-visibility';
import { closeness, holdsAsTyped, matches, type Terms } from './search-terms';

/** The most recent work orders matching by number or problem, and those of the customers found, that a search ranks. */
export const SEARCH_WORK_ORDER_CANDIDATES = 200;

/** The closest customers found whose work orders a search looks at. */
export const SEARCH_CUSTOMER_CANDIDATES = 100;

/**
 * The company's newest work orders looked at first for a number or problem when the text is common: when they hold
 * enough matches, the older ones are not looked at (see `findWorkOrders`).
 */
export const SEARCH_RECENT_WORK_ORDERS = 10_000;

/**
 * A text is common when it matches at least `SEARCH_COMMON_HITS` of the company's newest `SEARCH_SAMPLE_WORK_ORDERS`
 * work orders (2 %): then the newest `SEARCH_RECENT_WORK_ORDERS` likely hold the `SEARCH_WORK_ORDER_CANDIDATES`.
 */
export const SEARCH_SAMPLE_WORK_ORDERS = 500;
export const SEARCH_COMMON_HITS = 10;

/** A customer the search found, with its rank (see `findCustomers` in search.service.ts). */
export interface MatchedCustomer extends SearchCustomer {
  rank: number;
}

interface Page {
  take: number;
  skip: number;
}

/** Numbers only, sent as one array literal: the same on both database drivers. */
const arrayOf = (values: number[]) => `{${values.join(',')}}`;

/**
 * Work orders by a part of their number, the words of their problem (typos forgiven), or a customer found: the
 * site's or the billing customer's name, address or phone. Only those the caller may see. Ranked: the exact number
 * first, then matches of a name or the problem (a part of the number among them), then of an address or a phone,
 * each by closeness, the newest first among equals. The name shown is the customer that matched: the billing
 * customer when it matched and the site did not (or less well), else the site.
 *
 * One statement, whose cost follows what it finds rather than the company's size:
 * - by number, and by problem, the newest `SEARCH_WORK_ORDER_CANDIDATES` matches of each. The trigram indexes give
 *   every match (`(subscriber_id + 0)` is the company in them), each then checked against the words; but a common word
 *   ("cooler") matches a large share of a company's work orders. So when the text matches many of the company's
 *   newest `SEARCH_SAMPLE_WORK_ORDERS`, the newest `SEARCH_RECENT_WORK_ORDERS` are looked at first (the index's
 *   matches among them only), and the older ones only when those do not hold enough: the same answer, for a common
 *   word at the cost of a few hundred checks, and for a rare one at the cost of one pass of the index.
 * - by customer, the newest of each customer found, through the indexes on the site and the billing customer, at
 *   most `SEARCH_WORK_ORDER_CANDIDATES` each, then the newest of them all.
 */
export async function findWorkOrders(db: DbOrTx, ctx: Ctx, access: Access, t: Terms, customerId: number | undefined, found: MatchedCustomer[], page: Page): Promise<SearchWorkOrder[]> {
  const company = ctx.actor.subscriberId;
  const n = SEARCH_WORK_ORDER_CANDIDATES;
  const wo = workOrders;
  // Conditions on the unaliased work_orders of each arm (the visibility rule names that table).
  const scope = and(customerId ? sql`${wo.customerId} = ${customerId}` : undefined, visibleWorkOrders(ctx, access)) ?? sql`true`;
  const byNumber = holdsAsTyped(sql`lower(${wo.workOrderNumber})`, t);
  const byProblem = matches(sql`lower(${wo.problem})`, t);
  const ids = arrayOf(found.map((c) => c.customerId));
  const ranks = arrayOf(found.map((c) => c.rank));
  const rankOf = (customer: SQL) => (found.length === 0 ? sql`null::float8` : sql`(${ranks}::float8[])[array_position(${ids}::int[], ${customer})]`);
  const byCustomer = (column: SQL) => sql`
    (select ${wo.id}, ${wo.createdAt} from ${wo}
      where ${column} = m.id and ${wo.subscriberId} = ${company} and ${scope}
      order by ${wo.createdAt} desc limit ${n})`;
  const customerArm =
    found.length === 0
      ? sql``
      : sql`union all select id, false from (
          select x.id, x.created_at from unnest(${ids}::int[]) as m(id)
            cross join lateral (${byCustomer(sql`${wo.customerId}`)} union all ${byCustomer(sql`${wo.billingCustomerId}`)}) as x(id, created_at)
          order by x.created_at desc limit ${n}) as by_customer`;
  const siteRank = rankOf(sql`w.customer_id`);
  const payerRank = rankOf(sql`w.billing_customer_id`);
  const textRank = sql`case when c.by_text then case when ${holdsAsTyped(sql`lower(w.work_order_number)`, t)} then 3 else 2 + ${closeness(sql`lower(w.problem)`, t)} end end`;
  const rank = sql`greatest(case when lower(w.work_order_number) = ${t.text} then 10 end, ${textRank}, ${siteRank}, ${payerRank})`;
  const result = await db.execute(sql`
    with by_number as (
      select ${wo.id} from ${wo}
       where (${wo.subscriberId} + 0) = ${company} and ${byNumber} and ${scope}
       order by ${wo.createdAt} desc limit ${n}),
    common as (
      select count(*) >= ${SEARCH_COMMON_HITS} as is_common
        from (select ${wo.problem} from ${wo} where ${wo.subscriberId} = ${company}
               order by ${wo.createdAt} desc limit ${SEARCH_SAMPLE_WORK_ORDERS}) as sample
       where ${matches(sql`lower(sample.problem)`, t)}),
    newest as (
      select ${wo.createdAt} as since from ${wo} where ${wo.subscriberId} = ${company} and (select is_common from common)
       order by ${wo.createdAt} desc offset ${SEARCH_RECENT_WORK_ORDERS - 1} limit 1),
    recent as (
      select ${wo.id} from ${wo}
       where (${wo.subscriberId} + 0) = ${company} and ${byProblem} and ${scope}
         and ${wo.subscriberId} = ${company} and ${wo.createdAt} >= (select since from newest) and (select is_common from common)
       order by ${wo.createdAt} desc limit ${n}),
    older as (
      select ${wo.id} from ${wo}
       where (${wo.subscriberId} + 0) = ${company} and ${byProblem} and ${scope}
         and ${wo.createdAt} < coalesce((select since from newest), 'infinity') and (select count(*) from recent) < ${n}
       order by ${wo.createdAt} desc limit ${n})
    select w.id as "workOrderId", w.work_order_number as "workOrderNumber", w.problem,
           case when ${payerRank} > coalesce(${siteRank}, 0) then payer.name else site.name end as "customerName",
           status.name as status
      from (select id, bool_or(by_text) as by_text
              from (select id, true as by_text from by_number union all select id, true from recent
                    union all select id, true from older ${customerArm}) as arms
             group by id) as c
      join ${wo} as w on w.id = c.id
      join ${customers} as site on site.id = w.customer_id
      left join ${customers} as payer on payer.id = w.billing_customer_id
      join ${workOrderStatuses} as status on status.id = w.work_order_status_id
     order by ${rank} desc, w.created_at desc, w.id desc
     limit ${page.take} offset ${page.skip}`);
  return (result as unknown as { rows: SearchWorkOrder[] }).rows;
}
