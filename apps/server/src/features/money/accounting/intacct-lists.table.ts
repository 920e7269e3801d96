import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';

/*
 * The lists kept for Intacct (administration intacct/chartOfAccount, departments, itemGLGroup, additionalLineItem),
 * apart from the postings so the tables of items and invoices can point at them.
 */

/**
 * The columns of a list kept from Intacct: its number there (stored as `number_column`), its title and status, and
 * whether it was read from Intacct ("Refresh from Intacct") or typed by an administrator.
 */
const chartColumns = (numberColumn: string) => ({
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  number: text(numberColumn).notNull(),
  title: text('title').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  isFromIntacct: boolean('is_from_intacct').notNull().default(false),
});

/** The chart of accounts as kept here: one row per account number and company. */
export const intacctGlAccounts = pgTable('intacct_gl_accounts', chartColumns('account_no'), (t) => [uniqueIndex('intacct_gl_accounts_number').on(t.subscriberId, t.number)]);

/** Intacct's departments, kept as the GL accounts are. */
export const intacctDepartments = pgTable('intacct_departments', chartColumns('department_no'), (t) => [uniqueIndex('intacct_departments_number').on(t.subscriberId, t.number)]);

/** Item GL groups: a name the company's items are grouped under, and the income account the group posts to. */
export const intacctItemGlGroups = pgTable(
  'intacct_item_gl_groups',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    glAccountId: integer('gl_account_id').notNull().references(() => intacctGlAccounts.id),
  },
  (t) => [uniqueIndex('intacct_item_gl_groups_name').on(t.subscriberId, sql`lower(${t.name})`)],
);

/** Additional line items: lines an invoice may carry beyond the work order's, each with its account and department. */
export const intacctAdditionalLineItems = pgTable(
  'intacct_additional_line_items',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    glAccountId: integer('gl_account_id').notNull().references(() => intacctGlAccounts.id),
    departmentId: integer('department_id').references(() => intacctDepartments.id),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('intacct_additional_line_items_name').on(t.subscriberId, sql`lower(${t.name})`)],
);
