import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@sm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { salesCustomersQuery, type SalesCustomer } from './sales-scheduler-api';

type Known = Pick<SalesCustomer, 'customerId' | 'name'> & { city?: string };

interface CustomerSelectProps {
  value: number | null;
  onChange: (customerId: number | null) => void;
  /** The sales person chosen in the form: customers they already have tasks with are offered first. */
  salesPersonId: number | null;
  /** What the task already says about its customer, so the choice shows before the list arrives. */
  known?: Known | null;
  error?: string;
}

/**
 * The customer of a sales task: a searchable select that asks the server for the company's customers by name or
 * city (up to 20) 400 ms after the last key (spec platform 5.5), keeping the chosen one in the list.
 */
export function CustomerSelect({ value, onChange, salesPersonId, known, error }: CustomerSelectProps) {
  const [search, setSearch] = useState('');
  const labels = useRef(new Map<number, Known>(known ? [[known.customerId, known]] : []));
  const chosen = value === null ? undefined : labels.current.get(value);
  // The select shows the chosen name in its search box: that is not a search.
  const typed = chosen && search === chosen.name ? '' : search;
  const [debounced] = useDebouncedValue(typed, AUTOCOMPLETE_DEBOUNCE_MS);
  const query = useQuery({ ...salesCustomersQuery({ search: debounced, customerId: value, salesPersonId }), placeholderData: keepPreviousData });
  for (const c of query.data ?? []) labels.current.set(c.customerId, c);

  const rows = query.data ?? [];
  const data = rows.map((c) => ({ value: String(c.customerId), label: c.name }));
  if (chosen && !rows.some((c) => c.customerId === value)) data.unshift({ value: String(value), label: chosen.name });
  const cityOf = (id: string) => labels.current.get(Number(id))?.city;

  return (
    <Select
      label="Customer"
      placeholder="Search by name or city"
      required
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
          {cityOf(option.value) && (
            <Text size="xs" c="dimmed">
              {cityOf(option.value)}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
