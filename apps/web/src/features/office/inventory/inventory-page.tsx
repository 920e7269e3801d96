import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { canWrite, hasFunctionality, satisfies } from '@sm/shared';
import { useRef, useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { AddItemDialog } from './add-item-dialog';
import { downloadInventoryCsv, type ItemsFilter } from './inventory-api';
import { ItemDrawer } from './item-drawer';
import { ItemsSection } from './items-section';
import { ReorderSection } from './reorder-section';
import { TransferRequestsSection } from './transfer-requests-section';

/** `/inventory`: the items with their stock, what to reorder, and the technicians' transfer requests. */
export default function InventoryPage() {
  usePageTitle('Inventory');
  const { access } = useSignedIn();
  const [openItem, setOpenItem] = useState<number | null>(null);
  const [isAdding, setAdding] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const filter = useRef<Omit<ItemsFilter, 'take' | 'skip'>>({});
  const mayAdd = canWrite(access, 'Inventory') || hasFunctionality(access, 'Inventory', 'Inventory Add');
  const mayExport = hasFunctionality(access, 'Inventory', 'Inventory Export');
  const mayDecide = satisfies(access, { kind: 'area', area: 'Inventory', level: 'write', functionality: 'Inventory Management' });
  const exportCsv = () => {
    setExporting(true);
    void downloadInventoryCsv(filter.current).finally(() => setExporting(false));
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Inventory</Title>
          <Text size="sm" c="dimmed">The parts you stock: on hand at each warehouse and truck, counts, adjustments and transfers, and what to reorder.</Text>
        </Stack>
        <Group gap="xs">
          {mayExport && <Button variant="default" leftSection={<IconDownload size={16} />} loading={isExporting} onClick={exportCsv}>Export CSV</Button>}
          {mayAdd && <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>Add item</Button>}
        </Group>
      </Group>
      <Tabs defaultValue="items" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="items">Items</Tabs.Tab>
          <Tabs.Tab value="reorder">Reorder</Tabs.Tab>
          <Tabs.Tab value="transfers">Transfer requests</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items" pt="md">
          <ItemsSection onOpenItem={setOpenItem} onFilterChange={(f) => (filter.current = f)} />
        </Tabs.Panel>
        <Tabs.Panel value="reorder" pt="md">
          <ReorderSection onOpenItem={setOpenItem} />
        </Tabs.Panel>
        <Tabs.Panel value="transfers" pt="md">
          <TransferRequestsSection canDecide={mayDecide} />
        </Tabs.Panel>
      </Tabs>
      <AddItemDialog opened={isAdding} onClose={() => setAdding(false)} onAdded={setOpenItem} />
      <ItemDrawer itemId={openItem} onClose={() => setOpenItem(null)} />
    </Stack>
  );
}
