import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, wallClockOf, WORK_ORDER_STATUSES, type DsmDashboardAnswer } from '@sm/shared';
import { scheduleItems } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { FIELD_ROLE_IDS } from '../../field/boards/board-lookups';
import { mayOverlap, occurrencesOf } from '../../field/scheduling/calendar-entries';
import { CLOSED_STATUS_IDS } from '../../field/scheduling/scheduler-lookups.service';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { zonedDate } from '../../field/scheduling/schedule-lookups';
import { rowsOf, statusList } from './work-order-board';

/** The open statuses in the dashboard's groups; an open status in none of them counts as Other. */
export const STATUS_GROUPS: readonly [group: string, statusIds: readonly number[]][] = [
  ['To schedule', [13, 14, 16, 17, 19, 31, 61, 1, 9]],
  ['In progress', [7, 50, 26, 41, 47, 48, 23]],
  ['Parts', [2, 10, 11, 18, 20, 21, 24, 36, 42, 43, 79, 80]],
  ['Quotes and NTE', [15, 28, 33, 34, 35, 44, 45, 46]],
  ['Data and review', [3, 4, 12, 37, 39, 6, 30, 32, 5]],
];
/** Overdue visits are looked for this many days back. */
const OVERDUE_DAYS = 14;
/** Overdue visits listed at most. */
const OVERDUE_MAX = 50;

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const monthBefore = (first: string) => firstOfMonth(addDays(first, -1));
const monthAfter = (first: string) => firstOfMonth(addDays(first, 32));
const hours = (ms: number) => Math.round((ms / 3_600_000) * 100) / 100;

/** Whose figures: the caller's district, else their region, else the whole company, and its field technicians. */
async function scopeOf(ctx: Ctx) {
  const [me] = rowsOf<{ districtId: number | null; districtName: string | null; regionId: number | null; regionName: string | null }>(
    await ctx.db.execute(sql`select u.district_id as "districtId", d.name as "districtName", u.region_id as "regionId", r.name as "regionName"
      from users u left join districts d on d.id = u.district_id left join regions r on r.id = u.region_id
      where u.id = ${ctx.actor.userId} and u.subscriber_id = ${ctx.actor.subscriberId}`),
  );
  let scope: DsmDashboardAnswer['scope'] = { kind: 'company', name: 'The whole company' };
  let within: SQL = sql`true`;
  if (me?.districtId != null) {
    scope = { kind: 'district', name: me.districtName ?? 'District' };
    within = sql`u.district_id = ${me.districtId}`;
  } else if (me?.regionId != null) {
    scope = { kind: 'region', name: me.regionName ?? 'Region' };
    within = sql`(u.region_id = ${me.regionId} or u.district_id in (select id from districts where region_id = ${me.regionId}))`;
  }
  const technicians = rowsOf<{ id: number; name: string }>(
    await ctx.db.execute(sql`select u.id, u.name from users u where u.subscriber_id = ${ctx.actor.subscriberId} and u.is_active and ${within}
      and u.id in (select user_id from user_roles where role_id in (${statusList(FIELD_ROLE_IDS)})) order by u.name, u.id`),
  );
  // The work orders of the district are those one of its technicians is assigned to; the company's are all of them.
  const workOrdersIn =
    scope.kind === 'company'
      ? sql`w.subscriber_id = ${ctx.actor.subscriberId}`
      : sql`w.subscriber_id = ${ctx.actor.subscriberId} and w.id in (select work_order_id from work_order_technicians where user_id in (${statusList([0, ...technicians.map((t) => t.id)])}))`;
  return { scope, technicians, workOrdersIn };
}

