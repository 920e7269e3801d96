import { ActionIcon, Button, Group, NumberInput, Popover, Select, Stack, TextInput } from '@mantine/core';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import type { GridFilter } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { filterFieldOf, OPERATOR_LABELS, OPERATORS_BY_TYPE, type GridColumn, type GridOperator } from './grid-types';

interface GridFilterProps<Row> {
  column: GridColumn<Row>;
  active: GridFilter | undefined;
  onChange: (filter: GridFilter | null) => void;
}

function initialValue(active: GridFilter | undefined): string {
  return active?.value === null || active?.value === undefined ? '' : String(active.value);
}

function ValueInput<Row>({ column, value, onChange }: { column: GridColumn<Row>; value: string; onChange: (v: string) => void }) {
  const label = 'Value';
  if (column.filter === 'number') {
    return <NumberInput label={label} value={value} onChange={(v) => onChange(String(v))} size="xs" data-autofocus />;
  }
  if (column.filter === 'date') {
    return <TextInput label={label} type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} size="xs" data-autofocus />;
  }
  if (column.filter === 'select') {
    const data = (column.filterOptions ?? []).map((o) => ({ value: String(o.value), label: o.label }));
    return (
      <Select label={label} data={data} value={value || null} onChange={(v) => onChange(v ?? '')} searchable size="xs" comboboxProps={{ withinPortal: false }} data-autofocus />
    );
  }
  return <TextInput label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} size="xs" data-autofocus />;
}

function toFilterValue<Row>(column: GridColumn<Row>, raw: string): string | number {
  if (column.filter === 'number') return Number(raw);
  if (column.filter === 'select') {
    const option = column.filterOptions?.find((o) => String(o.value) === raw);
    return option ? option.value : raw;
  }
  return raw.trim();
}

/** The filter button of a column header and its popover: operator, value, Apply and Clear. */
export function GridFilterButton<Row>({ column, active, onChange }: GridFilterProps<Row>) {
  const operators = OPERATORS_BY_TYPE[column.filter ?? 'text'];
  const [opened, setOpened] = useState(false);
  const [operator, setOperator] = useState<GridOperator>((active?.operator as GridOperator) ?? operators[0]);
  const [value, setValue] = useState(initialValue(active));

  const open = () => {
    setOperator((active?.operator as GridOperator) ?? operators[0]);
    setValue(initialValue(active));
    setOpened(true);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const usable = value.trim() !== '' && !(column.filter === 'number' && Number.isNaN(Number(value)));
    onChange(usable ? { field: filterFieldOf(column), operator, value: toFilterValue(column, value) } : null);
    setOpened(false);
  };

  const clear = () => {
    onChange(null);
    setOpened(false);
  };

  const Icon = active ? IconFilterFilled : IconFilter;
  return (
    <Popover opened={opened} onChange={setOpened} width={240} position="bottom-start" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <ActionIcon
          size="sm"
          variant={active ? 'light' : 'subtle'}
          color={active ? 'brand' : 'gray'}
          aria-label={`Filter ${column.title}`}
          aria-pressed={Boolean(active)}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <Icon size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={apply} aria-label={`Filter ${column.title}`}>
          <Stack gap="xs">
            <Select
              label="Operator"
              data={operators.map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
              value={operator}
              onChange={(v) => v && setOperator(v as GridOperator)}
              allowDeselect={false}
              size="xs"
              comboboxProps={{ withinPortal: false }}
            />
            <ValueInput column={column} value={value} onChange={setValue} />
            <Group justify="space-between" gap="xs">
              <Button size="xs" variant="default" onClick={clear}>
                Clear
              </Button>
              <Button size="xs" type="submit">
                Apply
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
