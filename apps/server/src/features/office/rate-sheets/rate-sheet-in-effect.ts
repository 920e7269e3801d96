import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { customerRateSheets, subscribers } from '../../../db/schema';
import type { Param } from '../../../lib/statement';
import { rateSheetSettings } from './rate-sheets.table';

/** The company's calendar day of an instant, in its time zone, as SQL. */
export const companyDaySql = (subscriberId: Param<number> | SQLWrapper, at: SQLWrapper) =>
  sql`(${at} at time zone (select z.time_zone from ${subscribers} z where z.id = ${subscriberId}))::date`;

/** Whether the company takes rate sheets into effect only once the customer approves them, as SQL. */
const asksApproval = (subscriberId: Param<number> | SQLWrapper) =>
  sql`coalesce((select r.is_approval_required from ${rateSheetSettings} r where r.subscriber_id = ${subscriberId}), false)`;

/**
 * The id of a billing customer's rate sheet version in effect on the company's day of `at` (null: none): the latest
 * approved version effective on or before that day, or, when the company does not ask its customers to approve, the
 * latest one not declined. Work keeps the rates of its day: the clock and the invoices ask with the labor's start.
 */
export function sheetInEffectSql(subscriberId: Param<number> | SQLWrapper, billingCustomerId: Param<number | null> | SQLWrapper, at: SQLWrapper): SQL<number | null> {
  return sql<number | null>`(select v.id from ${customerRateSheets} v
     where v.subscriber_id = ${subscriberId} and v.billing_customer_id = ${billingCustomerId}
       and v.effective_from <= ${companyDaySql(subscriberId, at)}
       and (v.status = 'approved' or (v.status <> 'declined' and not ${asksApproval(subscriberId)}))
     order by v.effective_from desc, v.id desc limit 1)`;
}

/** An instant as a SQL timestamp, for `sheetInEffectSql`. */
export const instantSql = (at: Date) => sql`${at.toISOString()}::timestamptz`;
