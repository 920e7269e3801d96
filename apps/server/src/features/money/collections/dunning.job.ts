import { and, eq, sql } from 'drizzle-orm';
import { COLLECTION_MERGE_FIELDS, DUNNING_BUCKET_FIRST_DAY, addDays, agingBucketOf, formatDate, isValidEmail, moneyText, sumMoney, type CollectionMergeField, type DunningBucket } from '@sm/shared';
import { scheduledJobs, subscribers } from '../../../db/schema';
import type { DbOrTx, Tx } from '../../../lib/context';
import { escapeHtml } from '../../../lib/rich-text';
import { enqueueEmail } from '../../platform/email-outbox/enqueue-email.service';
import { defineJob, scheduleJob } from '../../platform/jobs/job-runner';
import { nextDailyRun } from '../../office/pm-contracts/pm-generation.job';
import { todayOf } from '../../platform/subscribers/company-time';
import { TERMS_DAYS } from './aging-sql';
import { collectionTemplates, dunningEmails } from './collections.table';
import { customerStatementPdf } from './statement.service';

export const DUNNING_JOB = 'dunning';

/** The one waiting run of a company's dunning. */
export const dunningKey = (subscriberId: number) => `dunning:${subscriberId}`;

/** The one waiting run of a company's dunning asked for now ("Send statements now"), beside the nightly one. */
export const dunningNowKey = (subscriberId: number) => `dunning-now:${subscriberId}`;

/** The first half of the advisory lock a company's dunning run holds (the company is the second). */
const DUNNING_LOCK = 7_301;

/** `{{field}}` in a template, spaces inside the braces allowed. */
const MERGE_FIELD = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** A template's text with each merge field replaced by its value (each value passed through `escape` first). */
export function mergeFields(text: string, values: Record<CollectionMergeField, string>, escape: (s: string) => string = (s) => s): string {
  return text.replace(MERGE_FIELD, (whole, field: string) => (Object.hasOwn(COLLECTION_MERGE_FIELDS, field) ? escape(values[field as CollectionMergeField]) : whole));
}

/** A plain-text body as the HTML of the e-mail: escaped, blank lines between paragraphs, single breaks kept. */
function htmlOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

interface DueCustomer {
  id: number;
  name: string;
  oldest: number;
  balance: string;
  email: string | null;
}

/** The company's billing customers with something past due, each with its oldest invoice's days and an address to write to. */
async function pastDueCustomers(tx: DbOrTx, subscriberId: number, today: string): Promise<DueCustomer[]> {
  const result = await tx.execute(sql`select c.id, c.name, p.oldest, p.balance::text as balance,
        coalesce(nullif(trim(c.email), ''),
          (select nullif(trim(k.email), '') from contacts k where k.customer_id = c.id and k.subscriber_id = ${subscriberId} and nullif(trim(k.email), '') is not null
            order by k.is_primary desc, k.id limit 1)) as email
      from (select i.billing_customer_id as id, sum(i.amount_due) as balance, max(${today}::date - i.invoice_date - ${TERMS_DAYS}) as oldest
              from invoices i join customers bc on bc.id = i.billing_customer_id left join company_list_rows tr on tr.id = bc.terms_id
             where i.subscriber_id = ${subscriberId} and i.amount_due > 0
             group by i.billing_customer_id) p
      join customers c on c.id = p.id and c.subscriber_id = ${subscriberId}
     where p.oldest > 0
     order by c.id`);
  return (result as unknown as { rows: DueCustomer[] }).rows;
}

export interface DunningRunOptions {
  /** Called after each customer's e-mail is written (a test interrupts the run there). */
  afterCustomer?: (customerId: number) => Promise<void> | void;
}

/**
 * The company's dunning, in the caller's transaction: every billing customer with a past-due balance and an e-mail
 * address (its own, or its primary or first contact's) is sent the active collection template of its oldest invoice's
 * bucket, with its statement PDF attached, through the outbox. The dunning row is claimed first, under its unique key
 * (customer, template, bucket, the day the oldest invoice entered the bucket), in the same transaction as the outbox
 * row: a second run, or one after a crash, finds the key and sends nothing again. A customer whose balance was paid is
 * not past due, so its dunning stops. Answers how many e-mails were written.
 */
