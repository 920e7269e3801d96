import { Checkbox, MultiSelect, Table, Text } from '@mantine/core';
import type { PermissionArea } from '@sm/shared';
import { memo } from 'react';
import { functionalitiesOf, type AreaRights } from './permission-draft';

interface PermissionRowProps {
  area: PermissionArea;
  rights: AreaRights;
  changed: boolean;
  readOnly: boolean;
  onChange: (area: PermissionArea, patch: Partial<AreaRights>) => void;
}

/** One area of the matrix: Read, Write and its special permissions. */
export const PermissionRow = memo(function PermissionRow({ area, rights, changed, readOnly, onChange }: PermissionRowProps) {
  const options = functionalitiesOf(area);
  const hasAccess = rights.canRead || rights.canWrite;
  return (
    <Table.Tr data-area={area} bg={changed ? 'var(--mantine-color-yellow-light)' : undefined}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {area}
        </Text>
      </Table.Td>
      <Table.Td ta="center">
        <Checkbox
          aria-label={`Read ${area}`}
          checked={rights.canRead}
          disabled={readOnly}
          onChange={(e) => onChange(area, { canRead: e.currentTarget.checked })}
          styles={{ body: { justifyContent: 'center' } }}
        />
      </Table.Td>
      <Table.Td ta="center">
        <Checkbox
          aria-label={`Write ${area}`}
          checked={rights.canWrite}
          disabled={readOnly}
          onChange={(e) => onChange(area, { canWrite: e.currentTarget.checked })}
          styles={{ body: { justifyContent: 'center' } }}
        />
      </Table.Td>
      <Table.Td>
        {options.length === 0 ? (
          <Text size="xs" c="dimmed">
            No special permissions
          </Text>
        ) : (
          <MultiSelect
            aria-label={`${area} special permissions`}
            data={[...options]}
            value={rights.functionalities}
            onChange={(functionalities) => onChange(area, { functionalities })}
            disabled={readOnly || !hasAccess}
            placeholder={hasAccess ? 'None' : 'Needs Read or Write'}
            size="xs"
            clearable={!readOnly}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
});
