import { z } from 'zod';
import { SALES_TAG_COLORS } from '../reference-list-types';
import { dateText, idOf, idParam, optionalText, pagingQuery, required, requiredText } from './common';

/**
 * Sales (spec platform 2.1 /sales/work-order, /sales/quotes, /sales/reports, /sales/tags; administration
 * salesCommissionStructure; 3.15 commissions): who sells to a billing customer and on a work order, the commission
 * rates, the commissions each submitted invoice pays, the sales person's lists and the tags he follows up with.
 */

/** The four kinds of commission an invoice pays, in the order the pages show them. */
export const COMMISSION_KINDS = [
  { value: 'salesPerson', label: 'Sales Person' },
  { value: 'manager', label: 'Sales Manager' },
  { value: 'previous', label: 'Previous Sales Person' },
  { value: 'territory', label: 'Territory Sales' },
] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number]['value'];
const KIND_VALUES = COMMISSION_KINDS.map((k) => k.value) as [CommissionKind, ...CommissionKind[]];
export const commissionKindLabel = (kind: CommissionKind) => COMMISSION_KINDS.find((k) => k.value === kind)!.label;

const person = z.object({ id: z.number(), name: z.string() }).nullable();

/** A billing customer's account team (customer 3.15 commissions: sales person, manager, previous, territory). */
export const salesTeamSchema = z.object({
  customerId: z.number(),
  customerName: z.string(),
  salesPerson: person,
  salesManager: person,
  previousSalesPerson: person,
  territorySales: person,
});
export type SalesTeam = z.infer<typeof salesTeamSchema>;

export const salesCustomerParams = z.object({ customerId: idParam('Customer') });
export const salesWorkOrderParams = z.object({ workOrderId: idParam('Work order') });

/**
 * `PUT Sales/customers/{customerId}/team`: the whole team each time; a new sales person moves the one before to
 * Previous Sales Person unless the body names the previous one itself.
 */
export const salesTeamBody = z
  .object({
    salesPersonId: idOf('Sales person').nullable(),
    salesManagerId: idOf('Sales manager').nullable(),
    previousSalesPersonId: idOf('Previous sales person').nullable().optional(),
    territorySalesId: idOf('Territory sales').nullable(),
  })
  .meta({ example: { salesPersonId: 11, salesManagerId: 12, territorySalesId: 14 } });
export type SalesTeamBody = z.output<typeof salesTeamBody>;

/** A work order's sale: who sold it, what was sold and whether it earns commissions. */
export const workOrderSaleSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  salesPerson: person,
  salesItem: person,
  isCommissionable: z.boolean(),
});
export type WorkOrderSale = z.infer<typeof workOrderSaleSchema>;

