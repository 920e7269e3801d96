import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DELETE_WORK_ORDER_ITEMS, formatCurrency, satisfies, type MaterialRow } from '@sm/shared';
import { useSignedIn } from '../../../platform/auth/session-context';
import { useIsPhone } from '../../../field/clock/clock-modal';
import { AddLink, DeleteButton, ItemSection, TotalLine } from './item-section';
import { itemPath } from './items-paths';
import { materialsQuery, useDeleteMaterial } from './items-api';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const quantityText = (q: number) => q.toLocaleString('en-US', { maximumFractionDigits: 3 });

type Remove = ((m: MaterialRow) => void) | null;

function MaterialTable({ rows, remove }: { rows: MaterialRow[]; remove: Remove }) {
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
            {remove && <Table.Th w={48} aria-label="Actions" />}
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
                  {[m.partNumber, m.materialStatus].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{quantityText(m.quantity)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(m.unitCost)}</Table.Td>
              <Table.Td ta="right">{m.markupPercent}%</Table.Td>
              <Table.Td ta="right">{formatCurrency(m.unitPrice)}</Table.Td>
              <Table.Td ta="right" fw={600} style={NOWRAP}>
                {formatCurrency(m.lineTotal)}
              </Table.Td>
              {remove && (
                <Table.Td>
                  <DeleteButton what={`material "${m.description}"`} onConfirmed={() => remove(m)} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MaterialCards({ rows, remove }: { rows: MaterialRow[]; remove: Remove }) {
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
                {[m.partNumber, m.materialStatus].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm">
                {quantityText(m.quantity)} × {formatCurrency(m.unitPrice)}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Text fw={700} style={NOWRAP}>
                {formatCurrency(m.lineTotal)}
              </Text>
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
  return (
    <ItemSection
      title="Materials"
      query={query}
      actions={mayAdd && <AddLink to={itemPath(workOrderNumber, 'material')} label="Add Material" />}
      isEmpty={(d) => d.materials.length === 0}
      emptyText="No materials yet."
      footer={(d) => <TotalLine label="Materials total" amount={formatCurrency(d.totalPrice)} testId="materials-total" />}
    >
      {(d) => (isPhone ? <MaterialCards rows={d.materials} remove={onRemove} /> : <MaterialTable rows={d.materials} remove={onRemove} />)}
    </ItemSection>
  );
}
