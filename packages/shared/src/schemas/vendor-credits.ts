import { z } from 'zod';
import { moneyOf, quantityOf } from '../helpers/money';
import { idOf, idParam, optionalText, required, requiredText } from './common';
import { gridAnswer, gridRequestSchema } from './grid';

/**
 * Vendor credits (spec platform 2.1 /vendorCredits): money a vendor owes back for parts returned for credit, opened by
 * a material returned for credit (status 14) or by the office, matched to the purchase order the parts came on, and
 * applied with the vendor's credit memo reference. Amounts are the exact sums of the lines.
 */

export const VENDOR_CREDIT_STATUSES = ['open', 'applied', 'canceled'] as const;
export type VendorCreditStatus = (typeof VENDOR_CREDIT_STATUSES)[number];

export const vendorCreditParams = z.object({ vendorCreditId: idParam('Vendor credit') });

const vendorCreditRowExample = {
  vendorCreditId: 1, vendorId: 1, vendorName: 'Johnstone Supply', purchaseOrderId: null, purchaseOrderNumber: null, workOrderId: 12, workOrderNumber: '240012',
  status: 'open', amount: 18.4, vendorReference: null, createdBy: 'Tom Alvarez', createdAt: '2026-11-28T15:04:00.000Z',
} as const;

/** A vendor credit as the grid shows it. */
export const vendorCreditRowSchema = z
  .object({
    vendorCreditId: z.number(),
    vendorId: z.number(),
    vendorName: z.string(),
    purchaseOrderId: z.number().nullable(),
    purchaseOrderNumber: z.number().nullable(),
    workOrderId: z.number().nullable(),
    workOrderNumber: z.string().nullable(),
    status: z.enum(VENDOR_CREDIT_STATUSES),
    /** The exact sum of quantity × unit cost of the lines. */
    amount: z.number(),
    /** The vendor's credit memo reference, once applied. */
    vendorReference: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ example: vendorCreditRowExample });
export type VendorCreditRow = z.infer<typeof vendorCreditRowSchema>;

export const vendorCreditLineSchema = z.object({
  vendorCreditLineId: z.number(),
  itemId: z.number().nullable(),
  /** The material returned for credit this line came from, when it did. */
  materialId: z.number().nullable(),
  partNumber: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitCost: z.number(),
  lineTotal: z.number(),
});
export type VendorCreditLine = z.infer<typeof vendorCreditLineSchema>;

/** One vendor credit with its lines. */
export const vendorCreditSchema = vendorCreditRowSchema.extend({
  notes: z.string().nullable(),
  appliedBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
  lines: z.array(vendorCreditLineSchema),
});
export type VendorCredit = z.infer<typeof vendorCreditSchema>;

export const vendorCreditsGridRequest = gridRequestSchema;
export const vendorCreditsGridAnswer = gridAnswer(vendorCreditRowSchema).meta({ example: { data: [vendorCreditRowExample], total: 1 } });
export type VendorCreditsGrid = z.infer<typeof vendorCreditsGridAnswer>;

/** A line the office enters: a stocked item (its description and cost by default) or free text. */
export const vendorCreditLineBody = z
  .object({
    itemId: idOf('Item').nullish(),
    partNumber: optionalText('Part Number', 100).trim().nullish(),
    description: optionalText('Description', 500).trim().nullish(),
    quantity: quantityOf(),
    unitCost: moneyOf('Unit Cost').nullish(),
  })
  .superRefine((l, ctx) => {
    if (l.itemId != null) return;
    if (!l.description) ctx.addIssue({ code: 'custom', path: ['description'], message: required('Description') });
    if (l.unitCost == null) ctx.addIssue({ code: 'custom', path: ['unitCost'], message: required('Unit Cost') });
  });
export type VendorCreditLineBody = z.input<typeof vendorCreditLineBody>;

/** `POST VendorCredit`: a credit the office opens with a vendor, with at least one line. */
export const createVendorCreditBody = z
  .object({
    vendorId: idOf('Vendor'),
    purchaseOrderId: idOf('Purchase Order').nullish(),
    notes: optionalText('Notes', 2000).trim().nullish(),
    lines: z.array(vendorCreditLineBody, { error: required('Lines') }).min(1, 'Add at least one line.').max(200, 'A vendor credit has at most 200 lines.'),
  })
  .meta({ example: { vendorId: 1, notes: 'Wrong capacitor shipped', lines: [{ itemId: 1, quantity: 2 }, { description: 'Restocking fee refund', quantity: 1, unitCost: 15 }] } });
export type CreateVendorCreditBody = z.input<typeof createVendorCreditBody>;

/** `PUT VendorCredit/{id}/purchaseOrder`: the purchase order of the same vendor the parts came on (null: none). */
export const matchVendorCreditBody = z
  .object({ purchaseOrderId: idOf('Purchase Order').nullable() })
  .meta({ example: { purchaseOrderId: 1 } });

/** `PUT VendorCredit/{id}/apply`: the vendor's credit memo reference; the credit is then closed to changes. */
export const applyVendorCreditBody = z
  .object({ vendorReference: requiredText('Credit Memo Reference', 100) })
  .meta({ example: { vendorReference: 'CM-55120' } });

/** A purchase order a credit may be matched to, and a vendor a credit may be opened with. */
export const vendorCreditPurchaseOrderSchema = z.object({ purchaseOrderId: z.number(), number: z.number(), status: z.string(), createdAt: z.string() });
export type VendorCreditPurchaseOrder = z.infer<typeof vendorCreditPurchaseOrderSchema>;
export const vendorOptionSchema = z.object({ vendorId: z.number(), name: z.string() });
export type VendorOption = z.infer<typeof vendorOptionSchema>;
