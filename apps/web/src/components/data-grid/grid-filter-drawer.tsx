import { Accordion, Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import type { GridFilter } from '@sm/shared';
import { GridFilterForm } from './grid-filter';
import { filterFieldOf, OPERATOR_LABELS, type GridColumn, type GridOperator } from './grid-types';

interface GridFilterDrawerProps<Row> {
  opened: boolean;
  onClose: () => void;
  /** The grid's columns in the user's order; those without a filter type are left out. */
  columns: GridColumn<Row>[];
  filters: GridFilter[];
  onFilter: (field: string, filter: GridFilter | null) => void;
  onClearAll: () => void;
}

/** The active filter in words, e.g. `Contains "FreshMart"`; select filters show the option's label. */
export function describeFilter<Row>(column: GridColumn<Row>, filter: GridFilter): string {
  const option = column.filterOptions?.find((o) => o.value === filter.value || String(o.value) === String(filter.value));
  const value = option ? option.label : String(filter.value ?? '');
  return `${OPERATOR_LABELS[filter.operator as GridOperator] ?? filter.operator} "${value}"`;
}

/**
 * The phone's way to the column filters: a bottom drawer listing every filterable column, each opening the
 * same form as the desktop header popover. Applying or clearing a filter closes the drawer to show the rows.
 */
export function GridFilterDrawer<Row>({ opened, onClose, columns, filters, onFilter, onClearAll }: GridFilterDrawerProps<Row>) {
  const filterable = columns.filter((c) => c.filter);
  const activeOf = (column: GridColumn<Row>) => filters.find((f) => f.field === filterFieldOf(column));
  const firstActive = filterable.find((c) => activeOf(c));

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      title="Filters"
      styles={{ content: { height: 'auto', maxHeight: '85dvh', borderRadius: 'var(--mantine-radius-md) var(--mantine-radius-md) 0 0' } }}
    >
      <Stack gap="sm">
        <Accordion variant="separated" defaultValue={firstActive?.field ?? null}>
          {filterable.map((column) => {
            const active = activeOf(column);
            return (
              <Accordion.Item key={column.field} value={column.field}>
                <Accordion.Control>
                  <Group gap="xs" justify="space-between" wrap="nowrap" pr="xs">
                    <Text size="sm" fw={500}>
                      {column.title}
                    </Text>
                    {active && (
                      <Badge variant="light" tt="none" maw="60%" style={{ flexShrink: 1 }}>
                        {describeFilter(column, active)}
                      </Badge>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <GridFilterForm
                    column={column}
                    active={active}
                    onChange={(filter) => onFilter(filterFieldOf(column), filter)}
                    onDone={onClose}
                    withinPortal
                    size="sm"
                  />
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
        {filters.length > 0 && (
          <Button
            variant="default"
            onClick={() => {
              onClearAll();
              onClose();
            }}
          >
            Clear all filters
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
