import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';

/**
 * The rows of a company's simple administration lists (PTO types, loan types, payment terms...), every list in one
 * table keyed by `list_key` (a key of the shared list descriptions). Beside the name, the few typed values a list may
 * carry: an amount of money, a percentage, a whole number (a term's net days), a kind, a longer description, and an
 * ordered list of lines (a template's tasks).
 */
export const companyListRows = pgTable(
  'company_list_rows',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    percent: numeric('percent', { precision: 7, scale: 2 }),
    wholeNumber: integer('whole_number'),
    kind: text('kind'),
    description: text('description'),
    lines: text('lines').array(),
    /** A yes-or-no column of a list (whether a sales item earns commissions). */
    flag: boolean('flag'),
  },
  (t) => [
    uniqueIndex('company_list_rows_name_unique').on(t.subscriberId, t.listKey, sql`lower(${t.name})`),
    index('company_list_rows_list_idx').on(t.subscriberId, t.listKey),
    check('company_list_rows_amount', sql`${t.amount} is null or ${t.amount} >= 0`),
    check('company_list_rows_percent', sql`${t.percent} is null or (${t.percent} >= 0 and ${t.percent} <= 1000)`),
    check('company_list_rows_whole_number', sql`${t.wholeNumber} is null or ${t.wholeNumber} >= 0`),
  ],
);
