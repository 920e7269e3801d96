import { Anchor, Badge, Card, Center, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime, PROVIDER_LABELS, PROVIDER_WORK_ORDERS_DEFAULT_TAKE, type ProviderSettingsKey, type ProviderWorkOrder } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PHONE_QUERY } from '../../../lib/media';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { providerWorkOrdersQuery } from './provider-settings-api';

const TAKE = PROVIDER_WORK_ORDERS_DEFAULT_TAKE;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function WorkOrderLink({ row }: { row: ProviderWorkOrder }) {
  return (
    <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)} fw={600}>
      {row.workOrderNumber}
    </Anchor>
  );
}

/** The last call made to the provider: what, when, and the provider's words when it refused. */
function LastAction({ row }: { row: ProviderWorkOrder }) {
  const last = row.lastAction;
  if (!last) return <Text size="sm" c="dimmed">No calls yet</Text>;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="light" color={last.isOk ? 'teal' : 'red'} tt="none">
          {last.action} {last.isOk ? 'taken' : 'refused'}
        </Badge>
        <Text size="xs" c="dimmed" style={NOWRAP}>
          {formatDateTime(last.createdAt)}
        </Text>
      </Group>
      {last.message && (
        <Text size="xs" c={last.isOk ? 'dimmed' : 'red.8'} lineClamp={3} title={last.message}>
          {last.message}
        </Text>
      )}
    </Stack>
  );
}

const status = (text: string | null) => text ?? <Text span size="sm" c="dimmed">Unknown</Text>;

function WorkOrderTable({ rows }: { rows: ProviderWorkOrder[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={NOWRAP}>Work Order #</Table.Th>
            <Table.Th style={NOWRAP}>Customer</Table.Th>
            <Table.Th style={NOWRAP}>Provider #</Table.Th>
            <Table.Th style={NOWRAP}>Provider status</Table.Th>
            <Table.Th style={NOWRAP}>Our status</Table.Th>
            <Table.Th w={280} style={NOWRAP}>
              Last provider call
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.workOrderId}>
              <Table.Td>
                <WorkOrderLink row={row} />
              </Table.Td>
              <Table.Td>{row.customerName}</Table.Td>
              <Table.Td>{row.providerWorkOrderId}</Table.Td>
              <Table.Td>{status(row.providerStatus)}</Table.Td>
              <Table.Td>{row.workOrderStatus}</Table.Td>
              <Table.Td>
                <LastAction row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WorkOrderCards({ rows }: { rows: ProviderWorkOrder[] }) {
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card key={row.workOrderId} withBorder padding="sm" radius="md" data-testid="provider-work-order-card">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <WorkOrderLink row={row} />
              <Text size="sm" c="dimmed">
                #{row.providerWorkOrderId}
              </Text>
            </Group>
            <Text size="sm">{row.customerName}</Text>
            <Group gap="xs">
              <Badge variant="outline" tt="none">
                Provider: {row.providerStatus ?? 'Unknown'}
              </Badge>
              <Badge variant="light" tt="none">
                Ours: {row.workOrderStatus}
              </Badge>
            </Group>
            <LastAction row={row} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The company's work orders linked to this provider, page by page, as a table (cards at phone width). */
export function ProviderWorkOrders({ provider }: { provider: ProviderSettingsKey }) {
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [page, setPage] = useState(1);
  const query = useQuery(providerWorkOrdersQuery(provider, { skip: (page - 1) * TAKE, take: TAKE }));
  const total = query.data?.total ?? 0;
  const rows = query.data?.data ?? [];

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-label="Linked work orders">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4">
              Linked work orders
            </Title>
            <Text size="sm" c="dimmed">
              Our work orders that came from {PROVIDER_LABELS[provider]}, with both statuses and the last call made to {PROVIDER_LABELS[provider]}.
            </Text>
          </Stack>
          {query.data && <Badge variant="light" tt="none">{total === 1 ? '1 work order' : `${total} work orders`}</Badge>}
        </Group>
        {query.isPending && (
          <Center mih={120} role="status" aria-label="Loading linked work orders">
            <Loader size="sm" />
          </Center>
        )}
        {query.isError && <Text c="red">The linked work orders could not be loaded.</Text>}
        {query.data && rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            No work orders are linked to {PROVIDER_LABELS[provider]} yet.
          </Text>
        )}
        {rows.length > 0 && (isPhone ? <WorkOrderCards rows={rows} /> : <WorkOrderTable rows={rows} />)}
        {total > TAKE && (
          <Group justify="center">
            <Pagination value={page} onChange={setPage} total={Math.ceil(total / TAKE)} size="sm" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
