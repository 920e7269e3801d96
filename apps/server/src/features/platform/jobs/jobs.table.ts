import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';

/**
 * Work due at a time (a flag reminder, a notice): the durable job runner's queue. A job runs in one transaction with
 * the row that marks it done, so its effects and its end commit together: a process that dies mid-job leaves it
 * queued, and the next runner (in this process after a restart, or another) runs it once. `dedupe_key` names a job
 * that may be scheduled again (a reminder moved to another time) so only one copy waits.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').references(() => subscribers.id),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['queued', 'done', 'failed', 'cancelled'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('scheduled_jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    uniqueIndex('scheduled_jobs_waiting_key').on(t.dedupeKey).where(sql`${t.status} = 'queued' and ${t.dedupeKey} is not null`),
    check('scheduled_jobs_status', sql`${t.status} in ('queued', 'done', 'failed', 'cancelled')`),
    check('scheduled_jobs_attempts', sql`${t.attempts} >= 0`),
  ],
);
