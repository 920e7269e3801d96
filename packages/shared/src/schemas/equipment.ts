import { z } from 'zod';
import { dateText, idOf, idParam, optionalText, pagingQuery, requiredText } from './common';
import { refrigerantMovementSchema } from './refrigerant';

/**
 * The equipment register (spec platform 2.1 /equipments, /equipments/history): each piece of equipment at a customer
 * location, with its category, make and model, serial, refrigerant and full charge, voltage and dates, and the work
 * orders that named it. A full charge travels as a JSON number of pounds with at most two decimals and is stored
 * exactly (numeric).
 */

const places = (n: number) => (String(n).split('.')[1] ?? '').length;

/** Pounds of refrigerant in a JSON body: not negative, at most two decimals, below 100,000 lb. */
export function poundsOf(label: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${label} field is required!` : `${label} must be a number.`) })
    .min(0, `${label} must not be negative.`)
    .max(99_999.99, `${label} is too large.`)
    .refine((n) => places(n) <= 2 && !/e/i.test(String(n)), `${label} must have at most two decimals.`);
}

/** `POST Equipment`, `PUT Equipment/{equipmentId}`: a piece of equipment at a customer location. */
export const saveEquipmentBody = z
  .object({
    customerId: idOf('Location'),
    name: requiredText('Name', 100),
    categoryId: idOf('Category'),
    makeId: idOf('Make').nullish(),
    modelId: idOf('Model').nullish(),
    serialNumber: optionalText('Serial Number', 100).trim().nullish(),
    refrigerantId: idOf('Refrigerant').nullish(),
    chargePounds: poundsOf('Full Charge').nullish(),
    voltageId: idOf('Voltage').nullish(),
    installedOn: dateText('Installed On').nullish(),
    warrantyEndsOn: dateText('Warranty Ends On').nullish(),
    notes: optionalText('Notes', 2000).nullish(),
  })
  .refine((b) => b.chargePounds == null || b.refrigerantId != null, { message: 'Choose the refrigerant of the full charge.', path: ['refrigerantId'] })
  .refine((b) => !b.installedOn || !b.warrantyEndsOn || b.warrantyEndsOn >= b.installedOn, { message: 'Warranty Ends On must not be before Installed On.', path: ['warrantyEndsOn'] })
  .meta({
    example: {
      customerId: 12, name: 'Walk-in Cooler 2', categoryId: 1, makeId: 3, modelId: 5, serialNumber: 'HX-2291-B', refrigerantId: 1, chargePounds: 42.5,
      voltageId: 3, installedOn: '2021-06-14', warrantyEndsOn: '2026-06-14', notes: 'Behind the kitchen, roof access by the east ladder.',
    },
  });
export type SaveEquipmentBody = z.input<typeof saveEquipmentBody>;
export type SaveEquipmentParsed = z.output<typeof saveEquipmentBody>;

export const equipmentIdParams = z.object({ equipmentId: idParam('Equipment') });

/** A piece of equipment as the register answers it, the names of its list rows beside their ids. */
export const equipmentSchema = z.object({
  equipmentId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  customerAddress: z.string(),
  name: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  makeId: z.number().nullable(),
  makeName: z.string().nullable(),
  modelId: z.number().nullable(),
  modelName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  refrigerantId: z.number().nullable(),
  refrigerantName: z.string().nullable(),
  chargePounds: z.number().nullable(),
  voltageId: z.number().nullable(),
  voltageName: z.string().nullable(),
  installedOn: z.string().nullable(),
  warrantyEndsOn: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const EQUIPMENT_STATES = ['active', 'retired', 'all'] as const;

/** `GET Equipment`: a page of the register, filtered by location, category, state and a text in serial, model or make. */
export const equipmentListQuery = z.object({
  customerId: idParam('Location').optional(),
  categoryId: idParam('Category').optional(),
  search: optionalText('Search', 100).trim().optional(),
  state: z.enum(EQUIPMENT_STATES, { error: `State must be one of ${EQUIPMENT_STATES.join(', ')}.` }).default('active'),
  ...pagingQuery(100, 25),
});
export type EquipmentListQuery = z.input<typeof equipmentListQuery>;
export type EquipmentListParsed = z.output<typeof equipmentListQuery>;

export const equipmentListAnswer = z.object({ data: z.array(equipmentSchema), total: z.number() });
export type EquipmentListAnswer = z.infer<typeof equipmentListAnswer>;

const choice = z.object({ id: z.number(), name: z.string(), isActive: z.boolean() });

/** `GET Equipment/choices`: the rows the equipment form offers (retired ones too, for a piece that names one). */
export const equipmentChoicesAnswer = z.object({
  categories: z.array(choice),
  makes: z.array(choice),
  models: z.array(choice.extend({ makeId: z.number() })),
  refrigerants: z.array(choice),
  voltages: z.array(choice),
});
export type EquipmentChoices = z.infer<typeof equipmentChoicesAnswer>;

// ---------------------------------------------------------------- the work orders that name a piece

/** `GET|POST WorkOrder/{workOrderId}/equipments`: the equipment a work order touches (pieces at its location). */
export const workOrderEquipmentParams = z.object({ workOrderId: idParam('Work order') });
export const workOrderEquipmentItemParams = z.object({ workOrderId: idParam('Work order'), equipmentId: idParam('Equipment') });
export const addWorkOrderEquipmentBody = z.object({ equipmentId: idOf('Equipment') }).meta({ example: { equipmentId: 41 } });
export type AddWorkOrderEquipmentBody = z.input<typeof addWorkOrderEquipmentBody>;
export const workOrderEquipmentAnswer = z.array(equipmentSchema);

/** One work order in a piece's history: when, its status, who worked it, the hours of labor and the materials used. */
export const equipmentHistoryEntrySchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  createdAt: z.string(),
  workOrderStatus: z.string(),
  problem: z.string(),
  technicians: z.array(z.string()),
  laborHours: z.number(),
  materials: z.array(z.object({ description: z.string(), quantity: z.number() })),
});
export type EquipmentHistoryEntry = z.infer<typeof equipmentHistoryEntrySchema>;

/**
 * `GET Equipment/{equipmentId}/history`: the piece, every work order that named it (newest first) and its refrigerant
 * log with each addition's leak rate (oldest first).
 */
export const equipmentHistoryAnswer = z.object({ equipment: equipmentSchema, workOrders: z.array(equipmentHistoryEntrySchema), refrigerant: z.array(refrigerantMovementSchema) });
export type EquipmentHistory = z.infer<typeof equipmentHistoryAnswer>;
