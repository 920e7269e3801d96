import { Grid, Stack, Text, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from '../../../components/confirm';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { PermissionMatrix } from './permission-matrix';
import { rolesQuery } from './permissions-api';
import { RoleList } from './role-list';

const DISCARD = { title: 'Unsaved changes', message: 'Discard the unsaved permission changes?' };

/** Super Admin's page to read and edit what each role of the company may do (spec platform 6). */
export default function PermissionsPage() {
  usePageTitle('Permissions');
  const roles = useQuery(rolesQuery);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);

  // Leaving the page with unsaved changes asks first (once per attempt, however often the page re-renders).
  // The blocker of the render that blocked holds that attempt's proceed/reset.
  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(DISCARD).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);
  useWindowEvent('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });

  const list = roles.data ?? [];
  const role = list.find((r) => r.roleId === selectedId) ?? list[0] ?? null;

  const select = async (roleId: number) => {
    if (roleId === role?.roleId) return;
    if (dirty && !(await confirm(DISCARD))) return;
    setDirty(false);
    setSelectedId(roleId);
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Permissions</Title>
        <Text size="sm" c="dimmed">
          What each role may read and write, and its special permissions.
        </Text>
      </Stack>
      {roles.isPending && <PageLoader label="Loading roles" />}
      {roles.isError && <Text c="red">The roles could not be loaded.</Text>}
      {role && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <RoleList roles={list} selectedId={role.roleId} onSelect={(id) => void select(id)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <PermissionMatrix key={role.roleId} role={role} onDirtyChange={setDirty} />
          </Grid.Col>
        </Grid>
      )}
      {roles.data && roles.data.length === 0 && <Text c="dimmed">No roles found</Text>}
    </Stack>
  );
}
