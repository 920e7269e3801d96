import {
  CORRIGO_DATA_TYPES, CORRIGO_STEP_STATUSES, CORRIGO_WORK_ORDER_STATUSES,
  type CorrigoCheckOut, type CorrigoCustomerSettings, type CorrigoDataType, type CorrigoProcedure, type CorrigoProcedureUpdate,
  type CorrigoStepStatus, type CorrigoWorkOrderStatus,
} from '@sm/shared';
import type { WireCheckOut, WireCustomerSettings, WireLocation, WireProcedure, WireStepUpdate, WireWorkOrder } from './corrigo-wire';

/**
 * Pure translations between the provider's PascalCase JSON and the product's camelCase shapes. Unknown enum
 * values the provider may add later fall back to 'Unknown' instead of failing the technician's screen.
 */

const dataTypeOf = (v: unknown): CorrigoDataType => (CORRIGO_DATA_TYPES.includes(v as CorrigoDataType) ? (v as CorrigoDataType) : 'Unknown');
const stepStatusOf = (v: unknown): CorrigoStepStatus => (CORRIGO_STEP_STATUSES.includes(v as CorrigoStepStatus) ? (v as CorrigoStepStatus) : 'Unknown');

/** The provider's status word, or null when it is not one the product knows. */
export function workOrderStatusOf(v: unknown): CorrigoWorkOrderStatus | null {
  return CORRIGO_WORK_ORDER_STATUSES.includes(v as CorrigoWorkOrderStatus) ? (v as CorrigoWorkOrderStatus) : null;
}

/** Customer settings as the wizard reads them: deleted and read-only questions are not asked of the technician. */
export function toCustomerSettings(w: WireCustomerSettings): CorrigoCustomerSettings {
  const repairCategories = (w.RepairCategories ?? []).map((c) => ({ id: c.Id, name: c.Category, codes: (c.Codes ?? []).map((k) => ({ id: k.Id, name: k.Code })) }));
  return {
    isRepairCodeRequired: !!w.IsRepairCodeRequired,
    areRepairCodesAvailable: repairCategories.some((c) => c.codes.length > 0),
    customFields: (w.CustomFields ?? [])
      .filter((f) => !f.IsDeleted && !f.IsReadonly)
      .map((f) => ({
        id: f.Id,
        labelText: f.Label,
        isRequired: !!f.IsRequired,
        dataLength: f.DataLength ?? null,
        currency: f.CurrencyCode ?? null,
        values: f.Values ?? [],
        type: dataTypeOf(f.DataType),
        value: null,
      })),
    repairCategories,
    availablePriorities: (w.Priorities ?? []).map((p) => ({ id: p.Id, name: p.Name, respondInMinutes: p.RespondInMinutes, dueInHours: p.DueInHours, isEmergency: !!p.IsEmergency })),
  };
}

/** Procedures ordered as the provider orders them, each step carrying its procedure's id. */
export function toProcedures(list: WireProcedure[]): CorrigoProcedure[] {
  return [...(list ?? [])]
    .sort((a, b) => a.Order - b.Order)
    .map((p) => ({
      id: p.Id,
      name: p.Name,
      order: p.Order,
      status: stepStatusOf(p.State),
      asset: p.Asset ? { assetName: p.Asset.Name } : null,
      allowMarkNotApplicable: !!p.AllowNotApplicable,
      steps: [...(p.Steps ?? [])]
        .sort((a, b) => a.Order - b.Order)
        .map((s) => ({
          id: s.Id,
          procedureId: p.Id,
          order: s.Order,
          status: stepStatusOf(s.State),
          value: s.Value ?? null,
          comment: s.Comment ?? null,
          currency: s.CurrencyCode ?? null,
          isRequired: !!s.IsRequired,
          description: s.Description ?? '',
          stepType: s.StepType ?? 'Text',
          flagReason: s.FlagReason ?? null,
          label: s.Label ?? null,
          dataType: dataTypeOf(s.DataType),
        })),
    }));
}

/** The provider's work order in the few fields the product keeps. */
export function toWorkOrderSummary(w: WireWorkOrder) {
  return { id: w.Id, number: w.Number, customerId: w.CustomerId, status: workOrderStatusOf(w.Status), nteAmount: w.Nte?.Amount ?? 0 };
}

export const toLocation = (p: { latitude: number; longitude: number }): WireLocation => ({ Latitude: p.latitude, Longitude: p.longitude });

/** Saved steps of one procedure, in the provider's words. */
export function toStepUpdates(steps: CorrigoProcedureUpdate['steps']): WireStepUpdate[] {
  return steps.map((s) => ({ Id: s.id, Value: s.value ?? null, Comment: s.comment, State: s.status }));
}

/**
 * The check-out body. Repair info carries the category's and code's names as the provider wants both; the caller
 * has already checked them against the customer's settings.
 */
export function toCheckOut(input: Pick<CorrigoCheckOut, 'comment' | 'customFields' | 'repairInfo'>, position: { latitude: number; longitude: number }, settings: CorrigoCustomerSettings): WireCheckOut {
  const category = settings.repairCategories.find((c) => c.id === input.repairInfo?.categoryId);
  const code = category?.codes.find((c) => c.id === input.repairInfo?.codeId);
  return {
    Comment: input.comment,
    Location: toLocation(position),
    Procedures: [],
    RepairInfo: category && code ? { CodeId: code.id, Code: code.name, CategoryId: category.id, Category: category.name } : null,
    CustomFields: input.customFields.map((f) => ({ Id: f.id, Value: f.value === '' ? null : f.value, DataType: f.valueType })),
  };
}
