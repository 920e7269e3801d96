import { z } from 'zod';
import type { Requirement } from '../access';
import { isStockStatus, isWriteOffStatus, MATERIAL_STOCK_STATUS } from '../inventory-rules';
import { moneyOf, quantityOf } from '../helpers/money';
import { idOf, idParam, optionalText, pagingQuery, required, requiredText } from './common';

/**
 * What gets added to a work order (spec platform 2.1 sub-paths material/add, standardItems/add,
 * rateSheetStandardItems/add, workOrderJobs/add, surveyJobs/add, equipmentTaskList, sign). Amounts travel as JSON
 * numbers rounded to the cent; line totals and sums are computed exactly on the server.
 */

/** The customer's signature is a PNG of exactly this size (spec platform 2.6, 9). */
export const SIGNATURE_WIDTH = 300;
export const SIGNATURE_HEIGHT = 200;
/** The largest signature accepted: 300 KB of PNG (300,000 bytes, 400,000 characters of base64). */
export const SIGNATURE_MAX_BYTES = 300_000;
/** How a signature travels: a data URL of a PNG. */
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * Removing materials, standard items and equipment tasks from a work order is a permission of its own (spec
 * platform 6.3); the server enforces it and the web shows Delete only to those who have it.
 */
export const DELETE_WORK_ORDER_ITEMS: Requirement = {
  kind: 'area',
  area: 'Work Orders',
  level: 'write',
  functionality: 'Delete Labor Standard Items & Equipments',
};

