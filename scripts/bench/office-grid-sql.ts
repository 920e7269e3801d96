/**
 * The office benchmark's grid pages, and the hand-written query for the bench's page of `POST WorkOrder/allWorkOrders`
 * (open To Do work orders by customer name, 25 a page, for a dispatcher with All WorkOrders): what the database can
 * do, for the benchmark to measure the product's statements against. One statement, one round trip: the page walked
 * in the order of the customers' names (the (company, lower(name)) index, each customer's work orders through the
 * (customer, created) index), the technicians aggregated for the page's 25 rows only, and the total counted from the
 * (company, status) index up to the same cap as the product's (`GRID_TOTAL_CAP`), returned beside the rows as JSON.
 * `office-grid-explain.ts` checks that it answers the same page as the product.
 */
import { GRID_TOTAL_CAP, type AllWorkOrdersRow } from '@sm/shared';
import type { CapturedQuery } from './setup';

/** The All Work Orders grid with a filter and a sort: open To Do work orders by customer name. */
export const GRID_BODY = {
  take: 25,
  skip: 0,
  sort: [{ field: 'customerName', dir: 'asc' }],
  filter: { logic: 'and', filters: [{ field: 'workOrderStatusId', operator: 'eq', value: 13 }] },
};

/** The status the bench's page filters on. */
const TO_DO = 13;

/** More pages a dispatcher asks for, whose plans `office-grid-explain.ts` records beside the bench's. */
export const GRID_PAGES: Record<string, unknown> = {
  'To Do by customer name (the bench page)': GRID_BODY,
  'To Do by customer name, page 41': { ...GRID_BODY, skip: 1000 },
  'newest first (the default page)': { take: 25, skip: 0 },
  'every work order by customer name': { take: 25, skip: 0, sort: [{ field: 'customerName', dir: 'asc' }] },
  'customer name contains "walmart", newest first': {
    take: 25, skip: 0, sort: [{ field: 'createdDate', dir: 'desc' }], filter: { logic: 'and', filters: [{ field: 'customerName', operator: 'contains', value: 'walmart' }] },
  },
  'customer name contains "walmart", by customer name': {
    take: 25, skip: 0, sort: [{ field: 'customerName', dir: 'asc' }], filter: { logic: 'and', filters: [{ field: 'customerName', operator: 'contains', value: 'walmart' }] },
  },
  'billing customer contains "customer 7", by number': {
    take: 25, skip: 0, sort: [{ field: 'workOrderNumber', dir: 'desc' }], filter: { logic: 'and', filters: [{ field: 'billingCustomerName', operator: 'contains', value: 'customer 7' }] },
  },
  'problem contains "ice machine", To Do, newest first': {
    take: 25, skip: 0, filter: { logic: 'and', filters: [{ field: 'problem', operator: 'contains', value: 'ice machine' }, { field: 'workOrderStatusId', operator: 'eq', value: TO_DO }] },
  },
};

/** The answer's shape: the page's rows as the API answers them, and the total, capped as the product caps it. */
export interface HandWrittenGridAnswer {
  data: AllWorkOrdersRow[] | null;
  total: number;
  isTotalCapped: boolean;
}

/** The statement for the bench's page (`GRID_BODY`, any `take` and `skip`) of a dispatcher of `subscriberId`. */
export function handWrittenGridPage(subscriberId: number, page: { take: number; skip: number } = GRID_BODY): CapturedQuery {
  const counted = Math.max(GRID_TOTAL_CAP, page.skip + page.take);
  const params: unknown[] = [subscriberId, TO_DO, page.take, page.skip, counted];
  const sql = `
    with page as (
      select w.id, w.work_order_number, w.work_order_status_id, w.priority, w.work_order_class_id, w.billing_customer_id, w.problem,
             w.nte, w.po_number, w.created_at, c.name as customer_name,
             c.address || ', ' || c.city || ', ' || c.state || ' ' || c.zip as address, lower(c.name) as customer_key
        from customers as c
        join work_orders as w on w.customer_id = c.id and w.subscriber_id = $1 and w.work_order_status_id = $2
       where c.subscriber_id = $1
       order by lower(c.name), w.id desc
       limit $3 offset $4),
    total as (
      select count(*) as n from (select from work_orders where subscriber_id = $1 and work_order_status_id = $2 limit $5 + 1) as counted)
    select (select json_agg(json_build_object(
              'workOrderId', p.id, 'workOrderNumber', p.work_order_number, 'status', s.name, 'workOrderStatusId', p.work_order_status_id,
              'priority', p.priority, 'workOrderClass', k.name, 'customerName', p.customer_name, 'address', p.address,
              'billingCustomerName', b.name,
              'technicians', coalesce((select string_agg(u.name, ', ' order by u.name)
                                         from work_order_technicians as t join users as u on u.id = t.user_id
                                        where t.work_order_id = p.id and t.subscriber_id = $1), ''),
              'problem', p.problem, 'nte', p.nte, 'poNumber', p.po_number, 'createdDate', p.created_at)
              order by p.customer_key, p.id desc)
              from page as p
              join work_order_statuses as s on s.id = p.work_order_status_id
              left join work_order_classes as k on k.id = p.work_order_class_id
              left join customers as b on b.id = p.billing_customer_id and b.subscriber_id = $1) as data,
           least(n, $5)::int as total, n > $5 as "isTotalCapped"
      from total`;
  return { sql, params };
}
