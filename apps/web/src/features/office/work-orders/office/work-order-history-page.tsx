import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import type { WorkOrderHistoryRow } from '@sm/shared';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataGrid, type GridColumn } from '../../../../components/data-grid';
import { usePageTitle } from '../../../../components/use-page-title';
import { useSignedIn } from '../../../platform/auth/session-context';
import { workOrderEditPath } from '../edit/work-order-paths';
import { fetchWorkOrderHistory, OFFICE_KEY } from './office-api';
import { formatDateTime } from '@sm/shared';

const QUERY_KEY = [...OFFICE_KEY, 'history'];

/**
 * `/workOrder/history`: every change made to the company's work orders, newest first (the server's order when no
 * column is sorted), through the server-side grid.
 */
export default function WorkOrderHistoryPage() {
  usePageTitle('Work Order History');
  const { user } = useSignedIn();
  const columns = useMemo<GridColumn<WorkOrderHistoryRow>[]>(
    () => [
      {
        field: 'changedAt',
        title: 'When',
        width: 180,
        sortable: true,
        filter: 'date',
        render: (row) => formatDateTime(row.changedAt),
      },
      {
        field: 'workOrderNumber',
        title: 'Work Order #',
        width: 170,
        sortable: true,
        filter: 'text',
        render: (row) => (
          <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)} fw={600}>
            {row.workOrderNumber}
          </Anchor>
        ),
      },
      {
        field: 'action',
        title: 'Change',
        width: 170,
        sortable: true,
        filter: 'select',
        filterOptions: [
          { value: 'create', label: 'Created' },
          { value: 'update', label: 'Edited' },
          { value: 'status', label: 'Status changed' },
          { value: 'technicians', label: 'Technicians assigned' },
        ],
        render: (row) => (
          <Badge variant="light" tt="none" color={row.action === 'Status changed' ? 'blue' : row.action === 'Created' ? 'teal' : 'gray'}>
            {row.action}
          </Badge>
        ),
      },
      { field: 'changes', title: 'What changed', width: 480, sortable: true, filter: 'text' },
      { field: 'changedBy', title: 'Changed by', width: 180, sortable: true, filter: 'text' },
    ],
    [],
  );
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Work Order History</Title>
        <Text size="sm" c="dimmed">
          Who changed which work order, when, and what changed.
        </Text>
      </Stack>
      <DataGrid
        gridKey="workOrderHistory"
        userId={user.userId}
        label="Work order history"
        columns={columns}
        queryKey={QUERY_KEY}
        fetchPage={fetchWorkOrderHistory}
        rowKey={(row) => row.auditId}
      />
    </Stack>
  );
}
