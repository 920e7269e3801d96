import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { perDiemTypes, workOrderFlags, workOrderStatuses } from '../../platform/reference/reference.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users, userStatuses } from '../../platform/users/users.table';
import { rateSheetLaborItems, rateSheetTrucks } from '../../office/work-orders/customers.table';
import { workOrders } from '../../office/work-orders/work-orders.table';

/**
 * A technician's time on a work order: open while `stoppedAt` is null. Payroll and invoices are built from
 * these rows, so the database itself holds the rules: one open entry per user, and no entry ending before it starts.
 */
export const workOrderLabor = pgTable(
  'work_order_labor',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    userId: integer('user_id').notNull().references(() => users.id),
    schedulerId: integer('scheduler_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    isReachedAtSite: boolean('is_reached_at_site').notNull().default(true),
    isOvertime: boolean('is_overtime').notNull().default(false),
    isApprenticeRateApplied: boolean('is_apprentice_rate_applied').notNull().default(false),
    noOfServiceChannelTechs: integer('no_of_service_channel_techs').notNull().default(1),
    rateSheetLaborItemId: integer('rate_sheet_labor_item_id').references(() => rateSheetLaborItems.id),
    perDiemTypeId: integer('per_diem_type_id').references(() => perDiemTypes.id),
    itemRateTypeId: integer('item_rate_type_id'),
    rateSheetTruckId: integer('rate_sheet_truck_id').references(() => rateSheetTrucks.id),
    workOrderFlagId: integer('work_order_flag_id').references(() => workOrderFlags.id),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    stopLatitude: doublePrecision('stop_latitude'),
    stopLongitude: doublePrecision('stop_longitude'),
    /** The clock positions as the office reads them: a street-style name from the geocoder, filled after the clock action. */
    startAddress: text('start_address'),
    stopAddress: text('stop_address'),
    /** How precise the browser said each position was, in metres: providers refuse positions they cannot believe. */
    startAccuracyMeters: doublePrecision('start_accuracy_meters'),
    stopAccuracyMeters: doublePrecision('stop_accuracy_meters'),
    /**
     * A clock action kept on the phone and sent later: the device's time of the action (the rules applied as of it)
     * and the server's time when it arrived. The device's time is null when the action was sent at once.
     */
    startDeviceTime: timestamp('start_device_time', { withTimezone: true }),
    startReceivedAt: timestamp('start_received_at', { withTimezone: true }),
    stopDeviceTime: timestamp('stop_device_time', { withTimezone: true }),
    stopReceivedAt: timestamp('stop_received_at', { withTimezone: true }),
    comment: text('comment'),
    description: text('description'),
    companyDescription: text('company_description'),
    userStatusIdAfter: integer('user_status_id_after').references(() => userStatuses.id),
    scPrimaryStatus: text('sc_primary_status'),
    scExtendedStatus: text('sc_extended_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_order_labor_one_open_per_user').on(t.userId).where(sql`${t.stoppedAt} is null`),
    index('work_order_labor_work_order_idx').on(t.workOrderId),
    // A company's visits over a range of days (the reports).
    index('work_order_labor_subscriber_started_idx').on(t.subscriberId, t.startedAt),
    index('work_order_labor_user_started_idx').on(t.userId, t.startedAt),
    index('work_order_labor_user_stopped_idx').on(t.userId, t.stoppedAt),
    check('work_order_labor_stops_after_start', sql`${t.stoppedAt} is null or ${t.stoppedAt} >= ${t.startedAt}`),
    check('work_order_labor_techs_positive', sql`${t.noOfServiceChannelTechs} >= 1`),
  ],
);

/** Each change of a work order's status: who, when, from what to what. */
export const workOrderStatusHistory = pgTable(
  'work_order_status_history',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    fromStatusId: integer('from_status_id').references(() => workOrderStatuses.id),
    toStatusId: integer('to_status_id').notNull().references(() => workOrderStatuses.id),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_status_history_wo_idx').on(t.workOrderId, t.changedAt)],
);
