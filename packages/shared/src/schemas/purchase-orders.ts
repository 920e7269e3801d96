import { z } from 'zod';
import { moneyOf, quantityOf } from '../helpers/money';
import { dateText, idOf, idParam, optionalText, pagingQuery, required } from './common';

/**
 * Purchase orders (spec platform 2.1 /purchaseOrders): numbered per company, to a vendor, shipped to one of the
 * company's addresses, lines of stocked items or free text, linked to a work order when the parts are for one,
 * e-mailed to the vendor as a PDF, received in part or in full into a warehouse or a truck, back orders, closed.
 */
export const PURCHASE_ORDER_STATUS_KEYS = ['open', 'sent', 'partiallyReceived', 'received', 'closed', 'canceled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUS_KEYS)[number];

/** Statuses in which a purchase order's lines may still change, and parts may arrive. */
export const PURCHASE_ORDER_EDITABLE_STATUSES: readonly PurchaseOrderStatus[] = ['open', 'sent', 'partiallyReceived'];

/** Whether a purchase order in this status may be edited, received against or marked back ordered. */
export const isPurchaseOrderEditable = (status: PurchaseOrderStatus) => PURCHASE_ORDER_EDITABLE_STATUSES.includes(status);

export const purchaseOrderParams = z.object({ purchaseOrderId: idParam('Purchase order') });
export const purchaseOrderLineParams = z.object({ purchaseOrderId: idParam('Purchase order'), lineId: idParam('Line') });
export const purchaseOrderWorkOrderParams = z.object({ workOrderId: idParam('Work order') });

const lineInput = z.object({
  /** The line being changed (an edit); left out for a new line. */
  lineId: idOf('Line').optional(),
  /** A stocked item: part number, description and cost come from it unless typed. */
  itemId: idOf('Item').nullable().optional(),
  partNumber: optionalText('Part Number', 100).trim().nullable().optional(),
  description: optionalText('Description', 500).trim().nullable().optional(),
  quantity: quantityOf('Quantity'),
  unitCost: moneyOf('Unit Cost').nullable().optional(),
});
export type PurchaseOrderLineInput = z.input<typeof lineInput>;

/** A line of a new purchase order: there is no line yet to name. */
const newLineInput = z.strictObject(lineInput.omit({ lineId: true }).shape, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? `A line of a new purchase order cannot have ${issue.keys.join(', ')}.` : undefined),
});

const linesOf = <T extends z.ZodType>(line: T) =>
  z
    .array(line, { error: required('Lines') })
    .min(1, 'A purchase order needs at least one line.')
    .max(200, 'A purchase order may have at most 200 lines.');

const header = {
  vendorId: idOf('Vendor'),
  shipToAddressId: idOf('Ship To').nullable().optional(),
  workOrderId: idOf('Work Order').nullable().optional(),
  expectedOn: dateText('Expected Date').nullable().optional(),
  notes: optionalText('Notes', 2000).trim().nullable().optional(),
};

const BODY_EXAMPLE = {
  vendorId: 3,
  shipToAddressId: 1,
  workOrderId: 240017,
  expectedOn: '2026-12-04',
  notes: 'Deliver to the back dock.',
  lines: [
    { itemId: 12, quantity: 2 },
    { description: 'Door closer, heavy duty', quantity: 1, unitCost: 84.5 },
  ],
};

/** `POST PurchaseOrder`: a new purchase order; it takes the company's next number. */
export const createPurchaseOrderBody = z.object({ ...header, lines: linesOf(newLineInput) }).meta({ example: BODY_EXAMPLE });
export type CreatePurchaseOrderInput = z.input<typeof createPurchaseOrderBody>;
export type CreatePurchaseOrderBody = z.output<typeof createPurchaseOrderBody>;

/** `PUT PurchaseOrder/{purchaseOrderId}`: the whole purchase order as it is from now on; lines left out are removed. */
export const updatePurchaseOrderBody = z.object({ ...header, lines: linesOf(lineInput) }).meta({ example: { ...BODY_EXAMPLE, lines: [{ lineId: 41, itemId: 12, quantity: 3 }] } });
export type UpdatePurchaseOrderInput = z.input<typeof updatePurchaseOrderBody>;
export type UpdatePurchaseOrderBody = z.output<typeof updatePurchaseOrderBody>;

const places = (n: number) => (String(n).split('.')[1] ?? '').length;
const receivedQuantity = z
  .number({ error: (issue) => (issue.input === undefined ? required('Quantity') : 'Quantity must be a number.') })
  .min(0, 'Quantity must not be negative.')
  .max(999_999_999, 'Quantity is too large.')
  .refine((n) => places(n) <= 3 && !/e/i.test(String(n)), 'Quantity must have at most three decimals.');

