import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Equipment } from '@sm/shared';
import { Link } from 'react-router';
import { LoadingRows } from '../../../components/table-states';
import { PHONE_QUERY } from '../../../lib/media';
import { customerPath } from '../customers/customer-paths';
import { equipmentEditPath, equipmentHistoryPath } from './equipment-paths';

/** "Hussmann Excel RL-12", or what of it is known. */
export const makeModelOf = (e: Equipment) => [e.makeName, e.modelName].filter(Boolean).join(' ') || 'No make';

/** "R-404A · 42.5 lb", or "No refrigerant". */
export const chargeOf = (e: Equipment) => (e.refrigerantName ? `${e.refrigerantName}${e.chargePounds != null ? ` · ${e.chargePounds} lb` : ''}` : 'No refrigerant');

function NameCell({ e, canWrite }: { e: Equipment; canWrite: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={canWrite ? equipmentEditPath(e.equipmentId) : equipmentHistoryPath(e.equipmentId)} size="sm" fw={600}>
        {e.name}
      </Anchor>
      {!e.isActive && (
        <Badge size="xs" color="gray" variant="light" tt="none">
          Retired
        </Badge>
      )}
    </Group>
  );
}

interface EquipmentListProps {
  rows: Equipment[] | undefined;
  isLoading: boolean;
  canWrite: boolean;
  /** Hide the location column (the customer page lists one location's pieces). */
  showLocation?: boolean;
}

/** The pieces as a table, or as cards on a phone, each with its history. */
export function EquipmentList({ rows, isLoading, canWrite, showLocation = true }: EquipmentListProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone) {
    return (
      <Stack gap="xs" role="list" aria-label="Equipment">
        {(rows ?? []).map((e) => (
          <Card key={e.equipmentId} withBorder padding="sm" role="listitem">
            <Stack gap={2}>
              <NameCell e={e} canWrite={canWrite} />
              <Text size="sm">
                {e.categoryName} · {makeModelOf(e)}
              </Text>
              <Text size="xs" c="dimmed">
                {e.serialNumber ? `S/N ${e.serialNumber} · ` : ''}
                {chargeOf(e)}
              </Text>
              {/* Links a finger can hit: each at least 24 px tall, side by side with room between them (WCAG 2.5.8). */}
              <Group gap="lg" wrap="wrap">
                {showLocation && (
                  <Anchor component={Link} to={customerPath(e.customerId)} size="sm" py={4} display="inline-block">
                    {e.customerName}
                  </Anchor>
                )}
                <Anchor component={Link} to={equipmentHistoryPath(e.equipmentId)} size="sm" py={4} display="inline-block">
                  History
                </Anchor>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped highlightOnHover aria-label="Equipment" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {showLocation && <Table.Th>Location</Table.Th>}
            <Table.Th>Category</Table.Th>
            <Table.Th>Make and model</Table.Th>
            <Table.Th>Serial</Table.Th>
            <Table.Th>Refrigerant</Table.Th>
            <Table.Th>History</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading && !rows ? (
            <LoadingRows columns={showLocation ? 7 : 6} />
          ) : (
            (rows ?? []).map((e) => (
              <Table.Tr key={e.equipmentId}>
                <Table.Td>
                  <NameCell e={e} canWrite={canWrite} />
                </Table.Td>
                {showLocation && (
                  <Table.Td>
                    <Anchor component={Link} to={customerPath(e.customerId)} size="sm">
                      {e.customerName}
                    </Anchor>
                  </Table.Td>
                )}
                <Table.Td>{e.categoryName}</Table.Td>
                <Table.Td>{makeModelOf(e)}</Table.Td>
                <Table.Td>{e.serialNumber ?? '—'}</Table.Td>
                <Table.Td>{chargeOf(e)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={equipmentHistoryPath(e.equipmentId)} size="sm" aria-label={`History of ${e.name}`}>
                    History
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
