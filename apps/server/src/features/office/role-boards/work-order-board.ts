import { sql, type SQL } from 'drizzle-orm';
import { WORK_ORDER_STATUSES, type BoardCard, type BoardColumn, type WorkOrderBoardAnswer, type WorkOrderBoardQuery } from '@sm/shared';
import type { Ctx } from '../../../lib/context';

/** A board's columns: a status each, or a key of its own (`missing`) that `columnOf` gives some work orders. */
export interface BoardSpec {
  columns: { key: string; title: string; workOrderStatusId: number | null }[];
  /** Which work orders of the company (alias `w`) the board holds. */
  where: SQL;
  /** The key of the column a work order (alias `w`) stands in, as text. */
  columnOf: SQL;
}

/** A work order as the board reads it, before the board's own details are added to its card. */
export interface BoardRow {
  workOrderId: number;
  workOrderNumber: string;
  workOrderStatusId: number;
  problem: string;
  customerName: string;
  customerCity: string | null;
  daysInStatus: number;
  column: string;
  hasDescription: boolean;
  hasEquipment: boolean;
  total: number;
}

/** Whether a work order (alias `w`) has a work description with words in it (its rich text, tags aside). */
export const HAS_DESCRIPTION = sql`btrim(regexp_replace(coalesce(w.work_description, ''), '<[^>]*>|&nbsp;', '', 'g')) <> ''`;
/** Whether a work order (alias `w`) names a piece of equipment. */
export const HAS_EQUIPMENT = sql`exists (select 1 from work_order_equipment e where e.work_order_id = w.id)`;

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ids = (list: readonly number[]) => sql.join(list.map((id) => sql`${id}`), sql`, `);
const statusName = (id: number) => WORK_ORDER_STATUSES.find((s) => s.workOrderStatusId === id)?.workOrderStatus ?? `Status ${id}`;

/** The columns of one status each, titled by the status's name. */
export const statusColumns = (statusIds: readonly number[]) => statusIds.map((id) => ({ key: String(id), title: statusName(id), workOrderStatusId: id }));

/** The SQL list of status ids, for a board's `where`. */
export const statusList = ids;

/**
 * The one query of the role boards: the company's work orders that `spec.where` holds, narrowed by the filters, each
 * in the column `spec.columnOf` names; every column counted in full and holding its `take` longest-waiting work
 * orders (the longest in their status first). `decorate` adds the board's own details to the cards (what is missing,
 * the quote), in the rows' order. The technicians and customers of the filters are those of the whole board, whatever the filters.
 */
export async function workOrderBoard(
  ctx: Ctx,
  spec: BoardSpec,
  query: WorkOrderBoardQuery,
  decorate: (rows: BoardRow[], cards: BoardCard[]) => Promise<BoardCard[]> | BoardCard[] = (_, cards) => cards,
): Promise<WorkOrderBoardAnswer> {
  const subscriberId = ctx.actor.subscriberId;
  const filters = sql.join(
    [
      sql`w.subscriber_id = ${subscriberId}`,
      spec.where,
      query.technicianId === undefined ? sql`true` : sql`exists (select 1 from work_order_technicians f where f.work_order_id = w.id and f.user_id = ${query.technicianId})`,
      query.customerId === undefined ? sql`true` : sql`(w.customer_id = ${query.customerId} or w.billing_customer_id = ${query.customerId})`,
    ],
    sql` and `,
  );
  const rows = rowsOf<BoardRow>(
    await ctx.db.execute(sql`
      with base as (
        select w.id, w.work_order_number, w.work_order_status_id, w.problem, c.name as customer_name, c.city as customer_city,
               coalesce((select max(h.changed_at) from work_order_status_history h where h.work_order_id = w.id and h.to_status_id = w.work_order_status_id), w.created_at) as since,
               ${spec.columnOf} as col,
               ${HAS_DESCRIPTION} as has_description, ${HAS_EQUIPMENT} as has_equipment
          from work_orders w
          join customers c on c.id = w.customer_id
         where ${filters}
      ), ranked as (
        select base.*, count(*) over (partition by col) as total, row_number() over (partition by col order by since, id) as place from base
      )
      select id as "workOrderId", work_order_number as "workOrderNumber", work_order_status_id as "workOrderStatusId", problem,
             customer_name as "customerName", customer_city as "customerCity", col as "column",
             greatest(0, floor(extract(epoch from (${ctx.now.toISOString()}::timestamptz - since)) / 86400))::int as "daysInStatus",
             has_description as "hasDescription", has_equipment as "hasEquipment", total::int as total
        from ranked where place <= ${query.take} order by since, id`),
  );
  const names = await technicianNames(ctx, rows.map((r) => r.workOrderId));
  const cards = await decorate(
    rows,
    rows.map((r) => ({
      workOrderId: r.workOrderId, workOrderNumber: r.workOrderNumber, workOrderStatusId: r.workOrderStatusId, workOrderStatus: statusName(r.workOrderStatusId),
      problem: r.problem, customerName: r.customerName, customerCity: r.customerCity, technicians: names.get(r.workOrderId) ?? [], daysInStatus: r.daysInStatus,
      missing: [], quote: null,
    })),
  );
  const columns: BoardColumn[] = spec.columns.map((c) => {
    const inColumn = rows.filter((r) => r.column === c.key);
    return { ...c, count: inColumn[0]?.total ?? 0, cards: cards.filter((_, i) => rows[i].column === c.key) };
  });
  const onBoard = sql`select w.id from work_orders w where w.subscriber_id = ${subscriberId} and ${spec.where}`;
  const [technicians, customers] = await Promise.all([
    ctx.db.execute(sql`select distinct u.id, u.name from work_order_technicians t join users u on u.id = t.user_id where t.subscriber_id = ${subscriberId} and t.work_order_id in (${onBoard}) order by u.name, u.id`),
    ctx.db.execute(sql`select distinct c.id, c.name from customers c where c.subscriber_id = ${subscriberId} and c.id in (select w.customer_id from work_orders w where w.id in (${onBoard})) order by c.name, c.id`),
  ]);
  return { columns, technicians: rowsOf(technicians), customers: rowsOf(customers) };
}

/** The names of the technicians assigned to each work order, by name. */
async function technicianNames(ctx: Ctx, workOrderIds: number[]): Promise<Map<number, string[]>> {
  const byWorkOrder = new Map<number, string[]>();
  if (workOrderIds.length === 0) return byWorkOrder;
  const rows = rowsOf<{ workOrderId: number; name: string }>(
    await ctx.db.execute(sql`select t.work_order_id as "workOrderId", u.name from work_order_technicians t join users u on u.id = t.user_id
      where t.subscriber_id = ${ctx.actor.subscriberId} and t.work_order_id in (${ids(workOrderIds)}) order by u.name`),
  );
  for (const r of rows) byWorkOrder.set(r.workOrderId, [...(byWorkOrder.get(r.workOrderId) ?? []), r.name]);
  return byWorkOrder;
}