/** `PUT Sales/workOrders/{workOrderId}`: only what is sent changes (Change SalesPerson, Change Commissionable). */
export const workOrderSaleBody = z
  .object({
    salesPersonId: idOf('Sales person').nullable().optional(),
    salesItemId: idOf('Sales item').nullable().optional(),
    isCommissionable: z.boolean({ error: 'Commissionable must be true or false.' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Send the sales person, the sales item or whether the work order is commissionable.')
  .meta({ example: { salesPersonId: 11, isCommissionable: true } });
export type WorkOrderSaleBody = z.output<typeof workOrderSaleBody>;

/** A percentage of a commission: 0 to 100, at most four decimals (1.125 %). */
export const ratePercentOf = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number.`) })
    .min(0, `${label} must not be negative.`)
    .max(100, `${label} must be at most 100.`)
    .refine((n) => !/e/i.test(String(n)) && (String(n).split('.')[1] ?? '').length <= 4, `${label} must have at most four decimals.`);

/** One rate of the commission structure, from its effective day on. */
export const commissionRateSchema = z.object({
  commissionRateId: z.number(),
  salesClassId: z.number().nullable(),
  salesClassName: z.string().nullable(),
  kind: z.enum(KIND_VALUES),
  ratePercent: z.number(),
  effectiveFrom: z.string(),
  createdBy: z.string().nullable(),
});
export type CommissionRate = z.infer<typeof commissionRateSchema>;

/** `POST Sales/commissionRates`: a rate from a day on; a class left out sets the company's default. */
export const commissionRateBody = z
  .object({
    salesClassId: idOf('Sales class').nullable().default(null),
    kind: z.enum(KIND_VALUES, { error: `Kind must be one of: ${KIND_VALUES.join(', ')}.` }),
    ratePercent: ratePercentOf('Rate'),
    effectiveFrom: dateText('Effective from'),
  })
  .meta({ example: { salesClassId: null, kind: 'salesPerson', ratePercent: 7.5, effectiveFrom: '2026-11-01' } });
export type CommissionRateBody = z.output<typeof commissionRateBody>;
export const commissionRateParams = z.object({ commissionRateId: idParam('Commission rate') });

/** One commission of a submitted invoice, or the part of it a credit reversed (a negative amount). */
export const invoiceCommissionSchema = z.object({
  kind: z.enum(KIND_VALUES),
  userId: z.number(),
  userName: z.string(),
  base: z.number(),
  ratePercent: z.number(),
  amount: z.number(),
  earnedOn: z.string(),
  isReversal: z.boolean(),
});
export type InvoiceCommission = z.infer<typeof invoiceCommissionSchema>;
export const invoiceCommissionParams = z.object({ invoiceId: idParam('Invoice') });

/** `?from=&to=&salesPersonId=`: the company's dates, both included; left out, this month so far. */
const commissionRange = z.object({
  from: dateText('From').optional(),
  to: dateText('To').optional(),
  userId: idParam('Sales person').optional(),
});
const soundRange = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', message: 'To must be on or after From.', path: ['to'] });
  else if (q.from && q.to && Date.parse(q.to) - Date.parse(q.from) > 366 * 86_400_000) ctx.addIssue({ code: 'custom', message: 'A report covers at most 366 days.', path: ['to'] });
};
export const commissionReportQuery = commissionRange.superRefine(soundRange);
export type CommissionReportQuery = z.output<typeof commissionReportQuery>;
export const commissionExportQuery = commissionRange.extend({ format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx.' }) }).superRefine(soundRange);

/** One line of the commission report: a person's commissions of one kind in the period. */
export const commissionReportRow = z.object({
  userId: z.number(),
  userName: z.string(),
  kind: z.enum(KIND_VALUES),
  invoiceCount: z.number(),
  base: z.number(),
  amount: z.number(),
});
export const commissionReportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(commissionReportRow),
  totals: z.object({ base: z.number(), amount: z.number() }),
});
export type CommissionReport = z.infer<typeof commissionReportAnswer>;

/** A work order of the sales person's (or everyone's, with All Sales Reports) on /sales/work-order. */
export const salesWorkOrderRow = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  customerName: z.string(),
  billingCustomerName: z.string().nullable(),
  status: z.string(),
  salesPerson: z.string().nullable(),
  isCommissionable: z.boolean(),
  invoiceNumber: z.number().nullable(),
  invoiceTotal: z.number().nullable(),
  createdAt: z.string(),
});
export type SalesWorkOrderRow = z.infer<typeof salesWorkOrderRow>;
export const salesListQuery = z.object({
  search: optionalText('Search', 100).trim().optional(),
  salesTagId: idParam('Tag').optional(),
  ...pagingQuery(200, 50),
});
export type SalesListQuery = z.output<typeof salesListQuery>;
export const salesWorkOrdersAnswer = z.object({ data: z.array(salesWorkOrderRow), total: z.number() });

/** A quote of the sales person's customers on /sales/quotes. */
export const salesQuoteRow = z.object({
  quoteId: z.number(),
  quoteNumber: z.number(),
  version: z.number(),
  title: z.string().nullable(),
  status: z.string(),
  customerName: z.string(),
  workOrderNumber: z.string(),
  createdAt: z.string(),
});
export const salesQuotesAnswer = z.object({ data: z.array(salesQuoteRow), total: z.number() });

/** A follow-up tag, with how many customers and work orders carry it. */
export const salesTagSchema = z.object({
  salesTagId: z.number(),
  name: z.string(),
  color: z.enum(SALES_TAG_COLORS),
  customerCount: z.number(),
  workOrderCount: z.number(),
});
export type SalesTag = z.infer<typeof salesTagSchema>;
export const salesTagBody = z
  .object({
    name: requiredText('Name', 60),
    color: z.enum(SALES_TAG_COLORS, { error: `Color must be one of: ${SALES_TAG_COLORS.join(', ')}.` }),
  })
  .meta({ example: { name: 'Call back in spring', color: 'orange' } });
export const salesTagParams = z.object({ salesTagId: idParam('Tag') });

/** `POST Sales/tags/{salesTagId}/customers` and `.../workOrders`: the tag on one record, with what to follow up. */
const tagNote = optionalText('Note', 500).trim().nullish();
export const customerTagBody = z.object({ customerId: idOf('Customer'), note: tagNote }).meta({ example: { customerId: 42, note: 'Ask about the second store in March.' } });
export const workOrderTagBody = z.object({ workOrderId: idOf('Work order'), note: tagNote }).meta({ example: { workOrderId: 40, note: 'Quote the new condenser.' } });
export type SalesTagLinkInput = { customerId?: number; workOrderId?: number; note?: string | null };
export const salesTagLinkParams = z.object({ salesTagId: idParam('Tag'), salesTagLinkId: idParam('Tag link') });

/** Who or what carries a tag. */
export const salesTagLinkSchema = z.object({
  salesTagLinkId: z.number(),
  salesTagId: z.number(),
  tagName: z.string(),
  color: z.enum(SALES_TAG_COLORS),
  customerId: z.number().nullable(),
  workOrderId: z.number().nullable(),
  workOrderNumber: z.string().nullable(),
  label: z.string(),
  note: z.string().nullable(),
  taggedBy: z.string(),
  taggedAt: z.string(),
});
export type SalesTagLink = z.infer<typeof salesTagLinkSchema>;
export const salesTagLinksQuery = z.object({ salesTagId: idParam('Tag').optional(), mine: z.enum(['true', 'false'], { error: 'Mine must be true or false.' }).optional() });

/** Sales people the pickers offer: the company's active users with a sales role. */
export const salesUserSchema = z.object({ id: z.number(), name: z.string() });
