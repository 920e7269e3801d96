import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReferenceListKey } from '@sm/shared';
import { referenceItemGlGroupsQuery, referenceRowsQuery, referenceUsersQuery, type ChoiceSource } from './reference-list-api';

interface ReferenceRowSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  list: ReferenceListKey;
  /** Picks a user of the company or an item GL group (the ones `list` may name) instead of a row of the list. */
  source?: ChoiceSource;
  value: unknown;
  onChange: (id: number | null) => void;
}

/**
 * Picks a row of a company's reference list by its id, or a user of the company or an item GL group the list's rows
 * may name; retired rows and inactive users are offered only when already chosen.
 */
export function ReferenceRowSelect({ list, source = 'rows', value, onChange, ...props }: ReferenceRowSelectProps) {
  const listRows = useQuery(referenceRowsQuery(list, source === 'rows'));
  const userRows = useQuery(referenceUsersQuery(list, source === 'users'));
  const groupRows = useQuery(referenceItemGlGroupsQuery(list, source === 'itemGlGroups'));
  const rows = source === 'users' ? userRows : source === 'itemGlGroups' ? groupRows : listRows;
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
