import { isCorrigoStopStatus, type CorrigoCustomerSettings, type CorrigoProcedure } from '@sm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';
import type { CorrigoStopChoice } from '../clock/clock-api';
import { proceduresQuery, useCorrigoCheckOut, useCorrigoStatusChange, useUpdateCorrigoSteps } from './corrigo-api';
import {
  COMPLETE_STEP_MESSAGE,
  firstWizardError,
  hasOpenRequiredStep,
  initialWizardValues,
  toCheckOut,
  toStatusChange,
  validateAnswers,
  validateStatusStep,
  wizardSteps,
  answerKey,
  type Location,
  type WizardErrors,
  type WizardValues,
} from './corrigo-wizard-form';
import { toProcedureUpdate, type ChecklistEdits, type StepEdit } from './procedure-step-edit';
import { providerPosition } from './provider-position';

/** Spec clock 5 leaves unsaved checklist edits open; finishing would drop them silently, so it asks for a Save. */
const UNSAVED_STEPS_MESSAGE = 'Save the procedure steps you changed before you finish.';

/**
 * The state and moves of the Clock Out wizard (spec clock 4). Step 1 Next validates and, for Paused, saves the
 * status at once; step 2 Next checks the questions and loads the procedures; Finish pauses, checks out or just
 * closes by status. Every first validation error is shown as an error toast; server errors by the QueryClient.
 * `onChosen` is called once the provider has taken what the technician chose (the stop form comes next), with the
 * status and comment, which the Stop dialog starts from. The first step, whichever it is, carries the status.
 */
export function useCorrigoWizard(workOrderId: number, settings: CorrigoCustomerSettings, onChosen: (choice: CorrigoStopChoice) => void) {
  const queryClient = useQueryClient();
  const steps = wizardSteps(settings);
  const [index, setIndex] = useState(0);
  const [values, setValues] = useState<WizardValues>(() => initialWizardValues(settings));
  const [errors, setErrors] = useState<WizardErrors>({});
  const [edits, setEdits] = useState<ChecklistEdits>({});
  const [isLoadingNext, setLoadingNext] = useState(false);
  const [isLocating, setLocating] = useState(false);
  const statusChange = useCorrigoStatusChange();
  const onDone = () => onChosen({ status: isCorrigoStopStatus(values.status) ? values.status : null, comment: values.comment.trim() });
  const checkOut = useCorrigoCheckOut();
  const saveSteps = useUpdateCorrigoSteps();

  const setValue = <K extends Exclude<keyof WizardValues, 'answers'>>(key: K, value: WizardValues[K]) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'categoryId' ? { codeId: null } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const setAnswer = (fieldId: number, value: string) => {
    setValues((v) => ({ ...v, answers: { ...v.answers, [fieldId]: value } }));
    setErrors((e) => ({ ...e, [answerKey(fieldId)]: undefined }));
  };

  /** Shows every field's error and the first one as a toast; answers whether all passed. */
  const check = (found: WizardErrors): boolean => {
    setErrors(found);
    const first = firstWizardError(found);
    if (first) notifyError(first);
    return first === null;
  };

  /** The position for the provider, or null after the location sentence was shown. */
  const locate = async (): Promise<Location | null> => {
    setLocating(true);
    try {
      return await providerPosition();
    } catch (error) {
      notifyError((error as Error).message);
      return null;
    } finally {
      setLocating(false);
    }
  };

  const pause = async () => {
    const location = await locate();
    if (location) statusChange.mutate(toStatusChange(values, workOrderId, location), { onSuccess: onDone });
  };

  /** Moves to `target`; the checklist needs the procedures first (a failure is toasted and the step stays). */
  const goTo = async (target: number) => {
    if (steps[target] === 'checklist') {
      setLoadingNext(true);
      const loaded = await queryClient.fetchQuery({ ...proceduresQuery(workOrderId), staleTime: 0 }).then(() => true, () => false);
      setLoadingNext(false);
      if (!loaded) return;
    }
    setIndex(target);
  };

  const next = async () => {
    const step = steps[index];
    if (index === 0) {
      if (!check(validateStatusStep(values, settings))) return;
      if (values.status === 'Paused') return pause();
    }
    if (step === 'questions' && !check(validateAnswers(values, settings))) return;
    await goTo(index + 1);
  };

  const previous = () => setIndex((i) => Math.max(0, i - 1));

  const finish = async () => {
    if (!check({ ...validateStatusStep(values, settings), ...validateAnswers(values, settings) })) return;
    if (Object.values(edits).some((e) => Object.keys(e).length > 0)) {
      notifyError(UNSAVED_STEPS_MESSAGE);
      return;
    }
    if (values.status === 'Paused') return pause();
    if (values.status !== 'CheckedOut') return onDone();
    const procedures = queryClient.getQueryData<CorrigoProcedure[]>(proceduresQuery(workOrderId).queryKey) ?? [];
    if (hasOpenRequiredStep(procedures)) {
      notifyError(COMPLETE_STEP_MESSAGE);
      return;
    }
    const coordinates = await locate();
    if (coordinates) checkOut.mutate(toCheckOut(values, settings, workOrderId, coordinates), { onSuccess: onDone });
  };

  const editStep = (procedureId: number, stepId: number, edit: StepEdit) =>
    setEdits((all) => ({ ...all, [procedureId]: { ...all[procedureId], [stepId]: edit } }));

  const saveProcedure = (procedure: CorrigoProcedure) => {
    const changed = edits[procedure.id] ?? {};
    if (Object.keys(changed).length === 0) {
      notifyError(`Update the open steps of ${procedure.name} before saving.`);
      return;
    }
    saveSteps.mutate(toProcedureUpdate(workOrderId, procedure.id, changed), {
      onSuccess: () =>
        setEdits((all) => {
          const rest = { ...all };
          delete rest[procedure.id];
          return rest;
        }),
    });
  };

  return {
    step: steps[index] ?? 'repair',
    index,
    count: steps.length,
    isLast: index === steps.length - 1,
    values,
    errors,
    edits,
    setValue,
    setAnswer,
    next,
    previous,
    finish,
    editStep,
    saveProcedure,
    savingProcedureId: saveSteps.isPending ? saveSteps.variables?.procedureId ?? null : null,
    isBusy: isLoadingNext || isLocating || statusChange.isPending || checkOut.isPending,
  };
}

export type CorrigoWizard = ReturnType<typeof useCorrigoWizard>;
