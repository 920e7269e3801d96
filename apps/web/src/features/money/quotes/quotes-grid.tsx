import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { CREATE_QUOTE, formatCurrency, formatDateTime, QUOTE_STATUSES, type QuoteGridRow, satisfies } from '@sm/shared';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { DataGrid, type GridColumn, type GridState } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { fetchQuotes, QUOTES_KEY } from './quotes-api';
import { createQuotePath, quoteViewPath } from './quotes-paths';
import { QuoteStatusBadge } from './quote-status-badge';

const DEFAULT_SORT: GridState['sort'] = [{ field: 'quoteNumber', dir: 'desc' }];
const STATUS_OPTIONS = QUOTE_STATUSES.map((s) => ({ value: s, label: s }));

const COLUMNS: GridColumn<QuoteGridRow>[] = [
  {
    field: 'quoteNumber',
    title: 'Quote #',
    width: 150,
    sortable: true,
    filter: 'number',
    render: (row) => (
      <Anchor component={Link} to={quoteViewPath(row.quoteNumber, row.quoteVersion)} fw={600}>
        {row.quoteNumber}
      </Anchor>
    ),
  },
  { field: 'quoteVersion', title: 'Version', width: 140, sortable: true, filter: 'number' },
  { field: 'status', title: 'Status', width: 140, sortable: true, filter: 'select', filterOptions: STATUS_OPTIONS, render: (row) => <QuoteStatusBadge status={row.status} /> },
  { field: 'title', title: 'Title', width: 240, sortable: true, filter: 'text', render: (row) => row.title ?? '' },
  {
    field: 'workOrderNumber',
    title: 'Work Order #',
    width: 195,
    sortable: true,
    filter: 'text',
    render: (row) => (
      <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)}>
        {row.workOrderNumber}
      </Anchor>
    ),
  },
  { field: 'customerName', title: 'Customer', width: 220, sortable: true, filter: 'text' },
  { field: 'total', title: 'Total', width: 130, sortable: true, filter: 'number', render: (row) => formatCurrency(row.total) },
  { field: 'createdBy', title: 'Created By', width: 170, sortable: true, filter: 'text', render: (row) => row.createdBy ?? '' },
  { field: 'createdAt', title: 'Created', width: 180, sortable: true, filter: 'date', render: (row) => formatDateTime(row.createdAt) },
];

/**
 * The quotes grid, paged, sorted and filtered on the server: `/quotes` shows the quotes still waiting for an answer,
 * `/quotes/all` every quote. The quote number opens the quote; the work order number, its work order.
 */
export function QuotesGrid({ isOpenOnly }: { isOpenOnly: boolean }) {
  const title = isOpenOnly ? 'Quotes' : 'All Quotes';
  usePageTitle(title);
  const { user, access } = useSignedIn();
  const mayCreate = satisfies(access, CREATE_QUOTE);
  const fetchPage = useCallback((request: GridState, signal: AbortSignal) => fetchQuotes({ ...request, isOpenOnly }, signal), [isOpenOnly]);
  const queryKey = useMemo(() => [...QUOTES_KEY, 'grid', isOpenOnly ? 'open' : 'all'], [isOpenOnly]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          <Text size="sm" c="dimmed">
            {isOpenOnly ? 'Quotes that are open, pending or submitted to the customer.' : 'Every quote, at its latest version.'}
          </Text>
        </Stack>
        {mayCreate && (
          <Button component={Link} to={createQuotePath()} leftSection={<IconPlus size={16} />}>
            New Quote
          </Button>
        )}
      </Group>
      <DataGrid
        gridKey={isOpenOnly ? 'quotes' : 'allQuotes'}
        userId={user.userId}
        label={title}
        columns={COLUMNS}
        queryKey={queryKey}
        fetchPage={fetchPage}
        rowKey={(row) => row.quoteId}
        defaultSort={DEFAULT_SORT}
      />
    </Stack>
  );
}
