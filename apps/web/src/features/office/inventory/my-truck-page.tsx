import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconSearch, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api';
import { useMyTruck, useTransferRequests } from './inventory-api';
import { RequestPartsDialog } from './request-parts-dialog';
import { TransferStatusBadge } from './transfer-requests-section';
import { dateTimeText } from './inventory-format';
import { useSearchDebounce } from '../../../lib/debounce';


/** The technician's own requests and what the office decided. */
function MyRequests() {
  const requests = useTransferRequests({ mine: true });
  if (requests.isError) return <LoadFailed title="Your requests could not be read" error={requests.error} onRetry={() => void requests.refetch()} />;
  if (requests.isPending) return <Skeleton height={80} aria-busy="true" aria-label="Loading your requests" />;
  if (requests.data.length === 0) return <Text size="sm" c="dimmed">No request yet.</Text>;
  return (
    <Stack gap="xs" role="list" aria-label="My requests">
      {requests.data.map((r) => (
        <Card key={r.transferId} withBorder padding="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>{r.quantity} × {r.partNumber}</Text>
              <Text size="xs" c="dimmed">{r.fromWarehouseName} → {r.toWarehouseName} · {dateTimeText(r.requestedAt)}</Text>
              {r.declineReason && <Text size="xs" c="red">Declined: {r.declineReason}</Text>}
            </Stack>
            <TransferStatusBadge status={r.status} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** `/inventory/my-truck`: the parts on the technician's truck, searchable, his requests, and Request parts. */
export default function MyTruckPage() {
  usePageTitle('My Truck');
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search);
  const truck = useMyTruck(debounced);
  const [isRequesting, setRequesting] = useState(false);
  if (truck.isError && truck.error instanceof ApiError && truck.error.status === 404) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={2}>My Truck</Title>
        <Alert color="blue" icon={<IconInfoCircle />} title="No truck">{truck.error.message}</Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={640}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={2}>
          <Title order={2}>My Truck</Title>
          <Text size="sm" c="dimmed">{truck.data ? truck.data.name : 'The parts on your truck.'}</Text>
        </Stack>
        {truck.data && <Button leftSection={<IconTruckDelivery size={16} />} onClick={() => setRequesting(true)}>Request parts</Button>}
      </Group>
      <TextInput label="Search my truck" placeholder="Part number, description or barcode" leftSection={<IconSearch size={16} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} inputMode="search" />
      {truck.isError ? (
        <LoadFailed title="Your truck could not be read" error={truck.error} onRetry={() => void truck.refetch()} />
      ) : truck.isPending ? (
        <Skeleton height={200} aria-busy="true" aria-label="Loading your truck" />
      ) : truck.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">{debounced.trim() ? 'No part on your truck matches.' : 'Your truck holds no parts yet.'}</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Parts on my truck">
          {truck.data.items.map((i) => (
            <Card key={i.itemId} withBorder padding="sm" role="listitem" aria-label={`${i.partNumber} ${i.description}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>{i.partNumber}</Text>
                  <Text size="sm" lineClamp={2}>{i.description}</Text>
                  {i.binLocation && <Text size="xs" c="dimmed">Bin {i.binLocation}</Text>}
                </Stack>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="lg" fw={700} data-testid="on-hand">{i.onHand}</Text>
                  <Text size="xs" c="dimmed">{i.unit}</Text>
                  {i.reserved > 0 && <Badge size="xs" variant="light">{i.reserved} reserved</Badge>}
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Title order={3} size="h4">My requests</Title>
      <MyRequests />
      {truck.data && <RequestPartsDialog truckId={truck.data.warehouseId} opened={isRequesting} onClose={() => setRequesting(false)} />}
    </Stack>
  );
}
