import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconDotsVertical,
  IconSortAscending,
  IconSortDescending,
  IconArrowsHorizontal,
  IconEyeOff,
  IconX,
} from '@tabler/icons-react';

interface GridColumnMenuProps {
  title: string;
  sortable: boolean;
  sorted: boolean;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onSort: (dir: 'asc' | 'desc' | null) => void;
  onMove: (step: -1 | 1) => void;
  onResetWidth: () => void;
  /** Absent when the column cannot be hidden (the last one shown). */
  onHide?: () => void;
}

/** A column's menu: the keyboard way to sort, move, un-resize and hide a column. */
export function GridColumnMenu(props: GridColumnMenuProps) {
  const { title, sortable, sorted, canMoveLeft, canMoveRight, onSort, onMove, onResetWidth, onHide } = props;
  return (
    <Menu position="bottom-end" withinPortal width={190}>
      <Menu.Target>
        <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`${title} column menu`}>
          <IconDotsVertical size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {sortable && (
          <>
            <Menu.Item leftSection={<IconSortAscending size={14} />} onClick={() => onSort('asc')}>
              Sort ascending
            </Menu.Item>
            <Menu.Item leftSection={<IconSortDescending size={14} />} onClick={() => onSort('desc')}>
              Sort descending
            </Menu.Item>
            {sorted && (
              <Menu.Item leftSection={<IconX size={14} />} onClick={() => onSort(null)}>
                Remove sort
              </Menu.Item>
            )}
            <Menu.Divider />
          </>
        )}
        <Menu.Item leftSection={<IconArrowLeft size={14} />} disabled={!canMoveLeft} onClick={() => onMove(-1)}>
          Move left
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowRight size={14} />} disabled={!canMoveRight} onClick={() => onMove(1)}>
          Move right
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowsHorizontal size={14} />} onClick={onResetWidth}>
          Reset width
        </Menu.Item>
        <Menu.Item leftSection={<IconEyeOff size={14} />} disabled={!onHide} onClick={onHide}>
          Hide column
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
