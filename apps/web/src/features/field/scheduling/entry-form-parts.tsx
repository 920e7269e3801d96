import { Alert, Button, Chip, ColorSwatch, Group, Input, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { TASK_COLORS, type TaskColor } from '@sm/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { notifyError } from '../../../lib/notify';
import { ClockModal, ClockModalFooter, useIsPhone } from '../clock/clock-modal';
import type { EntryFormErrors, EntryFormKind, TimingFormValues } from './calendar-entry';
import { RecurrenceEditor } from './recurrence-editor';
import { COLOR_HEX } from './schedule-events';

// The schedule form and the sales task form differ in their first fields only: the frame, the timing, the colour
// and the repeat are these shared parts.

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Sets one field of the form and clears its errors (and its sub-fields' errors, like 'recurrence.count'). */
export type SetField<V> = <K extends keyof V>(field: K, value: V[K]) => void;

/**
 * The state and flows of an entry form: its values, its errors, Save (checked first, the first error toasted, the
 * form closed once saved) and Delete (closed once deleted).
 */
export function useEntryForm<V extends TimingFormValues>(options: {
  initial: V;
  validate: (values: V) => EntryFormErrors;
  save: (values: V) => Promise<boolean>;
  remove: (() => Promise<boolean>) | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<EntryFormErrors>({});
  const [isDeleting, setIsDeleting] = useState(false);

  const set: SetField<V> = (field, value) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      const prefix = String(field);
      const kept = Object.entries(e).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`));
      return kept.length === Object.keys(e).length ? e : Object.fromEntries(kept);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = options.validate(values);
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) return void notifyError(first);
    if (await options.save(values)) options.onClose();
  };

  const remove = async () => {
    if (!options.remove) return;
    setIsDeleting(true);
    const deleted = await options.remove();
    setIsDeleting(false);
    if (deleted) options.onClose();
  };

  return { values, errors, set, submit, remove, isDeleting };
}

interface EntryFormFrameProps {
  title: string;
  kind: EntryFormKind;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** Delete for a stored entry; null for a new one. */
  onDelete: (() => void) | null;
  isDeleting: boolean;
  isSaving: boolean;
  children: ReactNode;
}

/** The dialog of an entry form: its fields, then Delete (for a stored entry), Cancel and Save. */
export function EntryFormFrame({ title, kind, onClose, onSubmit, onDelete, isDeleting, isSaving, children }: EntryFormFrameProps) {
  const isPhone = useIsPhone();
  return (
    <ClockModal opened onClose={onClose} title={title} size={620}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          <ClockModalFooter>
            {onDelete && (
              <Button variant="subtle" color="red" onClick={onDelete} loading={isDeleting} mr={isPhone ? undefined : 'auto'}>
                {kind === 'occurrence' ? 'Delete occurrence' : kind === 'series' ? 'Delete series' : 'Delete'}
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              Save
            </Button>
          </ClockModalFooter>
        </Stack>
      </form>
    </ClockModal>
  );
}

interface FieldsProps<V extends TimingFormValues> {
  values: V;
  errors: EntryFormErrors;
  set: SetField<V>;
}

/** Start (a date for an all-day entry) and duration. */
export function TimingFields<V extends TimingFormValues>({ values, errors, set }: FieldsProps<V>) {
  // The generic setter cannot see that V's timing fields are TimingFormValues' own.
  const setTiming = set as unknown as SetField<TimingFormValues>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {values.isAllDay ? (
        <TextInput
          type="date"
          label="Date"
          required
          value={values.start.slice(0, 10)}
          error={errors.start}
          onChange={(e) => setTiming('start', e.currentTarget.value ? `${e.currentTarget.value}T${values.start.slice(11) || '00:00'}` : '')}
        />
      ) : (
        <TextInput type="datetime-local" label="Start" required value={values.start} error={errors.start} onChange={(e) => setTiming('start', e.currentTarget.value)} />
      )}
      {!values.isAllDay && (
        <NumberInput
          label="Duration (hours)"
          required
          min={0}
          max={24}
          step={0.25}
          decimalScale={2}
          value={values.durationHours}
          error={errors.durationHours}
          onChange={(v) => setTiming('durationHours', v)}
        />
      )}
    </SimpleGrid>
  );
}

/** The task colours of spec clock 9 as chips. */
export function ColorField({ value, error, onChange }: { value: TaskColor; error?: string; onChange: (color: TaskColor) => void }) {
  return (
    <Input.Wrapper label="Colour" error={error}>
      <Chip.Group value={value} onChange={(v) => onChange(v as TaskColor)}>
        <Group gap={6} mt={4}>
          {TASK_COLORS.map((color) => (
            <Chip key={color} value={color} size="xs" color={COLOR_HEX[color]} variant="outline">
              <Group gap={6} wrap="nowrap" component="span">
                <ColorSwatch component="span" color={COLOR_HEX[color]} size={12} withShadow={false} />
                {capitalised(color)}
              </Group>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/** The repeat editor when the entry may repeat, a note when one occurrence is saved on its own, and the repeat's error. */
export function RepeatField<V extends TimingFormValues>({ canRepeat, kind, values, errors, set }: FieldsProps<V> & { canRepeat: boolean; kind: EntryFormKind }) {
  const setTiming = set as unknown as SetField<TimingFormValues>;
  return (
    <>
      {canRepeat ? (
        <RecurrenceEditor value={values.recurrence} onChange={(r) => setTiming('recurrence', r)} start={values.start} errors={errors} />
      ) : (
        kind === 'occurrence' && (
          <Alert variant="light" icon={<IconRepeat size={18} />} p="xs">
            <Text size="sm">Saved on its own: the rest of the series stays as it is.</Text>
          </Alert>
        )
      )}
      {errors.recurrence && (
        <Text size="sm" c="red" role="alert">
          {errors.recurrence}
        </Text>
      )}
    </>
  );
}
