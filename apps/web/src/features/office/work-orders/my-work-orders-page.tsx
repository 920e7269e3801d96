import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, TECHNICIAN_WORK_ORDER_FIELDS, type TechnicianWorkOrderRow } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataGrid, type GridColumn, type GridState } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from './edit/work-order-paths';
import { fetchMyWorkOrders, workOrderStatusesQuery } from './work-orders-api';


const DEFAULT_SORT: GridState['sort'] = [{ field: 'workOrderNumber', dir: 'desc' }];

/** Sortable only where the server says so (`TECHNICIAN_WORK_ORDER_FIELDS`). */
const sortable = (field: string) => (TECHNICIAN_WORK_ORDER_FIELDS as readonly string[]).includes(field);

/** The technician's own work orders through the generic grid. */
export default function MyWorkOrdersPage() {
  usePageTitle('My Work Orders');
  const { user } = useSignedIn();
  const statuses = useQuery(workOrderStatusesQuery);

  const columns = useMemo<GridColumn<TechnicianWorkOrderRow>[]>(
    () => [
      {
        field: 'workOrderNumber',
        title: 'Work Order #',
        width: 190,
        sortable: sortable('workOrderNumber'),
        filter: 'text',
        render: (row) => (
          <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)} fw={600}>
            {row.workOrderNumber}
          </Anchor>
        ),
      },
      {
        field: 'status',
        title: 'Status',
        width: 170,
        sortable: sortable('status'),
        filter: 'select',
        filterField: 'workOrderStatusId',
        filterOptions: (statuses.data ?? []).map((s) => ({ value: s.workOrderStatusId, label: s.workOrderStatus })),
        render: (row) => (
          <Badge variant="light" tt="none">
            {row.status}
          </Badge>
        ),
      },
      { field: 'customerName', title: 'Customer', width: 200, sortable: sortable('customerName'), filter: 'text' },
      { field: 'problem', title: 'Problem', width: 260, sortable: sortable('problem'), filter: 'text' },
      { field: 'address', title: 'Address', width: 240, sortable: sortable('address'), filter: 'text' },
      {
        field: 'createdDate',
        title: 'Created',
        width: 180,
        sortable: sortable('createdDate'),
        filter: 'date',
        render: (row) => (row.createdDate ? formatDateTime(row.createdDate) : ''),
      },
    ],
    [statuses.data],
  );

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>My Work Orders</Title>
        <Text size="sm" c="dimmed">
          Work orders assigned to you.
        </Text>
      </Stack>
      <DataGrid
        gridKey="myWorkOrders"
        userId={user.userId}
        label="My work orders"
        columns={columns}
        queryKey={['workOrder', 'mine']}
        fetchPage={fetchMyWorkOrders}
        rowKey={(row) => row.workOrderId}
        defaultSort={DEFAULT_SORT}
      />
    </Stack>
  );
}
