import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatCurrency, type PurchaseOrderSummary } from '@sm/shared';
import { Link } from 'react-router';
import { LoadingRows } from '../../../components/table-states';
import { PHONE_QUERY } from '../../../lib/media';
import { purchaseOrderPath } from './purchase-order-paths';
import { PurchaseOrderStatusBadge } from './purchase-order-status';

const day = (iso: string) => iso.slice(0, 10);

/** Purchase orders as a table, or as cards on a phone; each number opens its page. */
export function PurchaseOrderList({ rows, isLoading, showWorkOrder = true }: { rows: PurchaseOrderSummary[] | undefined; isLoading: boolean; showWorkOrder?: boolean }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone) {
    return (
      <Stack gap="xs" role="list" aria-label="Purchase orders">
        {(rows ?? []).map((po) => (
          <Card key={po.purchaseOrderId} withBorder padding="sm" role="listitem">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={purchaseOrderPath(po.purchaseOrderId)} fw={600} size="sm" py={4}>
                  PO {po.number}
                </Anchor>
                <PurchaseOrderStatusBadge status={po.status} />
              </Group>
              <Text size="sm">{po.vendorName}</Text>
              <Text size="xs" c="dimmed">
                {formatCurrency(po.total)} · created {day(po.createdAt)}
                {po.expectedOn ? ` · expected ${po.expectedOn}` : ''}
                {showWorkOrder && po.workOrderNumber ? ` · WO ${po.workOrderNumber}` : ''}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  const columns = showWorkOrder ? 7 : 6;
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped highlightOnHover aria-label="Purchase orders" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Vendor</Table.Th>
            {showWorkOrder && <Table.Th>Work Order</Table.Th>}
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Expected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading && !rows ? (
            <LoadingRows columns={columns} />
          ) : (
            (rows ?? []).map((po) => (
              <Table.Tr key={po.purchaseOrderId}>
                <Table.Td>
                  <Anchor component={Link} to={purchaseOrderPath(po.purchaseOrderId)} size="sm" fw={600}>
                    PO {po.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{po.vendorName}</Table.Td>
                {showWorkOrder && <Table.Td>{po.workOrderNumber ?? '—'}</Table.Td>}
                <Table.Td miw={120}>
                  <PurchaseOrderStatusBadge status={po.status} />
                </Table.Td>
                <Table.Td ta="right">{formatCurrency(po.total)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(po.createdAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{po.expectedOn ?? '—'}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
