import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canWrite, DELETE_WORK_ORDER_ITEMS, formatCurrency, satisfies } from '@sm/shared';
import { useSignedIn } from '../../../platform/auth/session-context';
import { AddLink, DeleteButton, ItemSection, TotalLine } from './item-section';
import { itemPath } from './items-paths';
import { standardItemsQuery, useDeleteStandardItem } from './items-api';

const quantityText = (q: number) => q.toLocaleString('en-US', { maximumFractionDigits: 3 });

interface Props {
  workOrderId: number;
  workOrderNumber: string;
  billingCustomerId: number | null;
}

/** Catalogue and rate-sheet items on the work order, one list with their exact total. */
export function StandardItemsSection({ workOrderId, workOrderNumber, billingCustomerId }: Props) {
  const { access } = useSignedIn();
  const query = useQuery(standardItemsQuery(workOrderId));
  const remove = useDeleteStandardItem(workOrderId);
  const mayAdd = canWrite(access, 'Work Orders') && satisfies(access, { kind: 'area', area: 'Standard Items', level: 'read' });
  const mayDelete = satisfies(access, DELETE_WORK_ORDER_ITEMS);
  return (
    <ItemSection
      title="Standard Items"
      query={query}
      actions={
        mayAdd && (
          <>
            <AddLink to={itemPath(workOrderNumber, 'standardItem')} label="Add Standard Item" phoneLabel="Standard Item" />
            {billingCustomerId != null && <AddLink to={itemPath(workOrderNumber, 'rateSheetItem')} label="Add Rate Sheet Item" phoneLabel="Rate Sheet Item" />}
          </>
        )
      }
      isEmpty={(d) => d.items.length === 0}
      emptyText="No standard items yet."
      footer={(d) => <TotalLine label="Standard items total" amount={formatCurrency(d.total)} testId="standard-items-total" />}
    >
      {(d) => (
        <Stack component="ul" gap={0} p={0} m={0} aria-label="Standard items">
          {d.items.map((i) => (
            <Group
              key={i.workOrderStandardItemId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              py={6}
              style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="standard-item-row"
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {i.name}
                  </Text>
                  {i.kind === 'rateSheet' && (
                    <Badge size="sm" variant="light" tt="none">
                      Rate sheet{i.itemRateTypeName ? ` · ${i.itemRateTypeName}` : ''}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {quantityText(i.quantity)} × {formatCurrency(i.unitPrice)}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatCurrency(i.lineTotal)}
                </Text>
                {mayDelete && <DeleteButton what={`item "${i.name}"`} onConfirmed={() => remove.mutate(i.workOrderStandardItemId)} />}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </ItemSection>
  );
}
