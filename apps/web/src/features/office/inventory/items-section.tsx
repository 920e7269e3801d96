import { Anchor, Badge, Center, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatCurrency } from '@sm/shared';
import { useState } from 'react';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { useInventoryItems, type ItemsFilter } from './inventory-api';
import { LocationSelect } from './location-select';
import { useSearchDebounce } from '../../../lib/debounce';

const PAGE_SIZE = 25;
const ACTIVE_CHOICES = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Retired' },
];

/** The items grid: search, location and active filters, paging; a part number opens the item. */
export function ItemsSection({ onOpenItem, onFilterChange }: { onOpenItem: (itemId: number) => void; onFilterChange: (f: Omit<ItemsFilter, 'take' | 'skip'>) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [active, setActive] = useState<string | null>('true');
  const [page, setPage] = useState(1);
  const filter = { search: debounced.trim() || undefined, warehouseId: warehouseId ?? undefined, isActive: active == null ? undefined : active === 'true' };
  const items = useInventoryItems({ ...filter, take: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  const refilter = (then: () => void) => {
    then();
    setPage(1);
  };
  const withCost = items.data?.canSeeTotalCost ?? false;
  const total = items.data?.total ?? 0;
  const isFiltered = !!(filter.search || warehouseId || active === 'false');
  onFilterChange(filter);
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter items">
        <TextInput label="Search items" placeholder="Part number, description or barcode" leftSection={<IconSearch size={16} />} value={search} onChange={(e) => refilter(() => setSearch(e.currentTarget.value))} style={{ flex: '2 1 240px' }} />
        <LocationSelect label="Location" placeholder="All locations" clearable value={warehouseId} onChange={(id) => refilter(() => setWarehouseId(id))} style={{ flex: '1 1 180px' }} />
        <Select label="Status" placeholder="Active and retired" clearable data={ACTIVE_CHOICES} value={active} onChange={(v) => refilter(() => setActive(v))} style={{ flex: '1 1 150px' }} />
      </Group>
      {items.isError ? (
        <LoadFailed title="The items could not be read" error={items.error} onRetry={() => void items.refetch()} />
      ) : items.data && items.data.data.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={600}>{isFiltered ? 'No item matches these filters.' : 'No item yet.'}</Text>
            <Text size="sm" c="dimmed">{isFiltered ? 'Change or clear the filters.' : 'Add the parts you stock, with what is on hand at each location.'}</Text>
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label="Items" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part Number</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Preferred Vendor</Table.Th>
                <Table.Th ta="right">Unit Cost</Table.Th>
                <Table.Th ta="right">{warehouseId ? 'On Hand Here' : 'Total On Hand'}</Table.Th>
                {withCost && <Table.Th ta="right">Total Value</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.isPending ? (
                <LoadingRows columns={withCost ? 6 : 5} />
              ) : (
                items.data.data.map((i) => (
                  <Table.Tr key={i.itemId}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onOpenItem(i.itemId)}>{i.partNumber}</Anchor>
                      {!i.isActive && <Badge size="xs" color="gray" ml={6}>Retired</Badge>}
                    </Table.Td>
                    <Table.Td>{i.description}</Table.Td>
                    <Table.Td>{i.preferredVendorName ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(i.unitCost)}</Table.Td>
                    <Table.Td ta="right">{i.totalOnHand} {i.unit}</Table.Td>
                    {withCost && <Table.Td ta="right">{i.totalValue == null ? '—' : formatCurrency(i.totalValue)}</Table.Td>}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > PAGE_SIZE && (
        <Center>
          <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
        </Center>
      )}
      {items.data && <Text size="xs" c="dimmed" ta="center">{total} {total === 1 ? 'item' : 'items'}</Text>}
    </Stack>
  );
}
