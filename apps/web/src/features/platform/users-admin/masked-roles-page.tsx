import { Anchor, Breadcrumbs, Button, Checkbox, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ROLE, satisfies, type MaskedRole } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../auth/session-context';
import { ADMINISTRATION_PATH } from '../administration/administration-paths';
import { maskedRolesQuery, useUpdateMaskedRole } from './users-admin-api';
import { USERS_WRITE } from './users-admin-paths';

/** One role's row: the company's name for it and whether its pickers hide it, saved on its own. */
function MaskedRoleRow({ role, canWrite }: { role: MaskedRole; canWrite: boolean }) {
  const [displayName, setDisplayName] = useState(role.displayName ?? '');
  const [isHidden, setIsHidden] = useState(role.isHidden);
  const update = useUpdateMaskedRole();
  const isSuperAdmin = role.roleId === ROLE['Super Admin'];
  const isDirty = displayName.trim() !== (role.displayName ?? '') || isHidden !== role.isHidden;

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { roleId: role.roleId, body: { displayName: displayName.trim() || null, isHidden } },
      { onSuccess: (saved) => notifySuccess(`${saved.roleName} is shown as ${saved.name}${saved.isHidden ? ', hidden from the role pickers' : ''}.`) },
    );
  };

  const formId = `masked-role-${role.roleId}`;
  return (
    <Table.Tr data-row={role.roleName}>
      <Table.Td fw={500}>{role.roleName}</Table.Td>
      <Table.Td>
        <form id={formId} onSubmit={save} noValidate aria-label={`${role.roleName} wording`}>
          <TextInput
            size="xs"
            aria-label={`${role.roleName} shown as`}
            placeholder={role.roleName}
            maxLength={60}
            readOnly={!canWrite}
            value={displayName}
            error={update.error?.message}
            onChange={(e) => (setDisplayName(e.currentTarget.value), update.reset())}
          />
        </form>
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={`Hide ${role.roleName}`}
          label="Hidden"
          size="xs"
          checked={isHidden}
          disabled={!canWrite || isSuperAdmin}
          title={isSuperAdmin ? 'Super Admin is never hidden: a company always needs one.' : undefined}
          onChange={(e) => (setIsHidden(e.currentTarget.checked), update.reset())}
        />
      </Table.Td>
      {canWrite && (
        <Table.Td>
          <Button type="submit" form={formId} size="xs" variant="light" disabled={!isDirty} loading={update.isPending} aria-label={`Save ${role.roleName}`}>
            Save
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * `/administration/account-settings/maskedUserRoles` (spec platform 2.1): the company's own name for any role (shown
 * on its users pages and role pickers) and the roles it does not use, hidden from its pickers. Permissions keep the
 * role itself; Super Admin can never be hidden. Changing them needs the Users write permission.
 */
export default function MaskedRolesPage() {
  usePageTitle('Masked User Roles');
  const { access } = useSignedIn();
  const canWrite = satisfies(access, USERS_WRITE);
  const roles = useQuery(maskedRolesQuery());
  const columns = canWrite ? 4 : 3;
  return (
    <Stack gap="md" maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">Masked User Roles</Text>
      </Breadcrumbs>
      <Stack gap={2}>
        <Title order={2}>Masked User Roles</Title>
        <Text size="sm" c="dimmed">
          Your company's name for a role, shown on the users pages, and the roles you do not use, hidden from the role pickers. What each role may do stays as it is.
        </Text>
      </Stack>
      {!canWrite && <Text size="sm" c="dimmed">You may read these names; changing them needs the Users write permission.</Text>}
      {roles.isError ? (
        <LoadFailed title="The roles could not be loaded" error={roles.error} onRetry={() => void roles.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table striped withTableBorder aria-label="Masked user roles" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Th>Shown as</Table.Th>
                <Table.Th w={110}>In pickers</Table.Th>
                {canWrite && <Table.Th w={90}>Save</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!roles.data ? <LoadingRows columns={columns} /> : roles.data.map((r) => <MaskedRoleRow key={`${r.roleId}-${r.displayName ?? ''}-${String(r.isHidden)}`} role={r} canWrite={canWrite} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
