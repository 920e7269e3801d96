import { Button, Input, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { CorrigoStep } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifyError } from '../../../lib/notify';
import { ClockModal, ClockModalFooter } from '../clock/clock-modal';
import { initialStepEdit, isNumericStep, isTextStep, toStepEdit, validateStepEdit, type StepEdit } from './procedure-step-edit';

interface UpdateStepDialogProps {
  step: CorrigoStep;
  /** An unsaved edit of this step, if any: the dialog continues from it. */
  edit?: StepEdit;
  opened: boolean;
  onClose: () => void;
  onUpdate: (edit: StepEdit) => void;
}

const IS_DONE_CHOICES = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * The Update Step dialog (spec clock 2.6): the step's description, a value for Text steps or an Is Done choice for
 * the others, and the notes, which are required. Update keeps the edit on the checklist until its procedure is saved.
 */
export function UpdateStepDialog({ step, edit, opened, onClose, onUpdate }: UpdateStepDialogProps) {
  const [input, setInput] = useState(() => initialStepEdit(step, edit));
  const [errors, setErrors] = useState<{ value?: string; comment?: string }>({});
  const isText = isTextStep(step);

  const update = (event: FormEvent) => {
    event.preventDefault();
    const found = validateStepEdit(step, input);
    setErrors(found);
    const first = found.value ?? found.comment;
    if (first) {
      notifyError(first);
      return;
    }
    onUpdate(toStepEdit(step, input));
    onClose();
  };

  return (
    <ClockModal opened={opened} onClose={onClose} title="Update Step" size={480}>
      <form onSubmit={update} noValidate aria-label="Update Step">
        <Stack gap="sm">
          <Input.Wrapper label="Description">
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {step.description}
            </Text>
          </Input.Wrapper>
          {isText ? (
            <TextInput
              label={step.label || 'Value'}
              size="md"
              inputMode={isNumericStep(step) ? 'decimal' : undefined}
              value={input.value}
              error={errors.value}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setInput((i) => ({ ...i, value }));
              }}
              data-autofocus
            />
          ) : (
            <Input.Wrapper label="Is Done" id={`is-done-${step.id}`}>
              <SegmentedControl
                fullWidth
                size="md"
                aria-labelledby={`is-done-${step.id}-label`}
                data={IS_DONE_CHOICES}
                value={input.isDone}
                onChange={(v) => setInput((i) => ({ ...i, isDone: v }))}
              />
            </Input.Wrapper>
          )}
          <Textarea
            label="Notes"
            required
            autosize
            maxRows={6}
            maxLength={1000}
            size="md"
            value={input.comment}
            error={errors.comment}
            onChange={(e) => {
              const comment = e.currentTarget.value;
              setInput((i) => ({ ...i, comment }));
              setErrors((er) => ({ ...er, comment: undefined }));
            }}
          />
          <ClockModalFooter>
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" size="md">
              Update
            </Button>
          </ClockModalFooter>
        </Stack>
      </form>
    </ClockModal>
  );
}
