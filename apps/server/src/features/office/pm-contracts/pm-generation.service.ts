import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { addDays, WORK_ORDER_STATUS } from '@sm/shared';
import { pmContracts, subscribers } from '../../../db/schema';
import type { DbOrTx } from '../../../lib/context';
import { jsonRecords, preparedStatement } from '../../../lib/statement';
import { dateIn } from '../../platform/subscribers/company-time';
import { lockedHighestNumber } from '../work-orders/work-order-create.service';
import { visitDatesBetween } from './pm-visit-dates';

/** Contracts read and generated in one transaction: one job of the company's generation, or one round of "Generate now". */
export const PM_GENERATION_BATCH = 1000;

/** The problem a generated work order carries: the contract's name and the visit's date. */
export const pmProblemOf = (contractName: string, dueOn: string) => `Preventive maintenance: ${contractName}, visit due ${dueOn}`;

/**
 * The visits of a batch and everything their work orders carry, in one statement. A visit row is written first, ON
 * CONFLICT (contract, date) DO NOTHING, with the id its work order will have (taken from the work orders' sequence);
 * only the rows it wrote go on to make their work order (status PM, at the contract's location, numbered after the
 * company's highest number in date order), its technician, its first status, the contract's equipment and each
 * piece's tasks, and the scheduler's item ("PM: " and the contract's name) at the contract's time of day in the company's zone. A visit another run
 * wrote meanwhile is skipped whole, so no work order is made without its visit nor twice for one. The foreign keys are
 * checked at the end of the statement, when the work orders exist.
 */
const insertVisits = preparedStatement<{ visits: number }>(
  'pm_generate_visits',
  () => sql`with x as (select * from ${jsonRecords('x(contract_id int, due_on date)')}),
    v as (
      insert into pm_visits (subscriber_id, contract_id, due_on, work_order_id, created_at)
      select ${sql.placeholder('subscriberId')}::int, x.contract_id, x.due_on, nextval(pg_get_serial_sequence('work_orders', 'id')), ${sql.placeholder('now')}::timestamptz
        from x order by x.due_on, x.contract_id
      on conflict (contract_id, due_on) do nothing
      returning contract_id, due_on, work_order_id
    ),
    c as (
      select v.*, row_number() over (order by v.due_on, v.contract_id) as k, p.name, p.customer_id, p.technician_user_id, p.visit_time, p.visit_minutes,
             coalesce(cu.billing_customer_id, cu.id) as billing_customer_id
        from v
        join pm_contracts p on p.id = v.contract_id and p.subscriber_id = ${sql.placeholder('subscriberId')}::int
        join customers cu on cu.id = p.customer_id
    ),
    wo as (
      insert into work_orders (id, subscriber_id, work_order_number, customer_id, billing_customer_id, work_order_status_id, problem, priority, work_order_class_id, created_at)
      select c.work_order_id, ${sql.placeholder('subscriberId')}::int, (${sql.placeholder('lastNumber')}::bigint + c.k)::text, c.customer_id, c.billing_customer_id, ${WORK_ORDER_STATUS.PM},
             'Preventive maintenance: ' || c.name || ', visit due ' || to_char(c.due_on, 'YYYY-MM-DD'), 'Normal',
             (select id from work_order_classes where subscriber_id = ${sql.placeholder('subscriberId')}::int and lower(name) = 'preventive maintenance'),
             ${sql.placeholder('now')}::timestamptz
        from c
      returning id
    ),
    technicians as (
      insert into work_order_technicians (subscriber_id, work_order_id, user_id)
      select ${sql.placeholder('subscriberId')}::int, c.work_order_id, c.technician_user_id from c where c.technician_user_id is not null
    ),
    history as (
      insert into work_order_status_history (subscriber_id, work_order_id, from_status_id, to_status_id, changed_at)
      select ${sql.placeholder('subscriberId')}::int, c.work_order_id, null, ${WORK_ORDER_STATUS.PM}, ${sql.placeholder('now')}::timestamptz from c
    ),
    pieces as (
      insert into work_order_equipment (subscriber_id, work_order_id, equipment_id, added_at)
      select ${sql.placeholder('subscriberId')}::int, c.work_order_id, pe.equipment_id, ${sql.placeholder('now')}::timestamptz
        from c join pm_contract_equipment pe on pe.contract_id = c.contract_id
    ),
    tasks as (
      insert into work_order_equipment_tasks (subscriber_id, work_order_id, equipment_id, equipment_name, task)
      select ${sql.placeholder('subscriberId')}::int, c.work_order_id, pe.equipment_id, e.name, t.task
        from c
        join pm_contract_equipment pe on pe.contract_id = c.contract_id
        join equipment e on e.id = pe.equipment_id
        cross join lateral unnest(pe.tasks) with ordinality as t(task, i)
       order by c.work_order_id, e.name, pe.equipment_id, t.i
    ),
    planned as (
      insert into schedule_items (subscriber_id, work_order_id, technician_user_id, kind, task, start_at, duration_hours, time_zone, created_at)
      select ${sql.placeholder('subscriberId')}::int, c.work_order_id, c.technician_user_id, 'service', 'PM: ' || c.name,
             (c.due_on + c.visit_time) at time zone ${sql.placeholder('timeZone')}::text, round(c.visit_minutes / 60.0, 4), ${sql.placeholder('timeZone')}::text,
             ${sql.placeholder('now')}::timestamptz
        from c where c.visit_time is not null and c.technician_user_id is not null
    )
    select count(*)::int as visits from wo`,
);

