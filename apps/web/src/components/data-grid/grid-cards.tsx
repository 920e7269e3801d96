import { Card, DataList, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { cellContent, emptyMessage, GridMessage } from './grid-cell';
import type { GridColumn } from './grid-types';

interface GridCardsProps<Row> {
  /** Columns in the user's order: the first titles the card, the others are its label: value lines. */
  columns: GridColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  isLoading: boolean;
  isError: boolean;
  /** Accessible name of the list (the grid's label). */
  label: string;
  gridKey: string;
  isBusy: boolean;
  onRowClick?: (row: Row) => void;
}

/** Long values (problems, addresses, unbroken numbers) wrap inside the card instead of widening the page. */
const WRAP = { minWidth: 0, overflowWrap: 'anywhere' } as const;

function RowCard<Row>({ columns, row, onRowClick }: { columns: GridColumn<Row>[]; row: Row; onRowClick?: (row: Row) => void }) {
  const [first, ...rest] = columns;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="sm"
      data-grid-card
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      style={{ listStyle: 'none', cursor: onRowClick ? 'pointer' : undefined }}
    >
      {first && (
        <Text fw={600} size="md" mb={6} style={WRAP} data-field={first.field}>
          <Text span size="xs" c="dimmed" fw={500} mr={6}>
            {first.title}
          </Text>
          {cellContent(first, row)}
        </Text>
      )}
      <DataList size="sm" gap={4} labelWidth={84}>
        {rest.map((column) => (
          <DataList.Item key={column.field} data-field={column.field}>
            <DataList.ItemLabel style={{ flexShrink: 0 }}>{column.title}</DataList.ItemLabel>
            <DataList.ItemValue style={WRAP}>{cellContent(column, row)}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Card>
  );
}

function GridCardsInner<Row>(props: GridCardsProps<Row>) {
  const { columns, rows, rowKey, isLoading, isError, label, gridKey, isBusy, onRowClick } = props;
  const message = emptyMessage(rows, isLoading, isError);
  if (message !== null || !rows) {
    return (
      <Paper withBorder radius="md" role="status" aria-label={label} aria-busy={isBusy} data-grid={gridKey}>
        <GridMessage>{message}</GridMessage>
      </Paper>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label={label} aria-busy={isBusy} data-grid={gridKey}>
      {rows.map((row) => (
        <RowCard key={rowKey(row)} columns={columns} row={row} onRowClick={onRowClick} />
      ))}
    </Stack>
  );
}

/**
 * The phone layout of the grid's rows: one card per row, every visible column on its own wrapping line, so a
 * technician reads the whole problem without scrolling sideways.
 */
export const GridCards = memo(GridCardsInner) as typeof GridCardsInner;
