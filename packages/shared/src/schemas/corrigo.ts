import { z } from 'zod';
import { idOf, optionalText, required } from './common';
import { latLongSchema } from './clock';
import { CORRIGO_COMMENT_MAX, CORRIGO_COMMENT_MIN, CORRIGO_WORK_ORDER_STATUSES } from './corrigo-statuses';

export * from './corrigo-statuses';

/**
 * The facilities-management provider (Corrigo) as the product shows it (spec clock 3, platform 4.8, api-contract
 * "Facilities-management provider"). The product's endpoints answer these shapes whatever the provider's own JSON
 * looks like; the adapter maps between them.
 */

/** Procedure step states (spec platform 4.8). */
export const CORRIGO_STEP_STATUSES = ['Unknown', 'Open', 'NA', 'Done'] as const;
export type CorrigoStepStatus = (typeof CORRIGO_STEP_STATUSES)[number];
/** Field data types (spec platform 4.8). */
export const CORRIGO_DATA_TYPES = ['Unknown', 'String', 'Integer', 'Float', 'Money', 'PhoneNumber', 'Date', 'Time', 'Bool', 'Url'] as const;
export type CorrigoDataType = (typeof CORRIGO_DATA_TYPES)[number];

export const corrigoCustomFieldSchema = z.object({
  id: z.number(),
  labelText: z.string(),
  isRequired: z.boolean(),
  dataLength: z.number().nullable(),
  currency: z.string().nullable(),
  /** The allowed values when the field is a choice; empty for free input. Values are case-sensitive. */
  values: z.array(z.string()),
  type: z.enum(CORRIGO_DATA_TYPES),
  value: z.string().nullable(),
});
export type CorrigoCustomField = z.infer<typeof corrigoCustomFieldSchema>;

export const corrigoRepairCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  codes: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** `GET CorrigoWorkOrders/corrigoCustomerSettings/{corrigoCustomerId}`. */
export const corrigoCustomerSettingsSchema = z.object({
  isRepairCodeRequired: z.boolean(),
  areRepairCodesAvailable: z.boolean(),
  customFields: z.array(corrigoCustomFieldSchema),
  repairCategories: z.array(corrigoRepairCategorySchema),
  availablePriorities: z.array(z.object({ id: z.number(), name: z.string(), respondInMinutes: z.number(), dueInHours: z.number(), isEmergency: z.boolean() })),
});
export type CorrigoCustomerSettings = z.infer<typeof corrigoCustomerSettingsSchema>;

/** `GET CorrigoWorkOrders/clockOutWorkOrderWrapperData/{workOrderId}` ({workOrderId} is ours). */
export const corrigoWrapperDataSchema = z.object({
  workOrderId: z.number(),
  workOrderStatus: z.enum(CORRIGO_WORK_ORDER_STATUSES),
  availableWorkOrderStatuses: z.array(z.enum(CORRIGO_WORK_ORDER_STATUSES)),
  /** Not in the spec's shape but needed by the wizard: whose settings apply and the provider's own number. */
  corrigoCustomerId: z.number(),
  corrigoWorkOrderId: z.number(),
});
export type CorrigoWrapperData = z.infer<typeof corrigoWrapperDataSchema>;

export const corrigoStepSchema = z.object({
  id: z.number(),
  procedureId: z.number(),
  order: z.number(),
  status: z.enum(CORRIGO_STEP_STATUSES),
  value: z.string().nullable(),
  comment: z.string().nullable(),
  currency: z.string().nullable(),
  isRequired: z.boolean(),
  description: z.string(),
  /** 'Text' steps take a value; other step types take an Is Done choice. */
  stepType: z.string(),
  flagReason: z.string().nullable(),
  label: z.string().nullable(),
  dataType: z.enum(CORRIGO_DATA_TYPES),
});
export type CorrigoStep = z.infer<typeof corrigoStepSchema>;

export const corrigoProcedureSchema = z.object({
  id: z.number(),
  name: z.string(),
  order: z.number(),
  status: z.enum(CORRIGO_STEP_STATUSES),
  asset: z.object({ assetName: z.string() }).nullable(),
  allowMarkNotApplicable: z.boolean(),
  steps: z.array(corrigoStepSchema),
});
export type CorrigoProcedure = z.infer<typeof corrigoProcedureSchema>;
/** `GET CorrigoWorkOrders/getCorrigoWorkorderProcedure/{workOrderId}`. */
export const corrigoProceduresSchema = z.array(corrigoProcedureSchema);

const corrigoComment = z
  .string({ error: required('Comment') })
  .trim()
  .min(CORRIGO_COMMENT_MIN, `Comment must be at least ${CORRIGO_COMMENT_MIN} characters.`)
  .max(CORRIGO_COMMENT_MAX, `Comment must be at most ${CORRIGO_COMMENT_MAX} characters.`);

/** `PUT CorrigoWorkOrders/updateCorrigoProcedureStep`: a saved step carries id, value (as text), comment, status. */
export const corrigoProcedureUpdateSchema = z.object({
  workorderId: idOf('Work order'),
  procedureId: idOf('Procedure'),
  steps: z
    .array(
      z.object({
        id: idOf('Step'),
        value: optionalText('Value', 1000).nullish(),
        comment: z.string({ error: required('Notes') }).trim().min(1, required('Notes')).max(1000, 'Notes must be at most 1000 characters.'),
        status: z.enum(CORRIGO_STEP_STATUSES, { error: 'Step status is not valid.' }),
      }),
    )
    .min(1, 'At least one step is required.')
    .max(200, 'At most 200 steps can be saved at once.'),
});
export type CorrigoProcedureUpdate = z.infer<typeof corrigoProcedureUpdateSchema>;

/** `PUT CorrigoWorkOrders/changeStatus`: the wizard's Paused shortcut. */
export const corrigoStatusChangeSchema = z.object({
  workOrderId: idOf('Work order'),
  workOrderStatus: z.enum(CORRIGO_WORK_ORDER_STATUSES, { error: required('Status') }),
  comment: corrigoComment,
  location: latLongSchema.nullish(),
});
export type CorrigoStatusChange = z.infer<typeof corrigoStatusChangeSchema>;

/** `PUT CorrigoWorkOrders/checkOut`. Whether repair info and custom fields are required is the customer's setting. */
export const corrigoCheckOutSchema = z.object({
  workOrderId: idOf('Work order'),
  comment: corrigoComment,
  coordinates: latLongSchema.nullish(),
  customFields: z
    .array(z.object({ id: idOf('Custom field'), value: optionalText('Value', 1000).nullable(), valueType: z.enum(CORRIGO_DATA_TYPES) }))
    .max(200)
    .default([]),
  repairInfo: z.object({ codeId: idOf('Repair Sub Category').nullish(), categoryId: idOf('Repair Category').nullish() }).nullish(),
});
export type CorrigoCheckOut = z.infer<typeof corrigoCheckOutSchema>;
