import { and, eq, sql, type SQL } from 'drizzle-orm';
import { addDays, type PmGenerationAnswer, type PmVisit, type PmVisitsAnswer, type PmVisitStatus, type SkipPmVisitBody } from '@sm/shared';
import { customers, pmContracts, pmVisits } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { CLOSED_STATUS_IDS } from '../../field/scheduling/scheduler-lookups.service';
import { companyToday } from '../../platform/subscribers/company-time';
import { generatePmBatch } from './pm-generation.service';
import { visitDatesBetween } from './pm-visit-dates';

export const CONTRACT_NOT_FOUND = 'This PM contract was not found.';
/** How far ahead a contract's upcoming visits are listed. */
const UPCOMING_DAYS = 366;
const UPCOMING_MAX = 24;

export interface VisitRow extends PmVisit {
  technicianId: number | null;
  contractName: string;
  customerName: string;
}

/**
 * The visits rows of the company that `where` picks (on `v`, the visit, and `p`, its contract), with where each
 * stands on `today`: skipped, done (its work order finished), late (its date passed), scheduled (on the scheduler) or
 * generated; and the work order's technician (the contract's for a skipped date).
 */
export async function visitRows(ctx: Ctx, today: string, where: SQL): Promise<VisitRow[]> {
  const closed = sql.join(CLOSED_STATUS_IDS.map((id) => sql`${id}`), sql`, `);
  const result = (await ctx.db.execute(sql`
    select v.id as "visitId", v.contract_id as "contractId", v.due_on::text as "dueOn", v.work_order_id as "workOrderId", w.work_order_number as "workOrderNumber",
           v.skipped_reason as "skippedReason", p.name as "contractName", c.name as "customerName", t.id as "technicianId", t.name as "technicianName",
           case when v.skipped_reason is not null then 'skipped'
                when w.work_order_status_id in (${closed}) then 'done'
                when v.due_on < ${today}::date then 'late'
                when exists (select 1 from schedule_items s where s.work_order_id = v.work_order_id and not s.is_deleted) then 'scheduled'
                else 'generated' end as status
      from pm_visits v
      join pm_contracts p on p.id = v.contract_id
      join customers c on c.id = p.customer_id
      left join work_orders w on w.id = v.work_order_id
      left join lateral (
        select u.id, u.name from users u
         where u.id = coalesce((select wt.user_id from work_order_technicians wt where wt.work_order_id = w.id order by wt.user_id limit 1), case when w.id is null then p.technician_user_id end)
      ) t on true
     where v.subscriber_id = ${ctx.actor.subscriberId} and ${where}
     order by v.due_on, v.contract_id`)) as unknown as { rows: VisitRow[] };
  return result.rows;
}

/** What `visitRows` and the upcoming dates need of a contract. */
export interface ContractTerms {
  id: number;
  name: string;
  customerName: string;
  recurrenceRule: string;
  startsOn: string;
  endsOn: string;
  status: string;
  technicianId: number | null;
  technicianName: string | null;
}

/**
 * The dates a contract's rule names from `from` to `to` that have no visit row yet, after the latest generated one:
 * the visits the generation will write (an approved contract's) as upcoming.
 */
export function upcomingOf(c: ContractTerms, from: string, to: string, rows: readonly { dueOn: string; workOrderId: number | null }[]): VisitRow[] {
  const taken = new Set(rows.map((r) => r.dueOn));
  const latest = rows.filter((r) => r.workOrderId !== null).reduce<string | null>((m, r) => (m && m > r.dueOn ? m : r.dueOn), null);
  const start = latest && latest >= from ? addDays(latest, 1) : from;
  return visitDatesBetween(c, start, to)
    .filter((d) => !taken.has(d))
    .map((dueOn) => ({
      visitId: null, contractId: c.id, dueOn, status: 'upcoming' as PmVisitStatus, workOrderId: null, workOrderNumber: null, skippedReason: null,
      contractName: c.name, customerName: c.customerName, technicianId: c.technicianId, technicianName: c.technicianName,
    }));
}

