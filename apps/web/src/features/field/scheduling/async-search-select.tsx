import { Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchDebounce } from '../../../lib/debounce';

interface AsyncSearchSelectProps<Known, Row extends Known, Key extends QueryKey> {
  label: string;
  placeholder: string;
  required?: boolean;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The whole row chosen (or null when cleared), for a form that copies its values. */
  onPick?: (row: Known | null) => void;
  /** The server's rows for what was typed (already debounced); the chosen one should come back first. */
  queryOf: (search: string) => UseQueryOptions<Row[], Error, Row[], Key>;
  idOf: (row: Known) => number;
  labelOf: (row: Known) => string;
  /** The dimmed line under an option, if any. */
  detailOf: (row: Known) => string | undefined;
  /** Lines the detail may take before it is cut. */
  detailLines?: number;
  /** What the form already knows about its choice, so the choice shows before the list arrives. */
  known?: Known | null;
  error?: string;
}

/**
 * A searchable select that asks the server for its options 400 ms after the last key (spec platform 5.5, 9),
 * keeping the chosen one in the list: the work order of a schedule item, the customer of a sales task.
 */
export function AsyncSearchSelect<Known, Row extends Known, Key extends QueryKey>(props: AsyncSearchSelectProps<Known, Row, Key>) {
  const { value, onChange, idOf, labelOf, detailOf, known } = props;
  const [search, setSearch] = useState('');
  const labels = useRef(new Map<number, Known>(known ? [[idOf(known), known]] : []));
  const chosen = value === null ? undefined : labels.current.get(value);
  // The select shows the chosen label in its search box: that is not a search.
  const typed = chosen && search === labelOf(chosen) ? '' : search;
  const debounced = useSearchDebounce(typed);
  const query = useQuery({ ...props.queryOf(debounced), placeholderData: keepPreviousData });
  for (const row of query.data ?? []) labels.current.set(idOf(row), row);

  const rows = query.data ?? [];
  const data = rows.map((row) => ({ value: String(idOf(row)), label: labelOf(row) }));
  if (chosen && !rows.some((row) => idOf(row) === value)) data.unshift({ value: String(value), label: labelOf(chosen) });
  const detailOfOption = (id: string) => {
    const row = labels.current.get(Number(id));
    return row ? detailOf(row) : undefined;
  };

  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      required={props.required}
      searchable
      clearable
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => {
        onChange(v ? Number(v) : null);
        props.onPick?.(v ? (labels.current.get(Number(v)) ?? null) : null);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? 'Loading...' : 'No Options'}
      maxDropdownHeight={280}
      error={props.error}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          {detailOfOption(option.value) && (
            <Text size="xs" c="dimmed" lineClamp={props.detailLines}>
              {detailOfOption(option.value)}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
