import { z } from 'zod';
import { compareMoney } from '../helpers/invoice-totals';
import { moneyOf, quantityOf } from '../helpers/money';
import { quoteLineAmounts } from '../helpers/quote-totals';
import { idOf, idParam, optionalText, requiredText } from './common';
import { gridAnswer, gridRequestSchema } from './grid';
import { markupPercentOf } from './work-order-items';

/**
 * Quotes (spec platform 2.1 /quotes, 4.6, 4.9, 5.6): a quote belongs to a work order and its customer, has a number
 * unique in the company and versions; each version has lines of labor, materials and standard items priced from
 * their cost, markup and discount. Amounts travel as JSON numbers rounded to the cent and are summed exactly.
 */
export * from '../quote-rules';
import { QUOTE_LINE_KINDS, QUOTE_STATUSES, SETTABLE_QUOTE_STATUSES, type QuoteStatus } from '../quote-rules';

const quoteStatusOf = <const T extends readonly [QuoteStatus, ...QuoteStatus[]]>(values: T) =>
  z.enum(values, { error: `Quote Status must be one of ${values.join(', ')}.` });

export const quoteParams = z.object({ quoteNumber: idParam('Quote number'), quoteVersion: idParam('Quote version') });
export const quoteLineParams = quoteParams.extend({ quoteLineId: idParam('Quote line') });
export const quoteWorkOrderParams = z.object({ workOrderId: idParam('Work order') });

/** `Quotes/create`: a quote for a work order the caller may see; it starts as version 1, Open unless said Pending. */
export const createQuoteBody = z
  .object({
    workOrderId: idOf('Work order'),
    quoteStatus: quoteStatusOf(['Open', 'Pending']).default('Open'),
    title: optionalText('Title', 200).nullish(),
  })
  .meta({ example: { workOrderId: 240001, quoteStatus: 'Open', title: 'Replace walk-in condenser fan motor' } });
export type CreateQuoteBody = z.input<typeof createQuoteBody>;

export const quoteCreatedAnswer = z
  .object({ quoteId: z.number(), quoteNumber: z.number(), quoteVersion: z.number() })
  .meta({ example: { quoteId: 7, quoteNumber: 1001, quoteVersion: 1 } });

const lineFields = {
  kind: z.enum(QUOTE_LINE_KINDS, { error: 'Kind must be labor, material or standardItem.' }),
  standardItemId: idOf('Standard item').nullish(),
  description: requiredText('Description', 500),
  quantity: quantityOf(),
  unitCost: moneyOf('Unit Cost'),
  markupGroup: optionalText('Markup Group', 100).nullish(),
  markupPercent: markupPercentOf().default(0),
  discountReason: optionalText('Discount Reason', 200).nullish(),
  discount: moneyOf('Discount').default(0),
};

/** A line as typed: a discount needs its reason and may not exceed the line's price. */
export const quoteLineBody = z
  .object(lineFields)
  .superRefine((line, ctx) => {
    if (line.standardItemId != null && line.kind !== 'standardItem') {
      ctx.addIssue({ code: 'custom', path: ['standardItemId'], message: 'Only a standard item line may name a standard item.' });
    }
    if (line.discount > 0 && !line.discountReason?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['discountReason'], message: 'Discount Reason field is required when a discount is given!' });
    }
    if (line.discount > 0 && compareMoney(quoteLineAmounts(line).lineTotal, 0) < 0) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'Discount must not be more than the line price.' });
    }
  })
  .meta({
    example: { kind: 'material', description: 'Condenser fan motor 1/3 HP', quantity: 1, unitCost: 142.5, markupGroup: 'Parts', markupPercent: 60, discountReason: null, discount: 0 },
  });
export type QuoteLineBody = z.input<typeof quoteLineBody>;

/** The company's active markup groups and discount reasons, which priced lines (quotes, estimates) choose from. */
export const lineChoicesAnswer = z
  .object({
    markupGroups: z.array(z.object({ name: z.string(), markupPercent: z.number() })),
    discountReasons: z.array(z.object({ name: z.string(), appliesTo: z.enum(['labor', 'item', 'freight']) })),
  })
  .meta({ example: { markupGroups: [{ name: 'Parts', markupPercent: 60 }], discountReasons: [{ name: 'Loyal customer', appliesTo: 'labor' }] } });
export type LineChoicesAnswer = z.output<typeof lineChoicesAnswer>;

export const quoteLineRow = z.object({
  quoteLineId: z.number(),
  lineNumber: z.number(),
  kind: z.enum(QUOTE_LINE_KINDS),
  standardItemId: z.number().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitCost: z.number(),
  markupGroup: z.string().nullable(),
  markupPercent: z.number(),
  unitPrice: z.number().meta({ description: 'Unit cost with its markup, to the cent' }),
  discountReason: z.string().nullable(),
  discount: z.number(),
  lineTotal: z.number().meta({ description: 'quantity × unit price − discount' }),
  costTotal: z.number().meta({ description: 'quantity × unit cost' }),
});
export type QuoteLineRow = z.infer<typeof quoteLineRow>;

export const quoteTotalsSchema = z.object({
  subtotal: z.number(),
  totalDiscount: z.number(),
  total: z.number(),
  totalCost: z.number(),
  profit: z.number(),
  profitFactor: z.number().nullable().meta({ description: 'Profit as a percentage of the total' }),
  minimumProfitFactor: z.number().nullable().meta({ description: 'The least profit factor the total requires (above 1000: 33.33, above 10000: 25)' }),
  isProfitFactorMet: z.boolean(),
});