/**
 * `Boards/dsmDashboard` (spec platform 2.1 /management/dsmDashboard): the caller's district at a glance. Its
 * technicians are the active field users of the caller's district (set on the users page), else of the caller's region
 * (its own users and its districts'), else of the whole company; its work orders are those assigned to one of them
 * (every work order, for the whole company). Revenue is the frozen totals of their invoices dated this month and last
 * month (the company's calendar); open work orders are counted by status group; an overdue visit is an occurrence of
 * the last 14 days, ended before now, of a technician's visit to a work order still open, with no labor of that
 * technician on it since the visit's start; utilisation is, per technician, the hours clocked on work orders this week
 * (from Monday, the company's calendar; an open entry up to now) against the hours scheduled this week.
 */
export async function dsmDashboard(ctx: Ctx): Promise<DsmDashboardAnswer> {
  const timeZone = await companyTimeZone(ctx);
  const today = wallClockOf(ctx.now, timeZone).toISOString().slice(0, 10);
  const { scope, technicians, workOrdersIn } = await scopeOf(ctx);
  const thisMonth = firstOfMonth(today);
  const [lastMonth, nextMonth] = [monthBefore(thisMonth), monthAfter(thisMonth)];
  const [revenue] = rowsOf<DsmDashboardAnswer['revenue']>(
    await ctx.db.execute(sql`select
        coalesce(sum(i.total) filter (where i.invoice_date >= ${thisMonth}::date and i.invoice_date < ${nextMonth}::date), 0)::numeric(14, 2)::text as "thisMonth",
        coalesce(sum(i.total) filter (where i.invoice_date >= ${lastMonth}::date and i.invoice_date < ${thisMonth}::date), 0)::numeric(14, 2)::text as "lastMonth",
        (count(*) filter (where i.invoice_date >= ${thisMonth}::date and i.invoice_date < ${nextMonth}::date))::int as "thisMonthInvoices",
        (count(*) filter (where i.invoice_date >= ${lastMonth}::date and i.invoice_date < ${thisMonth}::date))::int as "lastMonthInvoices"
      from invoices i join work_orders w on w.id = i.work_order_id where i.subscriber_id = ${ctx.actor.subscriberId} and ${workOrdersIn}`),
  );
  const open = rowsOf<{ statusId: number; n: number }>(
    await ctx.db.execute(sql`select w.work_order_status_id as "statusId", count(*)::int as n from work_orders w
      where ${workOrdersIn} and w.work_order_status_id not in (${statusList(CLOSED_STATUS_IDS)}) group by w.work_order_status_id`),
  );
  const grouped = (ids: readonly number[]) => open.filter((o) => ids.includes(o.statusId)).reduce((sum, o) => sum + o.n, 0);
  const known = STATUS_GROUPS.flatMap(([, ids]) => ids);
  const groups = [...STATUS_GROUPS.map(([group, ids]) => ({ group, count: grouped(ids) })), { group: 'Other', count: open.filter((o) => !known.includes(o.statusId)).reduce((s, o) => s + o.n, 0) }];
  const weekStart = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const from = zonedDate(weekStart, timeZone, 'Week');
  const to = zonedDate(addDays(weekStart, 7), timeZone, 'Week');
  const overdue = await overdueVisits(ctx, technicians, workOrdersIn);
  return {
    scope, today, weekStart, revenue,
    openWorkOrders: { total: open.reduce((s, o) => s + o.n, 0), groups },
    overdueVisits: { count: overdue.length, visits: overdue.slice(0, OVERDUE_MAX) },
    utilisation: await utilisationOf(ctx, technicians, from, to),
  };
}

