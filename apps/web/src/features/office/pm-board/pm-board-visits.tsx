import { Card, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PmBoardVisit } from '@sm/shared';
import { PHONE_QUERY } from '../../../lib/media';
import { PmVisitStatusBadge, visitDateOf, VisitWorkOrderLink } from '../pm-contracts/pm-visit-status';

interface VisitListProps {
  title: string;
  visits: PmBoardVisit[];
  empty: string;
  /** Opens the contract's visits. */
  onOpenContract: (visit: PmBoardVisit) => void;
}

function ContractButton({ visit, onOpen }: { visit: PmBoardVisit; onOpen: (v: PmBoardVisit) => void }) {
  return (
    <UnstyledButton onClick={() => onOpen(visit)} aria-label={`${visit.contractName}: the contract's visits`} c="blue" fz="sm" td="underline">
      {visit.contractName}
    </UnstyledButton>
  );
}

/** A list of visits on the PM board: date, contract (its visits open beside), location, technician, status, work order. */
export function PmBoardVisitList({ title, visits, empty, onOpenContract }: VisitListProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const id = `pm-board-${title.toLowerCase().replace(/\W+/g, '-')}`;
  let body;
  if (visits.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  } else if (isPhone) {
    body = (
      <Stack gap="xs" role="list" aria-labelledby={id}>
        {visits.map((v) => (
          <Card key={`${v.contractId}-${v.dueOn}`} withBorder padding="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {visitDateOf(v.dueOn)}
              </Text>
              <PmVisitStatusBadge status={v.status} />
            </Group>
            <ContractButton visit={v} onOpen={onOpenContract} />
            <Text size="xs" c="dimmed">
              {v.customerName} · {v.technicianName ?? 'No technician'}
            </Text>
            <Text size="sm">
              Work order <VisitWorkOrderLink visit={v} />
            </Text>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Contract</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Technician</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Work order</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visits.map((v) => (
              <Table.Tr key={`${v.contractId}-${v.dueOn}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{visitDateOf(v.dueOn)}</Table.Td>
                <Table.Td>
                  <ContractButton visit={v} onOpen={onOpenContract} />
                </Table.Td>
                <Table.Td>{v.customerName}</Table.Td>
                <Table.Td>{v.technicianName ?? 'None'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <PmVisitStatusBadge status={v.status} />
                </Table.Td>
                <Table.Td>
                  <VisitWorkOrderLink visit={v} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4" id={id}>
        {title} ({visits.length})
      </Title>
      {body}
    </Stack>
  );
}
