import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyListRows } from '../../platform/reference-lists/company-list-rows.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from '../work-orders/customers.table';
import { workOrders } from '../work-orders/work-orders.table';

/**
 * A sales tag (a row of the sales flags list, administration flags/sales) on one customer or one work order,
 * with who put it there and a note of what to follow up (spec platform 2.1 /sales/tags).
 */
export const salesTagLinks = pgTable(
  'sales_tag_links',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    salesTagId: integer('sales_tag_id').notNull().references(() => companyListRows.id),
    customerId: integer('customer_id').references(() => customers.id),
    workOrderId: integer('work_order_id').references(() => workOrders.id),
    note: text('note'),
    taggedBy: integer('tagged_by').notNull().references(() => users.id),
    taggedAt: timestamp('tagged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_tag_links_customer_unique').on(t.salesTagId, t.customerId).where(sql`${t.customerId} is not null`),
    uniqueIndex('sales_tag_links_work_order_unique').on(t.salesTagId, t.workOrderId).where(sql`${t.workOrderId} is not null`),
    index('sales_tag_links_subscriber_idx').on(t.subscriberId, t.salesTagId),
    check('sales_tag_links_one_target', sql`(${t.customerId} is null) <> (${t.workOrderId} is null)`),
  ],
);
