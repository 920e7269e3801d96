import { z } from 'zod';
import { INVOICE_DISPLAY_MODES } from '../helpers/invoice-display';
import { LABOR_KINDS } from '../helpers/invoice-totals';
import { moneyOf } from '../helpers/money';
import { dateText, idOf, idParam, nextNumberOf, optionalText, required, requiredText } from './common';
import { postingStateSchema } from './accounting';

/**
 * Invoices of work orders, their payments and credit memos (spec platform 2.1 billing, creditMemos; 2.6 Process
 * Payment; 3.15; 5.3). Amounts travel as JSON numbers with at most two decimals; every total is computed on the server
 * in exact decimals (helpers/invoice-totals.ts) and frozen on the invoice when it is submitted.
 */

export * from '../billing-rules';
import { INVOICE_STATUSES, PAYMENT_METHOD_MAX } from '../billing-rules';


const bool = (label: string) => z.boolean({ error: `${label} must be true or false.` });

// ---------------------------------------------------------------- preview and submission

/** `Invoice/preview` and `Invoice/submit`: the work order and what the office adds to its labor and items. */
export const invoiceBody = z
  .object({
    workOrderId: idOf('Work order'),
    invoiceDate: dateText('Invoice Date').optional(),
    /** A discount on one labor entry, at most its charge. */
    laborDiscounts: z
      .array(z.object({ workOrderLaborId: idOf('Labor entry'), discount: moneyOf('Discount') }), { error: 'Labor discounts must be a list.' })
      .max(200, 'At most 200 labor discounts.')
      .default([]),
    /** Quoted values billed as agreed (a quote's price for part of the work). */
    quotedValues: z
      .array(z.object({ description: requiredText('Description', 200), amount: moneyOf('Quoted Value') }), { error: 'Quoted values must be a list.' })
      .max(50, 'At most 50 quoted values.')
      .default([]),
    freight: moneyOf('Freight').default(0),
    /**
     * Lines from the company's active additional line items (administration intacct/additionalLineItem), each with the
     * description the customer reads and an amount above zero; billed as services, as freight and trip charges are.
     */
    additionalLines: z
      .array(
        z.object({
          additionalLineItemId: idOf('Additional line item'),
          description: requiredText('Description', 200),
          amount: moneyOf('Amount').refine((n) => n > 0, 'Amount must be more than 0.'),
        }),
        { error: 'Additional lines must be a list.' },
      )
      .max(50, 'At most 50 additional lines.')
      .default([]),
    /** The company owes the tax as use tax instead of charging it to the customer. */
    isUseTax: bool('Use Tax').default(false),
  })
  .meta({
    example: { workOrderId: 1, invoiceDate: '2026-11-25', laborDiscounts: [{ workOrderLaborId: 1, discount: 25 }], quotedValues: [], freight: 12.4, additionalLines: [{ additionalLineItemId: 1, description: 'Disposal fee', amount: 35 }], isUseTax: false },
  });
export type InvoiceBody = z.input<typeof invoiceBody>;
export type InvoiceBodyParsed = z.output<typeof invoiceBody>;

export const invoiceDisplayQuery = z.object({
  displayMode: z.enum(INVOICE_DISPLAY_MODES, { error: `Display mode must be one of ${INVOICE_DISPLAY_MODES.join(', ')}.` }).default('summary'),
});

const laborLineSchema = z.object({
  workOrderLaborId: z.number().nullable(),
  kind: z.enum(LABOR_KINDS),
  technician: z.string(),
  hours: z.number(),
  rate: z.number(),
  charge: z.number(),
  discount: z.number(),
  net: z.number(),
});
const itemLineSchema = z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number(), amount: z.number() });
const amountLineSchema = z.object({ description: z.string(), amount: z.number() });
const kindTotal = z.object({ hours: z.number(), charge: z.number(), discount: z.number(), net: z.number() });

/** Every total of spec platform 3.15, as numbers rounded to the cent. */
export const invoiceTotalsSchema = z.object({
  laborLines: z.array(laborLineSchema),
  materialLines: z.array(itemLineSchema),
  standardItemLines: z.array(itemLineSchema),
  rateSheetItemLines: z.array(itemLineSchema),
  quotedLines: z.array(amountLineSchema),
  tripChargeLines: z.array(amountLineSchema),
  additionalLines: z.array(amountLineSchema.extend({ additionalLineItemId: z.number() })),
  laborByKind: z.object({ regular: kindTotal, overtime: kindTotal, standby: kindTotal, apprentice: kindTotal }),
  laborTotal: z.number(),
  quotedValues: z.number(),
  freight: z.number(),
  materials: z.number(),
  standardItems: z.number(),
  rateSheetItems: z.number(),
  tripCharges: z.number(),
  additionalLineItems: z.number(),
  subtotal: z.number(),
  totalTaxableBeforeCredits: z.number(),
  totalTaxable: z.number(),
  taxRate: z.number(),
  tax: z.number(),
  useTax: z.number(),
  isTaxExempt: z.boolean(),
  isUseTax: z.boolean(),
  total: z.number(),
  invoiceCredits: z.number(),
  payments: z.number(),
  convenienceFeePercent: z.number(),
  convenienceFeeForCcTotal: z.number(),
  totalDue: z.number(),
});
export type InvoiceTotalsAnswer = z.infer<typeof invoiceTotalsSchema>;

export const invoiceDisplayLineSchema = z.object({
  kind: z.enum(['line', 'subtotal', 'total']),
  label: z.string(),
  technician: z.string().optional(),
  hours: z.number().optional(),
  quantity: z.number().optional(),
  rate: z.number().optional(),
  charge: z.number().optional(),
  discount: z.number().optional(),
  amount: z.number(),
});

