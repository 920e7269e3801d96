import { Checkbox, Select, TextInput } from '@mantine/core';
import { ColorField, EntryFormFrame, RepeatField, TimingFields, useEntryForm } from '../scheduling/entry-form-parts';
import { CustomerSelect } from './customer-select';
import type { SalesPerson } from './sales-scheduler-api';
import { bodyOfForm, canRepeat, validateForm, type SalesFormMode, type SalesTaskFormValues } from './sales-task-form';
import type { useSalesTaskActions } from './use-sales-task-actions';

const TITLES: Record<SalesFormMode['kind'], string> = {
  new: 'New Task',
  item: 'Task',
  series: 'Task: Whole Series',
  occurrence: 'Task: This Occurrence',
};

interface SalesTaskFormDialogProps {
  mode: SalesFormMode;
  initial: SalesTaskFormValues;
  salesPersons: SalesPerson[];
  /** Who a new task is for when no one is chosen yet; known only once the sales people have arrived. */
  defaultSalesPersonId: number | null;
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
export function SalesTaskFormDialog({ mode, initial, salesPersons, defaultSalesPersonId, actions, onClose }: SalesTaskFormDialogProps) {
  const task = mode.kind === 'new' ? null : mode.task;
  // New may be pressed before the sales people have arrived: until someone is chosen, a new task is for the default
  // known by then, so the form names the caller as soon as the list is there.
  const withDefault = (v: SalesTaskFormValues): SalesTaskFormValues =>
    mode.kind === 'new' && v.salesPersonId === null ? { ...v, salesPersonId: defaultSalesPersonId } : v;
  const { values: chosen, errors, set, submit, remove, isDeleting } = useEntryForm({
    initial,
    validate: (v) => validateForm(withDefault(v), mode),
    save: (v) => actions.saveForm(bodyOfForm(withDefault(v), mode), mode),
    remove: mode.kind === 'new' ? null : () => actions.deleteTask(mode),
    onClose,
  });
  const values = withDefault(chosen);

  return (
    <EntryFormFrame title={TITLES[mode.kind]} kind={mode.kind} onClose={onClose} onSubmit={submit} onDelete={task && remove} isDeleting={isDeleting} isSaving={actions.isSaving}>
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
      <TimingFields values={values} errors={errors} set={set} />
      <Checkbox label="All day" checked={values.isAllDay} onChange={(e) => set('isAllDay', e.currentTarget.checked)} py={2} />
      <ColorField value={values.color} error={errors.color} onChange={(c) => set('color', c)} />
      <RepeatField canRepeat={canRepeat(mode)} kind={mode.kind} values={values} errors={errors} set={set} />
    </EntryFormFrame>
  );
}
