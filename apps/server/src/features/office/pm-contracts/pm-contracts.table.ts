import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text, time, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from '../work-orders/customers.table';
import { workOrders } from '../work-orders/work-orders.table';
import { equipment } from '../equipment/equipment.table';

/**
 * A preventive-maintenance contract at one customer location (spec platform 2.1 /preventative-maintenance): the
 * equipment it covers, how often it is visited (an RFC 5545 rule, copied from the frequency list or written), its
 * price per visit or per year, its term and whether it renews. Only an approved contract generates visits; the
 * technician and the time of day say how each generated work order is assigned and scheduled, `lead_days` how far
 * ahead of its date a visit is generated.
 */
export const pmContracts = pgTable(
  'pm_contracts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    customerId: integer('customer_id').notNull(),
    name: text('name').notNull(),
    /** The frequency list's name the rule came from, or null for a rule written by hand. */
    frequencyName: text('frequency_name'),
    recurrenceRule: text('recurrence_rule').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    priceBasis: text('price_basis', { enum: ['visit', 'year'] }).notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    renewsAutomatically: boolean('renews_automatically').notNull().default(false),
    technicianUserId: integer('technician_user_id').references(() => users.id),
    /** The local time of day a visit is scheduled at; no time leaves the work order unscheduled. */
    visitTime: time('visit_time'),
    visitMinutes: integer('visit_minutes').notNull().default(60),
    leadDays: integer('lead_days').notNull().default(14),
    status: text('status', { enum: ['draft', 'sent', 'approved', 'declined', 'cancelled'] }).notNull().default('draft'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approverName: text('approver_name'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('pm_contracts_subscriber_id_unique').on(t.subscriberId, t.id),
    foreignKey({ name: 'pm_contracts_customer_fk', columns: [t.subscriberId, t.customerId], foreignColumns: [customers.subscriberId, customers.id] }),
    index('pm_contracts_customer_idx').on(t.subscriberId, t.customerId),
    index('pm_contracts_approved_idx').on(t.subscriberId).where(sql`${t.status} = 'approved'`),
    check('pm_contracts_name', sql`btrim(${t.name}) <> ''`),
    check('pm_contracts_rule', sql`btrim(${t.recurrenceRule}) <> ''`),
    check('pm_contracts_price', sql`${t.price} >= 0`),
    check('pm_contracts_price_basis', sql`${t.priceBasis} in ('visit', 'year')`),
    check('pm_contracts_term', sql`${t.endsOn} >= ${t.startsOn}`),
    check('pm_contracts_visit_minutes', sql`${t.visitMinutes} between 15 and 1440`),
    check('pm_contracts_lead_days', sql`${t.leadDays} between 0 and 365`),
    check('pm_contracts_status', sql`${t.status} in ('draft', 'sent', 'approved', 'declined', 'cancelled')`),
    check('pm_contracts_approved_together', sql`(${t.approvedAt} is null) = (${t.approverName} is null)`),
  ],
);

/** A piece of equipment a contract covers and the tasks done on it at each visit (from a template, then edited). */
export const pmContractEquipment = pgTable(
  'pm_contract_equipment',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    contractId: integer('contract_id').notNull(),
    equipmentId: integer('equipment_id').notNull(),
    tasks: text('tasks').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.equipmentId] }),
    foreignKey({ name: 'pm_contract_equipment_contract_fk', columns: [t.subscriberId, t.contractId], foreignColumns: [pmContracts.subscriberId, pmContracts.id] }).onDelete('cascade'),
    foreignKey({ name: 'pm_contract_equipment_equipment_fk', columns: [t.subscriberId, t.equipmentId], foreignColumns: [equipment.subscriberId, equipment.id] }),
    index('pm_contract_equipment_equipment_idx').on(t.subscriberId, t.equipmentId),
  ],
);

/**
 * One visit of a contract: its date by the contract's rule, and the work order generated for it. The unique key
 * (contract, date) is what makes a visit generated once, whichever process or retry gets there first. A visit the
 * office skips keeps its row with the reason, so it is never generated later.
 */
export const pmVisits = pgTable(
  'pm_visits',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    contractId: integer('contract_id').notNull(),
    dueOn: date('due_on').notNull(),
    workOrderId: integer('work_order_id'),
    skippedReason: text('skipped_reason'),
    skippedBy: integer('skipped_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pm_visits_contract_date_unique').on(t.contractId, t.dueOn),
    uniqueIndex('pm_visits_work_order_unique').on(t.workOrderId).where(sql`${t.workOrderId} is not null`),
    foreignKey({ name: 'pm_visits_contract_fk', columns: [t.subscriberId, t.contractId], foreignColumns: [pmContracts.subscriberId, pmContracts.id] }),
    foreignKey({ name: 'pm_visits_work_order_fk', columns: [t.subscriberId, t.workOrderId], foreignColumns: [workOrders.subscriberId, workOrders.id] }),
    index('pm_visits_due_idx').on(t.subscriberId, t.dueOn),
    // A visit is either generated (its work order) or skipped (its reason), never both.
    check('pm_visits_generated_or_skipped', sql`(${t.workOrderId} is null) <> (${t.skippedReason} is null)`),
  ],
);

/**
 * A request to the customer to approve a contract through a link: only the SHA-256 of the link's token is kept; it
 * answers once (its decision), before it expires.
 */
export const pmContractApprovals = pgTable(
  'pm_contract_approvals',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    contractId: integer('contract_id').notNull(),
    tokenHash: text('token_hash').notNull(),
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
    uniqueIndex('pm_contract_approvals_token_unique').on(t.tokenHash),
    foreignKey({ name: 'pm_contract_approvals_contract_fk', columns: [t.subscriberId, t.contractId], foreignColumns: [pmContracts.subscriberId, pmContracts.id] }).onDelete('cascade'),
    index('pm_contract_approvals_contract_idx').on(t.contractId),
    check('pm_contract_approvals_decision', sql`${t.decision} is null or ${t.decision} in ('Approved', 'Declined')`),
    check('pm_contract_approvals_decided_together', sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decision} is null) = (${t.approverName} is null)`),
  ],
);
