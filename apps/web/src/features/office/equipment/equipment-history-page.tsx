import { Alert, Anchor, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type EquipmentHistory, type EquipmentHistoryEntry, formatDate, satisfies } from '@sm/shared';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/table-states';
import { ApiError } from '../../../lib/api';
import { useSignedIn } from '../../platform/auth/session-context';
import { usePageTitle } from '../../../components/use-page-title';
import { PHONE_QUERY } from '../../../lib/media';
import { customerPath } from '../customers/customer-paths';
import { Fact } from '../customers/customer-sections';
import { formatHours } from '../work-orders/edit/work-order-format';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { equipmentHistoryQuery } from './equipment-api';
import { chargeOf, makeModelOf } from './equipment-list';
import { MovementLine } from '../refrigerant/refrigerant-section';
import { EQUIPMENT_PATHS } from './equipment-paths';
import { PrintLabelButton } from './print-label-button';
import { mayStartWorkOrder, StartWorkOrderHere } from './start-work-order-dialog';

const materialsOf = (w: EquipmentHistoryEntry) => (w.materials.length === 0 ? 'None' : w.materials.map((m) => `${m.quantity} × ${m.description}`).join(', '));

function Piece({ h }: { h: EquipmentHistory }) {
  const e = h.equipment;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
        <Fact label="Name">{e.name}</Fact>
        <Fact label="Location">
          <Anchor component={Link} to={customerPath(e.customerId)} size="sm">
            {e.customerName}
          </Anchor>
        </Fact>
        <Fact label="Category">{e.categoryName}</Fact>
        <Fact label="Make and model">{makeModelOf(e)}</Fact>
        <Fact label="Serial">{e.serialNumber ?? 'None'}</Fact>
        <Fact label="Refrigerant">{chargeOf(e)}</Fact>
        <Fact label="Voltage">{e.voltageName ?? 'None'}</Fact>
        <Fact label="Installed">{e.installedOn ? formatDate(e.installedOn) : 'Unknown'}</Fact>
        <Fact label="Warranty ends">{e.warrantyEndsOn ? formatDate(e.warrantyEndsOn) : 'Unknown'}</Fact>
      </SimpleGrid>
    </Paper>
  );
}

function WorkOrders({ rows }: { rows: EquipmentHistoryEntry[] }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No work order has named this piece yet.
      </Text>
    );
  }
  const link = (w: EquipmentHistoryEntry) => (
    <Anchor component={Link} to={workOrderEditPath(w.workOrderNumber)} size="sm" fw={600}>
      {w.workOrderNumber}
    </Anchor>
  );
  if (isPhone) {
    return (
      <Stack gap="xs" role="list" aria-label="Work orders">
        {rows.map((w) => (
          <Card key={w.workOrderId} withBorder padding="sm" role="listitem">
            <Group justify="space-between">
              {link(w)}
              <Badge variant="light" tt="none">
                {w.workOrderStatus}
              </Badge>
            </Group>
            <Text size="sm">{w.problem}</Text>
            <Text size="xs" c="dimmed">
              {formatDate(w.createdAt)} · {w.technicians.join(', ') || 'No technician'} · {formatHours(w.laborHours)}
            </Text>
            <Text size="xs">Materials: {materialsOf(w)}</Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped aria-label="Work orders" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Work order</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Problem</Table.Th>
            <Table.Th>Technicians</Table.Th>
            <Table.Th>Labor</Table.Th>
            <Table.Th>Materials</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((w) => (
            <Table.Tr key={w.workOrderId}>
              <Table.Td>{link(w)}</Table.Td>
              <Table.Td>{formatDate(w.createdAt)}</Table.Td>
              <Table.Td>{w.workOrderStatus}</Table.Td>
              <Table.Td>{w.problem}</Table.Td>
              <Table.Td>{w.technicians.join(', ') || 'None'}</Table.Td>
              <Table.Td>{formatHours(w.laborHours)}</Table.Td>
              <Table.Td>{materialsOf(w)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A piece the caller cannot open: missing, another company's, or at a location whose work orders are not his. */
function NotFound() {
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title="This piece of equipment cannot be opened" role="alert">
      <Text size="sm">
        It does not exist, or it stands at a location you do not work at. If you are at this piece now, ask the office to assign you a work order at its location, then scan the label
        again.
      </Text>
    </Alert>
  );
}

/** The page's heading with what can be done from it: print the piece's label, start a work order on it. */
function Heading({ h }: { h: EquipmentHistory }) {
  const { access } = useSignedIn();
  const e = h.equipment;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={0}>
          <Title order={2}>{e.name} History</Title>
          {!e.isActive && (
            <Text size="sm" c="dimmed">
              Retired: reactivate it to start a work order on it.
            </Text>
          )}
        </Stack>
        {satisfies(access, { kind: 'area', area: 'Customers', level: 'read' }) && <PrintLabelButton equipmentId={e.equipmentId} />}
      </Group>
      {mayStartWorkOrder(access) && <StartWorkOrderHere piece={e} access={access} />}
    </Stack>
  );
}

/**
 * `/equipments/history?equipmentId=N`: a piece of equipment and every work order that named it, the page a scanned QR
 * label opens; on a phone, "Start work order here" stands right under its name.
 */
export default function EquipmentHistoryPage() {
  const [params] = useSearchParams();
  const equipmentId = Number(params.get('equipmentId')) || 0;
  const query = useQuery(equipmentHistoryQuery(equipmentId));
  usePageTitle(query.data ? `${query.data.equipment.name} History` : 'Equipment History');
  return (
    <Stack gap="md" maw={1100} w="100%">
      <Anchor component={Link} to={EQUIPMENT_PATHS.grid} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden />
        Equipment
      </Anchor>
      {equipmentId === 0 ? (
        <Text>Choose a piece of equipment on the equipment page to see its history.</Text>
      ) : query.error instanceof ApiError && query.error.status === 404 ? (
        <NotFound />
      ) : query.isError ? (
        <LoadFailed title="The history could not be read" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton height={300} aria-label="Loading the equipment" />
      ) : (
        <>
          <Heading h={query.data} />
          <Piece h={query.data} />
          <Title order={3} size="h4">
            Work orders ({query.data.workOrders.length})
          </Title>
          <WorkOrders rows={query.data.workOrders} />
          <Title order={3} size="h4">
            Refrigerant ({query.data.refrigerant.length})
          </Title>
          {query.data.refrigerant.length === 0 ? (
            <Text size="sm" c="dimmed">
              No refrigerant logged on this piece yet.
            </Text>
          ) : (
            <Stack gap={6} role="list" aria-label="Refrigerant log">
              {query.data.refrigerant.map((m) => (
                <Card key={m.refrigerantMovementId} withBorder padding="xs" role="listitem">
                  <MovementLine m={m} />
                  <Text size="xs">Work order {m.workOrderNumber}</Text>
                </Card>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
