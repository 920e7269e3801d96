import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReferenceListKey } from '@sm/shared';
import { referenceRowsQuery } from './reference-list-api';

interface ReferenceRowSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  list: ReferenceListKey;
  value: unknown;
  onChange: (id: number | null) => void;
}

/** Picks a row of a company's reference list by its id; retired rows are offered only when already chosen. */
export function ReferenceRowSelect({ list, value, onChange, ...props }: ReferenceRowSelectProps) {
  const rows = useQuery(referenceRowsQuery(list));
  const data = (rows.data ?? []).filter((r) => r.isActive !== false || r.id === value).map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <Select
      {...props}
      data={data}
      value={value == null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      searchable
      nothingFoundMessage={rows.isPending ? 'Loading...' : 'No Options'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
