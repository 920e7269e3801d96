import { sql } from 'drizzle-orm';
import { addDays, COMPANY_ATTENTION_DAYS, COMPANY_ATTENTION_KEYS, jsonNumberOf, wallClockOf, type CompanyDashboardAnswer } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { FIELD_ROLE_IDS } from '../../field/boards/board-lookups';
import { CLOSED_STATUS_IDS } from '../../field/scheduling/scheduler-lookups.service';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { zonedDate } from '../../field/scheduling/schedule-lookups';
import { TERMS_DAYS } from '../../money/collections/aging-sql';
import { rowsOf, statusList } from './work-order-board';

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** The statement's figures: counts as numbers, sums as exact decimal text. */
type Figures = Record<string, number | string>;

/**
 * `Boards/companyDashboard` (administration dashboard): the whole company as of its today, in one statement.
 * - The field: active field users, those clocked in now, hours clocked today (an open entry up to now), open work
 *   orders, and those opened today and this week (from Sunday).
 * - Money: the invoices' frozen totals dated this month and last, what is past the customers' terms and by how many
 *   customers (as the collection page ages it), and quotes whose current version is neither approved nor rejected.
 * - Attention: accounting postings stopped (failed), e-mails not delivered, provider check-ins and check-outs refused
 *   and background jobs failed in the last COMPANY_ATTENTION_DAYS days; fix-time requests waiting; invitations not
 *   yet accepted; customers on credit hold.
 * - Active users by role.
 */
export async function companyDashboard(ctx: Ctx): Promise<CompanyDashboardAnswer> {
  const s = ctx.actor.subscriberId;
  const timeZone = await companyTimeZone(ctx);
  const today = wallClockOf(ctx.now, timeZone).toISOString().slice(0, 10);
  const weekStart = addDays(today, -new Date(`${today}T12:00:00Z`).getUTCDay());
  const dayStart = zonedDate(today, timeZone, 'Today').toISOString();
  const weekStartAt = zonedDate(weekStart, timeZone, 'Week').toISOString();
  const now = ctx.now.toISOString();
  const since = new Date(ctx.now.getTime() - COMPANY_ATTENTION_DAYS * 86_400_000).toISOString();
  const thisMonth = firstOfMonth(today);
  const lastMonth = firstOfMonth(addDays(thisMonth, -1));
  const [f] = rowsOf<Figures>(
    await ctx.db.execute(sql`select
      (select count(*)::int from users u where u.subscriber_id = ${s} and u.is_active
        and exists (select 1 from user_roles r where r.user_id = u.id and r.role_id in (${statusList(FIELD_ROLE_IDS)}))) as technicians,
      (select count(distinct l.user_id)::int from work_order_labor l where l.subscriber_id = ${s} and l.stopped_at is null and l.started_at <= ${now}::timestamptz) as working,
      (select round(coalesce(sum(extract(epoch from least(coalesce(l.stopped_at, ${now}::timestamptz), ${now}::timestamptz) - greatest(l.started_at, ${dayStart}::timestamptz))), 0) / 3600, 2)::text
        from work_order_labor l where l.subscriber_id = ${s} and coalesce(l.stopped_at, ${now}::timestamptz) > ${dayStart}::timestamptz and l.started_at < ${now}::timestamptz) as "hoursToday",
      (select count(*)::int from work_orders w where w.subscriber_id = ${s} and w.work_order_status_id not in (${statusList(CLOSED_STATUS_IDS)})) as "openWorkOrders",
      (select count(*)::int from work_orders w where w.subscriber_id = ${s} and w.created_at >= ${dayStart}::timestamptz) as "openedToday",
      (select count(*)::int from work_orders w where w.subscriber_id = ${s} and w.created_at >= ${weekStartAt}::timestamptz) as "openedThisWeek",
      (select coalesce(sum(i.total), 0)::text from invoices i where i.subscriber_id = ${s} and i.invoice_date >= ${thisMonth}::date and i.invoice_date <= ${today}::date) as "invoicedThisMonth",
      (select coalesce(sum(i.total), 0)::text from invoices i where i.subscriber_id = ${s} and i.invoice_date >= ${lastMonth}::date and i.invoice_date < ${thisMonth}::date) as "invoicedLastMonth",
      (select coalesce(sum(i.amount_due), 0)::text from invoices i join customers c on c.id = i.billing_customer_id left join company_list_rows tr on tr.id = c.terms_id
        where i.subscriber_id = ${s} and i.amount_due > 0 and ${today}::date - i.invoice_date - ${TERMS_DAYS} > 0) as "pastDue",
      (select count(distinct i.billing_customer_id)::int from invoices i join customers c on c.id = i.billing_customer_id left join company_list_rows tr on tr.id = c.terms_id
        where i.subscriber_id = ${s} and i.amount_due > 0 and ${today}::date - i.invoice_date - ${TERMS_DAYS} > 0) as "pastDueCustomers",
      (select count(*)::int from quotes q join quote_versions v on v.quote_id = q.id and v.version = q.current_version
        where q.subscriber_id = ${s} and v.status not in ('Approved', 'Rejected')) as "quotesWaiting",
      (select count(*)::int from accounting_postings p where p.subscriber_id = ${s} and p.status = 'failed') as "postingsFailed",
      (select count(*)::int from email_outbox e where e.subscriber_id = ${s} and e.status in ('failed', 'uncertain') and e.created_at >= ${since}::timestamptz) as "emailsFailed",
      (select count(*)::int from provider_actions a where a.subscriber_id = ${s} and not a.is_ok and a.created_at >= ${since}::timestamptz) as "providerRefusals",
      (select count(*)::int from labor_correction_requests r where r.subscriber_id = ${s} and r.status = 'Pending') as "laborCorrections",
      (select count(*)::int from users u where u.subscriber_id = ${s} and u.is_active and u.is_invitation_pending) as "invitationsPending",
      (select count(*)::int from customers c where c.subscriber_id = ${s} and c.is_on_credit_hold) as "creditHolds",
      (select count(*)::int from scheduled_jobs j where j.subscriber_id = ${s} and j.status = 'failed' and j.finished_at >= ${since}::timestamptz) as "jobsFailed",
      (select count(*)::int from users u where u.subscriber_id = ${s} and u.is_active) as "activeUsers"`),
  );
  const byRole = rowsOf<{ role: string; count: number }>(
    await ctx.db.execute(sql`select r.name as role, count(*)::int as count from user_roles ur join users u on u.id = ur.user_id join roles r on r.id = ur.role_id
      where u.subscriber_id = ${s} and u.is_active group by r.name order by count(*) desc, r.name`),
  );
  const n = (key: string) => Number(f[key]);
  const money = (key: string) => jsonNumberOf(String(f[key]));
  return {
    today,
    weekStart,
    field: { technicians: n('technicians'), working: n('working'), hoursToday: money('hoursToday'), openWorkOrders: n('openWorkOrders'), openedToday: n('openedToday'), openedThisWeek: n('openedThisWeek') },
    money: { invoicedThisMonth: money('invoicedThisMonth'), invoicedLastMonth: money('invoicedLastMonth'), pastDue: money('pastDue'), pastDueCustomers: n('pastDueCustomers'), quotesWaiting: n('quotesWaiting') },
    attention: COMPANY_ATTENTION_KEYS.map((key) => ({ key, count: n(key) })),
    users: { active: n('activeUsers'), byRole },
  };
}
