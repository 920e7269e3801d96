import { Anchor, Badge, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate, hasFunctionality } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyPanel, ListFooter, LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { quoteViewPath } from '../../money/quotes/quotes-paths';
import { PAGE_SIZE, useSalesQuotes } from './sales-api';
import { SalesFilters, SalesHeading } from './sales-list-controls';

const COLUMNS = ['Quote', 'Title', 'Customer', 'Work Order', 'Status', 'Created'];
const STATUS_COLORS: Record<string, string> = { Open: 'blue', Pending: 'yellow', Submitted: 'grape', Approved: 'green', Rejected: 'red' };

/** `/sales/quotes`: the quotes of the customers the sales person sells to, or everyone's with All Sales Reports. */
export default function SalesQuotesPage() {
  usePageTitle('Sales Quotes');
  const { access } = useSignedIn();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  const list = useSalesQuotes({ search: debounced, salesTagId: null, page });
  const everyone = hasFunctionality(access, 'Reports', 'All Sales Reports');
  return (
    <Stack gap="md">
      <SalesHeading title="Sales Quotes">{everyone ? 'The quotes of every sales person\'s customers, newest first.' : 'The quotes of the customers you sell to, newest first.'}</SalesHeading>
      <SalesFilters search={search} onSearch={(v) => { setSearch(v); setPage(1); }} placeholder="Customer, work order or title" />
      {list.isError ? (
        <LoadFailed title="The quotes could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data?.total === 0 ? (
        <EmptyPanel title="No quote" hint={debounced ? 'Nothing matches the search: clear it to see all.' : 'Quotes written for the customers you sell to appear here.'} />
      ) : (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped highlightOnHover miw={720} aria-label="Sales quotes" aria-busy={list.isPending}>
            <Table.Thead>
              <Table.Tr>{COLUMNS.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? <LoadingRows columns={COLUMNS.length} /> : list.data.data.map((q) => (
                <Table.Tr key={q.quoteId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={quoteViewPath(q.quoteNumber, q.version)} size="sm" fw={600}>{q.quoteNumber}</Anchor>
                    <Text span size="xs" c="dimmed"> v{q.version}</Text>
                  </Table.Td>
                  <Table.Td>{q.title ?? <Text size="sm" c="dimmed">Untitled</Text>}</Table.Td>
                  <Table.Td>{q.customerName}</Table.Td>
                  <Table.Td>{q.workOrderNumber}</Table.Td>
                  <Table.Td><Badge variant="light" color={STATUS_COLORS[q.status] ?? 'gray'} tt="none">{q.status}</Badge></Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(q.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ListFooter total={list.data?.total} pageSize={PAGE_SIZE} page={page} onPage={setPage} noun={(n) => (n === 1 ? 'quote' : 'quotes')} />
    </Stack>
  );
}
