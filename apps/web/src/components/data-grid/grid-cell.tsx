import { Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { GridColumn } from './grid-types';

/** What a cell shows: the column's renderer, or the field's value as text. Shared by table rows and phone cards. */
export function cellContent<Row>(column: GridColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const value = row[column.field];
  return value === null || value === undefined ? '' : String(value);
}

/** The full text of a plain cell, shown on hover when the column is too narrow. */
export function cellTitle<Row>(column: GridColumn<Row>, row: Row): string | undefined {
  if (column.render) return undefined;
  const value = row[column.field];
  return value === null || value === undefined ? undefined : String(value);
}

/** The sentence to show instead of rows (failed, loading, empty), or null when there are rows to show. */
export function emptyMessage(rows: unknown[] | undefined, isLoading: boolean, isError: boolean): string | null {
  if (rows && rows.length > 0) return null;
  if (isError && !rows) return 'The records could not be loaded.';
  if (isLoading && !rows) return 'Loading…';
  return 'No records found';
}

/** The icon and sentence shown where rows would be, in the table and in the card list alike. */
export function GridMessage({ children }: { children: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl" c="dimmed">
      <IconDatabaseOff size={28} aria-hidden />
      <Text size="sm">{children}</Text>
    </Stack>
  );
}
