import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';
import { customers } from '../../office/work-orders/customers.table';
import { workOrders } from '../../office/work-orders/work-orders.table';
import { standardItems } from '../../platform/reference/reference.table';
import { intacctAdditionalLineItems } from '../accounting/intacct-lists.table';

/** The company's invoice counter and card convenience fee: one row per company. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    subscriberId: integer('subscriber_id').primaryKey().references(() => subscribers.id),
    nextInvoiceNumber: integer('next_invoice_number').notNull().default(1),
    convenienceFeePercent: numeric('convenience_fee_percent', { precision: 6, scale: 3 }).notNull().default('0'),
  },
  (t) => [
    check('billing_settings_next_number', sql`${t.nextInvoiceNumber} >= 1`),
    check('billing_settings_fee', sql`${t.convenienceFeePercent} >= 0 and ${t.convenienceFeePercent} <= 10`),
  ],
);

/** Sales tax of each state a company works in (administration, locations, taxStatusPerState). */
export const taxRatesPerState = pgTable(
  'tax_rates_per_state',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    state: text('state').notNull(),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3 }).notNull(),
    isServiceTaxable: boolean('is_service_taxable').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.state] }),
    check('tax_rates_per_state_rate', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 30`),
    check('tax_rates_per_state_state', sql`${t.state} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * One invoice per work order. Every total is frozen at submission (`totals` and the columns beside it): later rate or
 * item changes never rewrite it. Only what settles it moves afterwards: credits applied, payments, amount due.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    invoiceNumber: integer('invoice_number').notNull(),
    workOrderId: integer('work_order_id').notNull().references(() => workOrders.id),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    billingCustomerId: integer('billing_customer_id').notNull().references(() => customers.id),
    state: text('state').notNull(),
    invoiceDate: date('invoice_date').notNull(),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull(),
    totalTaxable: numeric('total_taxable', { precision: 14, scale: 2 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3 }).notNull(),
    tax: numeric('tax', { precision: 14, scale: 2 }).notNull(),
    useTax: numeric('use_tax', { precision: 14, scale: 2 }).notNull(),
    isTaxExempt: boolean('is_tax_exempt').notNull(),
    isUseTax: boolean('is_use_tax').notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    convenienceFeePercent: numeric('convenience_fee_percent', { precision: 6, scale: 3 }).notNull(),
    /** The engine's totals at submission (helpers/invoice-totals.ts), with every line. */
    totals: jsonb('totals').notNull(),
    creditsApplied: numeric('credits_applied', { precision: 14, scale: 2 }).notNull().default('0'),
    paymentsTotal: numeric('payments_total', { precision: 14, scale: 2 }).notNull().default('0'),
    convenienceFees: numeric('convenience_fees', { precision: 14, scale: 2 }).notNull().default('0'),
    amountDue: numeric('amount_due', { precision: 14, scale: 2 }).notNull(),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_work_order_unique').on(t.workOrderId),
    uniqueIndex('invoices_number_unique').on(t.subscriberId, t.invoiceNumber),
    index('invoices_subscriber_date_idx').on(t.subscriberId, t.invoiceDate),
    index('invoices_billing_customer_idx').on(t.billingCustomerId),
    // Receivables' aging (features/money/collections): a company's invoices still owing something, by billing customer,
    // with the date and amount the buckets need, so the aging reads this index alone and never the paid invoices.
    index('invoices_open_aging_idx').on(t.subscriberId, t.billingCustomerId, t.invoiceDate, t.amountDue).where(sql`${t.amountDue} > 0`),
    check('invoices_amounts', sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0 and ${t.creditsApplied} >= 0 and ${t.paymentsTotal} >= 0`),
    check('invoices_due', sql`${t.amountDue} >= 0 and ${t.amountDue} = ${t.total} - ${t.creditsApplied} - ${t.paymentsTotal}`),
  ],
);

/** The labelled lines of a submitted invoice, in order, as they were at submission. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    technician: text('technician'),
    quantity: numeric('quantity', { precision: 12, scale: 3 }),
    rate: numeric('rate', { precision: 12, scale: 2 }),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** A standard-item line's item, whose item GL group decides its account when posted; cleared if the item goes. */
    standardItemId: integer('standard_item_id').references(() => standardItems.id, { onDelete: 'set null' }),
    /** An additional line's item (administration intacct/additionalLineItem): its account and department when posted. */
    additionalLineItemId: integer('additional_line_item_id').references(() => intacctAdditionalLineItems.id),
  },
  (t) => [
    uniqueIndex('invoice_lines_order').on(t.invoiceId, t.ordinal),
    check(
      'invoice_lines_kind',
      sql`${t.kind} in ('regular', 'overtime', 'standby', 'apprentice', 'material', 'standardItem', 'rateSheetItem', 'quoted', 'tripCharge', 'freight', 'additionalLineItem')`,
    ),
    check('invoice_lines_additional_item', sql`(${t.kind} = 'additionalLineItem') = (${t.additionalLineItemId} is not null)`),
  ],
);

/** Payments on an invoice (Process Payment): more than zero and never more than was due. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The method's name as the company's Payment Methods list spelt it when the payment was recorded. */
    paymentMethod: text('payment_method').notNull(),
    convenienceFee: numeric('convenience_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    paidOn: date('paid_on').notNull(),
    reference: text('reference'),
    receivedBy: integer('received_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt),
    check('invoice_payments_amount', sql`${t.amount} >= 0 and ${t.convenienceFee} >= 0`),
    check('invoice_payments_method', sql`char_length(${t.paymentMethod}) between 1 and 100`),
    check('invoice_payments_fee_on_card', sql`${t.paymentMethod} = 'Credit Card' or ${t.convenienceFee} = 0`),
  ],
);

/** Money owed to a billing customer, applied to its invoices ("Apply Credits"). */
export const creditMemos = pgTable(
  'credit_memos',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    billingCustomerId: integer('billing_customer_id').notNull().references(() => customers.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    amountApplied: numeric('amount_applied', { precision: 14, scale: 2 }).notNull().default('0'),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_memos_customer_idx').on(t.subscriberId, t.billingCustomerId),
    check('credit_memos_amounts', sql`${t.amount} > 0 and ${t.amountApplied} >= 0 and ${t.amountApplied} <= ${t.amount}`),
  ],
);

/** Each use of a credit memo on an invoice. */
export const creditMemoApplications = pgTable(
  'credit_memo_applications',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    creditMemoId: integer('credit_memo_id').notNull().references(() => creditMemos.id),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    appliedBy: integer('applied_by').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_memo_applications_invoice_idx').on(t.invoiceId),
    index('credit_memo_applications_memo_idx').on(t.creditMemoId),
    check('credit_memo_applications_amount', sql`${t.amount} > 0`),
  ],
);
