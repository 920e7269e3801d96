import { sql } from 'drizzle-orm';
import type { BoardQuote, WorkOrderBoardAnswer, WorkOrderBoardQuery } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { CLOSED_STATUS_IDS } from '../../field/scheduling/scheduler-lookups.service';
import { HAS_DESCRIPTION, HAS_EQUIPMENT, rowsOf, statusColumns, statusList, workOrderBoard, type BoardRow } from './work-order-board';

/** The statuses a data specialist clears, in the board's order, each with what the work order lacks. */
export const DATA_STATUSES: readonly [statusId: number, lacks: string][] = [
  [3, 'Attachment'],
  [4, 'Work description'],
  [12, 'Time'],
  [37, 'MM serial'],
  [39, 'Parts info'],
];
const DATA_STATUS_IDS = DATA_STATUSES.map(([id]) => id);
export const MISSING_COLUMN = 'missing';

/** The statuses of the quotes to write and chase: Need Quote, Quote Pending, Quote Open, Get NTE Raised, NTE Raise Requested. */
export const QUOTE_STATUS_IDS = [34, 35, 44, 33, 46] as const;

/**
 * `Boards/dataSpecialist` (spec platform 2.1 /management/dataSpecialist): the work orders whose data has to be fixed.
 * A column for each of the statuses Need Attachment, Fix Work Description, Fix Time, Get MM Serial and Put Parts Info
 * In, then "Missing data": the open work orders in no such status (and not completed, billed, invoiced, canceled or a
 * duplicate) on which a technician has finished labor, and which still have no work description or name no equipment.
 * Each card says what is missing: the status's need, or the fields the rule found empty.
 */
export async function dataSpecialistBoard(ctx: Ctx, query: WorkOrderBoardQuery): Promise<WorkOrderBoardAnswer> {
  const lacksData = sql`(w.work_order_status_id not in (${statusList([...CLOSED_STATUS_IDS, ...DATA_STATUS_IDS])})
    and exists (select 1 from work_order_labor l where l.work_order_id = w.id and l.stopped_at is not null)
    and not (${HAS_DESCRIPTION} and ${HAS_EQUIPMENT}))`;
  const spec = {
    columns: [...statusColumns(DATA_STATUS_IDS), { key: MISSING_COLUMN, title: 'Missing data', workOrderStatusId: null }],
    where: sql`(w.work_order_status_id in (${statusList(DATA_STATUS_IDS)}) or ${lacksData})`,
    columnOf: sql`case when w.work_order_status_id in (${statusList(DATA_STATUS_IDS)}) then w.work_order_status_id::text else ${MISSING_COLUMN} end`,
  };
  return workOrderBoard(ctx, spec, query, (rows, cards) => cards.map((card, i) => ({ ...card, missing: missingOf(rows[i]) })));
}

/** What a data specialist has to fix on a work order of the board. */
function missingOf(row: BoardRow): string[] {
  const need = DATA_STATUSES.find(([id]) => String(id) === row.column);
  if (need) return [need[1]];
  return [...(row.hasDescription ? [] : ['Work description']), ...(row.hasEquipment ? [] : ['Equipment'])];
}

/**
 * `Boards/quoteSpecialist` (spec platform 2.1 /management/quoteSpecialist): the quotes to write and chase, a column for
 * each of the statuses Need Quote, Quote Pending, Quote Open, Get NTE Raised and NTE Raise Requested. Each card holds
 * the work order's newest quote (if it has one), where its current version stands and for how many days.
 */
export async function quoteSpecialistBoard(ctx: Ctx, query: WorkOrderBoardQuery): Promise<WorkOrderBoardAnswer> {
  const spec = {
    columns: statusColumns(QUOTE_STATUS_IDS),
    where: sql`w.work_order_status_id in (${statusList(QUOTE_STATUS_IDS)})`,
    columnOf: sql`w.work_order_status_id::text`,
  };
  return workOrderBoard(ctx, spec, query, async (rows, cards) => {
    const quotes = await newestQuotes(ctx, rows.map((r) => r.workOrderId));
    return cards.map((card) => ({ ...card, quote: quotes.get(card.workOrderId) ?? null }));
  });
}

/** The newest quote of each work order: its number, current version, that version's status and days in it. */
async function newestQuotes(ctx: Ctx, workOrderIds: number[]): Promise<Map<number, BoardQuote>> {
  if (workOrderIds.length === 0) return new Map();
  const rows = rowsOf<BoardQuote & { workOrderId: number }>(
    await ctx.db.execute(sql`
      select distinct on (q.work_order_id) q.work_order_id as "workOrderId", q.quote_number as "quoteNumber", v.version as "quoteVersion", v.status,
             greatest(0, floor(extract(epoch from (${ctx.now.toISOString()}::timestamptz
               - coalesce((select max(h.changed_at) from quote_status_history h where h.quote_version_id = v.id), v.created_at))) / 86400))::int as "daysInStatus"
        from quotes q
        join quote_versions v on v.quote_id = q.id and v.version = q.current_version
       where q.subscriber_id = ${ctx.actor.subscriberId} and q.work_order_id in (${statusList(workOrderIds)})
       order by q.work_order_id, q.quote_number desc`),
  );
  return new Map(rows.map(({ workOrderId, ...quote }) => [workOrderId, quote]));
}
