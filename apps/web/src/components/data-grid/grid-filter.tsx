import { ActionIcon, Loader, Popover } from '@mantine/core';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import type { GridFilter } from '@sm/shared';
import { lazy, Suspense, useState } from 'react';
import type { GridFilterFormProps } from './grid-filter-form';
import type { GridColumn } from './grid-types';

/**
 * A column's filter form, loaded the first time a filter opens: a grid shows without its inputs (the number input
 * above all), which keeps them out of what a technician's first page downloads.
 */
const loadFilterForm = () => import('./grid-filter-form');
const LazyFilterForm = lazy(() => loadFilterForm().then((m) => ({ default: m.GridFilterForm })));

/** The filter form once loaded, with a small spinner meanwhile; the header popover and the phone's drawer show it. */
export function GridFilterForm<Row>(props: GridFilterFormProps<Row>) {
  const form = props as GridFilterFormProps<unknown>;
  return (
    <Suspense fallback={<Loader size="xs" role="status" aria-label="Loading the filter" />}>
      <LazyFilterForm {...form} />
    </Suspense>
  );
}

interface GridFilterButtonProps<Row> {
  column: GridColumn<Row>;
  active: GridFilter | undefined;
  onChange: (filter: GridFilter | null) => void;
}

/** The filter button of a column header and its popover holding the column's filter form. */
export function GridFilterButton<Row>({ column, active, onChange }: GridFilterButtonProps<Row>) {
  const [opened, setOpened] = useState(false);
  // Each opening starts a fresh form from the active filter.
  const [openCount, setOpenCount] = useState(0);
  const toggle = () => {
    if (!opened) setOpenCount((n) => n + 1);
    setOpened(!opened);
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
          onClick={toggle}
          // Fetched as the pointer or the focus reaches the button, so the form is usually there when it opens.
          onPointerEnter={() => void loadFilterForm()}
          onFocus={() => void loadFilterForm()}
        >
          <Icon size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <GridFilterForm key={openCount} column={column} active={active} onChange={onChange} onDone={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}
