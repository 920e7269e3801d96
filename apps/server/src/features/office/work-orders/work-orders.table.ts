import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { workOrderClasses, workOrderStatuses } from '../../platform/reference/reference.table';
import { companyListRows } from '../../platform/reference-lists/company-list-rows.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from './customers.table';

export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderNumber: text('work_order_number').notNull(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    billingCustomerId: integer('billing_customer_id').references(() => customers.id),
    workOrderStatusId: integer('work_order_status_id').notNull().references(() => workOrderStatuses.id),
    problem: text('problem').notNull(),
    /** The work description as rich text, sanitised HTML (lib/rich-text.ts); null until someone writes one. */
    workDescription: text('work_description'),
    nte: numeric('nte', { precision: 12, scale: 2, mode: 'number' }),
    parentWorkOrderId: integer('parent_work_order_id').references((): AnyPgColumn => workOrders.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The outside network the work order came from ('corrigo' or 'serviceChannel'), its id and customer id there. */
    provider: text('provider', { enum: ['corrigo', 'serviceChannel'] }),
    providerWorkOrderId: integer('provider_work_order_id'),
    providerCustomerId: integer('provider_customer_id'),
    /** The provider's status as last seen or set by the product (spec platform 4.8 for Corrigo). */
    providerStatus: text('provider_status'),
    priority: text('priority', { enum: ['Low', 'Normal', 'High', 'Emergency'] }).notNull().default('Normal'),
    workOrderClassId: integer('work_order_class_id').references(() => workOrderClasses.id),
    poNumber: text('po_number'),
    /** The customer's or network's own reference for the job, as typed by the office. */
    providerReference: text('provider_reference'),
    /**
     * Who sold the work (defaulting from the billing customer's sales person), what was sold (a row of the sales items,
     * whose class picks the commission rates) and whether its invoice earns commissions at all.
     */
    salesPersonId: integer('sales_person_id').references(() => users.id),
    salesItemId: integer('sales_item_id').references(() => companyListRows.id),
    isCommissionable: boolean('is_commissionable').notNull().default(true),
  },
  (t) => [
    uniqueIndex('work_orders_number_unique').on(t.subscriberId, sql`lower(${t.workOrderNumber})`),
    // What a record of the same company points at (the equipment a work order names).
    unique('work_orders_subscriber_id_unique').on(t.subscriberId, t.id),
    index('work_orders_subscriber_status_idx').on(t.subscriberId, t.workOrderStatusId),
    index('work_orders_subscriber_created_idx').on(t.subscriberId, t.createdAt),
    // A customer's work orders, newest first: the site's and the billing customer's (the search box's customer matches),
    // the company beside the customer, so that the work orders of the customers a grid's name filter found are counted
    // in the index alone.
    index('work_orders_customer_idx').on(t.customerId, t.subscriberId, t.createdAt),
    index('work_orders_billing_customer_idx').on(t.billingCustomerId, t.subscriberId, t.createdAt),
    index('work_orders_parent_idx').on(t.parentWorkOrderId),
    // The company's numeric numbers, longest then highest first: the next number is one index lookup.
    index('work_orders_numeric_number_idx')
      .on(t.subscriberId, sql`length(${t.workOrderNumber})`, t.workOrderNumber)
      .where(sql`ltrim(${t.workOrderNumber}, '0123456789') = '' and ${t.workOrderNumber} <> '' and length(${t.workOrderNumber}) <= 15`),
    // The search box: a company's work orders by a part of their number or the words of their problem (pg_trgm), the
    // company in the same index (btree_gin) as `subscriber_id + 0`, as in customers.table.ts.
    index('work_orders_number_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`lower(${t.workOrderNumber}) gin_trgm_ops`),
    index('work_orders_problem_trgm_idx').using('gin', sql`(${t.subscriberId} + 0)`, sql`lower(${t.problem}) gin_trgm_ops`),
    check('work_orders_priority', sql`${t.priority} in ('Low', 'Normal', 'High', 'Emergency')`),
    check('work_orders_nte', sql`${t.nte} is null or ${t.nte} >= 0`),
    uniqueIndex('work_orders_provider_unique').on(t.subscriberId, t.provider, t.providerWorkOrderId).where(sql`${t.provider} is not null`),
    check('work_orders_provider_kind', sql`${t.provider} is null or ${t.provider} in ('corrigo', 'serviceChannel')`),
    check('work_orders_provider_id', sql`(${t.provider} is null) = (${t.providerWorkOrderId} is null)`),
  ],
);

/** Technicians assigned to a work order. */
export const workOrderTechnicians = pgTable(
  'work_order_technicians',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.workOrderId, t.userId] }), index('work_order_technicians_user_work_order_idx').on(t.userId, t.workOrderId)],
);
