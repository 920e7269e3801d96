import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatCurrency, type PmContractSummary } from '@sm/shared';
import { Link } from 'react-router';
import { LoadingRows } from '../../../components/table-states';
import { PHONE_QUERY } from '../../../lib/media';
import { frequencyOf, pmContractPath } from './pm-contract-paths';
import { PmStatusBadge } from './pm-contract-status';

const priceOf = (c: PmContractSummary) => `${formatCurrency(c.price)} / ${c.priceBasis}`;

/** Contracts as a table, or as cards on a phone; each opens its page. */
export function PmContractList({ rows, isLoading, showLocation = true }: { rows: PmContractSummary[] | undefined; isLoading: boolean; showLocation?: boolean }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone) {
    return (
      <Stack gap="xs" role="list" aria-label="PM contracts">
        {(rows ?? []).map((c) => (
          <Card key={c.pmContractId} withBorder padding="sm" role="listitem">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={pmContractPath(c.pmContractId)} fw={600} size="sm" py={4}>
                  {c.name}
                </Anchor>
                <PmStatusBadge status={c.status} />
              </Group>
              {showLocation && <Text size="sm">{c.customerName}</Text>}
              <Text size="xs" c="dimmed">
                {frequencyOf(c)} · {priceOf(c)} · {c.equipmentCount} {c.equipmentCount === 1 ? 'piece' : 'pieces'}
                {c.nextDueOn ? ` · next ${c.nextDueOn}` : ''}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="PM contracts" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Contract</Table.Th>
            {showLocation && <Table.Th>Location</Table.Th>}
            <Table.Th>Frequency</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Term</Table.Th>
            <Table.Th>Next Due</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading && !rows ? (
            <LoadingRows columns={showLocation ? 7 : 6} />
          ) : (
            (rows ?? []).map((c) => (
              <Table.Tr key={c.pmContractId}>
                <Table.Td>
                  <Anchor component={Link} to={pmContractPath(c.pmContractId)} size="sm" fw={600}>
                    {c.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {c.equipmentCount} {c.equipmentCount === 1 ? 'piece' : 'pieces'} of equipment
                  </Text>
                </Table.Td>
                {showLocation && (
                  <Table.Td>
                    <Text size="sm">{c.customerName}</Text>
                    <Text size="xs" c="dimmed">
                      {c.customerAddress}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>{frequencyOf(c)}</Table.Td>
                <Table.Td ta="right">{priceOf(c)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {c.startsOn} – {c.endsOn}
                  </Text>
                  {c.renewsAutomatically && (
                    <Text size="xs" c="dimmed">
                      Renews automatically
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.nextDueOn ?? '—'}</Table.Td>
                <Table.Td miw={110}>
                  <PmStatusBadge status={c.status} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
