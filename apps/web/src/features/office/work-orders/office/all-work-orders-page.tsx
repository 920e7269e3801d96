import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type AllWorkOrdersRow, formatCurrency, formatDateTime, satisfies, WORK_ORDER_PRIORITIES } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataGrid, type GridColumn, type GridState } from '../../../../components/data-grid';
import { usePageTitle } from '../../../../components/use-page-title';
import { useSignedIn } from '../../../platform/auth/session-context';
import { workOrderEditPath } from '../edit/work-order-paths';
import { workOrderStatusesQuery } from '../work-orders-api';
import { fetchAllWorkOrders, OFFICE_KEY, workOrderClassesQuery } from './office-api';
import { WORK_ORDER_OFFICE_PATHS } from './office-paths';
import { PriorityBadge } from './priority-badge';

const DEFAULT_SORT: GridState['sort'] = [{ field: 'createdDate', dir: 'desc' }];
const PRIORITY_OPTIONS = WORK_ORDER_PRIORITIES.map((p) => ({ value: p, label: p }));
const QUERY_KEY = [...OFFICE_KEY, 'all'];

/**
 * `/workOrder/all`: every work order of the company through the server-side grid; each column sorts and filters on
 * the server. The number is a link, so a row is reached with Tab and opened with Enter.
 */
export default function AllWorkOrdersPage() {
  usePageTitle('All Work Orders');
  const { user, access } = useSignedIn();
  const mayCreate = satisfies(access, { kind: 'area', area: 'Work Orders', level: 'write', functionality: 'Create Work Order' });
  const statuses = useQuery(workOrderStatusesQuery);
  const classes = useQuery(workOrderClassesQuery);

  const columns = useMemo<GridColumn<AllWorkOrdersRow>[]>(
    () => [
      {
        field: 'workOrderNumber',
        title: 'Work Order #',
        width: 195,
        sortable: true,
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
        width: 160,
        sortable: true,
        filter: 'select',
        filterField: 'workOrderStatusId',
        filterOptions: (statuses.data ?? []).map((s) => ({ value: s.workOrderStatusId, label: s.workOrderStatus })),
        render: (row) => (
          <Badge variant="light" tt="none">
            {row.status}
          </Badge>
        ),
      },
      { field: 'priority', title: 'Priority', width: 140, sortable: true, filter: 'select', filterOptions: PRIORITY_OPTIONS, render: (row) => <PriorityBadge priority={row.priority} /> },
      { field: 'customerName', title: 'Customer', width: 210, sortable: true, filter: 'text' },
      { field: 'address', title: 'Address', width: 240, sortable: true, filter: 'text' },
      { field: 'billingCustomerName', title: 'Billing Customer', width: 200, sortable: true, filter: 'text' },
      { field: 'problem', title: 'Problem', width: 260, sortable: true, filter: 'text' },
      { field: 'technicians', title: 'Technicians', width: 200, sortable: true, filter: 'text' },
      {
        field: 'workOrderClass',
        title: 'Class',
        width: 160,
        sortable: true,
        filter: 'select',
        filterOptions: (classes.data ?? []).map((c) => ({ value: c.workOrderClassName, label: c.workOrderClassName })),
      },
      { field: 'nte', title: 'NTE', width: 110, sortable: true, filter: 'number', render: (row) => (row.nte === null ? '' : formatCurrency(row.nte)) },
      { field: 'poNumber', title: 'PO #', width: 120, sortable: true, filter: 'text' },
      {
        field: 'createdDate',
        title: 'Created',
        width: 180,
        sortable: true,
        filter: 'date',
        render: (row) => formatDateTime(row.createdDate),
      },
    ],
    [statuses.data, classes.data],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>All Work Orders</Title>
          <Text size="sm" c="dimmed">
            Every work order of your company. Filter any column from its header.
          </Text>
        </Stack>
        {mayCreate && (
          <Button component={Link} to={WORK_ORDER_OFFICE_PATHS.create} leftSection={<IconPlus size={16} />}>
            New Work Order
          </Button>
        )}
      </Group>
      <DataGrid
        gridKey="allWorkOrders"
        userId={user.userId}
        label="All work orders"
        columns={columns}
        queryKey={QUERY_KEY}
        fetchPage={fetchAllWorkOrders}
        rowKey={(row) => row.workOrderId}
        defaultSort={DEFAULT_SORT}
      />
    </Stack>
  );
}
