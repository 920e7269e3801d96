import { sql } from 'drizzle-orm';
import { check, integer, numeric, text, type PgColumn } from 'drizzle-orm/pg-core';
import { standardItems } from '../../platform/reference/reference.table';

/**
 * The columns of a priced line, the same on quotes and on customer estimates: labor, a material or a standard item,
 * priced from its cost, markup and discount. The markup group and discount reason are kept as the names they had.
 */
export const pricedLineColumns = () => ({
  lineNumber: integer('line_number').notNull(),
  kind: text('kind', { enum: ['labor', 'material', 'standardItem'] }).notNull(),
  standardItemId: integer('standard_item_id').references(() => standardItems.id),
  description: text('description').notNull(),
  quantity: numeric('quantity', { precision: 12, scale: 4 }).notNull(),
  unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull(),
  markupGroup: text('markup_group'),
  markupPercent: numeric('markup_percent', { precision: 7, scale: 2 }).notNull().default('0'),
  unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
  discountReason: text('discount_reason'),
  discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
});

type PricedLine = Record<'kind' | 'standardItemId' | 'quantity' | 'unitCost' | 'markupPercent' | 'unitPrice' | 'discountReason' | 'discount', PgColumn>;

/** What the database holds of every priced line, each check named after its table. */
export const pricedLineChecks = (table: string, t: PricedLine) => [
  check(`${table}_kind`, sql`${t.kind} in ('labor', 'material', 'standardItem')`),
  check(`${table}_amounts`, sql`${t.quantity} > 0 and ${t.unitCost} >= 0 and ${t.unitPrice} >= 0 and ${t.markupPercent} >= 0 and ${t.discount} >= 0`),
  check(`${table}_discount_reason`, sql`${t.discount} = 0 or ${t.discountReason} is not null`),
  check(`${table}_discount_at_most_total`, sql`${t.discount} <= round(${t.quantity} * ${t.unitPrice}, 2)`),
  check(`${table}_standard_item_kind`, sql`${t.standardItemId} is null or ${t.kind} = 'standardItem'`),
];
