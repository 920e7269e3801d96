import { ActionIcon, Badge, Button, Group, Select } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconFilter, IconFilterOff } from '@tabler/icons-react';
import type { GridFilter } from '@sm/shared';
import { GridFilterDrawer } from './grid-filter-drawer';
import type { GridColumn, GridState } from './grid-types';
import type { GridController } from './use-grid-state';

interface PhoneControlProps<Row> {
  columns: GridColumn<Row>[];
  request: GridState;
  grid: GridController;
}

/**
 * Sorting on a phone, where there are no column headers: a 'Sort by' select of the sortable columns and a
 * button flipping the direction. Clearing the select leaves the order to the server.
 */
export function GridSortControl<Row>({ columns, request, grid }: PhoneControlProps<Row>) {
  const sortable = columns.filter((c) => c.sortable);
  if (sortable.length === 0) return null;
  const sort = request.sort[0];
  const dirLabel = sort?.dir === 'desc' ? 'descending' : 'ascending';
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label="Sort by"
        placeholder="Sort by"
        data={sortable.map((c) => ({ value: c.field, label: c.title }))}
        value={sort?.field ?? null}
        onChange={(field) => grid.setSort(field ?? '', field ? (sort?.dir ?? 'asc') : null)}
        clearable
        size="sm"
        flex={1}
        miw={0}
        leftSection={<IconArrowsSort size={16} aria-hidden />}
        comboboxProps={{ withinPortal: true }}
      />
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={`Sort direction: ${dirLabel}`}
        title={sort ? `Sorted ${dirLabel}` : 'Choose a column to sort by'}
        disabled={!sort}
        onClick={() => sort && grid.setSort(sort.field, sort.dir === 'asc' ? 'desc' : 'asc')}
      >
        {sort?.dir === 'desc' ? <IconArrowDown size={18} /> : <IconArrowUp size={18} />}
      </ActionIcon>
    </Group>
  );
}

/**
 * Filtering on a phone: a 'Filters' button, with the count of active filters, opening the filters drawer;
 * a clear button beside it while filters are active.
 */
export function GridFiltersButton<Row>({ columns, request, grid }: PhoneControlProps<Row>) {
  const [opened, drawer] = useDisclosure(false);
  if (!columns.some((c) => c.filter)) return null;
  const filters: GridFilter[] = request.filter?.filters ?? [];
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        variant={filters.length > 0 ? 'light' : 'default'}
        size="xs"
        leftSection={<IconFilter size={14} aria-hidden />}
        rightSection={filters.length > 0 ? <Badge size="xs" circle>{filters.length}</Badge> : undefined}
        onClick={drawer.open}
      >
        Filters
      </Button>
      {filters.length > 0 && (
        <ActionIcon variant="light" size={30} aria-label="Clear filters" title="Clear filters" onClick={grid.clearFilters}>
          <IconFilterOff size={14} />
        </ActionIcon>
      )}
      <GridFilterDrawer
        opened={opened}
        onClose={drawer.close}
        columns={columns}
        filters={filters}
        onFilter={grid.setFilter}
        onClearAll={grid.clearFilters}
      />
    </Group>
  );
}
