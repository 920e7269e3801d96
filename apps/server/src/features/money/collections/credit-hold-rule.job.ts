import { and, eq, sql } from 'drizzle-orm';
import { companySettings, customers, scheduledJobs, subscribers } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { defineJob, scheduleJob } from '../../platform/jobs/job-runner';
import { nextDailyRun } from '../../office/pm-contracts/pm-generation.job';
import { TERMS_DAYS } from './aging-sql';
import { todayOf } from '../../platform/subscribers/company-time';
import { makeCollectionTasks } from './collection-tasks.service';
import { auditCredit, collectionReaders, creditHoldNotice, holdWorkOrders, type HoldWriter } from './credit-hold.service';

export const CREDIT_HOLD_JOB = 'credit-hold-rule';

/** The one waiting run of a company's credit-hold rule. */
export const creditHoldKey = (subscriberId: number) => `credit-hold:${subscriberId}`;

/** The company's rule, as its Credit Hold Rule settings say: over the limit, and/or past due longer than some days. */
async function ruleOf(tx: DbOrTx, subscriberId: number) {
  const [row] = await tx
    .select({ values: companySettings.values })
    .from(companySettings)
    .where(and(eq(companySettings.subscriberId, subscriberId), eq(companySettings.formKey, 'creditHoldSettings')));
  const values = row?.values ?? {};
  const days = Number(values.holdPastDueDays);
  return { overLimit: values.holdOverLimit === true, pastDueDays: values.holdPastDueDays != null && Number.isSafeInteger(days) ? days : null };
}

export interface CreditHoldRunResult {
  customersHeld: number;
  workOrdersHeld: number;
  /** Tells the office, once the transaction committed. */
  announce: () => void;
}

/**
 * The company's credit-hold rule, in the caller's transaction: every customer not yet on hold that owes more than its
 * credit limit (when the rule says so), or whose oldest open invoice is past due longer than the rule's days (counted
 * to the company's today), goes on credit hold, its open work orders to Credit Hold, audited as the rule's doing; the
 * office is told of each. A customer already on hold is left alone, so a second run changes nothing.
 */
export async function runCreditHoldRule(tx: Tx, subscriberId: number, now: Date, events?: Ctx['events']): Promise<CreditHoldRunResult> {
  const rule = await ruleOf(tx, subscriberId);
  const none = { customersHeld: 0, workOrdersHeld: 0, announce: () => undefined };
  if (!rule.overLimit && rule.pastDueDays === null) return none;
  const today = await todayOf(tx, subscriberId, now);
  const found = await tx.execute(sql`select c.id, c.name, c.credit_limit::text as credit_limit, p.balance::text as balance, p.oldest,
            (${rule.overLimit} and c.credit_limit is not null and p.balance > c.credit_limit) as over_limit
      from (select i.billing_customer_id as id, sum(i.amount_due) as balance, max(${today}::date - i.invoice_date - ${TERMS_DAYS}) as oldest
              from invoices i join customers bc on bc.id = i.billing_customer_id left join company_list_rows tr on tr.id = bc.terms_id
             where i.subscriber_id = ${subscriberId} and i.amount_due > 0
             group by i.billing_customer_id) p
      join customers c on c.id = p.id and c.subscriber_id = ${subscriberId}
     where not c.is_on_credit_hold
       and ((${rule.overLimit} and c.credit_limit is not null and p.balance > c.credit_limit) or (${rule.pastDueDays}::int is not null and p.oldest > ${rule.pastDueDays}::int))
     order by c.id
     for update of c`);
  const due = (found as unknown as { rows: { id: number; name: string; credit_limit: string | null; balance: string; oldest: number; over_limit: boolean }[] }).rows;
  if (due.length === 0) return none;
  const w: HoldWriter = { subscriberId, userId: null, now };
  const readers = await collectionReaders(tx, subscriberId);
  const notices: (() => void)[] = [];
  let workOrdersHeld = 0;
  for (const c of due) {
    await tx.update(customers).set({ isOnCreditHold: true }).where(and(eq(customers.id, c.id), eq(customers.subscriberId, subscriberId)));
    const held = await holdWorkOrders(tx, w, c.id);
    workOrdersHeld += held;
    const reason = c.over_limit ? `Credit hold rule: owes ${c.balance}, over its credit limit of ${c.credit_limit}.` : `Credit hold rule: an invoice ${c.oldest} days past due.`;
    await auditCredit(tx, w, c.id, { isOnCreditHold: false }, { isOnCreditHold: true, workOrdersHeld: held }, reason);
    notices.push(creditHoldNotice(events, subscriberId, readers, null, { kind: 'creditHold', customerId: c.id, customerName: c.name, isOnHold: true, workOrders: held }));
  }
  return { customersHeld: due.length, workOrdersHeld, announce: () => notices.forEach((n) => n()) };
}

// A run applies the rule as of its due time, or of now when it runs late; the next day's run is queued with it.
defineJob(CREDIT_HOLD_JOB, async (tx, job, env) => {
  const subscriberId = job.subscriberId!;
  const now = new Date(Math.max(Date.now(), job.runAt.getTime()));
  const result = await runCreditHoldRule(tx, subscriberId, now, env.events);
  // The night's collection tasks, from the templates of each customer's oldest past-due bucket.
  const tasks = await makeCollectionTasks(tx, subscriberId, now, env.events);
  const [company] = await tx.select({ timeZone: subscribers.timeZone }).from(subscribers).where(eq(subscribers.id, subscriberId));
  if (company) await scheduleJob(tx, { kind: CREDIT_HOLD_JOB, subscriberId, dedupeKey: creditHoldKey(subscriberId), runAt: nextDailyRun(now, company.timeZone) });
  return () => {
    result.announce();
    tasks.announce();
  };
});

/**
 * Makes sure every company has its daily credit-hold run waiting (at server start), a few minutes after its next
 * midnight; one statement, and the unique key of waiting jobs, so servers starting together queue one each at most.
 */
export async function ensureCreditHoldJobs(db: DbOrTx, now = new Date()) {
  await db.execute(sql`insert into ${scheduledJobs} (kind, run_at, payload, subscriber_id, dedupe_key)
    select ${CREDIT_HOLD_JOB}, ((${now.toISOString()}::timestamptz at time zone s.time_zone)::date + 1 + make_interval(mins => 10)) at time zone s.time_zone,
           '{}'::jsonb, s.id, ${'credit-hold:'} || s.id
      from ${subscribers} s
     where not exists (select 1 from ${scheduledJobs} j where j.dedupe_key = ${'credit-hold:'} || s.id and j.status = 'queued')
    on conflict (dedupe_key) where status = 'queued' and dedupe_key is not null do nothing`);
}
