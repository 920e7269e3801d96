import {
  CORRIGO_WIZARD_STATUSES,
  corrigoStatusChangeSchema,
  corrigoStatusLabel,
  required,
  type CorrigoCheckOut,
  type CorrigoCustomerSettings,
  type CorrigoCustomField,
  type CorrigoProcedure,
  type CorrigoStatusChange,
  type CorrigoStep,
  type CorrigoWorkOrderStatus,
  type CorrigoWrapperData,
} from '@sm/shared';

/** Spec clock 8: a required procedure step still open refuses the check-out. */
export const COMPLETE_STEP_MESSAGE = 'Complete Procedure Step before Checkout Work order';
/** Spec clock 5: "The :attribute is Required!" for the repair category and sub category. */
export const repairRequiredMessage = (attribute: string) => `The ${attribute} is Required!`;
/** Spec clock 5: "{name} is required" for a custom question. */
export const customFieldRequiredMessage = (name: string) => `${name} is required`;

export type WizardStepKey = 'repair' | 'questions' | 'checklist';
export const WIZARD_STEP_TITLES: Record<WizardStepKey, string> = { repair: 'Repair Category', questions: 'Questions', checklist: 'Checked List' };

export type Location = NonNullable<CorrigoStatusChange['location']>;

/** What the technician entered on steps 1 and 2. Selects hold ids as strings; answers are keyed by field id. */
export interface WizardValues {
  status: CorrigoWorkOrderStatus | null;
  comment: string;
  categoryId: string | null;
  codeId: string | null;
  answers: Record<number, string>;
}

/** Field errors keyed by field ('status', 'comment', 'categoryId', 'codeId', or `answer-{id}`), in the order shown. */
export type WizardErrors = Record<string, string | undefined>;

export const answerKey = (fieldId: number) => `answer-${fieldId}`;

/**
 * The wizard's steps (spec clock 4): Repair Category only when the customer requires repair codes, Questions only
 * when the customer has any, then Checked List. When repair codes are not required the wizard starts past the repair
 * step, and "Step n of m" counts only the steps that remain.
 *
 * Where the Corrigo status and comment are chosen: on the wizard's first step, whichever it is. With repair codes
 * required that is Repair Category (status, comment, category and sub category); otherwise the first remaining step
 * (Questions, or else Checked List) shows the status and comment above its own fields, without repair fields, so
 * Paused still saves at once on Next and Checked Out still sends the answers with the check-out. Whatever the wizard
 * took carries over to the Stop dialog's Corrigo Status and Comment, which open filled with it: the technician does
 * not choose twice, and the clock-out sends the status again only when Corrigo does not have it yet. When no wizard
 * runs (the work order is not checked in at Corrigo), the Stop dialog is where they are chosen.
 */
export function wizardSteps(settings: CorrigoCustomerSettings): WizardStepKey[] {
  return [
    ...(settings.isRepairCodeRequired ? (['repair'] as const) : []),
    ...(settings.customFields.length > 0 ? (['questions'] as const) : []),
    'checklist',
  ];
}

/** The statuses the wizard offers: those the provider allows now that the wizard acts on, else all it allows. */
export function statusOptions(wrapper: CorrigoWrapperData): { value: CorrigoWorkOrderStatus; label: string }[] {
  const wizard = wrapper.availableWorkOrderStatuses.filter((s) => (CORRIGO_WIZARD_STATUSES as readonly string[]).includes(s));
  return (wizard.length > 0 ? wizard : wrapper.availableWorkOrderStatuses).map((s) => ({ value: s, label: corrigoStatusLabel(s) }));
}

/** Repair fields show on the Repair Category step, which only a customer that requires repair codes has. */
export function showsRepairFields(settings: CorrigoCustomerSettings): boolean {
  return settings.isRepairCodeRequired;
}

/**
 * Spec clock 4: repair codes are required only when the customer requires them and the status is Completed. For
 * Checked Out they are sent when chosen; a customer whose own rules still want them says so at the check-out.
 */
export function isRepairRequired(settings: CorrigoCustomerSettings, status: CorrigoWorkOrderStatus | null): boolean {
  return settings.isRepairCodeRequired && status === 'Completed';
}