/** The company's contract (404 otherwise), with its location's name and its technician. */
export async function contractOf(ctx: Ctx, contractId: number): Promise<ContractTerms> {
  const [c] = await ctx.db
    .select({
      id: pmContracts.id, name: pmContracts.name, customerName: customers.name, recurrenceRule: pmContracts.recurrenceRule, startsOn: pmContracts.startsOn, endsOn: pmContracts.endsOn,
      status: pmContracts.status, technicianId: pmContracts.technicianUserId,
      technicianName: sql<string | null>`(select u.name from users u where u.id = pm_contracts.technician_user_id)`,
    })
    .from(pmContracts)
    .innerJoin(customers, eq(customers.id, pmContracts.customerId))
    .where(ofTenant(pmContracts, ctx, eq(pmContracts.id, contractId)));
  if (!c) throw new AppError(404, CONTRACT_NOT_FOUND);
  return c;
}

const publicVisit = ({ technicianId: _, contractName: __, customerName: ___, ...v }: VisitRow): PmVisit => v;

/**
 * `GET PmContract/{pmContractId}/visits`: every visit row of the contract (generated or skipped) and, for a contract
 * that is approved or on its way there, the dates its rule names in the next year that are not generated yet.
 */
export async function listPmVisits(ctx: Ctx, contractId: number): Promise<PmVisitsAnswer> {
  const c = await contractOf(ctx, contractId);
  const today = await companyToday(ctx);
  const rows = await visitRows(ctx, today, sql`v.contract_id = ${contractId}`);
  const isLive = c.status !== 'declined' && c.status !== 'cancelled';
  const upcoming = isLive ? upcomingOf(c, today, addDays(today, UPCOMING_DAYS), rows).slice(0, UPCOMING_MAX) : [];
  const data = [...rows, ...upcoming].sort((a, b) => a.dueOn.localeCompare(b.dueOn)).map(publicVisit);
  return { contractId: c.id, contractName: c.name, customerName: c.customerName, today, data };
}

/**
 * `POST PmContract/{pmContractId}/visits/skip`: a date the contract's rule names, not generated yet, becomes a skipped
 * visit with the reason, so the generation never writes it. A date the rule does not name is a 400; a date already
 * generated or skipped a 409.
 */
export async function skipPmVisit(ctx: Ctx, contractId: number, body: SkipPmVisitBody): Promise<PmVisitsAnswer> {
  const c = await contractOf(ctx, contractId);
  if (visitDatesBetween(c, body.dueOn, body.dueOn).length === 0) throw new AppError(400, `The contract has no visit on ${body.dueOn}: choose one of the dates its schedule names.`);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pmVisits)
      .values({ subscriberId: ctx.actor.subscriberId, contractId, dueOn: body.dueOn, skippedReason: body.reason, skippedBy: ctx.actor.userId, createdAt: ctx.now })
      .onConflictDoNothing()
      .returning({ id: pmVisits.id });
    if (!row) {
      const [existing] = await tx.select().from(pmVisits).where(and(eq(pmVisits.contractId, contractId), eq(pmVisits.dueOn, body.dueOn)));
      throw new AppError(409, existing?.skippedReason ? 'This visit was already skipped.' : 'This visit was already generated: its work order is on the list; change or cancel the work order instead.');
    }
    await recordAudit(tx, ctx, { entity: 'pmContract', entityId: contractId, action: 'skipVisit', after: { dueOn: body.dueOn }, reason: body.reason });
  });
  return listPmVisits(ctx, contractId);
}

/**
 * `POST PmContract/generate` ("Generate now"): the company's generation run at once, batch after batch, each in its
 * own transaction, exactly as the daily job runs it; a second run right after generates nothing.
 */
export async function generatePmNow(ctx: Ctx): Promise<PmGenerationAnswer> {
  let after = 0;
  const total = { contracts: 0, visits: 0 };
  for (;;) {
    const batch = await ctx.db.transaction((tx) => generatePmBatch(tx, { subscriberId: ctx.actor.subscriberId, now: ctx.now, afterContractId: after }));
    total.contracts += batch.contracts;
    total.visits += batch.visits;
    if (batch.nextAfterContractId === null) return total;
    after = batch.nextAfterContractId;
  }
}
