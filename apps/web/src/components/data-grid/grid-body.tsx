import { Table } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { cellContent, cellTitle, emptyMessage, GridMessage } from './grid-cell';
import type { GridColumn } from './grid-types';

interface GridBodyProps<Row> {
  columns: GridColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  isLoading: boolean;
  isError: boolean;
  onRowClick?: (row: Row) => void;
}

const CELL_STYLE = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function GridBodyInner<Row>({ columns, rows, rowKey, isLoading, isError, onRowClick }: GridBodyProps<Row>) {
  const message = emptyMessage(rows, isLoading, isError);
  let content: ReactNode;
  if (message !== null || !rows) {
    content = (
      <Table.Tr>
        <Table.Td colSpan={Math.max(columns.length, 1)}>
          <GridMessage>{message}</GridMessage>
        </Table.Td>
      </Table.Tr>
    );
  } else {
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
  }
  return <Table.Tbody>{content}</Table.Tbody>;
}

/** The rows; memoised so resizing a column does not re-render every cell. */
export const GridBody = memo(GridBodyInner) as typeof GridBodyInner;
