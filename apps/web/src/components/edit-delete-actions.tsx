import { ActionIcon, Group, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

/** A table row's Edit and Delete buttons, each named after the row for screen readers. */
export function EditDeleteActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconEdit size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The header cell above the rows' Edit and Delete buttons. */
export function ActionsHeader() {
  return (
    <Table.Th w={88}>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
