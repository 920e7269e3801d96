import { corrigoProcedureUpdateSchema, type CorrigoProcedure, type CorrigoProcedureUpdate, type CorrigoStep, type CorrigoStepStatus } from '@sm/shared';

/** A step as the Update Step dialog leaves it, kept until its procedure is saved. */
export interface StepEdit {
  value: string | null;
  comment: string;
  status: CorrigoStepStatus;
}

/** Unsaved edits of one work order's checklist: procedure id → step id → edit. */
export type ChecklistEdits = Record<number, Record<number, StepEdit>>;

/** 'Text' steps take a written value; every other step type an Is Done choice. */
export const isTextStep = (step: Pick<CorrigoStep, 'stepType'>) => step.stepType.toLowerCase() === 'text';

/** Spec clock 4: Done when a value is set (true or any non-false value), otherwise Open. */
export function stepStatusOf(value: string | null): CorrigoStepStatus {
  const text = value?.trim() ?? '';
  return text !== '' && text.toLowerCase() !== 'false' ? 'Done' : 'Open';
}

/** The dialog's starting point: the step's saved (or already edited) value and notes. */
export function initialStepEdit(step: CorrigoStep, edit?: StepEdit): { value: string; isDone: string; comment: string } {
  const value = edit ? edit.value : step.value;
  const status = edit ? edit.status : step.status;
  return { value: value ?? '', isDone: status === 'Done' ? 'true' : 'false', comment: edit?.comment ?? step.comment ?? '' };
}

const stepShape = corrigoProcedureUpdateSchema.shape.steps.element.shape;
const NUMERIC_TYPES = new Set<string>(['Integer', 'Float', 'Money']);

/** Whether a Text step expects a number (the phone then offers its number keyboard). */
export const isNumericStep = (step: Pick<CorrigoStep, 'dataType'>) => NUMERIC_TYPES.has(step.dataType);

/** Spec clock 5: notes are required; a value must fit. The first failing rule's sentence, or null. */
export function validateStepEdit(step: CorrigoStep, input: { value: string; comment: string }): { value?: string; comment?: string } {
  const errors: { value?: string; comment?: string } = {};
  if (isTextStep(step)) {
    const text = input.value.trim();
    const value = stepShape.value.safeParse(text);
    if (!value.success) errors.value = value.error.issues[0]?.message;
    else if (text && isNumericStep(step) && !Number.isFinite(Number(text))) errors.value = `${step.label || 'Value'} must be a number.`;
  }
  const comment = stepShape.comment.safeParse(input.comment);
  if (!comment.success) errors.comment = comment.error.issues[0]?.message;
  return errors;
}

/** The edit the dialog produces: the value as text and the status it implies. */
export function toStepEdit(step: CorrigoStep, input: { value: string; isDone: string; comment: string }): StepEdit {
  const value = isTextStep(step) ? input.value.trim() || null : input.isDone;
  return { value, comment: input.comment.trim(), status: stepStatusOf(value) };
}

/** A procedure as the checklist shows it: saved steps with unsaved edits laid over them. */
export function withEdits(procedure: CorrigoProcedure, edits: Record<number, StepEdit> = {}): CorrigoProcedure {
  return { ...procedure, steps: procedure.steps.map((s) => (edits[s.id] ? { ...s, ...edits[s.id] } : s)) };
}

/** `PUT updateCorrigoProcedureStep`: the edited steps of one procedure. */
export function toProcedureUpdate(workOrderId: number, procedureId: number, edits: Record<number, StepEdit>): CorrigoProcedureUpdate {
  return {
    workorderId: workOrderId,
    procedureId,
    steps: Object.entries(edits).map(([id, e]) => ({ id: Number(id), value: e.value, comment: e.comment, status: e.status })),
  };
}