/** `POST PurchaseOrder/{purchaseOrderId}/receive`: what arrived of each line, into one warehouse or truck. */
export const receivePurchaseOrderBody = z
  .object({
    warehouseId: idOf('Location'),
    lines: z
      .array(z.object({ lineId: idOf('Line'), quantity: receivedQuantity }), { error: required('Lines') })
      .min(1, 'Enter the quantity received of at least one line.')
      .max(200, 'A purchase order has at most 200 lines.'),
  })
  .meta({ example: { warehouseId: 3, lines: [{ lineId: 41, quantity: 1 }] } });
export type ReceivePurchaseOrderBody = z.output<typeof receivePurchaseOrderBody>;

/** `PUT PurchaseOrder/{purchaseOrderId}/lines/{lineId}/backOrder`: how much of a line the vendor has on back order; 0 clears it. */
export const backOrderBody = z
  .object({ quantity: receivedQuantity, expectedOn: dateText('Expected Date').nullable().optional() })
  .meta({ example: { quantity: 2, expectedOn: '2026-12-11' } });
export type BackOrderBody = z.output<typeof backOrderBody>;

/** `POST PurchaseOrder/{purchaseOrderId}/close`: closed as received, or short-closed with the reason. */
export const closePurchaseOrderBody = z.object({ reason: optionalText('Reason', 500).trim().nullable().optional() }).meta({ example: { reason: 'The vendor discontinued the part.' } });

/** `GET PurchaseOrder`: a page of purchase orders, newest first. */
export const purchaseOrderListQuery = z.object({
  status: z.enum(PURCHASE_ORDER_STATUS_KEYS, { error: `Status must be one of ${PURCHASE_ORDER_STATUS_KEYS.join(', ')}.` }).optional(),
  search: optionalText('Search', 100).trim().optional(),
  ...pagingQuery(100, 25),
});
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListQuery>;
export type PurchaseOrderListParsed = z.output<typeof purchaseOrderListQuery>;

const statusSchema = z.enum(PURCHASE_ORDER_STATUS_KEYS);

export const purchaseOrderSummarySchema = z.object({
  purchaseOrderId: z.number(),
  number: z.number(),
  vendorId: z.number(),
  vendorName: z.string(),
  workOrderId: z.number().nullable(),
  workOrderNumber: z.string().nullable(),
  status: statusSchema,
  total: z.number(),
  createdAt: z.string(),
  expectedOn: z.string().nullable(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;
export const purchaseOrderListAnswer = z.object({ data: z.array(purchaseOrderSummarySchema), total: z.number() });
export type PurchaseOrderList = z.infer<typeof purchaseOrderListAnswer>;

export const purchaseOrderReceiptSchema = z.object({
  receiptId: z.number(),
  lineId: z.number(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  quantity: z.number(),
  receivedByName: z.string().nullable(),
  receivedAt: z.string(),
});

export const purchaseOrderLineSchema = z.object({
  lineId: z.number(),
  lineNumber: z.number(),
  itemId: z.number().nullable(),
  partNumber: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitCost: z.number(),
  lineTotal: z.number(),
  received: z.number(),
  outstanding: z.number(),
  backOrdered: z.number(),
  backOrderExpectedOn: z.string().nullable(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderSchema = purchaseOrderSummarySchema.extend({
  vendorEmail: z.string().nullable(),
  shipToAddressId: z.number().nullable(),
  shipToName: z.string().nullable(),
  shipToAddress: z.string().nullable(),
  customerName: z.string().nullable(),
  workOrderStatus: z.string().nullable(),
  notes: z.string().nullable(),
  createdByName: z.string().nullable(),
  sentAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  lines: z.array(purchaseOrderLineSchema),
  receipts: z.array(purchaseOrderReceiptSchema),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** `GET PurchaseOrder/choices`: the vendors, ship-to addresses and locations (warehouses and trucks) the forms offer. */
export const purchaseOrderChoicesAnswer = z.object({
  vendors: z.array(z.object({ id: z.number(), name: z.string(), email: z.string().nullable() })),
  shipToAddresses: z.array(z.object({ id: z.number(), name: z.string(), address: z.string(), isDefault: z.boolean() })),
  locations: z.array(z.object({ id: z.number(), name: z.string(), isTruck: z.boolean() })),
});
export type PurchaseOrderChoices = z.infer<typeof purchaseOrderChoicesAnswer>;

/** `GET PurchaseOrder/workOrders`: work orders the caller may order parts for, by number, customer or problem. */
export const purchaseOrderWorkOrderQuery = z.object({
  search: optionalText('Search', 100).trim().optional(),
  workOrderId: idParam('Work order').optional(),
});
export const purchaseOrderWorkOrderOption = z.object({ workOrderId: z.number(), workOrderNumber: z.string(), customerName: z.string(), problem: z.string().nullable() });
export type PurchaseOrderWorkOrderOption = z.infer<typeof purchaseOrderWorkOrderOption>;
