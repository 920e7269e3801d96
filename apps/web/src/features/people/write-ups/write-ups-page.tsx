import { Anchor, Badge, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatDateTime, satisfies, WRITE_UP_STATUSES, type WriteUp } from '@sm/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataGrid, type GridColumn, type GridState } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { WriteUpDialog } from './write-up-dialog';
import { WRITE_UPS_KEY, fetchWriteUps } from './write-ups-api';
import { WRITE_UPS_WRITE } from './write-ups-access';

const DEFAULT_SORT: GridState['sort'] = [{ field: 'createdDate', dir: 'desc' }];
const STATUS_OPTIONS = WRITE_UP_STATUSES.map((s) => ({ value: s, label: s }));
const QUERY_KEY = [...WRITE_UPS_KEY, 'grid'];

function columnsFor(onEdit: ((w: WriteUp) => void) | null): GridColumn<WriteUp>[] {
  return [
    {
      field: 'userName',
      title: 'Employee',
      width: 190,
      sortable: true,
      filter: 'text',
      render: (row) =>
        onEdit ? (
          <UnstyledButton onClick={() => onEdit(row)} aria-label={`Change the write-up of ${row.userName} of ${formatDateTime(row.createdDate)}`}>
            <Text span c="blue.8" fw={600} td="underline">
              {row.userName}
            </Text>
          </UnstyledButton>
        ) : (
          row.userName
        ),
    },
    { field: 'notificationCount', title: 'Write-Up #', width: 130, sortable: true, filter: 'number' },
    { field: 'writeUpDescription', title: 'Description', width: 320, sortable: true, filter: 'text' },
    {
      field: 'workOrderNumber',
      title: 'Work Order #',
      width: 160,
      sortable: true,
      filter: 'text',
      render: (row) =>
        row.workOrderNumber ? (
          <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)}>
            {row.workOrderNumber}
          </Anchor>
        ) : (
          ''
        ),
    },
    { field: 'flagName', title: 'Flag', width: 170, sortable: true, filter: 'text', render: (row) => row.flagName ?? '' },
    { field: 'managerName', title: 'Written By', width: 170, sortable: true, filter: 'text', render: (row) => row.managerName ?? '' },
    {
      field: 'status',
      title: 'Status',
      width: 140,
      sortable: true,
      filter: 'select',
      filterOptions: STATUS_OPTIONS,
      render: (row) => (
        <Badge color={row.status === 'Open' ? 'orange' : 'gray'} variant="light" tt="none">
          {row.status}
        </Badge>
      ),
    },
    { field: 'createdDate', title: 'Written', width: 190, sortable: true, filter: 'date', render: (row) => formatDateTime(row.createdDate) },
  ];
}

/**
 * `/management/writeUps`: the company's write-ups (spec platform 3.9) for its managers, paged, sorted and filtered on
 * the server; managers who may write them add one, or open one by its employee's name to change it.
 */
export default function WriteUpsPage() {
  usePageTitle('Write-Ups');
  const { user, access } = useSignedIn();
  const mayWrite = satisfies(access, WRITE_UPS_WRITE);
  const [editing, setEditing] = useState<WriteUp | 'new' | null>(null);
  const columns = useMemo(() => columnsFor(mayWrite ? setEditing : null), [mayWrite]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Write-Ups</Title>
          <Text size="sm" c="dimmed">
            Each write-up is shown to its employee and the team leaders until they dismiss it.
          </Text>
        </Stack>
        {mayWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New Write-Up
          </Button>
        )}
      </Group>
      <DataGrid
        gridKey="writeUps"
        userId={user.userId}
        label="Write-ups"
        columns={columns}
        queryKey={QUERY_KEY}
        fetchPage={fetchWriteUps}
        rowKey={(row) => row.writeUpId}
        defaultSort={DEFAULT_SORT}
      />
      {editing && <WriteUpDialog existing={editing === 'new' ? undefined : editing} origin={null} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
