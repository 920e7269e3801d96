import { Anchor, Box, Breadcrumbs, Button, Group, Pagination, Paper, SegmentedControl, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { satisfies, type UserRow, type UsersQuery } from '@sm/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ImportButton } from '../imports/import-dialog';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useIsPhone } from '../../field/clock/clock-modal';
import { useSignedIn } from '../auth/session-context';
import { ADMINISTRATION_PATH } from '../administration/administration-paths';
import { InviteUserDialog } from './invite-user-dialog';
import { usersQuery } from './users-admin-api';
import { userEditPath, USERS_WRITE } from './users-admin-paths';
import { UserStateBadge } from './user-state-badge';
import { useSearchDebounce } from '../../../lib/debounce';

const PAGE_SIZE = 25;
const STATES: { value: UsersQuery['state']; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];
const COLUMNS = 6;

const nameLink = (user: UserRow) => (
  <Anchor component={Link} to={userEditPath(user.userId)} fw={500}>
    {user.name}
  </Anchor>
);

/** The users as table rows on a desktop. */
function UserRows({ users }: { users: UserRow[] }) {
  return users.map((u) => (
    <Table.Tr key={u.userId} data-row={u.userName}>
      <Table.Td>{nameLink(u)}</Table.Td>
      <Table.Td>{u.userName}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
      <Table.Td>{u.roles.join(', ')}</Table.Td>
      <Table.Td>{u.jobTitle}</Table.Td>
      <Table.Td>
        <UserStateBadge state={u.state} />
      </Table.Td>
    </Table.Tr>
  ));
}

/** The users as cards on a phone, where six columns do not fit. */
function UserCards({ users }: { users: UserRow[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
      {users.map((u) => (
        <Paper key={u.userId} component="li" withBorder p="sm" radius="md" data-row={u.userName}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              {nameLink(u)}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {u.userName} · {u.email}
              </Text>
              <Text size="sm">{[u.roles.join(', '), u.jobTitle].filter(Boolean).join(' · ')}</Text>
            </Stack>
            <Box style={{ flexShrink: 0 }}>
              <UserStateBadge state={u.state} />
            </Box>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * `/administration/users` (spec platform 2.1): the company's users, searched by name, user name or e-mail and
 * filtered by where they stand, a page at a time. Those who may change users invite new ones from here.
 */
export default function UsersPage() {
  usePageTitle('Users');
  const { access } = useSignedIn();
  const canWrite = satisfies(access, USERS_WRITE);
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search.trim());
  const [state, setState] = useState<UsersQuery['state']>('active');
  const [page, setPage] = useState(1);
  const [isInviting, setIsInviting] = useState(false);
  const users = useQuery(usersQuery({ search: debounced || undefined, state, take: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE }));

  // A new search or filter starts on the first page.
  useEffect(() => setPage(1), [debounced, state]);

  const rows = users.data?.data ?? [];
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(page * PAGE_SIZE, total);
  const stateLabel = STATES.find((s) => s.value === state)!.label.toLowerCase();
  const empty = debounced ? `No ${state === 'all' ? '' : `${stateLabel} `}users match "${debounced}".` : state === 'all' ? 'No users yet.' : `No ${stateLabel} users.`;

  return (
    <Stack gap="md" maw={1200}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">Users</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Users</Title>
          <Text size="sm" c="dimmed">
            The people of your company who sign in: their roles, job titles and whether they are active.
          </Text>
        </Stack>
        {canWrite && (
          <Group gap="sm" w={isPhone ? '100%' : undefined} grow={isPhone}>
            <ImportButton kind="users" />
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setIsInviting(true)}>
              Invite User
            </Button>
          </Group>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Name, user name or e-mail"
          aria-label="Search users"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={isPhone ? '100%' : 320}
        />
        <SegmentedControl aria-label="Show users" data={STATES} value={state} onChange={(v) => setState(v as UsersQuery['state'])} fullWidth={isPhone} w={isPhone ? '100%' : undefined} />
      </Group>
      {users.isError ? (
        <LoadFailed title="The users could not be loaded" error={users.error} onRetry={() => void users.refetch()} />
      ) : isPhone ? (
        users.isPending ? (
          <Stack gap="xs">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={72} radius="md" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {empty}
          </Text>
        ) : (
          <UserCards users={rows} />
        )
      ) : (
        <Table striped highlightOnHover withTableBorder aria-label="Users" aria-busy={users.isFetching} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="18%">Name</Table.Th>
              <Table.Th w="13%">User Name</Table.Th>
              <Table.Th w="22%">Email</Table.Th>
              <Table.Th>Roles</Table.Th>
              <Table.Th w="14%">Job Title</Table.Th>
              <Table.Th w={100}>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.isPending ? (
              <LoadingRows columns={COLUMNS} />
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Text c="dimmed" ta="center" py="lg">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              <UserRows users={rows} />
            )}
          </Table.Tbody>
        </Table>
      )}
      {users.data && total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {from}-{to} of {total} {total === 1 ? 'user' : 'users'}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              siblings={isPhone ? 0 : 1}
              boundaries={isPhone ? 0 : 1}
              getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control === 'first' ? 'First page' : 'Last page' })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
              aria-label="Pages of users"
            />
          )}
        </Group>
      )}
      {isInviting && <InviteUserDialog access={access} onClose={() => setIsInviting(false)} />}
    </Stack>
  );
}
