import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { PURCHASE_ORDER_STATUS_KEYS, PURCHASE_ORDER_STATUS_LABELS, PURCHASE_ORDERS_WRITE, satisfies, type PurchaseOrderStatus } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyPanel, ListFooter, LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { PurchaseOrderList } from './purchase-order-list';
import { newPurchaseOrderPath } from './purchase-order-paths';
import { usePurchaseOrders } from './purchase-orders-api';
import { useSearchDebounce } from '../../../lib/debounce';

const PAGE_SIZE = 25;

/** `/purchaseOrders`: the company's purchase orders, by status and a text; "New Purchase Order". */
export default function PurchaseOrdersPage() {
  usePageTitle('Purchase Orders');
  const canWrite = satisfies(useSignedIn().access, PURCHASE_ORDERS_WRITE);
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search);
  const [status, setStatus] = useState<PurchaseOrderStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = usePurchaseOrders({ search: debounced.trim() || undefined, status: status ?? undefined, take: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  const filtered = (then: () => void) => (then(), setPage(1));
  const isFiltered = !!(debounced.trim() || status);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Purchase Orders</Title>
          <Text size="sm" c="dimmed">
            Parts ordered from vendors: sent, received into a warehouse or truck, back ordered and closed.
          </Text>
        </Stack>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} component={Link} to={newPurchaseOrderPath()}>
            New Purchase Order
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter purchase orders">
        <TextInput
          label="Search"
          placeholder="Number, vendor or work order"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => filtered(() => setSearch(e.currentTarget.value))}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={PURCHASE_ORDER_STATUS_KEYS.map((s) => ({ value: s, label: PURCHASE_ORDER_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => filtered(() => setStatus(v as PurchaseOrderStatus | null))}
          style={{ flex: '1 1 180px' }}
        />
      </Group>
      {list.isError ? (
        <LoadFailed title="The purchase orders could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.data.length === 0 ? (
        <EmptyPanel
          title={isFiltered ? 'No purchase order matches these filters.' : 'No purchase order yet.'}
          hint={isFiltered ? 'Change or clear the filters.' : 'Order parts from a vendor: the lines, where to ship, and the work order they are for.'}
          action={
            canWrite &&
            !isFiltered && (
              <Button variant="light" leftSection={<IconPlus size={16} />} component={Link} to={newPurchaseOrderPath()}>
                New Purchase Order
              </Button>
            )
          }
        />
      ) : (
        <PurchaseOrderList rows={list.data?.data} isLoading={list.isPending} />
      )}
      <ListFooter total={list.data?.total} pageSize={PAGE_SIZE} page={page} onPage={setPage} noun={(n) => (n === 1 ? 'purchase order' : 'purchase orders')} />
    </Stack>
  );
}
