import { z } from 'zod';
import { nextNumberOf } from './common';

export * from '../purchasing-rules';

/** The company's purchase order numbering ("Manage PO Numbers"): the number the next purchase order takes. */
export const purchaseOrderSettingsSchema = z.object({ nextPurchaseOrderNumber: z.number() });
export type PurchaseOrderSettings = z.infer<typeof purchaseOrderSettingsSchema>;

export const purchaseOrderNumberBody = z.object({ nextPurchaseOrderNumber: nextNumberOf('Next PO Number') }).meta({ example: { nextPurchaseOrderNumber: 5001 } });
