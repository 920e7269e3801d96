import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

/** The company's kinds of raise (administration, account settings): merit, promotion, cost of living... */
export const payRaiseTypes = pgTable(
  'pay_raise_types',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('pay_raise_types_name_unique').on(t.subscriberId, sql`lower(${t.name})`)],
);

/** An employee's position and hourly pay from a date on: the rate on a day is the latest one effective by then. */
export const payRates = pgTable(
  'pay_rates',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    position: text('position').notNull(),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }).notNull(),
    payRaiseId: integer('pay_raise_id'),
  },
  (t) => [uniqueIndex('pay_rates_one_per_day').on(t.userId, t.effectiveFrom), check('pay_rates_rate_positive', sql`${t.hourlyRate} > 0`)],
);

/** A raise asked for, answered, and signed by its employee (spec platform 3.12). */
export const payRaises = pgTable(
  'pay_raises',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    employeeId: integer('employee_id').notNull().references(() => users.id),
    payRaiseTypeId: integer('pay_raise_type_id').notNull().references(() => payRaiseTypes.id),
    currentPosition: text('current_position'),
    currentPayRate: numeric('current_pay_rate', { precision: 10, scale: 2 }),
    newPosition: text('new_position').notNull(),
    newPay: numeric('new_pay', { precision: 10, scale: 2 }).notNull(),
    reasonForChange: text('reason_for_change').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    priority: integer('priority').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    isApproved: boolean('is_approved'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    signaturePng: text('signature_png'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    index('pay_raises_subscriber_idx').on(t.subscriberId, t.requestedAt),
    check('pay_raises_new_pay_positive', sql`${t.newPay} > 0`),
    check('pay_raises_priority', sql`${t.priority} between 1 and 3`),
    // Signed only once approved, and only with the signature itself.
    check('pay_raises_signed_when_approved', sql`${t.signedAt} is null or (${t.isApproved} is true and ${t.signaturePng} is not null)`),
  ],
);

/** One person's notice of a raise, until they acknowledge it; its kind says why it reached them. */
export const payRaiseNotices = pgTable(
  'pay_raise_notices',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    payRaiseId: integer('pay_raise_id').notNull().references(() => payRaises.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['approve', 'sign', 'decided', 'signed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('pay_raise_notices_one').on(t.payRaiseId, t.userId, t.kind), index('pay_raise_notices_user_idx').on(t.userId, t.acknowledgedAt)],
);
