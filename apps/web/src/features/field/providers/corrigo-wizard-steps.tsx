import { Checkbox, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CORRIGO_COMMENT_MAX, CORRIGO_COMMENT_MIN, type CorrigoCustomerSettings, type CorrigoCustomField, type CorrigoWrapperData } from '@sm/shared';
import { answerKey, isRepairRequired, showsRepairFields, statusOptions } from './corrigo-wizard-form';
import type { CorrigoWizard } from './use-corrigo-wizard';

interface StepProps {
  wizard: CorrigoWizard;
  settings: CorrigoCustomerSettings;
}

/**
 * The provider status the technician leaves the work order in, and a comment: on the wizard's first step, whichever
 * step that is (see `wizardSteps`).
 */
export function StatusFields({ wizard, wrapper }: { wizard: CorrigoWizard; wrapper: CorrigoWrapperData }) {
  const { values, errors, setValue } = wizard;
  return (
    <Stack gap="sm">
      <Select
        label="Status"
        placeholder="Choose the status"
        required
        allowDeselect={false}
        checkIconPosition="right"
        size="md"
        data={statusOptions(wrapper)}
        value={values.status}
        error={errors.status}
        onChange={(v) => setValue('status', v as typeof values.status)}
      />
      {values.status === 'Paused' && (
        <Text size="sm" c="dimmed">
          {wizard.isLast ? 'Finish' : 'Next'} saves the pause at once.
        </Text>
      )}
      <Textarea
        label="Comment"
        description={`At least ${CORRIGO_COMMENT_MIN} characters.`}
        required
        autosize
        maxRows={8}
        maxLength={CORRIGO_COMMENT_MAX}
        size="md"
        value={values.comment}
        error={errors.comment}
        onChange={(e) => setValue('comment', e.currentTarget.value)}
      />
    </Stack>
  );
}

/**
 * Step 1 of a customer that requires repair codes: the status and comment, then the repair category and sub
 * category (required for Completed).
 */
export function RepairStep({ wizard, settings, wrapper }: StepProps & { wrapper: CorrigoWrapperData }) {
  const { values, errors, setValue } = wizard;
  const categories = settings.repairCategories;
  const codes = categories.find((c) => String(c.id) === values.categoryId)?.codes ?? [];
  const isRepairNeeded = isRepairRequired(settings, values.status);
  return (
    <Stack gap="sm">
      <StatusFields wizard={wizard} wrapper={wrapper} />
      {showsRepairFields(settings) && (
        <>
          <Select
            label="Repair Category"
            placeholder={categories.length > 0 ? 'Choose a category' : 'No repair categories'}
            required={isRepairNeeded}
            searchable
            clearable={!isRepairNeeded}
            checkIconPosition="right"
            size="md"
            data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={values.categoryId}
            error={errors.categoryId}
            onChange={(v) => setValue('categoryId', v)}
          />
          <Select
            label="Repair Sub Category"
            placeholder={values.categoryId ? 'Choose a sub category' : 'Choose a category first'}
            required={isRepairNeeded}
            searchable
            clearable={!isRepairNeeded}
            checkIconPosition="right"
            size="md"
            disabled={!values.categoryId}
            data={codes.map((c) => ({ value: String(c.id), label: c.name }))}
            value={values.codeId}
            error={errors.codeId}
            onChange={(v) => setValue('codeId', v)}
          />
        </>
      )}
    </Stack>
  );
}

/** One question, with the input its data type calls for; choice values are offered exactly as the provider spells them. */
function CustomFieldInput({ field, value, error, onChange }: { field: CorrigoCustomField; value: string; error?: string; onChange: (v: string) => void }) {
  const common = { label: field.labelText, required: field.isRequired, error, size: 'md' as const };
  if (field.type === 'Bool') {
    return <Checkbox label={field.labelText} size="md" checked={value === 'true'} error={error} onChange={(e) => onChange(String(e.currentTarget.checked))} />;
  }
  if (field.values.length > 0) {
    return (
      <Select
        {...common}
        placeholder="Choose a value"
        clearable={!field.isRequired}
        checkIconPosition="right"
        data={field.values}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
      />
    );
  }
  if (field.type === 'Integer' || field.type === 'Float' || field.type === 'Money') {
    return (
      <NumberInput
        {...common}
        allowDecimal={field.type !== 'Integer'}
        decimalScale={field.type === 'Money' ? 2 : undefined}
        prefix={field.type === 'Money' && field.currency === 'USD' ? '$' : undefined}
        rightSection={field.type === 'Money' && field.currency && field.currency !== 'USD' ? <Text size="xs">{field.currency}</Text> : undefined}
        hideControls
        value={value}
        onChange={(v) => onChange(String(v))}
      />
    );
  }
  const type = field.type === 'Date' ? 'date' : field.type === 'Time' ? 'time' : field.type === 'Url' ? 'url' : field.type === 'PhoneNumber' ? 'tel' : 'text';
  return (
    <TextInput
      {...common}
      type={type}
      maxLength={field.dataLength ?? undefined}
      inputMode={type === 'tel' ? 'tel' : undefined}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** Step 2: the customer's custom questions. */
export function QuestionsStep({ wizard, settings }: StepProps) {
  return (
    <Stack gap="sm">
      {settings.customFields.map((field) => (
        <CustomFieldInput
          key={field.id}
          field={field}
          value={wizard.values.answers[field.id] ?? ''}
          error={wizard.errors[answerKey(field.id)]}
          onChange={(v) => wizard.setAnswer(field.id, v)}
        />
      ))}
    </Stack>
  );
}
