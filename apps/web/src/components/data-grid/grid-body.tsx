import { Stack, Table, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import type { GridColumn } from './grid-types';

interface GridBodyProps<Row> {
  columns: GridColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  isLoading: boolean;
  isError: boolean;
  onRowClick?: (row: Row) => void;
}

function cellContent<Row>(column: GridColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const value = row[column.field];
  return value === null || value === undefined ? '' : String(value);
}

const CELL_STYLE = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The full text of a plain cell, shown on hover when the column is too narrow. */
function cellTitle<Row>(column: GridColumn<Row>, row: Row): string | undefined {
  if (column.render) return undefined;
  const value = row[column.field];
  return value === null || value === undefined ? undefined : String(value);
}

function Message({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Stack align="center" gap={4} py="xl" c="dimmed">
          <IconDatabaseOff size={28} aria-hidden />
          <Text size="sm">{children}</Text>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function GridBodyInner<Row>({ columns, rows, rowKey, isLoading, isError, onRowClick }: GridBodyProps<Row>) {
  const colSpan = Math.max(columns.length, 1);
  let content: ReactNode;
  if (rows && rows.length > 0) {
    content = rows.map((row) => (
      <Table.Tr
        key={rowKey(row)}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
        style={onRowClick ? { cursor: 'pointer' } : undefined}
      >
        {columns.map((column) => (
          <Table.Td key={column.field} title={cellTitle(column, row)} style={CELL_STYLE}>
            {cellContent(column, row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (isError && !rows) {
    content = <Message colSpan={colSpan}>The records could not be loaded.</Message>;
  } else if (isLoading && !rows) {
    content = <Message colSpan={colSpan}>Loading…</Message>;
  } else {
    content = <Message colSpan={colSpan}>No records found</Message>;
  }
  return <Table.Tbody>{content}</Table.Tbody>;
}

/** The rows; memoised so resizing a column does not re-render every cell. */
export const GridBody = memo(GridBodyInner) as typeof GridBodyInner;
