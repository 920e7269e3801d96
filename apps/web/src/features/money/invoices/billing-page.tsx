import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { formatDate, INVOICE_STATUSES, moneyText } from '@sm/shared';
import { Link } from 'react-router';
import { DataGrid, type GridColumn, type GridState } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { BILLING_KEY, fetchBillingPage, type BillingRow } from './invoices-api';

const DEFAULT_SORT: GridState['sort'] = [{ field: 'invoiceNumber', dir: 'desc' }];
const STATUS_OPTIONS = INVOICE_STATUSES.map((s) => ({ value: s, label: s }));
const QUERY_KEY = [...BILLING_KEY, 'grid'] as const;

const COLUMNS: GridColumn<BillingRow>[] = [
  {
    field: 'invoiceNumber',
    title: 'Invoice #',
    width: 160,
    sortable: true,
    filter: 'number',
    render: (row) => (
      <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)} fw={600} aria-label={`Invoice ${row.invoiceNumber}, work order ${row.workOrderNumber}`}>
        {row.invoiceNumber}
      </Anchor>
    ),
  },
  {
    field: 'workOrderNumber',
    title: 'Work Order #',
    width: 190,
    sortable: true,
    filter: 'text',
    render: (row) => (
      <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)}>
        {row.workOrderNumber}
      </Anchor>
    ),
  },
  { field: 'billingCustomerName', title: 'Billing Customer', width: 240, sortable: true, filter: 'text' },
  { field: 'invoiceDate', title: 'Invoice Date', width: 175, sortable: true, filter: 'date', render: (row) => formatDate(row.invoiceDate) },
  { field: 'total', title: 'Total', width: 140, sortable: true, filter: 'number', render: (row) => moneyText(row.total) },
  { field: 'amountDue', title: 'Amount Due', width: 150, sortable: true, filter: 'number', render: (row) => moneyText(row.amountDue) },
  {
    field: 'status',
    title: 'Status',
    width: 130,
    sortable: true,
    filter: 'select',
    filterOptions: STATUS_OPTIONS,
    render: (row) => (
      <Badge variant="light" color={row.status === 'Paid' ? 'teal' : 'blue'}>
        {row.status}
      </Badge>
    ),
  },
];

async function fetchPage(request: GridState, signal: AbortSignal) {
  return fetchBillingPage(request, signal);
}

/** `/billing`: every submitted invoice with its total and what is still due; the invoice number opens its work order. */
export default function BillingPage() {
  usePageTitle('Billing');
  const { user } = useSignedIn();
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Billing</Title>
        <Text size="sm" c="dimmed">
          Submitted invoices, newest first. Open an invoice to take a payment on its work order.
        </Text>
      </Stack>
      <DataGrid
        gridKey="billing"
        userId={user.userId}
        label="Invoices"
        columns={COLUMNS}
        queryKey={QUERY_KEY}
        fetchPage={fetchPage}
        rowKey={(row) => row.invoiceId}
        defaultSort={DEFAULT_SORT}
      />
    </Stack>
  );
}
