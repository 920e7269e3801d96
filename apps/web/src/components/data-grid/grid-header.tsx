import { Table } from '@mantine/core';
import type { GridFilter } from '@sm/shared';
import { GridHeaderCell } from './grid-header-cell';
import { DEFAULT_COLUMN_WIDTH, filterFieldOf, type GridColumn, type GridState } from './grid-types';
import type { GridController } from './use-grid-state';

interface GridHeaderProps<Row> {
  columns: GridColumn<Row>[];
  request: GridState;
  widths: Record<string, number>;
  grid: GridController;
}

/** The header row: one cell per column in the user's order. */
export function GridHeader<Row>({ columns, request, widths, grid }: GridHeaderProps<Row>) {
  const filters: GridFilter[] = request.filter?.filters ?? [];
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => (
          <GridHeaderCell
            key={column.field}
            column={column}
            width={widths[column.field] ?? column.width ?? DEFAULT_COLUMN_WIDTH}
            sortDir={request.sort.find((s) => s.field === column.field)?.dir}
            filter={filters.find((f) => f.field === filterFieldOf(column))}
            canMoveLeft={index > 0}
            canMoveRight={index < columns.length - 1}
            onToggleSort={() => grid.toggleSort(column.field)}
            onSort={(dir) => grid.setSort(column.field, dir)}
            onFilter={(filter) => grid.setFilter(filterFieldOf(column), filter)}
            onMove={(step) => grid.moveColumn(column.field, step)}
            onDropColumn={(dragged) => grid.moveColumn(dragged, column.field)}
            onResize={(width) => grid.setWidth(column.field, width)}
            onHide={columns.length > 1 ? () => grid.setHiddenColumn(column.field, true) : undefined}
          />
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
