import { Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { GridFilter } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { filterFieldOf, OPERATOR_LABELS, OPERATORS_BY_TYPE, type GridColumn, type GridOperator } from './grid-types';

export interface GridFilterFormProps<Row> {
  column: GridColumn<Row>;
  active: GridFilter | undefined;
  onChange: (filter: GridFilter | null) => void;
  /** Called after Apply or Clear, so the popover or drawer around the form can close. */
  onDone?: () => void;
  /** Portal the selects' dropdowns: false inside a popover (a click there would close it), true in a drawer. */
  withinPortal?: boolean;
  size?: 'xs' | 'sm';
}

function initialValue(active: GridFilter | undefined): string {
  return active?.value === null || active?.value === undefined ? '' : String(active.value);
}

interface ValueInputProps<Row> {
  column: GridColumn<Row>;
  value: string;
  onChange: (v: string) => void;
  size: 'xs' | 'sm';
  withinPortal: boolean;
}

function ValueInput<Row>({ column, value, onChange, size, withinPortal }: ValueInputProps<Row>) {
  const label = 'Value';
  if (column.filter === 'number') {
    return <NumberInput label={label} value={value} onChange={(v) => onChange(String(v))} size={size} clampBehavior="none" data-autofocus />;
  }
  if (column.filter === 'date') {
    return <TextInput label={label} type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} size={size} data-autofocus />;
  }
  if (column.filter === 'select') {
    const data = (column.filterOptions ?? []).map((o) => ({ value: String(o.value), label: o.label }));
    return (
      <Select label={label} data={data} value={value || null} onChange={(v) => onChange(v ?? '')} searchable size={size} comboboxProps={{ withinPortal }} data-autofocus />
    );
  }
  return <TextInput label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} size={size} data-autofocus />;
}

function toFilterValue<Row>(column: GridColumn<Row>, raw: string): string | number {
  if (column.filter === 'number') return Number(raw);
  if (column.filter === 'select') {
    const option = column.filterOptions?.find((o) => String(o.value) === raw);
    return option ? option.value : raw;
  }
  return raw.trim();
}

/**
 * A column's filter: operator, value, Apply and Clear. The header popover (desktop) and the filters drawer
 * (phone) show this same form; it starts from the column's active filter each time it mounts.
 */
export function GridFilterForm<Row>(props: GridFilterFormProps<Row>) {
  const { column, active, onChange, onDone, withinPortal = false, size = 'xs' } = props;
  const operators = OPERATORS_BY_TYPE[column.filter ?? 'text'];
  const [operator, setOperator] = useState<GridOperator>((active?.operator as GridOperator) ?? operators[0]);
  const [value, setValue] = useState(initialValue(active));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const usable = value.trim() !== '' && !(column.filter === 'number' && Number.isNaN(Number(value)));
    onChange(usable ? { field: filterFieldOf(column), operator, value: toFilterValue(column, value) } : null);
    onDone?.();
  };

  const clear = () => {
    onChange(null);
    onDone?.();
  };

  return (
    <form onSubmit={apply} aria-label={`Filter ${column.title}`}>
      <Stack gap="xs">
        <Select
          label="Operator"
          data={operators.map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
          value={operator}
          onChange={(v) => v && setOperator(v as GridOperator)}
          allowDeselect={false}
          size={size}
          comboboxProps={{ withinPortal }}
        />
        <ValueInput column={column} value={value} onChange={setValue} size={size} withinPortal={withinPortal} />
        <Group justify="space-between" gap="xs">
          <Button size={size} variant="default" onClick={clear}>
            Clear
          </Button>
          <Button size={size} type="submit">
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
