import { Anchor, Badge, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate, hasFunctionality, moneyText } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyPanel, ListFooter, LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { PAGE_SIZE, useSalesWorkOrders } from './sales-api';
import { SalesFilters, SalesHeading } from './sales-list-controls';

const COLUMNS = ['Work Order', 'Customer', 'Status', 'Sales Person', 'Invoice', 'Created'];

/** `/sales/work-order`: the work orders the sales person sold, or everyone's with All Sales Reports, with their invoices. */
export default function SalesWorkOrdersPage() {
  usePageTitle('Sales Work Orders');
  const { access } = useSignedIn();
  const [search, setSearch] = useState('');
  const [salesTagId, setTag] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  const list = useSalesWorkOrders({ search: debounced, salesTagId, page });
  const everyone = hasFunctionality(access, 'Reports', 'All Sales Reports');
  return (
    <Stack gap="md">
      <SalesHeading title="Sales Work Orders">{everyone ? 'Every sales person\'s work orders, newest first.' : 'The work orders you sold, newest first.'}</SalesHeading>
      <SalesFilters search={search} onSearch={(v) => { setSearch(v); setPage(1); }} placeholder="Number or customer" salesTagId={salesTagId} onTag={(id) => { setTag(id); setPage(1); }} />
      {list.isError ? (
        <LoadFailed title="The work orders could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data?.total === 0 ? (
        <EmptyPanel title="No work order" hint={debounced || salesTagId ? 'Nothing matches the search or the tag: clear them to see all.' : 'Work orders of the customers you sell to appear here once they are opened.'} />
      ) : (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped highlightOnHover miw={760} aria-label="Sales work orders" aria-busy={list.isPending}>
            <Table.Thead>
              <Table.Tr>{COLUMNS.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? <LoadingRows columns={COLUMNS.length} /> : list.data.data.map((w) => (
                <Table.Tr key={w.workOrderId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={workOrderEditPath(w.workOrderNumber)} size="sm" fw={600}>{w.workOrderNumber}</Anchor>
                    {!w.isCommissionable && <Badge ml={6} size="xs" color="gray" variant="light">No commission</Badge>}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{w.customerName}</Text>
                    {w.billingCustomerName && w.billingCustomerName !== w.customerName && <Text size="xs" c="dimmed">Billed to {w.billingCustomerName}</Text>}
                  </Table.Td>
                  <Table.Td>{w.status}</Table.Td>
                  <Table.Td>{w.salesPerson ?? <Text size="sm" c="dimmed">None</Text>}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{w.invoiceNumber ? `${w.invoiceNumber} · ${moneyText(w.invoiceTotal ?? 0)}` : <Text size="sm" c="dimmed">Not invoiced</Text>}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(w.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ListFooter total={list.data?.total} pageSize={PAGE_SIZE} page={page} onPage={setPage} noun={(n) => (n === 1 ? 'work order' : 'work orders')} />
    </Stack>
  );
}