/** What an invoice is about: the work order, its site and who pays. */
const invoiceHeader = {
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  customerName: z.string(),
  billingCustomerId: z.number(),
  billingCustomerName: z.string(),
  state: z.string(),
  invoiceDate: z.string(),
  displayMode: z.enum(INVOICE_DISPLAY_MODES),
  totals: invoiceTotalsSchema,
  lines: z.array(invoiceDisplayLineSchema),
};

/** `Invoice/preview`: the invoice the work order would get now; nothing is stored. */
export const invoicePreviewSchema = z.object(invoiceHeader);
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

/** A submitted invoice: its totals are those frozen at submission, with the credits and payments since. */
export const invoiceSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.number(),
  status: z.enum(INVOICE_STATUSES),
  submittedBy: z.string().nullable(),
  submittedAt: z.string(),
  /** Where the invoice stands in the accounting system; null when the company posts to none. */
  accountingPosting: postingStateSchema.nullable(),
  ...invoiceHeader,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceParams = z.object({ invoiceId: idParam('Invoice') });

/** A row of the billing grid (`/billing`). */
export const billingRowSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.number(),
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  billingCustomerName: z.string(),
  invoiceDate: z.string(),
  total: z.number(),
  amountDue: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type BillingRow = z.infer<typeof billingRowSchema>;

// ---------------------------------------------------------------- payments

/** Process Payment (spec platform 5.3): amount required, numeric, at least 0 and at most the amount due. */
export const processPaymentBody = z
  .object({
    amount: moneyOf('Amount'),
    /** A method of the company's Payment Methods list (active), or one of PAYMENT_METHODS, which every company takes. */
    paymentMethod: requiredText('Payment Method', PAYMENT_METHOD_MAX),
    paidOn: dateText('Payment Date').optional(),
    reference: optionalText('Reference', 100).nullish(),
  })
  .meta({ example: { amount: 250, paymentMethod: 'Check', paidOn: '2026-11-25', reference: 'Check 10442' } });
export type ProcessPaymentBody = z.input<typeof processPaymentBody>;

/** `GET Billing/paymentMethods`: the names Process Payment offers, the company's active Payment Methods in order. */
export const paymentMethodChoicesSchema = z.array(z.string()).meta({ example: ['Cash', 'Check', 'Credit Card', 'ACH', 'Money Order'] });

export const paymentSchema = z.object({
  paymentId: z.number(),
  amount: z.number(),
  paymentMethod: z.string(),
  convenienceFee: z.number(),
  paidOn: z.string(),
  reference: z.string().nullable(),
  receivedBy: z.string().nullable(),
  createdAt: z.string(),
});

/** Payment history of an invoice, oldest first, with what is still due. */
export const paymentHistorySchema = z.object({
  invoiceId: z.number(),
  payments: z.array(paymentSchema),
  totalPaid: z.number(),
  convenienceFees: z.number(),
  invoiceTotal: z.number(),
  creditsApplied: z.number(),
  amountDue: z.number(),
});
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;

// ---------------------------------------------------------------- company settings

/** Invoice numbers and the card convenience fee of the company ("Manage Invoice Numbers"). */
export const billingSettingsSchema = z.object({ nextInvoiceNumber: z.number(), convenienceFeePercent: z.number() });

const percentOf = (label: string, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number.`) })
    .min(0, `${label} must not be negative.`)
    .max(max, `${label} must be at most ${max}%.`)
    .refine((n) => /^\d+(\.\d{1,3})?$/.test(String(n)), `${label} must have at most three decimals.`);

export const invoiceNumberBody = z
  .object({
    nextInvoiceNumber: nextNumberOf('Next Invoice Number'),
  })
  .meta({ example: { nextInvoiceNumber: 10001 } });

export const convenienceFeeBody = z.object({ convenienceFeePercent: percentOf('Convenience Fee', 10) }).meta({ example: { convenienceFeePercent: 3 } });

/** A state's sales tax (administration, locations, taxStatusPerState). */
export const taxStatusSchema = z.object({ state: z.string(), taxRate: z.number(), isServiceTaxable: z.boolean() });
export type TaxStatus = z.infer<typeof taxStatusSchema>;

export const taxStatusBody = z
  .object({
    state: z
      .string({ error: required('State') })
      .regex(/^[A-Za-z]{2}$/, 'State must be two letters.')
      .transform((s) => s.toUpperCase()),
    taxRate: percentOf('Tax Rate', 30),
    isServiceTaxable: bool('Service Taxable').default(false),
  })
  .meta({ example: { state: 'TX', taxRate: 8.25, isServiceTaxable: false } });

// ---------------------------------------------------------------- credit memos

/** A credit memo (`/creditMemos`): money owed to a billing customer, applied to its invoices with "Apply Credits". */
export const creditMemoSchema = z.object({
  creditMemoId: z.number(),
  billingCustomerId: z.number(),
  billingCustomerName: z.string(),
  amount: z.number(),
  amountApplied: z.number(),
  remaining: z.number(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditMemo = z.infer<typeof creditMemoSchema>;

export const createCreditMemoBody = z
  .object({ billingCustomerId: idOf('Customer'), amount: moneyOf('Amount'), reason: requiredText('Reason', 500) })
  .meta({ example: { billingCustomerId: 1, amount: 150, reason: 'Returned condenser fan motor' } });

export const creditMemoQuery = z.object({ billingCustomerId: idParam('Customer').optional() });

export const applyCreditBody = z
  .object({ creditMemoId: idOf('Credit memo'), invoiceId: idOf('Invoice'), amount: moneyOf('Amount') })
  .meta({ example: { creditMemoId: 1, invoiceId: 1, amount: 50 } });
