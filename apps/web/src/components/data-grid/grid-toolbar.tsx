import { Badge, Button, Group, Menu, Stack } from '@mantine/core';
import { IconEye, IconFilterOff, IconLayoutColumns } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { confirm } from '../confirm';
import { GridFiltersButton, GridSortControl } from './grid-phone-controls';
import type { GridColumn, GridState } from './grid-types';
import type { GridController } from './use-grid-state';

interface GridToolbarProps<Row> {
  columns: GridColumn<Row>[];
  /** Every declared column, hidden ones too. */
  allColumns: GridColumn<Row>[];
  request: GridState;
  grid: GridController;
  isPhone: boolean;
  /** The page's own controls, on the left. */
  children?: ReactNode;
}

/**
 * Above the rows: the page's controls, Clear filters and Reset layout. On a phone, where the headers are
 * gone, a row for sorting comes first, then the Filters button (with its own clear button) and Reset layout.
 */
export function GridToolbar<Row>({ columns, allColumns, request, grid, isPhone, children }: GridToolbarProps<Row>) {
  const filterCount = request.filter?.filters.length ?? 0;
  const hiddenColumns = allColumns.filter((c) => grid.hidden.includes(c.field));
  const hiddenMenu = hiddenColumns.length > 0 && (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<IconEye size={14} />}>
          Hidden columns ({hiddenColumns.length})
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Show again</Menu.Label>
        {hiddenColumns.map((c) => (
          <Menu.Item key={c.field} onClick={() => grid.setHiddenColumn(c.field, false)}>
            {c.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  const reset = async () => {
    if (await confirm({ title: 'Reset layout', message: 'Restore the default columns, widths, sorting and filters, on every device you use?' })) {
      grid.resetLayout();
    }
  };

  const resetButton = (
    <Button size="xs" variant="default" leftSection={<IconLayoutColumns size={14} />} onClick={() => void reset()}>
      Reset layout
    </Button>
  );

  if (!isPhone) {
    return (
      <Group justify="space-between" gap="xs">
        <Group gap="xs">{children}</Group>
        <Group gap="xs">
          {filterCount > 0 && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFilterOff size={14} />}
              rightSection={<Badge size="xs" circle>{filterCount}</Badge>}
              onClick={grid.clearFilters}
            >
              Clear filters
            </Button>
          )}
          {hiddenMenu}
          {resetButton}
        </Group>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      {children && <Group gap="xs">{children}</Group>}
      <GridSortControl columns={columns} request={request} grid={grid} />
      <Group justify="space-between" gap="xs">
        <GridFiltersButton columns={columns} request={request} grid={grid} />
        <Group gap="xs">
          {hiddenMenu}
          {resetButton}
        </Group>
      </Group>
    </Stack>
  );
}
