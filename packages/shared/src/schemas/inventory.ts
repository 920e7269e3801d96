import { z } from 'zod';
import { idParam, optionalText } from './common';

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