/** The occurrences of the technicians' visits to work orders (series expanded) from `from` to `to`. */
async function visitsOf(ctx: Ctx, technicianIds: number[], from: Date, to: Date) {
  if (technicianIds.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(scheduleItems)
    .where(ofTenant(scheduleItems, ctx, eq(scheduleItems.kind, 'service'), eq(scheduleItems.isDeleted, false), inArray(scheduleItems.technicianUserId, technicianIds), mayOverlap(from, to)));
  return rows.flatMap((it) => occurrencesOf(it, { it }, from, to));
}

async function overdueVisits(ctx: Ctx, technicians: { id: number; name: string }[], workOrdersIn: SQL): Promise<DsmDashboardAnswer['overdueVisits']['visits']> {
  const from = new Date(ctx.now.getTime() - OVERDUE_DAYS * 86_400_000);
  const past = (await visitsOf(ctx, technicians.map((t) => t.id), from, ctx.now)).filter((v) => v.it.workOrderId !== null && Date.parse(v.end) < ctx.now.getTime());
  const ids = [...new Set(past.map((v) => v.it.workOrderId!))];
  if (ids.length === 0) return [];
  const workOrders = rowsOf<{ id: number; number: string; statusId: number; customerName: string }>(
    await ctx.db.execute(sql`select w.id, w.work_order_number as number, w.work_order_status_id as "statusId", c.name as "customerName"
      from work_orders w join customers c on c.id = w.customer_id
      where ${workOrdersIn} and w.id in (${statusList(ids)}) and w.work_order_status_id not in (${statusList(CLOSED_STATUS_IDS)})`),
  );
  const labor = rowsOf<{ workOrderId: number; userId: number; startedAt: string }>(
    await ctx.db.execute(sql`select work_order_id as "workOrderId", user_id as "userId", started_at::text as "startedAt" from work_order_labor
      where subscriber_id = ${ctx.actor.subscriberId} and work_order_id in (${statusList(ids)}) and started_at >= ${from.toISOString()}::timestamptz - interval '1 day'`),
  );
  return past
    .flatMap((v) => {
      const wo = workOrders.find((w) => w.id === v.it.workOrderId);
      const clocked = labor.some((l) => l.workOrderId === v.it.workOrderId && l.userId === v.it.technicianUserId && Date.parse(l.startedAt) >= Date.parse(v.start) - 3_600_000);
      if (!wo || clocked) return [];
      const workOrderStatus = WORK_ORDER_STATUSES.find((s) => s.workOrderStatusId === wo.statusId)?.workOrderStatus ?? '';
      const technicianName = technicians.find((t) => t.id === v.it.technicianUserId)?.name ?? '';
      return [{ schedulerId: v.it.id, start: v.start, workOrderId: wo.id, workOrderNumber: wo.number, workOrderStatus, customerName: wo.customerName, technicianName }];
    })
    .sort((a, b) => a.start.localeCompare(b.start) || a.schedulerId - b.schedulerId);
}

async function utilisationOf(ctx: Ctx, technicians: { id: number; name: string }[], from: Date, to: Date): Promise<DsmDashboardAnswer['utilisation']> {
  const ids = technicians.map((t) => t.id);
  const scheduled = await visitsOf(ctx, ids, from, to);
  const labor = ids.length
    ? rowsOf<{ userId: number; ms: string }>(
        await ctx.db.execute(sql`select user_id as "userId", coalesce(sum(extract(epoch from (least(coalesce(stopped_at, ${ctx.now.toISOString()}::timestamptz), ${to.toISOString()}::timestamptz)
            - greatest(started_at, ${from.toISOString()}::timestamptz))) * 1000), 0)::text as ms
          from work_order_labor where subscriber_id = ${ctx.actor.subscriberId} and user_id in (${statusList(ids)})
            and started_at < ${to.toISOString()}::timestamptz and coalesce(stopped_at, ${ctx.now.toISOString()}::timestamptz) > ${from.toISOString()}::timestamptz
            and started_at < ${ctx.now.toISOString()}::timestamptz
          group by user_id`),
      )
    : [];
  return technicians.map((t) => {
    const planned = scheduled.filter((v) => v.it.technicianUserId === t.id).reduce((ms, v) => ms + Math.min(Date.parse(v.end), to.getTime()) - Math.max(Date.parse(v.start), from.getTime()), 0);
    const clocked = Number(labor.find((l) => l.userId === t.id)?.ms ?? 0);
    return { userId: t.id, name: t.name, scheduledHours: hours(planned), clockedHours: hours(clocked), percent: planned > 0 ? Math.round((clocked / planned) * 100) : null };
  });
}
