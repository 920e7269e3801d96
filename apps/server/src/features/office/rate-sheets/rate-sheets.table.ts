import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { perDiemTypes } from '../../platform/reference/reference.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customerRateSheets } from '../work-orders/customers.table';

/** The amount a billing customer pays per day for each per-diem type, on one rate sheet version. */
export const rateSheetPerDiems = pgTable(
  'rate_sheet_per_diems',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerRateSheetId: integer('customer_rate_sheet_id').notNull().references(() => customerRateSheets.id),
    perDiemTypeId: integer('per_diem_type_id').notNull().references(() => perDiemTypes.id),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('rate_sheet_per_diems_type_unique').on(t.customerRateSheetId, t.perDiemTypeId),
    check('rate_sheet_per_diems_amount', sql`${t.amount} >= 0`),
  ],
);

/** Whether a company's rate sheets take effect only once the customer approves them (no row: they do on saving). */
export const rateSheetSettings = pgTable('rate_sheet_settings', {
  subscriberId: integer('subscriber_id').primaryKey().references(() => subscribers.id),
  isApprovalRequired: boolean('is_approval_required').notNull().default(false),
});

/**
 * A request to the billing customer to approve a rate sheet version through a link. Only the SHA-256 of the link's
 * token is kept; the request answers once (its decision), before it expires, as a labor approval does.
 */
export const rateSheetApprovals = pgTable(
  'rate_sheet_approvals',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerRateSheetId: integer('customer_rate_sheet_id').notNull().references(() => customerRateSheets.id),
    tokenHash: text('token_hash').notNull(),
    requestedBy: integer('requested_by').notNull().references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentTo: text('sent_to').notNull(),
    decision: text('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    approverName: text('approver_name'),
    reason: text('reason'),
    decidedFrom: text('decided_from'),
  },
  (t) => [
    uniqueIndex('rate_sheet_approvals_token_unique').on(t.tokenHash),
    index('rate_sheet_approvals_sheet_idx').on(t.customerRateSheetId),
    check('rate_sheet_approvals_decision', sql`${t.decision} is null or ${t.decision} in ('Approved', 'Declined')`),
    check('rate_sheet_approvals_decided_together', sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decision} is null) = (${t.approverName} is null)`),
    check('rate_sheet_approvals_reason', sql`${t.decision} is distinct from 'Declined' or ${t.reason} is not null`),
  ],
);
