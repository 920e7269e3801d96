import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyListRows } from '../../platform/reference-lists/company-list-rows.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { invoices } from '../invoices/invoices.table';

/** The four people an invoice pays commissions to (spec platform 3.15). */
export const COMMISSION_KIND_VALUES = ['salesPerson', 'manager', 'previous', 'territory'] as const;

/**
 * The commission structure (administration salesCommissionStructure): for one kind of commission, the percentage of
 * the invoice's subtotal before tax paid from a day on, for one sales class or (no class) the company's default. A
 * change is a new row from a later day, so invoices already submitted keep what they earned.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    salesClassId: integer('sales_class_id').references(() => companyListRows.id),
    kind: text('kind', { enum: COMMISSION_KIND_VALUES }).notNull(),
    ratePercent: numeric('rate_percent', { precision: 7, scale: 4 }).notNull(),
    effectiveFrom: date('effective_from').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commission_rates_unique').on(t.subscriberId, sql`coalesce(${t.salesClassId}, 0)`, t.kind, t.effectiveFrom),
    check('commission_rates_kind', sql`${t.kind} in ('salesPerson', 'manager', 'previous', 'territory')`),
    check('commission_rates_percent', sql`${t.ratePercent} >= 0 and ${t.ratePercent} <= 100`),
  ],
);

/**
 * What an invoice pays: one row per kind and person, frozen when the invoice is submitted (the base, the rate then in
 * force and the amount rounded half-up to the cent). A credit applied to the invoice later adds a reversal row per
 * commission, so that the reversals so far are the commission's share of the credits applied.
 */
export const invoiceCommissions = pgTable(
  'invoice_commissions',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id),
    kind: text('kind', { enum: COMMISSION_KIND_VALUES }).notNull(),
    userId: integer('user_id').notNull().references(() => users.id),
    base: numeric('base', { precision: 14, scale: 2 }).notNull(),
    ratePercent: numeric('rate_percent', { precision: 7, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The day it counts in the commission report: the invoice's date, or the day a credit reversed part of it. */
    earnedOn: date('earned_on').notNull(),
    isReversal: boolean('is_reversal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_commissions_original_unique').on(t.invoiceId, t.kind).where(sql`not ${t.isReversal}`),
    index('invoice_commissions_report_idx').on(t.subscriberId, t.earnedOn, t.userId),
    check('invoice_commissions_kind', sql`${t.kind} in ('salesPerson', 'manager', 'previous', 'territory')`),
  ],
);