/** Nothing chosen yet; each question starts from the provider's current answer. */
export function initialWizardValues(settings: CorrigoCustomerSettings): WizardValues {
  const answers: Record<number, string> = {};
  for (const field of settings.customFields) answers[field.id] = field.value ?? (field.type === 'Bool' ? 'false' : '');
  return { status: null, comment: '', categoryId: null, codeId: null, answers };
}

/** Spec clock 5 for step 1: status and comment (at least 5 characters); repair codes when required. */
export function validateStatusStep(values: WizardValues, settings: CorrigoCustomerSettings): WizardErrors {
  const errors: WizardErrors = {};
  if (!values.status) errors.status = required('Status');
  const comment = values.comment.trim();
  if (!comment) errors.comment = required('Comment');
  else {
    const parsed = corrigoStatusChangeSchema.shape.comment.safeParse(comment);
    if (!parsed.success) errors.comment = parsed.error.issues[0]?.message;
  }
  if (isRepairRequired(settings, values.status)) {
    if (!values.categoryId) errors.categoryId = repairRequiredMessage('Repair Category');
    if (!values.codeId) errors.codeId = repairRequiredMessage('Repair Sub Category');
  }
  return errors;
}

const NUMERIC_TYPES = new Set(['Integer', 'Float', 'Money']);

/** The error of one answer, or undefined: required, length, number and choice rules of the field's data type. */
export function answerError(field: CorrigoCustomField, raw: string): string | undefined {
  const value = raw.trim();
  const name = field.labelText;
  if (field.type === 'Bool') return undefined;
  if (!value) return field.isRequired ? customFieldRequiredMessage(name) : undefined;
  if (field.values.length > 0 && !field.values.includes(value)) return `${name} must be one of the listed values.`;
  if (field.dataLength && value.length > field.dataLength) return `${name} must be at most ${field.dataLength} characters.`;
  if (NUMERIC_TYPES.has(field.type)) {
    const number = Number(value);
    if (!Number.isFinite(number)) return `${name} must be a number.`;
    if (field.type === 'Integer' && !Number.isInteger(number)) return `${name} must be a whole number.`;
  }
  if (field.type === 'Url' && !URL.canParse(value)) return `${name} must be a web address such as https://example.com.`;
  return undefined;
}

/** Spec clock 5 for step 2: every answer, in the order the questions are shown. */
export function validateAnswers(values: WizardValues, settings: CorrigoCustomerSettings): WizardErrors {
  const errors: WizardErrors = {};
  for (const field of settings.customFields) errors[answerKey(field.id)] = answerError(field, values.answers[field.id] ?? '');
  return errors;
}

/** The first error in field order, or null when every field passes. */
export function firstWizardError(errors: WizardErrors): string | null {
  return Object.values(errors).find(Boolean) ?? null;
}

/** The Paused shortcut and Finish with Paused. */
export function toStatusChange(values: WizardValues, workOrderId: number, location: Location): CorrigoStatusChange {
  return { workOrderId, workOrderStatus: values.status ?? 'Paused', comment: values.comment.trim(), location };
}

/** Finish with Checked Out: the comment, the position, every answer with its type, and the repair codes if chosen. */
export function toCheckOut(values: WizardValues, settings: CorrigoCustomerSettings, workOrderId: number, coordinates: Location): CorrigoCheckOut {
  const repairInfo =
    showsRepairFields(settings) && values.categoryId
      ? { categoryId: Number(values.categoryId), codeId: values.codeId ? Number(values.codeId) : null }
      : null;
  return {
    workOrderId,
    comment: values.comment.trim(),
    coordinates,
    customFields: settings.customFields.map((f) => ({ id: f.id, value: (values.answers[f.id] ?? '').trim() || null, valueType: f.type })),
    repairInfo,
  };
}

/** A step counts as complete when it is Done, or marked not applicable. */
export function isStepComplete(step: Pick<CorrigoStep, 'status'>): boolean {
  return step.status === 'Done' || step.status === 'NA';
}

/** Whether a required step is still open somewhere: the check-out is refused then (spec clock 5). */
export function hasOpenRequiredStep(procedures: CorrigoProcedure[]): boolean {
  return procedures.some((p) => p.steps.some((s) => s.isRequired && !isStepComplete(s)));
}

/** Spec clock 5: Save is disabled when every step is either not required or done. */
export function canSaveProcedure(procedure: CorrigoProcedure): boolean {
  return procedure.steps.some((s) => s.isRequired && !isStepComplete(s));
}
