import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { ColorField, EntryFormFrame, RepeatField, TimingFields, useEntryForm } from './entry-form-parts';
import { WorkOrderPicker } from './work-order-picker';
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
  const item = mode.kind === 'new' ? null : mode.item;
  const { values, errors, set, submit, remove, isDeleting } = useEntryForm({
    initial,
    validate: (v) => validateForm(v, mode),
    save: (v) => actions.saveForm(bodyOfForm(v, mode), mode),
    remove: mode.kind === 'new' ? null : () => actions.deleteItem(mode),
    onClose,
  });

  return (
    <EntryFormFrame title={TITLES[mode.kind]} kind={mode.kind} onClose={onClose} onSubmit={submit} onDelete={item && remove} isDeleting={isDeleting} isSaving={actions.isSaving}>
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
      <TimingFields values={values} errors={errors} set={set} />
      <Group gap="lg" py={2}>
        <Checkbox label="All day" checked={values.isAllDay} onChange={(e) => set('isAllDay', e.currentTarget.checked)} />
        <Checkbox label="Appointment" checked={values.isAppointment} onChange={(e) => set('isAppointment', e.currentTarget.checked)} />
        <Checkbox label="No visit required" checked={values.noVisitRequired} onChange={(e) => set('noVisitRequired', e.currentTarget.checked)} />
      </Group>
      <ColorField value={values.colorClass} error={errors.colorClass} onChange={(c) => set('colorClass', c)} />
      <RepeatField canRepeat={canRepeat(mode)} kind={mode.kind} values={values} errors={errors} set={set} />
      {item && <ScheduleHistory schedulerId={item.id} technicians={technicians} />}
    </EntryFormFrame>
  );
}

function WorkOrderPickerField({ mode, values, errors, onChange }: { mode: FormMode; values: ScheduleFormValues; errors: ScheduleFormErrors; onChange: (id: number | null) => void }) {
  const item = mode.kind === 'new' ? null : mode.item;
  const known = item?.workOrderId && item.workOrderNumber ? { workOrderId: item.workOrderId, workOrderNumber: item.workOrderNumber, customerName: item.workOrderCustomer ?? '' } : null;
  return <WorkOrderPicker value={values.workOrderId} onChange={onChange} technicianId={values.technicianId} known={known} error={errors.workOrderId} />;
}