export async function runDunning(tx: Tx, subscriberId: number, now: Date, opts: DunningRunOptions = {}): Promise<{ sent: number }> {
  const templates = await tx
    .select()
    .from(collectionTemplates)
    .where(and(eq(collectionTemplates.subscriberId, subscriberId), eq(collectionTemplates.isActive, true)));
  const byBucket = new Map(templates.map((t) => [t.bucket as DunningBucket, t]));
  if (byBucket.size === 0) return { sent: 0 };
  const [company] = await tx.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, subscriberId));
  const today = await todayOf(tx, subscriberId, now);
  let sent = 0;
  for (const c of await pastDueCustomers(tx, subscriberId, today)) {
    const bucket = agingBucketOf(Number(c.oldest));
    if (bucket === 'current') continue;
    const template = byBucket.get(bucket);
    if (!template || !c.email || !isValidEmail(c.email)) continue;
    const enteredOn = addDays(addDays(today, -Number(c.oldest)), DUNNING_BUCKET_FIRST_DAY[bucket]);
    const [claimed] = await tx
      .insert(dunningEmails)
      .values({ subscriberId, customerId: c.id, templateId: template.id, templateName: template.name, bucket, enteredOn, balance: c.balance, to: [c.email], sentAt: now })
      .onConflictDoNothing({ target: [dunningEmails.customerId, dunningEmails.templateId, dunningEmails.bucket, dunningEmails.enteredOn] })
      .returning({ id: dunningEmails.id });
    if (!claimed) continue;
    const { pdf, fileName, content } = await customerStatementPdf({ db: tx, subscriberId, now }, c.id);
    const a = content.aging;
    const values: Record<CollectionMergeField, string> = {
      customerName: c.name,
      balance: moneyText(a.balance),
      pastDue: moneyText(sumMoney([a.days1to30, a.days31to60, a.days61to90, a.over90])),
      oldestDaysPastDue: String(c.oldest),
      companyName: company?.name ?? '',
      statementDate: formatDate(content.asOf),
    };
    const queued = await enqueueEmail(tx, {
      subscriberId,
      to: [c.email],
      subject: mergeFields(template.subject, values),
      html: htmlOf(mergeFields(escapeHtml(template.body), values, escapeHtml)),
      text: mergeFields(template.body, values),
      attachments: [{ fileName, contentType: 'application/pdf', content: pdf }],
    });
    await tx.update(dunningEmails).set({ emailOutboxId: queued.emailOutboxId }).where(eq(dunningEmails.id, claimed.id));
    sent += 1;
    await opts.afterCustomer?.(c.id);
  }
  return { sent };
}

/**
 * A run applies as of its due time, or of now when it runs late. One run of a company at a time: a run asked for now
 * and the nightly one wait for each other on the company's lock (and the once-only key holds regardless). The run
 * keeps how many statements it queued with its job, for whoever asked for it; the nightly run queues the next day's.
 */
defineJob(DUNNING_JOB, async (tx, job) => {
  const subscriberId = job.subscriberId!;
  await tx.execute(sql`select pg_advisory_xact_lock(${DUNNING_LOCK}, ${subscriberId})`);
  const now = new Date(Math.max(Date.now(), job.runAt.getTime()));
  const { sent } = await runDunning(tx, subscriberId, now);
  await tx.update(scheduledJobs).set({ payload: { ...job.payload, statementsQueued: sent } }).where(eq(scheduledJobs.id, job.id));
  if (job.dedupeKey === dunningNowKey(subscriberId)) return;
  const [company] = await tx.select({ timeZone: subscribers.timeZone }).from(subscribers).where(eq(subscribers.id, subscriberId));
  if (company) await scheduleJob(tx, { kind: DUNNING_JOB, subscriberId, dedupeKey: dunningKey(subscriberId), runAt: nextDailyRun(now, company.timeZone) });
});

/**
 * Makes sure companies have their nightly dunning run waiting, a few minutes after their next midnight: every company
 * at server start, or one company when it saves a collection template (a company made by sign-up since the start).
 * One statement, and the unique key of waiting jobs, so servers starting together queue one each at most.
 */
export async function ensureDunningJobs(db: DbOrTx, now = new Date(), subscriberId?: number) {
  await db.execute(sql`insert into ${scheduledJobs} (kind, run_at, payload, subscriber_id, dedupe_key)
    select ${DUNNING_JOB}, ((${now.toISOString()}::timestamptz at time zone s.time_zone)::date + 1 + make_interval(mins => 15)) at time zone s.time_zone,
           '{}'::jsonb, s.id, ${'dunning:'} || s.id
      from ${subscribers} s
     where (${subscriberId ?? null}::int is null or s.id = ${subscriberId ?? null}::int)
       and not exists (select 1 from ${scheduledJobs} j where j.dedupe_key = ${'dunning:'} || s.id and j.status = 'queued')
    on conflict (dedupe_key) where status = 'queued' and dedupe_key is not null do nothing`);
}