const bool = (label: string) =>
  z.boolean({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be true or false.`) });

/** 'true' or 'false' in a query string. */
const boolText = (label: string) =>
  z.enum(['true', 'false'], { error: `${label} must be true or false.` }).transform((v) => v === 'true');

// ---------------------------------------------------------------- materials

/** `MaterialStatus/list`: the material statuses of spec platform 4.10. */
export const materialStatusSchema = z.object({ materialStatusId: z.number(), materialStatus: z.string() });
export type MaterialStatusOption = z.infer<typeof materialStatusSchema>;

/** A markup in percent: 0 to 1000, at most two decimals. */
export const markupPercentOf = (label = 'Markup') => moneyOf(label).max(1000, `${label} must be at most 1000%.`);

const materialFields = {
  materialStatusId: idOf('Material Status'),
  partNumber: optionalText('Part Number', 100).nullish(),
  /** Required unless an item is given: then the item's description. */
  description: optionalText('Description', 500).trim().nullish(),
  quantity: quantityOf(),
  /** Required unless an item is given: then the item's cost. */
  unitCost: moneyOf('Unit Cost').nullish(),
  markupPercent: markupPercentOf().default(0),
  /** When omitted, the cost with its markup (`priceWithMarkup`), or the item's price when it has one and no markup is given. */
  unitPrice: moneyOf('Unit Price').nullish(),
  /** A stocked part: its stock moves with the material's status (MATERIAL_STOCK_EFFECTS). */
  itemId: idOf('Item').nullish(),
  /** Where the part comes from or goes to; a technician's own truck when left out. */
  warehouseId: idOf('Location').nullish(),
  /** Where a transferred part (status 9) goes. */
  transferToWarehouseId: idOf('Transfer To').nullish(),
  /** Why a part was stolen or damaged (statuses 11 and 12). */
  writeOffReason: optionalText('Write-off Reason', 500).trim().nullish(),
  /** The vendor a part returned for credit (status 14) goes back to, when not the one it was bought from. */
  vendorId: idOf('Vendor').nullish(),
};

type MaterialFields = z.output<z.ZodObject<typeof materialFields>>;

/**
 * What a material's status asks of it besides its fields: a description and a cost unless an item gives them, an item
 * for a status that moves stock, a reason to write a part off, a place to transfer it to.
 */
function checkMaterial(m: MaterialFields, ctx: z.RefinementCtx<MaterialFields>) {
  const isStocked = m.itemId != null;
  if (!isStocked && !m.description) ctx.addIssue({ code: 'custom', path: ['description'], message: required('Description') });
  if (!isStocked && m.unitCost == null) ctx.addIssue({ code: 'custom', path: ['unitCost'], message: required('Unit Cost') });
  if (isStockStatus(m.materialStatusId) && !isStocked) ctx.addIssue({ code: 'custom', path: ['itemId'], message: required('Item') });
  for (const field of ['warehouseId', 'transferToWarehouseId', 'vendorId'] as const) {
    if (!isStocked && m[field] != null) ctx.addIssue({ code: 'custom', path: [field], message: 'A location or a vendor is for a stocked part: choose its item.' });
  }
  if (isWriteOffStatus(m.materialStatusId) && !m.writeOffReason) ctx.addIssue({ code: 'custom', path: ['writeOffReason'], message: required('Write-off Reason') });
  if (m.materialStatusId === MATERIAL_STOCK_STATUS.partTransferred) {
    if (m.transferToWarehouseId == null) ctx.addIssue({ code: 'custom', path: ['transferToWarehouseId'], message: required('Transfer To') });
    else if (m.transferToWarehouseId === m.warehouseId) ctx.addIssue({ code: 'custom', path: ['transferToWarehouseId'], message: 'Transfer To must be another location.' });
  }
}

/** `WorkOrder/material/add`: a part used or proposed on a work order, a stocked item or free text. */
export const addMaterialBody = z
  .object({ workOrderId: idOf('Work order'), ...materialFields })
  .superRefine(checkMaterial)
  .meta({
    example: { workOrderId: 1, materialStatusId: 2, itemId: 1, quantity: 1, markupPercent: 35 },
  });
export type AddMaterialBody = z.input<typeof addMaterialBody>;

/** `PUT WorkOrder/material/{materialId}`: every field again; a price left out is the cost with its markup. */
export const updateMaterialBody = z.object(materialFields).superRefine(checkMaterial).meta({
  example: { materialStatusId: 14, itemId: 1, quantity: 1, unitCost: 18.4, markupPercent: 35 },
});
export type UpdateMaterialBody = z.input<typeof updateMaterialBody>;

export const materialRowSchema = z.object({
  materialId: z.number(),
  materialStatusId: z.number(),
  materialStatus: z.string(),
  partNumber: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitCost: z.number(),
  markupPercent: z.number(),
  unitPrice: z.number(),
  /** quantity × unit price, to the cent. */
  lineTotal: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The stocked part and where it comes from or goes to; null for a free-text material. */
  itemId: z.number().nullable(),
  warehouseId: z.number().nullable(),
  warehouseName: z.string().nullable(),
  transferToWarehouseId: z.number().nullable(),
  transferToWarehouseName: z.string().nullable(),
  writeOffReason: z.string().nullable(),
  vendorId: z.number().nullable(),
});
export type MaterialRow = z.infer<typeof materialRowSchema>;

/**
 * `WorkOrder/material/locations`: where a material's part may come from or go to: the company's active warehouses and
 * trucks. `isMine` marks the caller's own truck; `isAllowed` whether the caller may take from it (a technician his own
 * truck only, unless he has Inventory write or 'Can Add All Inventory'); any location may receive a transfer.
 */
export const materialLocationSchema = z.object({ warehouseId: z.number(), name: z.string(), isTruck: z.boolean(), isMine: z.boolean(), isAllowed: z.boolean() });
export type MaterialLocation = z.infer<typeof materialLocationSchema>;

/** The materials of a work order with the exact sums of their costs and of their line totals. */
export const workOrderMaterialsAnswer = z.object({ materials: z.array(materialRowSchema), totalCost: z.number(), totalPrice: z.number() });
export type WorkOrderMaterials = z.infer<typeof workOrderMaterialsAnswer>;

// ---------------------------------------------------------------- standard items

/** `StandardItems/list`: the company's active catalogue. `isPriceTyped` marks the Toll, priced on each use. */
export const standardItemSchema = z.object({
  standardItemId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  isPriceTyped: z.boolean(),
});
export type StandardItemOption = z.infer<typeof standardItemSchema>;

/**
 * `WorkOrder/standardItems/add`. The price comes from the catalogue, except for the Toll (TOLL_ITEM_NAME), whose
 * amount is typed on each use: `unitPrice` is then required ("Toll amount field is required!") and more than 0.
 * For any other item a typed `unitPrice` is refused with a 400, so that nobody believes they changed a catalogue price.
 */
export const addStandardItemBody = z
  .object({ workOrderId: idOf('Work order'), standardItemId: idOf('Standard Item'), quantity: quantityOf(), unitPrice: moneyOf('Toll amount').nullish() })
  .meta({ example: { workOrderId: 1, standardItemId: 1, quantity: 1 } });
export type AddStandardItemBody = z.input<typeof addStandardItemBody>;

/** `RateSheetStandardItem/list/{billingCustomerId}`: items on the billing customer's rate sheets. */
export const rateSheetStandardItemSchema = z.object({
  rateSheetStandardItemId: z.number(),
  name: z.string(),
  itemRateTypeId: z.number(),
  itemRateTypeName: z.string(),
  price: z.number(),
  rateSheetName: z.string(),
});
export type RateSheetStandardItemOption = z.infer<typeof rateSheetStandardItemSchema>;

/** `WorkOrder/rateSheetStandardItems/add`: the item must be on a rate sheet of the work order's billing customer. */
export const addRateSheetStandardItemBody = z
  .object({ workOrderId: idOf('Work order'), rateSheetStandardItemId: idOf('Rate Sheet Standard Item'), quantity: quantityOf() })
  .meta({ example: { workOrderId: 1, rateSheetStandardItemId: 1, quantity: 2 } });
export type AddRateSheetStandardItemBody = z.input<typeof addRateSheetStandardItemBody>;

export const workOrderStandardItemSchema = z.object({
  workOrderStandardItemId: z.number(),
  kind: z.enum(['standard', 'rateSheet']),
  name: z.string(),
  /** The rate type (Regular, overtime) of a rate-sheet item; null for a catalogue item. */
  itemRateTypeName: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type WorkOrderStandardItem = z.infer<typeof workOrderStandardItemSchema>;

/** Both kinds of standard items on a work order, with the exact sum of their line totals. */
export const workOrderStandardItemsAnswer = z.object({ items: z.array(workOrderStandardItemSchema), total: z.number() });
export type WorkOrderStandardItems = z.infer<typeof workOrderStandardItemsAnswer>;

// ---------------------------------------------------------------- jobs and survey jobs

export const workOrderJobSchema = z.object({
  workOrderJobId: z.number(),
  workOrderId: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  isSurvey: z.boolean(),
  isCompleted: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type WorkOrderJob = z.infer<typeof workOrderJobSchema>;

/** `WorkOrderJobs/getWorkOrderJobs?workOrderId=`: optionally only survey jobs (or only jobs), only open or done ones. */
export const workOrderJobsQuery = z.object({
  workOrderId: idParam('Work order'),
  isSurvey: boolText('Survey').optional(),
  isCompleted: boolText('Completed').optional(),
  ...pagingQuery(500),
});
export type WorkOrderJobsQuery = z.output<typeof workOrderJobsQuery>;

/** `WorkOrderJobs/add`: a job (workOrderJobs/add) or a survey job (surveyJobs/add). */
export const addWorkOrderJobBody = z
  .object({
    workOrderId: idOf('Work order'),
    title: requiredText('Title', 200),
    description: optionalText('Description', 2000).nullish(),
    isSurvey: bool('Survey').default(false),
  })
  .meta({ example: { workOrderId: 1, title: 'Replace door gaskets on walk-in cooler', isSurvey: false } });
export type AddWorkOrderJobBody = z.input<typeof addWorkOrderJobBody>;

/** `PUT WorkOrderJobs/{workOrderJobId}`: tick a job done (or not), optionally renaming it. */
export const updateWorkOrderJobBody = z.object({
  isCompleted: bool('Completed'),
  title: requiredText('Title', 200).optional(),
  description: optionalText('Description', 2000).nullish(),
});
export type UpdateWorkOrderJobBody = z.input<typeof updateWorkOrderJobBody>;

// ---------------------------------------------------------------- equipment task list

export const equipmentTaskSchema = z.object({
  taskId: z.number(),
  /** The piece of the equipment register the task is on, when the task names one. */
  equipmentId: z.number().nullable(),
  equipmentName: z.string(),
  task: z.string(),
  isDone: z.boolean(),
  /** Who ticked it and when; null while it is open. */
  doneBy: z.string().nullable(),
  doneAt: z.string().nullable(),
});
export type EquipmentTask = z.infer<typeof equipmentTaskSchema>;

export const addEquipmentTaskBody = z
  .object({ workOrderId: idOf('Work order'), equipmentId: idOf('Equipment').nullish(), equipmentName: requiredText('Equipment', 200), task: requiredText('Task', 500) })
  .meta({ example: { workOrderId: 1, equipmentId: 41, equipmentName: 'Walk-in cooler #2', task: 'Clean condenser coil' } });
export type AddEquipmentTaskBody = z.input<typeof addEquipmentTaskBody>;

export const updateEquipmentTaskBody = z.object({ isDone: bool('Done') });

// ---------------------------------------------------------------- signature

/**
 * `POST WorkOrder/{workOrderId}/signature`. `png` is a `data:image/png;base64,...` string of a 300x200 PNG of at most
 * 300 KB; the server decodes it and checks the PNG signature bytes and the size its IHDR states.
 */
export const saveSignatureBody = z.object({
  signerName: requiredText('Signer Name', 100),
  png: z
    .string({ error: (issue) => (issue.input === undefined ? required('Signature') : 'Signature must be text.') })
    .min(1, required('Signature'))
    .max(600_000, 'The signature must be at most 300 KB.')
    .meta({ description: 'A data URL: data:image/png;base64,... of a 300x200 PNG, at most 300 KB' }),
});
export type SaveSignatureBody = z.input<typeof saveSignatureBody>;

export const signatureSchema = z.object({
  signerName: z.string(),
  signedAt: z.string(),
  /** The user who handed the phone to the customer. */
  signedByName: z.string().nullable(),
  /** A data URL of the PNG, ready for an img element. */
  png: z.string(),
});
export type WorkOrderSignature = z.infer<typeof signatureSchema>;

/** `GET WorkOrder/{workOrderId}/signature`: the latest signature, or null when nobody has signed yet (200, not 404). */
export const signatureAnswer = signatureSchema.nullable();
