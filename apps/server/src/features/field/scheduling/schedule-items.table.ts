import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, numeric, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { customers } from '../../office/work-orders/customers.table';
import { users } from '../../platform/users/users.table';
import { workOrders } from '../../office/work-orders/work-orders.table';

/**
 * A task on the schedule (spec platform 3.4): one visit, or a series when it has a recurrence rule. A series is one
 * row with an RFC 5545 RRULE whose occurrences are computed, never stored, in the series' time zone. An occurrence
 * taken out of the series has its start in `recurrence_exceptions`; an occurrence edited on its own is a row of its
 * own pointing at the series (`recurrence_id`) with the start it replaces (`occurrence_start`), the RECURRENCE-ID
 * model of RFC 5545. Deleted items stay, flagged, so their history can still be read.
 */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').references(() => workOrders.id),
    technicianUserId: integer('technician_user_id').references(() => users.id),
    task: text('task'),
    /** 'service' items plan technicians' work (dispatcher); 'sales' items are sales persons' tasks for customers. */
    kind: text('kind', { enum: ['service', 'sales'] }).notNull().default('service'),
    customerId: integer('customer_id').references(() => customers.id),
    salesPersonUserId: integer('sales_person_user_id').references(() => users.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /**
     * A series' first start as the wall clock its form named, kept when that time does not exist in the zone (the
     * hour skipped in spring): `start_at` is then an hour later, and later occurrences keep the named time.
     */
    startWall: timestamp('start_wall', { withTimezone: false }),
    durationHours: numeric('duration_hours', { precision: 6, scale: 4, mode: 'number' }).notNull().default(0.25),
    isAllDay: boolean('is_all_day').notNull().default(false),
    isAppointment: boolean('is_appointment').notNull().default(false),
    noVisitRequired: boolean('no_visit_required').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true }),
    recurrenceRule: text('recurrence_rule'),
    recurrenceExceptions: timestamp('recurrence_exceptions', { withTimezone: true }).array().notNull().default(sql`'{}'`),
    recurrenceId: integer('recurrence_id'),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }),
    /** End of a series' last occurrence; null while it repeats without end. Lets range queries skip ended series. */
    lastOccurrenceEnd: timestamp('last_occurrence_end', { withTimezone: true }),
    color: text('color').notNull().default('blue'),
    timeZone: text('time_zone').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('schedule_items_subscriber_id_unique').on(t.subscriberId, t.id),
    // An edited occurrence points at a series of the same company.
    foreignKey({ name: 'schedule_items_series_fk', columns: [t.subscriberId, t.recurrenceId], foreignColumns: [t.subscriberId, t.id] }),
    uniqueIndex('schedule_items_one_edit_per_occurrence').on(t.recurrenceId, t.occurrenceStart).where(sql`not ${t.isDeleted}`),
    index('schedule_items_subscriber_start_idx').on(t.subscriberId, t.startAt),
    index('schedule_items_technician_start_idx').on(t.subscriberId, t.technicianUserId, t.startAt),
    // The visits planned for a work order (the provider scorecard's arrival window).
    index('schedule_items_work_order_idx').on(t.workOrderId).where(sql`${t.workOrderId} is not null`),
    index('schedule_items_series_idx').on(t.subscriberId, t.technicianUserId).where(sql`${t.recurrenceRule} is not null and not ${t.isDeleted}`),
    check('schedule_items_duration_range', sql`${t.durationHours} > 0 and ${t.durationHours} <= 24`),
    check('schedule_items_task_or_work_order', sql`${t.workOrderId} is not null or btrim(coalesce(${t.task}, '')) <> ''`),
    check('schedule_items_occurrence_has_no_rule', sql`${t.recurrenceId} is null or ${t.recurrenceRule} is null`),
    check('schedule_items_occurrence_start', sql`(${t.recurrenceId} is null) = (${t.occurrenceStart} is null)`),
    check('schedule_items_start_wall_of_series', sql`${t.recurrenceRule} is not null or ${t.startWall} is null`),
    check('schedule_items_exceptions_of_series', sql`${t.recurrenceRule} is not null or cardinality(${t.recurrenceExceptions}) = 0`),
    check('schedule_items_color', sql`${t.color} in ('blue', 'red', 'gray', 'green', 'orange', 'purple')`),
    check('schedule_items_time_zone', sql`${t.timeZone} <> ''`),
    check('schedule_items_kind', sql`${t.kind} in ('service', 'sales')`),
    // A sales task is for a customer and a sales person, never a technician's visit to a work order.
    check(
      'schedule_items_sales_task',
      sql`${t.kind} <> 'sales' or (${t.customerId} is not null and ${t.salesPersonUserId} is not null and ${t.technicianUserId} is null and ${t.workOrderId} is null)`,
    ),
    index('schedule_items_sales_start_idx').on(t.subscriberId, t.salesPersonUserId, t.startAt).where(sql`${t.kind} = 'sales'`),
  ],
);
