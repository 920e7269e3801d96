import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { pickerWorkOrdersQuery, type SchedulerWorkOrder } from './scheduler-api';

/** Spec platform 9: an asynchronous select searches 400 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 400;

const labelOf = (w: Pick<SchedulerWorkOrder, 'workOrderNumber' | 'customerName'>) => `${w.workOrderNumber} · ${w.customerName}`;

interface WorkOrderPickerProps {
  value: number | null;
  onChange: (workOrderId: number | null) => void;
  /** The technician chosen in the form: their work orders are offered first. */
  technicianId: number | null;
  /** What the item already says about its work order, so the choice shows before the list arrives. */
  known?: { workOrderId: number; workOrderNumber: string; customerName: string } | null;
  error?: string;
}

/**
 * The work order of a schedule item: a searchable select that asks the server for open work orders by number,
 * customer or problem (up to 20), keeping the chosen one in the list.
 */
export function WorkOrderPicker({ value, onChange, technicianId, known, error }: WorkOrderPickerProps) {
  const [search, setSearch] = useState('');
  const labels = useRef(new Map<number, SchedulerWorkOrder | NonNullable<WorkOrderPickerProps['known']>>(known ? [[known.workOrderId, known]] : []));
  const chosen = value === null ? undefined : labels.current.get(value);
  // The select shows the chosen label in its search box: that is not a search.
  const typed = chosen && search === labelOf(chosen) ? '' : search;
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const query = useQuery({ ...pickerWorkOrdersQuery({ search: debounced, technicianId, workOrderId: value }), placeholderData: keepPreviousData });
  for (const w of query.data ?? []) labels.current.set(w.workOrderId, w);

  const rows = query.data ?? [];
  const data = rows.map((w) => ({ value: String(w.workOrderId), label: labelOf(w) }));
  if (chosen && !rows.some((w) => w.workOrderId === value)) data.unshift({ value: String(value), label: labelOf(chosen) });
  const problemOf = (id: string) => rows.find((w) => String(w.workOrderId) === id)?.problem;

  return (
    <Select
      label="Work order"
      placeholder="Search by number, customer or problem"
      searchable
      clearable
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? 'Loading...' : 'No Options'}
      maxDropdownHeight={280}
      error={error}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          {problemOf(option.value) && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {problemOf(option.value)}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
