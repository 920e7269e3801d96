import { Alert, Button, Checkbox, Chip, ColorSwatch, Group, Input, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { TASK_COLORS } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifyError } from '../../lib/notify';
import { ClockModal, ClockModalFooter, useIsPhone } from '../clock/clock-modal';
import { RecurrenceEditor } from './recurrence-editor';
import { WorkOrderPicker } from './work-order-picker';
import { COLOR_HEX } from './schedule-events';
import { bodyOfForm, canRepeat, validateForm, type FormMode, type ScheduleFormErrors, type ScheduleFormValues } from './schedule-form';
import { ScheduleHistory } from './schedule-history';
import type { SchedulerTechnician } from './scheduler-api';
import type { useScheduleActions } from './use-schedule-actions';

const TITLES: Record<FormMode['kind'], string> = {
  new: 'New Schedule Item',
  item: 'Schedule Item',
  series: 'Schedule Item: Whole Series',
  occurrence: 'Schedule Item: This Occurrence',
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface ScheduleFormDialogProps {
  mode: FormMode;
  initial: ScheduleFormValues;
  technicians: SchedulerTechnician[];
  actions: ReturnType<typeof useScheduleActions>;
  onClose: () => void;
}

/** The technicians to choose from, with the item's own technician even when no longer active. */
function technicianOptions(technicians: SchedulerTechnician[], mode: FormMode) {
  const options = technicians.map((t) => ({ value: String(t.technicianId), label: t.name }));
  const own = mode.kind === 'new' ? null : mode.item.technician;
  if (own && !options.some((o) => o.value === String(own.id))) options.push({ value: String(own.id), label: own.name });
  return options;
}

/**
 * The schedule form (spec platform 3.4): task, work order, technician, start, duration, all day, appointment, no
 * visit required, colour and the repeat; the item's history below; Delete for a stored item. Checked with the
 * shared schemas first (the first error is toasted); what only the server can refuse comes back as its sentence.
 */
export function ScheduleFormDialog({ mode, initial, technicians, actions, onClose }: ScheduleFormDialogProps) {
  const isPhone = useIsPhone();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const [isDeleting, setIsDeleting] = useState(false);
  const item = mode.kind === 'new' ? null : mode.item;

  const set = <K extends keyof ScheduleFormValues>(field: K, value: ScheduleFormValues[K]) => {
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
    const deleted = await actions.deleteItem(mode);
    setIsDeleting(false);
    if (deleted) onClose();
  };

  return (
    <ClockModal opened onClose={onClose} title={TITLES[mode.kind]} size={620}>
      <form onSubmit={submit} noValidate aria-label={TITLES[mode.kind]}>
        <Stack gap="sm">
          <TextInput label="Task" maxLength={500} value={values.task} error={errors.task} data-autofocus onChange={(e) => set('task', e.currentTarget.value)} />
          <WorkOrderPickerField mode={mode} values={values} errors={errors} onChange={(id) => set('workOrderId', id)} />
          <Select
            label="Technician"
            placeholder="Nobody yet"
            searchable
            clearable
            data={technicianOptions(technicians, mode)}
            value={values.technicianId === null ? null : String(values.technicianId)}
            error={errors.technicianId}
            onChange={(v) => set('technicianId', v ? Number(v) : null)}
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
          <Group gap="lg" py={2}>
            <Checkbox label="All day" checked={values.isAllDay} onChange={(e) => set('isAllDay', e.currentTarget.checked)} />
            <Checkbox label="Appointment" checked={values.isAppointment} onChange={(e) => set('isAppointment', e.currentTarget.checked)} />
            <Checkbox label="No visit required" checked={values.noVisitRequired} onChange={(e) => set('noVisitRequired', e.currentTarget.checked)} />
          </Group>
          <Input.Wrapper label="Colour" error={errors.colorClass}>
            <Chip.Group value={values.colorClass} onChange={(v) => set('colorClass', v as ScheduleFormValues['colorClass'])}>
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
          {item && <ScheduleHistory schedulerId={item.id} technicians={technicians} />}
          <ClockModalFooter>
            {item && (
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

function WorkOrderPickerField({ mode, values, errors, onChange }: { mode: FormMode; values: ScheduleFormValues; errors: ScheduleFormErrors; onChange: (id: number | null) => void }) {
  const item = mode.kind === 'new' ? null : mode.item;
  const known = item?.workOrderId && item.workOrderNumber ? { workOrderId: item.workOrderId, workOrderNumber: item.workOrderNumber, customerName: item.workOrderCustomer ?? '' } : null;
  return <WorkOrderPicker value={values.workOrderId} onChange={onChange} technicianId={values.technicianId} known={known} error={errors.workOrderId} />;
}
