import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import type { PermissionArea, RoleSummary } from '@sm/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { applyChange, buildDraft, changedAreas, filterAreas, type AreaRights } from './permission-draft';
import { PermissionRow } from './permission-row';
import { useSavePermissions } from './use-save-permissions';

interface PermissionMatrixProps {
  role: RoleSummary;
  onDirtyChange: (dirty: boolean) => void;
}

/** The selected role's matrix: search, one row per area, unsaved-changes indicator, Discard and Save. */
export function PermissionMatrix({ role, onDirtyChange }: PermissionMatrixProps) {
  const initial = useMemo(() => buildDraft(role), [role]);
  const [draft, setDraft] = useState(initial);
  const [search, setSearch] = useState('');
  const save = useSavePermissions();
  const readOnly = role.isAll || !role.isEditable;

  useEffect(() => setDraft(initial), [initial]);

  const changed = useMemo(() => new Set(changedAreas(initial, draft)), [initial, draft]);
  const dirty = changed.size > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const onChange = useCallback((area: PermissionArea, patch: Partial<AreaRights>) => {
    setDraft((d) => ({ ...d, [area]: applyChange(d[area], patch) }));
  }, []);

  const submit = async () => {
    const ok = await confirm({ title: 'Save permissions', message: `Save the permissions of ${role.roleName}?` });
    if (ok) save.mutate({ roleId: role.roleId, draft });
  };

  const areas = filterAreas(search);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={0}>
          <Title order={3} size="h4">
            {role.roleName}
          </Title>
          <Text size="xs" c="dimmed">
            {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
          </Text>
        </Stack>
        <Group gap="xs">
          {dirty && (
            <Badge color="yellow" variant="light" data-testid="unsaved-changes">
              Unsaved changes ({changed.size})
            </Badge>
          )}
          <Button variant="default" size="sm" disabled={!dirty || save.isPending} onClick={() => setDraft(initial)}>
            Discard
          </Button>
          <Button size="sm" disabled={!dirty || readOnly} loading={save.isPending} onClick={() => void submit()}>
            Save
          </Button>
        </Group>
      </Group>
      {readOnly && (
        <Alert color="brand" icon={<IconInfoCircle size={18} />} data-testid="read-only-role">
          {role.isAll
            ? `${role.roleName} passes every permission check, so its permissions cannot be edited.`
            : 'This role cannot be edited.'}
        </Alert>
      )}
      <TextInput
        label="Search areas"
        placeholder="Area or special permission"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      <Table.ScrollContainer minWidth={560} type="native">
        <Table stickyHeader striped withTableBorder aria-label={`Permissions of ${role.roleName}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={180}>Area</Table.Th>
              <Table.Th w={70} ta="center">Read</Table.Th>
              <Table.Th w={70} ta="center">Write</Table.Th>
              <Table.Th>Special permissions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {areas.map((area) => (
              <PermissionRow
                key={area}
                area={area}
                rights={draft[area]}
                changed={changed.has(area)}
                readOnly={readOnly}
                onChange={onChange}
              />
            ))}
            {areas.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    No areas match “{search}”.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
