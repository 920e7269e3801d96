import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { workOrderLabor } from '../../field/clock/labor.table';

/**
 * A technician's request to correct his own labor entry (fix time), and the office's answer. At most one request of an
 * entry waits at a time; an approved one was applied through the office's correction, which the audit keeps. The work
 * order's status before the request moved it to Fix Time is kept to give it back once answered.
 */
export const laborCorrectionRequests = pgTable(
  'labor_correction_requests',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderLaborId: integer('work_order_labor_id').notNull().references(() => workOrderLabor.id),
    proposedStartedAt: timestamp('proposed_started_at', { withTimezone: true }).notNull(),
    proposedStoppedAt: timestamp('proposed_stopped_at', { withTimezone: true }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['Pending', 'Approved', 'Declined'] }).notNull().default('Pending'),
    workOrderStatusIdBefore: integer('work_order_status_id_before'),
    requestedBy: integer('requested_by').notNull().references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('labor_correction_requests_one_pending').on(t.workOrderLaborId).where(sql`${t.status} = 'Pending'`),
    index('labor_correction_requests_status_idx').on(t.subscriberId, t.status, t.requestedAt),
    check('labor_correction_requests_status', sql`${t.status} in ('Pending', 'Approved', 'Declined')`),
    check('labor_correction_requests_order', sql`${t.proposedStoppedAt} is null or ${t.proposedStoppedAt} > ${t.proposedStartedAt}`),
    check('labor_correction_requests_decided', sql`(${t.status} = 'Pending') = (${t.decidedAt} is null) and (${t.status} = 'Pending') = (${t.decidedBy} is null)`),
    check('labor_correction_requests_declined_why', sql`${t.status} <> 'Declined' or ${t.declineReason} is not null`),
  ],
);
