import { z } from 'zod';
import { moneyOf, quantityOf } from '../helpers/money';
import { idOf, idParam, optionalText, pagingQuery, required, requiredText } from './common';

/**
 * Inventory items as other screens pick them (a material, a purchase order line, a scanned barcode): the item and,
 * when a location is named, what is on hand and available there.
 */
export const inventoryItemOptionSchema = z.object({
  itemId: z.number(),
  partNumber: z.string(),
  description: z.string(),
  unit: z.string(),
  unitCost: z.number(),
  unitPrice: z.number().nullable(),
  barcode: z.string().nullable(),
  preferredVendorId: z.number().nullable(),
  onHand: z.number().nullable(),
  available: z.number().nullable(),
});
export type InventoryItemOption = z.infer<typeof inventoryItemOptionSchema>;

/** `GET Inventory/items/options`: active items matching a search (part number, description, barcode) or one barcode exactly. */
export const inventoryItemOptionsQuery = z.object({
  search: optionalText('Search', 100).optional(),
  barcode: optionalText('Barcode', 100).optional(),
  warehouseId: idParam('Location').optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// The office's inventory page (spec platform 2.1 /inventory) and the technician's truck.

const signedQuantityPlaces = (n: number) => (String(n).split('.')[1] ?? '').length <= 3 && !/e/i.test(String(n));

/** A quantity that may be zero (a count, a minimum), at most three decimals. */
export function levelQuantityOf(label: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number.`) })
    .min(0, `${label} must not be negative.`)
    .max(999_999_999, `${label} is too large.`)
    .refine(signedQuantityPlaces, `${label} must have at most three decimals.`);
}

/** A signed change of stock: not zero, at most three decimals. */
export function signedQuantityOf(label: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number.`) })
    .refine((n) => n !== 0, `${label} must not be 0.`)
    .refine((n) => Math.abs(n) <= 999_999_999, `${label} is too large.`)
    .refine(signedQuantityPlaces, `${label} must have at most three decimals.`);
}

const booleanText = (label: string) =>
  z.enum(['true', 'false'], { error: `${label} must be true or false.` }).transform((v) => v === 'true');

export const inventoryItemIdParams = z.object({ itemId: idParam('Item') });
export const inventoryTransferIdParams = z.object({ transferId: idParam('Transfer request') });

/** `GET Inventory/items` and its CSV export: search (part number, description, barcode), active or retired, a location. */
export const inventoryItemsQuery = z.object({
  search: optionalText('Search', 100).optional(),
  isActive: booleanText('Active').optional(),
  warehouseId: idParam('Location').optional(),
  ...pagingQuery(100, 25),
});
export type InventoryItemsQuery = z.infer<typeof inventoryItemsQuery>;

export const inventoryExportQuery = inventoryItemsQuery.omit({ take: true, skip: true });

/** A row of the items grid. `totalValue` (on hand × cost) only for users who may see total part cost, null for others. */
export const inventoryItemRowSchema = inventoryItemOptionSchema.omit({ onHand: true, available: true }).extend({
  partClass: z.string().nullable(),
  preferredVendorName: z.string().nullable(),
  isActive: z.boolean(),
  totalOnHand: z.number(),
  totalValue: z.number().nullable(),
});
export type InventoryItemRow = z.infer<typeof inventoryItemRowSchema>;
export const inventoryItemsAnswer = z.object({ data: z.array(inventoryItemRowSchema), total: z.number(), canSeeTotalCost: z.boolean() });
export type InventoryItemsAnswer = z.infer<typeof inventoryItemsAnswer>;

