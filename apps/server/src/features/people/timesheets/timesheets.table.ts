import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

/** How a company pays (account settings, payPeriod): weekly or bi-weekly, the day its pay week starts, when overtime starts. */
export const payrollSettings = pgTable(
  'payroll_settings',
  {
    subscriberId: integer('subscriber_id').primaryKey().references(() => subscribers.id),
    payFrequency: text('pay_frequency').notNull().default('Bi-Weekly'),
    payWeekStartsOn: smallint('pay_week_starts_on').notNull().default(0),
    overtimeAfterWeeklyHours: numeric('overtime_after_weekly_hours', { precision: 5, scale: 2 }).notNull().default('40'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payroll_settings_frequency', sql`${t.payFrequency} in ('Weekly', 'Bi-Weekly', 'Financial')`),
    check('payroll_settings_week_start', sql`${t.payWeekStartsOn} between 0 and 6`),
    check('payroll_settings_overtime', sql`${t.overtimeAfterWeeklyHours} > 0 and ${t.overtimeAfterWeeklyHours} <= 80`),
  ],
);

/**
 * A locked pay period of a company: from `startsAt` to `endsAt` (the period's days in the company's time zone, as
 * instants) no labor or work-status time of its people may be written, changed or removed. The database refuses it
 * (trigger `locked_pay_period_guard`); corrections are adjustments.
 */
export const payPeriodLocks = pgTable(
  'pay_period_locks',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    lockedBy: integer('locked_by').notNull().references(() => users.id),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_period_locks_start_unique').on(t.subscriberId, t.startsOn),
    check('pay_period_locks_order', sql`${t.endsOn} >= ${t.startsOn} and ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A payroll approver's approval of one employee's timesheet for a period, with the minutes it approved. */
export const timesheetApprovals = pgTable(
  'timesheet_approvals',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    regularMinutes: integer('regular_minutes').notNull(),
    overtimeMinutes: integer('overtime_minutes').notNull(),
    ptoMinutes: integer('pto_minutes').notNull(),
    approvedBy: integer('approved_by').notNull().references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('timesheet_approvals_unique').on(t.userId, t.startsOn)],
);

/** Paid time off typed by payroll: hours on a day, not counted toward overtime. Refused in a locked period. */
export const ptoEntries = pgTable(
  'pto_entries',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pto_entries_user_date_idx').on(t.userId, t.workDate), check('pto_entries_minutes', sql`${t.minutes} > 0 and ${t.minutes} <= 1440`)],
);

/** A correction of an employee's hours on a day, with its reason: how a locked period's hours change. */
export const timesheetAdjustments = pgTable(
  'timesheet_adjustments',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    regularMinutes: integer('regular_minutes').notNull().default(0),
    overtimeMinutes: integer('overtime_minutes').notNull().default(0),
    ptoMinutes: integer('pto_minutes').notNull().default(0),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('timesheet_adjustments_user_date_idx').on(t.userId, t.workDate),
    check('timesheet_adjustments_changes', sql`${t.regularMinutes} <> 0 or ${t.overtimeMinutes} <> 0 or ${t.ptoMinutes} <> 0`),
  ],
);

/**
 * A period of the company's own dates (account settings, financial periods): pay periods, used when the company pays by
 * them, and billing periods. Periods of one kind never overlap (trigger `financial_periods_no_overlap`).
 */
export const financialPeriods = pgTable(
  'financial_periods',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('financial_periods_start_unique').on(t.subscriberId, t.kind, t.startsOn),
    check('financial_periods_kind', sql`${t.kind} in ('Pay', 'Billing')`),
    check('financial_periods_order', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);
