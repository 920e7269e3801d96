import { Badge, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../../../components/error-panel';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { ItemPageFrame } from '../items/item-page-frame';
import { statusHistoryQuery } from './office-api';
import { formatDateTime } from '@sm/shared';

function StatusHistoryTable({ workOrder }: { workOrder: WorkOrderDetails }) {
  const query = useQuery(statusHistoryQuery(workOrder.workOrderId));
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the status history">
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (query.isError) return <ErrorPanel title="The status history could not be loaded" message={query.error.message} />;
  const newestFirst = [...query.data].reverse();
  if (newestFirst.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed">
          The status has not changed since the work order was created.
        </Text>
      </Paper>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table striped withTableBorder aria-label="Status history" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Changed by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {newestFirst.map((row, i) => (
            <Table.Tr key={`${row.changedAt}-${i}`} data-testid="status-history-row">
              <Table.Td>{formatDateTime(row.changedAt)}</Table.Td>
              <Table.Td>{row.fromStatus ?? <Text span c="dimmed" size="sm">Created</Text>}</Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none">
                  {row.toStatus}
                </Badge>
              </Table.Td>
              <Table.Td>{row.changedBy ?? 'Unknown'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/workOrder/{number}/showStatusHistory`: every status change of the work order, newest first. */
export default function StatusHistoryPage() {
  return (
    <ItemPageFrame title="Status History" maxWidth={860}>
      {(workOrder) => <StatusHistoryTable workOrder={workOrder} />}
    </ItemPageFrame>
  );
}