export interface GenerationInput {
  subscriberId: number;
  now: Date;
  /** The batch starts after this contract id (0: from the first). */
  afterContractId?: number;
  limit?: number;
  /** Only these contracts (a contract just approved), instead of every approved contract of the company. */
  contractIds?: number[];
}

export interface GenerationResult {
  /** Approved contracts the batch read. */
  contracts: number;
  /** Visits it generated, each with its work order. */
  visits: number;
  /** The last contract id it read: where the next batch starts; null when there is no further batch. */
  nextAfterContractId: number | null;
}

/**
 * Extends the auto-renewing approved contracts among `ids` whose term ends before the generation window does, by
 * their term (its months and days, from its first day to the day after its last), as many times as it takes.
 */
async function renewContracts(tx: DbOrTx, subscriberId: number, ids: number[], today: string) {
  for (let round = 0; round < 100; round++) {
    const renewed = await tx
      .update(pmContracts)
      .set({ endsOn: sql`(${pmContracts.endsOn} + age(${pmContracts.endsOn} + 1, ${pmContracts.startsOn}))::date`, updatedAt: sql`now()` })
      .where(
        and(
          eq(pmContracts.subscriberId, subscriberId), inArray(pmContracts.id, ids), eq(pmContracts.status, 'approved'), eq(pmContracts.renewsAutomatically, true),
          sql`${pmContracts.endsOn} < ${today}::date + ${pmContracts.leadDays}`,
        ),
      )
      .returning({ id: pmContracts.id });
    if (renewed.length === 0) return;
  }
}

/**
 * One batch of a company's preventive-maintenance generation, in the caller's transaction: for each approved contract,
 * the dates its rule names from today to today + its lead days (the company's today), within its term and after the
 * latest visit it already generated (so an edited rule never fills in earlier dates; a skipped date later on holds back
 * nothing before it), are written as visits with their
 * work orders. Exactly once per contract and date whatever runs it at the same time: see `insertVisits`.
 */
export async function generatePmBatch(tx: DbOrTx, input: GenerationInput): Promise<GenerationResult> {
  const limit = input.limit ?? PM_GENERATION_BATCH;
  const [company] = await tx.select({ timeZone: subscribers.timeZone }).from(subscribers).where(eq(subscribers.id, input.subscriberId));
  if (!company) return { contracts: 0, visits: 0, nextAfterContractId: null };
  const today = dateIn(input.now, company.timeZone);
  const isApproved = and(eq(pmContracts.subscriberId, input.subscriberId), eq(pmContracts.status, 'approved'));
  const picked = input.contractIds ? inArray(pmContracts.id, input.contractIds.length ? input.contractIds : [0]) : gt(pmContracts.id, input.afterContractId ?? 0);
  const ids = (await tx.select({ id: pmContracts.id }).from(pmContracts).where(and(isApproved, picked)).orderBy(asc(pmContracts.id)).limit(limit)).map((r) => r.id);
  if (ids.length === 0) return { contracts: 0, visits: 0, nextAfterContractId: null };
  await renewContracts(tx, input.subscriberId, ids, today);
  const contracts = await tx
    .select({
      id: pmContracts.id, recurrenceRule: pmContracts.recurrenceRule, startsOn: pmContracts.startsOn, endsOn: pmContracts.endsOn, leadDays: pmContracts.leadDays,
      // Written out: a column inside a selected expression is not qualified, and `id` would be the visit's.
      latest: sql<string | null>`(select max(v.due_on)::text from pm_visits v where v.contract_id = pm_contracts.id and v.work_order_id is not null)`,
    })
    .from(pmContracts)
    .where(and(isApproved, inArray(pmContracts.id, ids)));
  const rows = contracts.flatMap((c) => {
    const from = c.latest && c.latest >= today ? addDays(c.latest, 1) : today;
    return visitDatesBetween(c, from, addDays(today, c.leadDays))
      .filter((d) => !c.latest || d > c.latest)
      .map((dueOn) => ({ contract_id: c.id, due_on: dueOn }));
  });
  const nextAfterContractId = !input.contractIds && ids.length === limit ? ids[ids.length - 1] : null;
  if (rows.length === 0) return { contracts: ids.length, visits: 0, nextAfterContractId };
  const lastNumber = await lockedHighestNumber(tx, input.subscriberId);
  const [written] = await insertVisits(tx, {
    subscriberId: input.subscriberId, now: input.now.toISOString(), lastNumber: lastNumber.toString(), timeZone: company.timeZone, rows: JSON.stringify(rows),
  });
  return { contracts: ids.length, visits: written?.visits ?? 0, nextAfterContractId };
}
