import { z } from 'zod';
import { AGING_BUCKETS } from '../collection-rules';
import { moneyOf } from '../helpers/money';
import { idParam, optionalText, pagingQuery } from './common';

/** The columns the aging grid sorts on. */
export const AGING_SORTS = ['customerName', 'balance', 'current', 'days1to30', 'days31to60', 'days61to90', 'over90', 'oldestPastDueDays', 'creditLimit'] as const;

const booleanText = (label: string) => z.enum(['true', 'false'], { error: `${label} must be true or false.` }).transform((v) => v === 'true');

export const agingQuery = z.object({
  search: optionalText('Search', 100).optional().meta({ description: "A part of the customer's name" }),
  bucket: z.enum(AGING_BUCKETS, { error: `Bucket must be one of ${AGING_BUCKETS.join(', ')}.` }).optional().meta({ description: 'Only customers owing something in this bucket' }),
  overLimit: booleanText('Over limit').optional().meta({ description: 'true: only customers owing more than their credit limit' }),
  onHold: booleanText('On hold').optional().meta({ description: 'true: only customers on credit hold; false: only those not on hold' }),
  sort: z.enum(AGING_SORTS, { error: `Sort must be one of ${AGING_SORTS.join(', ')}.` }).default('customerName'),
  dir: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc.' }).default('asc'),
  ...pagingQuery(100, 25),
});
export type AgingQuery = z.input<typeof agingQuery>;
export type AgingQueryParsed = z.output<typeof agingQuery>;

const bucketAmounts = {
  balance: z.number().meta({ description: 'Everything still owed: the sum of the buckets' }),
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
};

/** A customer's credit status: on credit hold, owing more than its limit, or in good standing. */
export const CREDIT_STATUSES = ['onHold', 'overLimit', 'good'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

export const agingRowSchema = z.object({
  customerId: z.number(),
  customerName: z.string(),
  ...bucketAmounts,
  creditLimit: z.number().nullable(),
  isOnCreditHold: z.boolean(),
  isOverLimit: z.boolean(),
  creditStatus: z.enum(CREDIT_STATUSES),
  oldestPastDueDays: z.number().meta({ description: 'Days past due of its oldest open invoice; 0 when nothing is past due' }),
  lastPaymentDate: z.string().nullable().meta({ description: 'The day of its latest payment, YYYY-MM-DD' }),
});
export type AgingRow = z.infer<typeof agingRowSchema>;

export const agingAnswerSchema = z.object({
  data: z.array(agingRowSchema),
  total: z.number().meta({ description: 'Customers matching the filters' }),
  totals: z.object(bucketAmounts).meta({ description: 'The sums of every matching customer, not only this page' }),
  asOf: z.string().meta({ description: "The company's today the ages are counted to, YYYY-MM-DD" }),
});
export type AgingAnswer = z.infer<typeof agingAnswerSchema>;

export const collectionCustomerParams = z.object({ customerId: idParam('Customer') });

export const openInvoiceSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.number(),
  workOrderNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  total: z.number(),
  paymentsTotal: z.number(),
  creditsApplied: z.number(),
  balance: z.number(),
  daysPastDue: z.number(),
  bucket: z.enum(AGING_BUCKETS),
});
export type OpenInvoice = z.infer<typeof openInvoiceSchema>;

export const customerAgingSchema = agingRowSchema.extend({ termsName: z.string().nullable(), invoices: z.array(openInvoiceSchema), asOf: z.string() });
export type CustomerAging = z.infer<typeof customerAgingSchema>;

export const customerCreditBody = z.object({
  creditLimit: moneyOf('Credit Limit').nullable().meta({ description: 'Dollars; null for no limit' }),
  isOnCreditHold: z.boolean({ error: 'On hold must be true or false.' }),
});
export type CustomerCreditBody = z.infer<typeof customerCreditBody>;

export const customerCreditAnswer = z.object({
  customerId: z.number(),
  creditLimit: z.number().nullable(),
  isOnCreditHold: z.boolean(),
  workOrdersHeld: z.number().meta({ description: 'Open work orders this change put in status 8 (credit hold)' }),
  workOrdersReleased: z.number().meta({ description: 'Work orders this change returned to the status they had before the hold' }),
});
export type CustomerCreditAnswer = z.infer<typeof customerCreditAnswer>;
