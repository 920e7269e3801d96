import { ActionIcon, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconBarcode, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { DELETE_WORK_ORDER_ITEMS, formatCurrency, satisfies, type MaterialRow } from '@sm/shared';
import { useSignedIn } from '../../../platform/auth/session-context';
import { useIsPhone } from '../../../field/clock/clock-modal';
import { AddLink, DeleteButton, ItemSection, TotalLine } from './item-section';
import { itemPath } from './items-paths';
import { materialsQuery, useDeleteMaterial } from './items-api';

const MaterialChangeDialog = lazy(() => import('./material-change-dialog').then((m) => ({ default: m.MaterialChangeDialog })));
const ScanPartDialog = lazy(() => import('./scan-part-dialog').then((m) => ({ default: m.ScanPartDialog })));

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const quantityText = (q: number) => q.toLocaleString('en-US', { maximumFractionDigits: 3 });

type Remove = ((m: MaterialRow) => void) | null;
type Change = ((m: MaterialRow) => void) | null;

/** Change a material's status, quantity or place. */
function ChangeButton({ material, onChange }: { material: MaterialRow; onChange: (m: MaterialRow) => void }) {
  const isPhone = useIsPhone();
  const label = `Change material "${material.description}"`;
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon variant="subtle" size={isPhone ? 44 : 'lg'} aria-label={label} onClick={() => onChange(material)} style={{ flexShrink: 0 }}>
        <IconPencil size={isPhone ? 22 : 18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Where a stocked part comes from, under its description. */
const placeText = (m: MaterialRow) =>
  m.warehouseName ? `${m.warehouseName}${m.transferToWarehouseName ? ` → ${m.transferToWarehouseName}` : ''}` : null;

function MaterialTable({ rows, remove, change }: { rows: MaterialRow[]; remove: Remove; change: Change }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Materials">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Material</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Unit Cost</Table.Th>
            <Table.Th ta="right">Markup</Table.Th>
            <Table.Th ta="right">Unit Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            {(remove || change) && <Table.Th w={96} aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.materialId} data-testid="material-row">
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={500}>
                  {m.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {[m.partNumber, m.materialStatus, placeText(m)].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{quantityText(m.quantity)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(m.unitCost)}</Table.Td>
              <Table.Td ta="right">{m.markupPercent}%</Table.Td>
              <Table.Td ta="right">{formatCurrency(m.unitPrice)}</Table.Td>
              <Table.Td ta="right" fw={600} style={NOWRAP}>
                {formatCurrency(m.lineTotal)}
              </Table.Td>
              {(remove || change) && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {change && <ChangeButton material={m} onChange={change} />}
                    {change && <ChangeButton material={m} onChange={change} />}
              {remove && <DeleteButton what={`material "${m.description}"`} onConfirmed={() => remove(m)} />}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MaterialCards({ rows, remove, change }: { rows: MaterialRow[]; remove: Remove; change: Change }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Materials">
      {rows.map((m) => (
        <Card key={m.materialId} component="li" withBorder radius="md" padding="sm" style={{ listStyle: 'none' }} data-testid="material-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.description}
              </Text>
              <Text size="sm" c="dimmed">
                {[m.partNumber, m.materialStatus, placeText(m)].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm">
                {quantityText(m.quantity)} × {formatCurrency(m.unitPrice)}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Text fw={700} style={NOWRAP}>
                {formatCurrency(m.lineTotal)}
              </Text>
              {change && <ChangeButton material={m} onChange={change} />}
              {remove && <DeleteButton what={`material "${m.description}"`} onConfirmed={() => remove(m)} />}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Parts on the work order with their exact total; shown to those who read Materials. */
export function MaterialsSection({ workOrderId, workOrderNumber }: { workOrderId: number; workOrderNumber: string }) {
  const { access } = useSignedIn();
  const isPhone = useIsPhone();
  const query = useQuery(materialsQuery(workOrderId));
  const remove = useDeleteMaterial(workOrderId);
  const mayAdd = satisfies(access, { kind: 'area', area: 'Materials', level: 'write' });
  const mayDelete = mayAdd && satisfies(access, DELETE_WORK_ORDER_ITEMS);
  const onRemove: Remove = mayDelete ? (m) => remove.mutate(m.materialId) : null;
  const [changing, setChanging] = useState<MaterialRow | null>(null);
  const [isScanning, setScanning] = useState(false);
  const onChange: Change = mayAdd ? setChanging : null;
  return (
    <>
    <ItemSection
      title="Materials"
      query={query}
      actions={
        mayAdd && (
          <>
            <Button variant="light" size={isPhone ? 'md' : 'sm'} leftSection={<IconBarcode size={18} />} onClick={() => setScanning(true)}>
              Scan part
            </Button>
            <AddLink to={itemPath(workOrderNumber, 'material')} label="Add Material" />
          </>
        )
      }
      isEmpty={(d) => d.materials.length === 0}
      emptyText="No materials yet."
      footer={(d) => <TotalLine label="Materials total" amount={formatCurrency(d.totalPrice)} testId="materials-total" />}
    >
      {(d) => (isPhone ? <MaterialCards rows={d.materials} remove={onRemove} change={onChange} /> : <MaterialTable rows={d.materials} remove={onRemove} change={onChange} />)}
    </ItemSection>
    <Suspense fallback={null}>
      {changing && <MaterialChangeDialog workOrderId={workOrderId} material={changing} onClose={() => setChanging(null)} />}
      {isScanning && <ScanPartDialog workOrderId={workOrderId} onClose={() => setScanning(false)} />}
    </Suspense>
    </>
  );
}
