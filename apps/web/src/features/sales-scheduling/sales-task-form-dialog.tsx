import { Alert, Button, Checkbox, Chip, ColorSwatch, Group, Input, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { TASK_COLORS, type TaskColor } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifyError } from '../../lib/notify';
import { ClockModal, ClockModalFooter, useIsPhone } from '../clock/clock-modal';
import { RecurrenceEditor } from '../scheduling/recurrence-editor';
import { COLOR_HEX } from '../scheduling/schedule-events';
import { CustomerSelect } from './customer-select';
import type { SalesPerson } from './sales-scheduler-api';
import { bodyOfForm, canRepeat, validateForm, type SalesFormMode, type SalesTaskFormErrors, type SalesTaskFormValues } from './sales-task-form';
import type { useSalesTaskActions } from './use-sales-task-actions';

const TITLES: Record<SalesFormMode['kind'], string> = {
  new: 'New Task',
  item: 'Task',
  series: 'Task: Whole Series',
  occurrence: 'Task: This Occurrence',
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface SalesTaskFormDialogProps {
  mode: SalesFormMode;
  initial: SalesTaskFormValues;
  salesPersons: SalesPerson[];
  actions: ReturnType<typeof useSalesTaskActions>;
  onClose: () => void;
}

/** The sales people to choose from, with the task's own sales person even when no longer offered. */
function salesPersonOptions(salesPersons: SalesPerson[], mode: SalesFormMode) {
  const options = salesPersons.map((p) => ({ value: String(p.salesPersonId), label: p.name }));
  const own = mode.kind === 'new' ? null : mode.task.salesPerson;
  if (own && !options.some((o) => o.value === String(own.id))) options.push({ value: String(own.id), label: own.name });
  return options;
}

/**
 * The scheduler task form (spec clock 3): title, customer, sales person, start, duration, all day, colour and the
 * repeat; Delete for a stored task. Checked with the shared schemas first (the first error is toasted); what only the
 * server can refuse comes back as its sentence.
 */
export function SalesTaskFormDialog({ mode, initial, salesPersons, actions, onClose }: SalesTaskFormDialogProps) {
  const isPhone = useIsPhone();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SalesTaskFormErrors>({});
  const [isDeleting, setIsDeleting] = useState(false);
  const task = mode.kind === 'new' ? null : mode.task;

  const set = <K extends keyof SalesTaskFormValues>(field: K, value: SalesTaskFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      const prefix = String(field);
      const kept = Object.entries(e).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`));
      return kept.length === Object.keys(e).length ? e : Object.fromEntries(kept);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateForm(values, mode);
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) return void notifyError(first);
    if (await actions.saveForm(bodyOfForm(values, mode), mode)) onClose();
  };

  const remove = async () => {
    if (mode.kind === 'new') return;
    setIsDeleting(true);
    const deleted = await actions.deleteTask(mode);
    setIsDeleting(false);
    if (deleted) onClose();
  };

  return (
    <ClockModal opened onClose={onClose} title={TITLES[mode.kind]} size={620}>
      <form onSubmit={submit} noValidate aria-label={TITLES[mode.kind]}>
        <Stack gap="sm">
          <TextInput label="Title" required maxLength={500} value={values.title} error={errors.title} data-autofocus onChange={(e) => set('title', e.currentTarget.value)} />
          <CustomerSelect
            value={values.customerId}
            onChange={(id) => set('customerId', id)}
            salesPersonId={values.salesPersonId}
            known={task ? { customerId: task.customerId, name: task.customerName } : null}
            error={errors.customerId}
          />
          <Select
            label="Sales person"
            required
            searchable
            data={salesPersonOptions(salesPersons, mode)}
            value={values.salesPersonId === null ? null : String(values.salesPersonId)}
            error={errors.salesPersonId}
            allowDeselect={false}
            onChange={(v) => set('salesPersonId', v ? Number(v) : null)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            {values.isAllDay ? (
              <TextInput
                type="date"
                label="Date"
                required
                value={values.start.slice(0, 10)}
                error={errors.start}
                onChange={(e) => set('start', e.currentTarget.value ? `${e.currentTarget.value}T${values.start.slice(11) || '00:00'}` : '')}
              />
            ) : (
              <TextInput type="datetime-local" label="Start" required value={values.start} error={errors.start} onChange={(e) => set('start', e.currentTarget.value)} />
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
                onChange={(v) => set('durationHours', v)}
              />
            )}
          </SimpleGrid>
          <Checkbox label="All day" checked={values.isAllDay} onChange={(e) => set('isAllDay', e.currentTarget.checked)} py={2} />
          <Input.Wrapper label="Colour" error={errors.color}>
            <Chip.Group value={values.color} onChange={(v) => set('color', v as TaskColor)}>
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
          {canRepeat(mode) ? (
            <RecurrenceEditor value={values.recurrence} onChange={(r) => set('recurrence', r)} start={values.start} errors={errors} />
          ) : (
            mode.kind === 'occurrence' && (
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
          <ClockModalFooter>
            {task && (
              <Button variant="subtle" color="red" onClick={remove} loading={isDeleting} mr={isPhone ? undefined : 'auto'}>
                {mode.kind === 'occurrence' ? 'Delete occurrence' : mode.kind === 'series' ? 'Delete series' : 'Delete'}
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={actions.isSaving}>
              Save
            </Button>
          </ClockModalFooter>
        </Stack>
      </form>
    </ClockModal>
  );
}
