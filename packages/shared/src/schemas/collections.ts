import { z } from 'zod';
import type { Requirement } from '../access';
import { moneyOf } from '../helpers/money';
import { idParam, optionalText, pagingQuery } from './common';

/** Reading the receivables (spec platform 2.1 /collection): the Collection area. */
export const COLLECTION_READ: Requirement = { kind: 'area', area: 'Collection', level: 'read' };

/** Changing the collection settings and working the collection tasks: the Collection area's write level. */
export const COLLECTION_WRITE: Requirement = { kind: 'area', area: 'Collection', level: 'write' };

/** Setting a customer's credit limit and credit hold: the special permission of spec platform 6. */
export const CREDIT_LIMIT_ACCESS: Requirement = { kind: 'area', area: 'Customers', level: 'read', functionality: 'Access Customer Credit Limit & OnHold' };

/**
 * The aging buckets, by days past the due date (the invoice's date plus its customer's terms) in the company's time
 * zone: not yet due (current), then 1-30, 31-60, 61-90 and over 90 days past due.
 */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The buckets of what is past due. */
export const PAST_DUE_BUCKETS = ['days1to30', 'days31to60', 'days61to90', 'over90'] as const satisfies readonly AgingBucket[];
export type PastDueBucket = (typeof PAST_DUE_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1-30 days',
  days31to60: '31-60 days',
  days61to90: '61-90 days',
  over90: 'Over 90 days',
};

/** The bucket of an invoice this many days past due (zero or less: not yet due). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'over90';
}

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
