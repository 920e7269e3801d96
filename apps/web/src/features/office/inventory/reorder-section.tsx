import { Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../components/table-states';
import { useReorderSuggestions } from './inventory-api';

/** What to reorder: every level below its minimum, by preferred vendor, with the quantity up to the maximum. */
export function ReorderSection({ onOpenItem }: { onOpenItem: (itemId: number) => void }) {
  const reorder = useReorderSuggestions();
  if (reorder.isError) return <LoadFailed title="The reorder suggestions could not be read" error={reorder.error} onRetry={() => void reorder.refetch()} />;
  if (reorder.isPending) return <Skeleton height={200} aria-busy="true" aria-label="Loading the reorder suggestions" />;
  if (reorder.data.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="xs">
          <Text fw={600}>Nothing to reorder.</Text>
          <Text size="sm" c="dimmed">Every location with a minimum has at least that much available.</Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="lg">
      {reorder.data.map((g) => (
        <Stack key={g.vendorId ?? 0} gap="xs">
          <Title order={3} size="h5">{g.vendorName}</Title>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={`Reorder from ${g.vendorName}`} striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Part Number</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th ta="right">On Hand</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                  <Table.Th ta="right">Min</Table.Th>
                  <Table.Th ta="right">Max</Table.Th>
                  <Table.Th ta="right">Order</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {g.lines.map((l) => (
                  <Table.Tr key={`${l.itemId}-${l.warehouseId}`}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" onClick={() => onOpenItem(l.itemId)}>{l.partNumber}</Anchor>
                    </Table.Td>
                    <Table.Td>{l.description}</Table.Td>
                    <Table.Td>{l.warehouseName}</Table.Td>
                    <Table.Td ta="right">{l.onHand}</Table.Td>
                    <Table.Td ta="right">{l.available}</Table.Td>
                    <Table.Td ta="right">{l.minQuantity}</Table.Td>
                    <Table.Td ta="right">{l.maxQuantity ?? '—'}</Table.Td>
                    <Table.Td ta="right" fw={700}>{l.suggestedQuantity}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
    </Stack>
  );
}
