import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ESTIMATE_STATUSES, type EstimateGridRow, ESTIMATES_WRITE, formatCurrency, formatDate, formatDateTime, satisfies } from '@sm/shared';
import { Link } from 'react-router';
import { DataGrid, type GridColumn, type GridState } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { ESTIMATES_KEY, fetchEstimates } from './estimates-api';
import { ESTIMATES_PATHS, estimateViewPath } from './estimates-paths';
import { EstimateStatusBadge } from './estimate-status-badge';

const DEFAULT_SORT: GridState['sort'] = [{ field: 'estimateNumber', dir: 'desc' }];
const STATUS_OPTIONS = ESTIMATE_STATUSES.map((s) => ({ value: s, label: s }));
const QUERY_KEY = [...ESTIMATES_KEY, 'grid'];

const COLUMNS: GridColumn<EstimateGridRow>[] = [
  {
    field: 'estimateNumber',
    title: 'Estimate #',
    width: 170,
    sortable: true,
    filter: 'number',
    render: (row) => (
      <Anchor component={Link} to={estimateViewPath(row.customerEstimateId)} fw={600}>
        {row.estimateNumber}
      </Anchor>
    ),
  },
  { field: 'status', title: 'Status', width: 140, sortable: true, filter: 'select', filterOptions: STATUS_OPTIONS, render: (row) => <EstimateStatusBadge status={row.status} /> },
  { field: 'title', title: 'Title', width: 260, sortable: true, filter: 'text' },
  { field: 'customerName', title: 'Customer', width: 220, sortable: true, filter: 'text' },
  { field: 'total', title: 'Total', width: 130, sortable: true, filter: 'number', render: (row) => formatCurrency(row.total) },
  { field: 'validUntil', title: 'Valid Until', width: 150, sortable: true, filter: 'date', render: (row) => (row.validUntil ? formatDate(row.validUntil) : '') },
  {
    field: 'workOrderNumber',
    title: 'Work Order #',
    width: 170,
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
  { field: 'createdBy', title: 'Created By', width: 170, sortable: true, filter: 'text', render: (row) => row.createdBy ?? '' },
  { field: 'createdAt', title: 'Created', width: 180, sortable: true, filter: 'date', render: (row) => formatDateTime(row.createdAt) },
];

/**
 * `/estimates`: every estimate the caller may see, paged, sorted and filtered on the server (by status among
 * others). The estimate number opens the estimate; the work order number, the work order it became.
 */
export default function EstimatesPage() {
  usePageTitle('Estimates');
  const { user, access } = useSignedIn();
  const mayCreate = satisfies(access, ESTIMATES_WRITE);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Estimates</Title>
          <Text size="sm" c="dimmed">
            Priced work offered to customers; an accepted estimate becomes a work order.
          </Text>
        </Stack>
        {mayCreate && (
          <Button component={Link} to={ESTIMATES_PATHS.add} leftSection={<IconPlus size={16} />}>
            New Estimate
          </Button>
        )}
      </Group>
      <DataGrid
        gridKey="estimates"
        userId={user.userId}
        label="Estimates"
        columns={COLUMNS}
        queryKey={QUERY_KEY}
        fetchPage={fetchEstimates}
        rowKey={(row) => row.customerEstimateId}
        defaultSort={DEFAULT_SORT}
      />
    </Stack>
  );
}
