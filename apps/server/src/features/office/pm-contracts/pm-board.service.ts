import { eq, sql } from 'drizzle-orm';
import { addDays, type PmBoardAnswer, type PmBoardCounts, type PmBoardVisit } from '@sm/shared';
import { customers, pmContracts } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { CLOSED_STATUS_IDS } from '../../field/scheduling/scheduler-lookups.service';
import { companyToday } from '../../platform/subscribers/company-time';
import { upcomingOf, visitRows, type VisitRow } from './pm-visits.service';

/** Visits the board lists as overdue or upcoming, at most. */
const LIST_MAX = 100;
/** The upcoming list reaches this many days ahead. */
const UPCOMING_DAYS = 30;

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonth = (first: string) => {
  const [y, m] = first.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

const boardVisit = ({ technicianId: _, ...v }: VisitRow): PmBoardVisit => v;

/** The counts of one technician's visits (or of everyone's, as the total). */
function countsOf(visits: readonly VisitRow[], technicianId: number | null, technicianName: string): PmBoardCounts {
  const count = (statuses: readonly string[]) => visits.filter((v) => statuses.includes(v.status)).length;
  return {
    technicianId, technicianName,
    due: visits.length,
    generated: visits.filter((v) => v.workOrderId !== null).length,
    scheduled: count(['scheduled']),
    done: count(['done']),
    overdue: count(['late']),
  };
}

/**
 * `GET PmBoard` (spec platform 2.1 /management/pmBoard, the PM director's landing): for this month and the next, in
 * the company's calendar, each technician's visits due (generated or still upcoming; skipped ones are not due), how
 * many are generated, scheduled, done and overdue; then every overdue visit and those of the next 30 days.
 */
export async function getPmBoard(ctx: Ctx): Promise<PmBoardAnswer> {
  const today = await companyToday(ctx);
  const from = firstOfMonth(today);
  const to = addDays(nextMonth(nextMonth(from)), -1);
  const rows = await visitRows(ctx, today, sql`v.due_on between ${from}::date and ${to}::date and v.skipped_reason is null`);
  const contracts = await ctx.db
    .select({
      id: pmContracts.id, name: pmContracts.name, customerName: customers.name, recurrenceRule: pmContracts.recurrenceRule, startsOn: pmContracts.startsOn, endsOn: pmContracts.endsOn,
      status: pmContracts.status, technicianId: pmContracts.technicianUserId,
      technicianName: sql<string | null>`(select u.name from users u where u.id = pm_contracts.technician_user_id)`,
    })
    .from(pmContracts)
    .innerJoin(customers, eq(customers.id, pmContracts.customerId))
    .where(ofTenant(pmContracts, ctx, eq(pmContracts.status, 'approved')));
  // A contract's rows of the whole window (skipped ones included), so that an upcoming date is never one already taken.
  const taken = contracts.length
    ? await visitRows(ctx, today, sql`v.due_on between ${from}::date and ${to}::date and v.skipped_reason is not null`)
    : [];
  const byContract = new Map<number, { dueOn: string; workOrderId: number | null }[]>();
  for (const r of [...rows, ...taken]) byContract.set(r.contractId, [...(byContract.get(r.contractId) ?? []), r]);
  const upcoming = contracts.flatMap((c) => upcomingOf(c, today, to, byContract.get(c.id) ?? []));
  const all = [...rows, ...upcoming];

  const months = [from, nextMonth(from)].map((first) => {
    const inMonth = all.filter((v) => v.dueOn.startsWith(first.slice(0, 7)));
    const people = new Map<number | null, string>();
    for (const v of inMonth) people.set(v.technicianId, v.technicianName ?? 'Unassigned');
    const perTechnician = [...people]
      .sort(([, a], [, b]) => (a === 'Unassigned' ? 1 : b === 'Unassigned' ? -1 : a.localeCompare(b)))
      .map(([id, name]) => countsOf(inMonth.filter((v) => v.technicianId === id), id, name));
    return { month: first.slice(0, 7), rows: perTechnician, total: countsOf(inMonth, null, 'All technicians') };
  });

  // Overdue visits of any month (the board's window covers this month and the next only).
  const overdue = await visitRows(ctx, today, sql`v.due_on < ${today}::date and v.skipped_reason is null and not exists (
    select 1 from work_orders w2 where w2.id = v.work_order_id and w2.work_order_status_id in (${sql.join(CLOSED_STATUS_IDS.map((id) => sql`${id}`), sql`, `)}))`);
  const horizon = addDays(today, UPCOMING_DAYS);
  const soon = all
    .filter((v) => v.dueOn >= today && v.dueOn <= horizon && v.status !== 'done')
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.contractName.localeCompare(b.contractName));
  return { today, months, overdue: overdue.slice(-LIST_MAX).map(boardVisit), upcoming: soon.slice(0, LIST_MAX).map(boardVisit) };
}
