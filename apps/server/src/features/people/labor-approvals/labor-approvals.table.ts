import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { workOrders } from '../../office/work-orders/work-orders.table';

/**
 * A request to the customer to approve a work order's finished labor through a link. Only the SHA-256 of the link's
 * token is kept; the request answers once (its decision), before it expires.
 */
export const laborApprovals = pgTable(
  'labor_approvals',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    tokenHash: text('token_hash').notNull(),
    laborIds: integer('labor_ids').array().notNull(),
    requestedBy: integer('requested_by').notNull().references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentTo: text('sent_to'),
    decision: text('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    approverName: text('approver_name'),
    comment: text('comment'),
    decidedFrom: text('decided_from'),
  },
  (t) => [
    uniqueIndex('labor_approvals_token_unique').on(t.tokenHash),
    index('labor_approvals_work_order_idx').on(t.workOrderId),
    check('labor_approvals_decision', sql`${t.decision} is null or ${t.decision} in ('Approved', 'Disputed')`),
    check('labor_approvals_decided_together', sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decision} is null) = (${t.approverName} is null)`),
    check('labor_approvals_has_labor', sql`cardinality(${t.laborIds}) > 0`),
  ],
);
