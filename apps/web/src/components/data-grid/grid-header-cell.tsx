import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { GridFilter } from '@sm/shared';
import { useState, type DragEvent } from 'react';
import { GridColumnMenu } from './grid-column-menu';
import { GridFilterButton } from './grid-filter';
import { GridResizeHandle } from './grid-resize-handle';
import type { GridColumn } from './grid-types';

const DRAG_TYPE = 'application/x-sm-grid-column';

export interface GridHeaderCellProps<Row> {
  column: GridColumn<Row>;
  width: number;
  sortDir: 'asc' | 'desc' | undefined;
  filter: GridFilter | undefined;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onToggleSort: () => void;
  onSort: (dir: 'asc' | 'desc' | null) => void;
  onFilter: (filter: GridFilter | null) => void;
  onMove: (step: -1 | 1) => void;
  /** Another column was dropped on this one: it takes this column's place. */
  onDropColumn: (dragged: string) => void;
  onResize: (width: number | null) => void;
  onHide?: () => void;
}

function SortIcon({ dir }: { dir: 'asc' | 'desc' | undefined }) {
  if (dir === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (dir === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.35 }} />;
}

/** One header cell: the title (click sorts, drag reorders), filter, column menu and resize handle. */
export function GridHeaderCell<Row>(props: GridHeaderCellProps<Row>) {
  const { column, width, sortDir, filter, onToggleSort, onSort, onFilter, onMove, onDropColumn, onResize } = props;
  const [dropTarget, setDropTarget] = useState(false);
  const sortable = Boolean(column.sortable);

  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, column.field);
    event.dataTransfer.effectAllowed = 'move';
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    setDropTarget(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropTarget(false);
    const dragged = event.dataTransfer.getData(DRAG_TYPE);
    if (dragged && dragged !== column.field) onDropColumn(dragged);
  };

  const ariaSort = sortDir === 'asc' ? 'ascending' : sortDir === 'desc' ? 'descending' : sortable ? 'none' : undefined;
  return (
    <Table.Th
      aria-sort={ariaSort}
      data-field={column.field}
      onDragOver={onDragOver}
      onDragLeave={() => setDropTarget(false)}
      onDrop={onDrop}
      style={{
        position: 'relative',
        width,
        whiteSpace: 'nowrap',
        boxShadow: dropTarget ? 'inset 2px 0 0 var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap" justify="space-between">
        <UnstyledButton
          draggable
          onDragStart={onDragStart}
          onClick={sortable ? onToggleSort : undefined}
          disabled={!sortable}
          fw={600}
          fz="sm"
          style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', cursor: sortable ? 'pointer' : 'grab' }}
          title={sortable ? `Sort by ${column.title}` : column.title}
        >
          <Group gap={4} wrap="nowrap">
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{column.title}</span>
            {sortable && <SortIcon dir={sortDir} />}
          </Group>
        </UnstyledButton>
        <Group gap={0} wrap="nowrap">
          {column.filter && <GridFilterButton column={column} active={filter} onChange={onFilter} />}
          <GridColumnMenu
            title={column.title}
            sortable={sortable}
            sorted={sortDir !== undefined}
            canMoveLeft={props.canMoveLeft}
            canMoveRight={props.canMoveRight}
            onSort={onSort}
            onMove={onMove}
            onResetWidth={() => onResize(null)}
            onHide={props.onHide}
          />
        </Group>
      </Group>
      <GridResizeHandle title={column.title} width={width} onResize={onResize} />
    </Table.Th>
  );
}