const LINE_EXAMPLE: QuoteLineRow = {
  quoteLineId: 31, lineNumber: 1, kind: 'material', standardItemId: null, description: 'Condenser fan motor 1/3 HP', quantity: 1, unitCost: 142.5,
  markupGroup: 'Parts', markupPercent: 60, unitPrice: 228, discountReason: null, discount: 0, lineTotal: 228, costTotal: 142.5,
};

/** One version of a quote with its lines, totals, the other versions and its status history. */
export const quoteView = z
  .object({
    quoteId: z.number(),
    quoteNumber: z.number(),
    quoteVersion: z.number(),
    currentVersion: z.number(),
    isEditable: z.boolean().meta({ description: 'True for the current version while Open or Pending: its lines may change' }),
    status: z.enum(QUOTE_STATUSES),
    title: z.string().nullable(),
    workOrderId: z.number(),
    workOrderNumber: z.string(),
    workOrderStatus: z.string(),
    customerId: z.number(),
    customerName: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    lines: z.array(quoteLineRow),
    totals: quoteTotalsSchema,
    versions: z.array(z.object({ quoteVersion: z.number(), status: z.enum(QUOTE_STATUSES), total: z.number(), createdAt: z.string() })),
    statusHistory: z.array(
      z.object({ fromStatus: z.string().nullable().meta({ description: "The status before (one of the quote statuses); null for the version's first" }), toStatus: z.enum(QUOTE_STATUSES), comment: z.string().nullable(), changedBy: z.string().nullable(), changedAt: z.string() }),
    ),
  })
  .meta({
    example: {
      quoteId: 7, quoteNumber: 1001, quoteVersion: 1, currentVersion: 1, isEditable: true, status: 'Open', title: 'Replace walk-in condenser fan motor',
      workOrderId: 12, workOrderNumber: '240001', workOrderStatus: 'Quote Open', customerId: 4, customerName: 'FreshMart #112 Lakewood',
      createdBy: 'Dana Whitfield', createdAt: '2026-03-02T15:30:00.000Z', lines: [LINE_EXAMPLE],
      totals: { subtotal: 228, totalDiscount: 0, total: 228, totalCost: 142.5, profit: 85.5, profitFactor: 37.5, minimumProfitFactor: null, isProfitFactorMet: true },
      versions: [{ quoteVersion: 1, status: 'Open', total: 228, createdAt: '2026-03-02T15:30:00.000Z' }],
      statusHistory: [{ fromStatus: null, toStatus: 'Open', comment: null, changedBy: 'Dana Whitfield', changedAt: '2026-03-02T15:30:00.000Z' }],
    },
  });
export type QuoteView = z.infer<typeof quoteView>;

/** `PUT Quotes/{quoteNumber}/{quoteVersion}/status`: Open, Pending or Submitted. */
export const setQuoteStatusBody = z.object({ quoteStatus: quoteStatusOf(SETTABLE_QUOTE_STATUSES) }).meta({ example: { quoteStatus: 'Submitted' } });

/** `POST Quotes/{quoteNumber}/{quoteVersion}/reject`: the customer's reason, kept in the status history. */
export const rejectQuoteBody = z.object({ reason: requiredText('Reason', 500) }).meta({ example: { reason: 'Customer chose to replace the whole unit next year.' } });

/** `Quotes/list`: the grid request, and whether to show only quotes still waiting for an answer (Open, Pending, Submitted). */
export const quotesGridRequest = gridRequestSchema.extend({
  isOpenOnly: z.boolean({ error: 'Is Open Only must be true or false.' }).default(false),
});
export type QuotesGridRequest = z.input<typeof quotesGridRequest>;

/** One row of the quotes grid. */
export const quoteGridRow = z.object({
  quoteId: z.number(),
  quoteNumber: z.number(),
  quoteVersion: z.number().meta({ description: 'The current version' }),
  status: z.enum(QUOTE_STATUSES),
  title: z.string().nullable(),
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  customerName: z.string(),
  total: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type QuoteGridRow = z.infer<typeof quoteGridRow>;

export const quotesGridAnswer = gridAnswer(quoteGridRow).meta({
  example: {
    data: [{ quoteId: 7, quoteNumber: 1001, quoteVersion: 1, status: 'Open', title: 'Replace walk-in condenser fan motor', workOrderId: 12, workOrderNumber: '240001', customerName: 'FreshMart #112 Lakewood', total: 228, createdBy: 'Dana Whitfield', createdAt: '2026-03-02T15:30:00.000Z' }],
    total: 1,
  },
});

/** `GET Quotes/workOrder/{workOrderId}`: what the create page shows about a work order and its quotes so far. */
export const workOrderQuotesAnswer = z
  .object({
    workOrderId: z.number(),
    workOrderNumber: z.string(),
    workOrderStatus: z.string(),
    customerName: z.string(),
    problem: z.string(),
    quotes: z.array(z.object({ quoteNumber: z.number(), quoteVersion: z.number(), status: z.enum(QUOTE_STATUSES), total: z.number() })),
  })
  .meta({
    example: {
      workOrderId: 12, workOrderNumber: '240001', workOrderStatus: 'Need Quote', customerName: 'FreshMart #112 Lakewood',
      problem: 'Walk-in cooler not holding temperature, reading 48°F', quotes: [{ quoteNumber: 1001, quoteVersion: 2, status: 'Open', total: 228 }],
    },
  });
export type WorkOrderQuotes = z.infer<typeof workOrderQuotesAnswer>;
