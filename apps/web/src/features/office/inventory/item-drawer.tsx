import { Anchor, Badge, Button, Center, Drawer, Group, Pagination, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAdjustments, IconArrowsExchange, IconClipboardList } from '@tabler/icons-react';
import { formatCurrency, hasFunctionality, satisfies, updateInventoryItemBody, type InventoryItem } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { useInventoryItem, useItemLedger, useSetItemActive, useUpdateItem } from './inventory-api';
import { ItemFields, itemBodyOf, type ItemValues } from './item-fields';
import { StockActionDialog, type StockAction } from './stock-dialogs';
import { dateTimeText } from './inventory-format';

const LEDGER_PAGE = 10;

function valuesOf(item: InventoryItem): ItemValues {
  return {
    partNumber: item.partNumber, description: item.description, unit: item.unit, unitCost: item.unitCost, unitPrice: item.unitPrice ?? '',
    barcode: item.barcode ?? '', partClass: item.partClass ?? '', preferredVendorId: item.preferredVendorId,
  };
}

function Details({ item, canWrite }: { item: InventoryItem; canWrite: boolean }) {
  const { access } = useSignedIn();
  const [values, setValues] = useState(() => valuesOf(item));
  const { errors, clear, check } = useSchemaForm(updateInventoryItemBody);
  const update = useUpdateItem();
  const setActive = useSetItemActive();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check(itemBodyOf(values));
    if (body) update.mutate({ itemId: item.itemId, body }, { onSuccess: () => notifySuccess(`${body.partNumber} saved.`) });
  };
  const toggle = async () => {
    const retiring = item.isActive;
    const ok = await confirm({ title: retiring ? 'Retire item?' : 'Reactivate item?', message: retiring ? `${item.partNumber} will no longer be offered for materials and orders. Its stock stays.` : `${item.partNumber} will be offered again.`, danger: retiring });
    if (ok) setActive.mutate({ itemId: item.itemId, isActive: !retiring }, { onSuccess: () => notifySuccess(`${item.partNumber} ${retiring ? 'retired' : 'reactivated'}.`) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Item details">
      <Stack gap="sm">
        <ItemFields values={values} errors={errors} readOnly={!canWrite} canChangeClass={hasFunctionality(access, 'Inventory', 'Change Part Class')} onChange={(f, v) => (setValues((s) => ({ ...s, [f]: v })), clear(f))} />
        {canWrite && (
          <Group justify="space-between">
            <Button variant="subtle" color={item.isActive ? 'red' : 'teal'} onClick={() => void toggle()} loading={setActive.isPending}>
              {item.isActive ? 'Retire item' : 'Reactivate item'}
            </Button>
            <Button type="submit" loading={update.isPending}>Save</Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function Stock({ item, canWrite, onAction }: { item: InventoryItem; canWrite: boolean; onAction: (a: StockAction) => void }) {
  if (item.levels.length === 0) return <Text size="sm" c="dimmed">Not kept at any location yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label="Stock by location" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th ta="right">On Hand</Table.Th>
            <Table.Th ta="right">Reserved</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
            <Table.Th ta="right">Min</Table.Th>
            <Table.Th ta="right">Max</Table.Th>
            <Table.Th>Bin</Table.Th>
            {canWrite && <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.levels.map((l) => (
            <Table.Tr key={l.warehouseId}>
              <Table.Td>{l.warehouseName}{l.isTruck && <Badge size="xs" variant="light" ml={6}>truck</Badge>}</Table.Td>
              <Table.Td ta="right">{l.onHand}</Table.Td>
              <Table.Td ta="right">{l.reserved}</Table.Td>
              <Table.Td ta="right" c={l.minQuantity != null && l.available < l.minQuantity ? 'red' : undefined}>{l.available}</Table.Td>
              <Table.Td ta="right">{l.minQuantity ?? '—'}</Table.Td>
              <Table.Td ta="right">{l.maxQuantity ?? '—'}</Table.Td>
              <Table.Td>{l.binLocation ?? '—'}</Table.Td>
              {canWrite && (
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => onAction({ kind: 'level', level: l })} aria-label={`Min and max at ${l.warehouseName}`}>Min / max</Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Ledger({ itemId }: { itemId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useItemLedger(itemId, { take: LEDGER_PAGE, skip: (page - 1) * LEDGER_PAGE });
  if (ledger.isError) return <LoadFailed title="The ledger could not be read" error={ledger.error} onRetry={() => void ledger.refetch()} />;
  const total = ledger.data?.total ?? 0;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={600}>
        <Table aria-label="Stock ledger" verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Movement</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Reason / work order</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ledger.isPending ? <LoadingRows columns={6} rows={3} /> : ledger.data.data.map((m) => (
              <Table.Tr key={m.movementId}>
                <Table.Td>{dateTimeText(m.createdAt)}</Table.Td>
                <Table.Td>{m.kindLabel}</Table.Td>
                <Table.Td ta="right" c={m.quantity < 0 ? 'red' : undefined}>{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</Table.Td>
                <Table.Td>{m.warehouseName}</Table.Td>
                <Table.Td>{m.createdByName ?? '—'}</Table.Td>
                <Table.Td>
                  {m.workOrderNumber ? <Anchor component={Link} to={workOrderEditPath(m.workOrderNumber)} size="sm">WO {m.workOrderNumber}</Anchor> : null}
                  {m.workOrderNumber && m.reason ? ' · ' : ''}
                  {m.reason}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total === 0 && !ledger.isPending && <Text size="sm" c="dimmed">No movement yet.</Text>}
      {total > LEDGER_PAGE && (
        <Center>
          <Pagination size="sm" total={Math.ceil(total / LEDGER_PAGE)} value={page} onChange={setPage} />
        </Center>
      )}
    </Stack>
  );
}

/** One item: its details, its stock at each location with minimums and maximums, its ledger, and the stock actions. */
export function ItemDrawer({ itemId, onClose }: { itemId: number | null; onClose: () => void }) {
  const { access } = useSignedIn();
  const item = useInventoryItem(itemId);
  const [action, setAction] = useState<StockAction | null>(null);
  const canWrite = satisfies(access, { kind: 'area', area: 'Inventory', level: 'write' });
  const canMove = satisfies(access, { kind: 'area', area: 'Inventory', level: 'write', functionality: 'Inventory Management' });
  const title = item.data ? `${item.data.partNumber} · ${item.data.description}` : 'Item';
  return (
    <Drawer opened={itemId != null} onClose={onClose} position="right" size="xl" title={<Title order={3} size="h4">{title}</Title>}>
      {item.isError ? (
        <LoadFailed title="The item could not be read" error={item.error} onRetry={() => void item.refetch()} />
      ) : !item.data ? (
        <Skeleton height={320} aria-busy="true" aria-label="Loading the item" />
      ) : (
        <Stack gap="lg">
          {!item.data.isActive && <Badge color="gray">Retired</Badge>}
          <Group gap="xs">
            <Text size="sm">On hand in all: <b>{item.data.totalOnHand} {item.data.unit}</b></Text>
            {item.data.totalValue != null && <Text size="sm">· value at cost <b>{formatCurrency(item.data.totalValue)}</b></Text>}
          </Group>
          {canMove && (
            <Group gap="xs">
              <Button size="xs" leftSection={<IconAdjustments size={14} />} onClick={() => setAction({ kind: 'adjust', warehouseId: item.data.levels[0]?.warehouseId ?? null })}>Adjust</Button>
              <Button size="xs" variant="light" leftSection={<IconClipboardList size={14} />} onClick={() => setAction({ kind: 'count', warehouseId: item.data.levels[0]?.warehouseId ?? null })}>Count</Button>
              <Button size="xs" variant="light" leftSection={<IconArrowsExchange size={14} />} onClick={() => setAction({ kind: 'transfer', warehouseId: item.data.levels[0]?.warehouseId ?? null })}>Transfer</Button>
            </Group>
          )}
          <Stack gap="xs">
            <Title order={4} size="h5">Stock by location</Title>
            <Stock item={item.data} canWrite={canWrite} onAction={setAction} />
          </Stack>
          <Stack gap="xs">
            <Title order={4} size="h5">Details</Title>
            <Details key={`${item.data.itemId}-${item.dataUpdatedAt}`} item={item.data} canWrite={canWrite} />
          </Stack>
          <Stack gap="xs">
            <Title order={4} size="h5">Ledger</Title>
            <Ledger itemId={item.data.itemId} />
          </Stack>
          {action && <StockActionDialog item={item.data} action={action} onClose={() => setAction(null)} />}
        </Stack>
      )}
    </Drawer>
  );
}