/** An item at one location. */
export const stockLevelSchema = z.object({
  warehouseId: z.number(),
  warehouseName: z.string(),
  isTruck: z.boolean(),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  minQuantity: z.number().nullable(),
  maxQuantity: z.number().nullable(),
  binLocation: z.string().nullable(),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const inventoryItemSchema = inventoryItemRowSchema.extend({ markupGroupId: z.number().nullable(), levels: z.array(stockLevelSchema) });
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

const itemFields = {
  partNumber: requiredText('Part Number', 50),
  description: requiredText('Description', 200),
  unit: requiredText('Unit', 30).default('Each'),
  unitCost: moneyOf('Unit Cost'),
  unitPrice: moneyOf('Unit Price').nullish(),
  markupGroupId: idOf('Markup Group').nullish(),
  preferredVendorId: idOf('Preferred Vendor').nullish(),
  barcode: optionalText('Barcode', 100).nullish(),
  partClass: optionalText('Part Class', 50).nullish(),
};

/** Changing an item; a different part class needs 'Change Part Class'. */
export const updateInventoryItemBody = z
  .object(itemFields)
  .meta({ example: { partNumber: 'CAP-4540', description: 'Run capacitor 45/5 µF 440 V', unit: 'Each', unitCost: 18.4, unitPrice: 29.95, preferredVendorId: 1, barcode: '0712345000017', partClass: 'Electrical' } });
export type UpdateInventoryItemBody = z.infer<typeof updateInventoryItemBody>;

/** Adding an item, with what is on hand at each location (a count each); none needs 'Add Inventory Without Location'. */
export const addInventoryItemBody = z
  .object({
    ...itemFields,
    openingStock: z
      .array(z.object({ warehouseId: idOf('Location'), quantity: levelQuantityOf('Opening Quantity') }), { error: 'Opening stock must be a list.' })
      .max(50, 'At most 50 locations at once.')
      .refine((l) => new Set(l.map((s) => s.warehouseId)).size === l.length, 'Each location may be given once.')
      .default([]),
  })
  .meta({ example: { partNumber: 'RLY-24V', description: 'Relay 24 V DPDT', unit: 'Each', unitCost: 12.5, unitPrice: 21, preferredVendorId: 1, barcode: '0712345000093', openingStock: [{ warehouseId: 1, quantity: 10 }] } });
export type AddInventoryItemBody = z.infer<typeof addInventoryItemBody>;

export const inventoryItemActiveBody = z
  .object({ isActive: z.boolean({ error: (i) => (i.input === undefined ? required('Active') : 'Active must be true or false.') }) })
  .meta({ example: { isActive: false } });

export const inventoryItemIdAnswer = z.object({ itemId: z.number() });

/** `GET Inventory/items/{itemId}/ledger`: newest first. */
export const inventoryLedgerQuery = z.object(pagingQuery(100, 25));
export const ledgerRowSchema = z.object({
  movementId: z.number(),
  kind: z.string(),
  kindLabel: z.string(),
  quantity: z.number(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  reason: z.string().nullable(),
  workOrderId: z.number().nullable(),
  workOrderNumber: z.string().nullable(),
  transferId: z.number().nullable(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;
export const inventoryLedgerAnswer = z.object({ data: z.array(ledgerRowSchema), total: z.number() });
export type InventoryLedgerAnswer = z.infer<typeof inventoryLedgerAnswer>;

/** Adjusting stock: a signed quantity and the reason, required. */
export const adjustStockBody = z
  .object({ itemId: idOf('Item'), warehouseId: idOf('Location'), quantity: signedQuantityOf('Quantity'), reason: requiredText('Reason', 500) })
  .meta({ example: { itemId: 1, warehouseId: 1, quantity: -2, reason: 'Two found broken on the shelf' } });
export type AdjustStockBody = z.infer<typeof adjustStockBody>;

/** Counting stock: what was counted; the difference becomes a 'counted' row. */
export const countStockBody = z
  .object({ itemId: idOf('Item'), warehouseId: idOf('Location'), countedQuantity: levelQuantityOf('Counted Quantity'), reason: optionalText('Reason', 500).nullish() })
  .meta({ example: { itemId: 1, warehouseId: 1, countedQuantity: 22, reason: 'Monthly count' } });
export type CountStockBody = z.infer<typeof countStockBody>;

/** Moving stock between two locations. */
export const transferStockBody = z
  .object({ itemId: idOf('Item'), fromWarehouseId: idOf('From Location'), toWarehouseId: idOf('To Location'), quantity: quantityOf(), reason: optionalText('Reason', 500).nullish() })
  .refine((b) => b.fromWarehouseId !== b.toWarehouseId, { message: 'Choose two different locations.', path: ['toWarehouseId'] })
  .meta({ example: { itemId: 1, fromWarehouseId: 1, toWarehouseId: 3, quantity: 2 } });
export type TransferStockBody = z.infer<typeof transferStockBody>;

/** What a movement left at its locations. */
export const stockMovementAnswer = z.object({ itemId: z.number(), levels: z.array(stockLevelSchema) });
export type StockMovementAnswer = z.infer<typeof stockMovementAnswer>;

/** Minimum, maximum and bin of an item at a location. */
export const stockLevelSettingsBody = z
  .object({
    itemId: idOf('Item'),
    warehouseId: idOf('Location'),
    minQuantity: levelQuantityOf('Minimum').nullish(),
    maxQuantity: levelQuantityOf('Maximum').nullish(),
    binLocation: optionalText('Bin', 50).nullish(),
  })
  .refine((b) => b.minQuantity == null || b.maxQuantity == null || b.minQuantity <= b.maxQuantity, { message: 'Minimum must not be more than the maximum.', path: ['minQuantity'] })
  .meta({ example: { itemId: 1, warehouseId: 1, minQuantity: 10, maxQuantity: 40, binLocation: 'A-3' } });
export type StockLevelSettingsBody = z.infer<typeof stockLevelSettingsBody>;

/** Reorder suggestions, by preferred vendor. */
export const reorderLineSchema = z.object({
  itemId: z.number(),
  partNumber: z.string(),
  description: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  onHand: z.number(),
  available: z.number(),
  minQuantity: z.number(),
  maxQuantity: z.number().nullable(),
  suggestedQuantity: z.number(),
});
export const reorderGroupSchema = z.object({ vendorId: z.number().nullable(), vendorName: z.string(), lines: z.array(reorderLineSchema) });
export type ReorderGroup = z.infer<typeof reorderGroupSchema>;
export const reorderAnswer = z.array(reorderGroupSchema);

/** Places stock is kept, to choose from. */
export const inventoryLocationSchema = z.object({ warehouseId: z.number(), name: z.string(), isTruck: z.boolean(), technicianId: z.number().nullable() });
export type InventoryLocation = z.infer<typeof inventoryLocationSchema>;
export const inventoryLocationsAnswer = z.array(inventoryLocationSchema);

/** Transfer requests: a technician asks for parts to his truck (or sends them back); the office decides. */
export const TRANSFER_REQUEST_STATUSES = ['requested', 'completed', 'declined'] as const;
export const transferRequestBody = z
  .object({ itemId: idOf('Item'), fromWarehouseId: idOf('From Location'), toWarehouseId: idOf('To Location'), quantity: quantityOf(), note: optionalText('Note', 500).nullish() })
  .refine((b) => b.fromWarehouseId !== b.toWarehouseId, { message: 'Choose two different locations.', path: ['toWarehouseId'] })
  .meta({ example: { itemId: 1, fromWarehouseId: 1, toWarehouseId: 3, quantity: 2, note: 'For the walk-in job tomorrow' } });
export type TransferRequestBody = z.infer<typeof transferRequestBody>;
export const transferRequestsQuery = z.object({
  status: z.enum(TRANSFER_REQUEST_STATUSES, { error: 'Status must be requested, completed or declined.' }).optional(),
  mine: booleanText('Mine').optional(),
});
export const declineTransferBody = z.object({ reason: requiredText('Reason', 500) }).meta({ example: { reason: 'Use the stock on Truck 2 instead' } });
export const transferRequestSchema = z.object({
  transferId: z.number(),
  itemId: z.number(),
  partNumber: z.string(),
  description: z.string(),
  fromWarehouseId: z.number(),
  fromWarehouseName: z.string(),
  toWarehouseId: z.number(),
  toWarehouseName: z.string(),
  quantity: z.number(),
  status: z.enum(TRANSFER_REQUEST_STATUSES),
  note: z.string().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;
export const transferRequestsAnswer = z.array(transferRequestSchema);

/** The technician's truck: its stock, searchable. */
export const myTruckQuery = z.object({ search: optionalText('Search', 100).optional() });
export const myTruckItemSchema = z.object({
  itemId: z.number(),
  partNumber: z.string(),
  description: z.string(),
  unit: z.string(),
  barcode: z.string().nullable(),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  binLocation: z.string().nullable(),
});
export type MyTruckItem = z.infer<typeof myTruckItemSchema>;
export const myTruckAnswer = z.object({ warehouseId: z.number(), name: z.string(), items: z.array(myTruckItemSchema) });
export type MyTruckAnswer = z.infer<typeof myTruckAnswer>;
