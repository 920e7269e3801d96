import { MultiSelect, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { WORK_ORDER_PRIORITIES, WORK_ORDER_PROBLEM_MAX, type WorkOrderPriority } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { schedulerTechniciansQuery } from '../../../field/scheduling/scheduler-api';
import { MONEY_INPUT } from '../../../../components/number-inputs';
import { numberOrUndefined, type FieldErrors } from '../../../../lib/schema-form';
import { workOrderClassesQuery } from './office-api';

/** What the create form and the edit dialog hold while a person types. */
export interface HeaderValues {
  problem: string;
  nte: number | string;
  priority: WorkOrderPriority;
  workOrderClassId: string | null;
  poNumber: string;
  providerReference: string;
}

export const EMPTY_HEADER: HeaderValues = { problem: '', nte: '', priority: 'Normal', workOrderClassId: null, poNumber: '', providerReference: '' };

/** The header as a body carries it: empty NTE and class are none. */
export function headerBody(v: HeaderValues) {
  return {
    problem: v.problem,
    nte: numberOrUndefined(v.nte) ?? null,
    priority: v.priority,
    workOrderClassId: v.workOrderClassId ? Number(v.workOrderClassId) : null,
    poNumber: v.poNumber,
    providerReference: v.providerReference,
  };
}

interface HeaderFieldsProps {
  values: HeaderValues;
  errors: FieldErrors;
  set: <K extends keyof HeaderValues>(field: K, value: HeaderValues[K]) => void;
  /** The class the work order has now, offered even when it is retired. */
  currentClass?: { workOrderClassId: number | null; workOrderClassName: string | null };
}

/** Problem, NTE, priority, class, PO number and provider reference: the create form and the Edit dialog share them. */
export function HeaderFields({ values, errors, set, currentClass }: HeaderFieldsProps) {
  const classes = useQuery(workOrderClassesQuery);
  const classOptions = (classes.data ?? []).map((c) => ({ value: String(c.workOrderClassId), label: c.workOrderClassName }));
  if (currentClass?.workOrderClassId && !classOptions.some((o) => o.value === String(currentClass.workOrderClassId))) {
    classOptions.push({ value: String(currentClass.workOrderClassId), label: currentClass.workOrderClassName ?? 'Retired class' });
  }
  return (
    <>
      <Textarea
        label="Problem"
        required
        autosize
        maxLength={WORK_ORDER_PROBLEM_MAX}
        value={values.problem}
        onChange={(e) => set('problem', e.currentTarget.value)}
        error={errors.problem}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput {...MONEY_INPUT} size="sm" label="NTE" value={values.nte} onChange={(v) => set('nte', v)} error={errors.nte} />
        <Select
          label="Priority"
          data={[...WORK_ORDER_PRIORITIES]}
          value={values.priority}
          onChange={(v) => v && set('priority', v as WorkOrderPriority)}
          allowDeselect={false}
          error={errors.priority}
        />
        <Select
          label="Class"
          placeholder={classes.isPending ? 'Loading...' : 'None'}
          data={classOptions}
          value={values.workOrderClassId}
          onChange={(v) => set('workOrderClassId', v)}
          clearable
          error={errors.workOrderClassId}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="PO Number" maxLength={50} value={values.poNumber} onChange={(e) => set('poNumber', e.currentTarget.value)} error={errors.poNumber} />
        <TextInput
          label="Provider Reference"
          maxLength={100}
          value={values.providerReference}
          onChange={(e) => set('providerReference', e.currentTarget.value)}
          error={errors.providerReference}
        />
      </SimpleGrid>
    </>
  );
}

/** The company's technicians to choose several of (the Scheduler's list: active technicians by name). */
export function TechniciansSelect({ value, onChange, error, known = [] }: { value: string[]; onChange: (ids: string[]) => void; error?: string; known?: { userId: number; name: string }[] }) {
  const technicians = useQuery(schedulerTechniciansQuery);
  const options = (technicians.data ?? []).map((t) => ({ value: String(t.technicianId), label: t.name }));
  for (const k of known) if (!options.some((o) => o.value === String(k.userId))) options.push({ value: String(k.userId), label: k.name });
  return (
    <MultiSelect
      label="Technicians"
      placeholder={technicians.isPending ? 'Loading...' : value.length === 0 ? 'Choose technicians' : undefined}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={technicians.isError ? 'The technicians could not be loaded' : 'No Options'}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
