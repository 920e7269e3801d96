import { z } from 'zod';
import { idOf, idParam, optionalText, required, requiredText } from './common';
import { gridAnswer, gridRequestSchema } from './grid';
import { quoteLineBody, quoteLineRow, quoteTotalsSchema, type QuoteLineBody } from './quotes';

/**
 * Customer estimates (spec platform 2.1 /estimates, /estimates/add, /estimates/{customerEstimateId}/view): priced work
 * offered to a customer before any work order exists. Each has a number unique in the company, a title, lines priced
 * exactly as quote lines are (cost, markup, discount), and a status; accepted, it becomes a work order.
 */
export * from '../estimate-rules';
import { ESTIMATE_STATUSES, SETTABLE_ESTIMATE_STATUSES } from '../estimate-rules';

/** Title and description together become the problem of the estimate's work order (at most 1500 characters). */
export const ESTIMATE_TITLE_MAX = 200;
export const ESTIMATE_DESCRIPTION_MAX = 1200;

const dayText = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a date.`) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} is not a real date.`)
    .meta({ description: `${label}, YYYY-MM-DD`, example: '2026-12-31' });

export const estimateParams = z.object({ customerEstimateId: idParam('Estimate') });
export const estimateLineParams = estimateParams.extend({ customerEstimateLineId: idParam('Estimate line') });
export const estimateWorkOrderParams = z.object({ workOrderId: idParam('Work order') });

/** `POST CustomerEstimates` and `PUT CustomerEstimates/{id}`: whom the estimate is for and what it offers. */
export const estimateBody = z
  .object({
    customerId: idOf('Customer'),
    title: requiredText('Title', ESTIMATE_TITLE_MAX),
    description: optionalText('Description', ESTIMATE_DESCRIPTION_MAX).nullish(),
    validUntil: dayText('Valid Until').nullish(),
  })
  .meta({ example: { customerId: 4, title: 'Replace rooftop unit RTU-3', description: 'Remove the failed 5-ton unit and set a new one on the existing curb.', validUntil: '2026-12-31' } });
export type EstimateBody = z.input<typeof estimateBody>;

export const estimateCreatedAnswer = z
  .object({ customerEstimateId: z.number(), estimateNumber: z.number() })
  .meta({ example: { customerEstimateId: 3, estimateNumber: 1001 } });

/** A line as typed: the same fields and rules as a quote line. */
export const estimateLineBody = quoteLineBody;
export type EstimateLineBody = QuoteLineBody;

export const estimateLineRow = quoteLineRow.omit({ quoteLineId: true }).extend({ customerEstimateLineId: z.number() });
export type EstimateLineRow = z.infer<typeof estimateLineRow>;

const LINE_EXAMPLE: EstimateLineRow = {
  customerEstimateLineId: 12, lineNumber: 1, kind: 'material', standardItemId: null, description: 'Rooftop unit, 5 ton', quantity: 1, unitCost: 4200,
  markupGroup: 'Equipment', markupPercent: 50, unitPrice: 6300, discountReason: null, discount: 0, lineTotal: 6300, costTotal: 4200,
};

/** One estimate with its lines and totals, and its work order once converted. */
export const estimateView = z
  .object({
    customerEstimateId: z.number(),
    estimateNumber: z.number(),
    status: z.enum(ESTIMATE_STATUSES),
    isEditable: z.boolean().meta({ description: 'True while Open or Sent: the header and lines may change' }),
    title: z.string(),
    description: z.string().nullable(),
    validUntil: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
    customerId: z.number(),
    customerName: z.string(),
    customerAddress: z.string().nullable(),
    declineReason: z.string().nullable(),
    workOrderId: z.number().nullable(),
    workOrderNumber: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lines: z.array(estimateLineRow),
    totals: quoteTotalsSchema,
  })
  .meta({
    example: {
      customerEstimateId: 3, estimateNumber: 1001, status: 'Open', isEditable: true, title: 'Replace rooftop unit RTU-3',
      description: 'Remove the failed 5-ton unit and set a new one on the existing curb.', validUntil: '2026-12-31', customerId: 4,
      customerName: 'FreshMart #112 Lakewood', customerAddress: '4410 Wadsworth Blvd, Lakewood, CO 80214', declineReason: null, workOrderId: null, workOrderNumber: null,
      createdBy: 'Dana Whitfield', createdAt: '2026-03-02T15:30:00.000Z', updatedAt: '2026-03-02T15:30:00.000Z', lines: [LINE_EXAMPLE],
      totals: { subtotal: 6300, totalDiscount: 0, total: 6300, totalCost: 4200, profit: 2100, profitFactor: 33.33, minimumProfitFactor: 33.33, isProfitFactorMet: true },
    },
  });
export type EstimateView = z.infer<typeof estimateView>;

/** `POST CustomerEstimates/{id}/status`: Sent, Accepted, or Declined with the customer's reason. */
export const estimateStatusBody = z
  .object({
    status: z.enum(SETTABLE_ESTIMATE_STATUSES, { error: `Status must be one of ${SETTABLE_ESTIMATE_STATUSES.join(', ')}.` }),
    declineReason: optionalText('Decline Reason', 500).nullish(),
  })
  .superRefine((body, ctx) => {
    const hasReason = !!body.declineReason?.trim();
    if (body.status === 'Declined' && !hasReason) ctx.addIssue({ code: 'custom', path: ['declineReason'], message: required('Decline Reason') });
    if (body.status !== 'Declined' && hasReason) ctx.addIssue({ code: 'custom', path: ['declineReason'], message: 'Only a declined estimate takes a Decline Reason.' });
  })
  .meta({ example: { status: 'Declined', declineReason: 'The customer will repair the old unit this season.' } });
export type EstimateStatusBody = z.input<typeof estimateStatusBody>;

/** `CustomerEstimates/list`: the grid request of spec platform 3.3. */
export const estimatesGridRequest = gridRequestSchema;

/** One row of the estimates grid. */
export const estimateGridRow = z.object({
  customerEstimateId: z.number(),
  estimateNumber: z.number(),
  status: z.enum(ESTIMATE_STATUSES),
  title: z.string(),
  customerName: z.string(),
  validUntil: z.string().nullable(),
  total: z.number(),
  workOrderNumber: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type EstimateGridRow = z.infer<typeof estimateGridRow>;

export const estimatesGridAnswer = gridAnswer(estimateGridRow).meta({
  example: {
    data: [{ customerEstimateId: 3, estimateNumber: 1001, status: 'Sent', title: 'Replace rooftop unit RTU-3', customerName: 'FreshMart #112 Lakewood', validUntil: '2026-12-31', total: 6300, workOrderNumber: null, createdBy: 'Dana Whitfield', createdAt: '2026-03-02T15:30:00.000Z' }],
    total: 1,
  },
});

/** `GET CustomerEstimates/workOrder/{workOrderId}`: the estimate a work order was made from, if any. */
export const workOrderEstimateAnswer = z
  .object({ customerEstimateId: z.number().nullable(), estimateNumber: z.number().nullable() })
  .meta({ example: { customerEstimateId: 3, estimateNumber: 1001 } });
export type WorkOrderEstimate = z.infer<typeof workOrderEstimateAnswer>;
