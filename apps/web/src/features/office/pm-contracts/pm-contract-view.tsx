import { Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatCurrency, formatDateTime, type PmContract } from '@sm/shared';
import { frequencyOf } from './pm-contract-paths';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

const when = (iso: string) => formatDateTime(iso);
const APPROVAL_COLOURS = { Pending: 'yellow', Approved: 'green', Declined: 'red', Expired: 'gray' } as const;

/** A contract as it reads: its terms, the equipment with each piece's tasks, and the approval requests sent. */
export function PmContractView({ c }: { c: PmContract }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label="Location">{c.customerName}<br />{c.customerAddress}</Fact>
          <Fact label="Frequency">{frequencyOf(c)}{c.frequencyName && <Text span size="xs" c="dimmed"> ({c.recurrenceRule})</Text>}</Fact>
          <Fact label="Price">{formatCurrency(c.price)} per {c.priceBasis}</Fact>
          <Fact label="Term">{c.startsOn} – {c.endsOn}{c.renewsAutomatically ? ', renews automatically' : ''}</Fact>
          <Fact label="Technician">{c.technicianName ?? 'Unassigned'}</Fact>
          <Fact label="Visit">{c.visitTime ? `${c.visitTime}, ${c.visitMinutes} min` : `Unscheduled, ${c.visitMinutes} min`}</Fact>
          <Fact label="Lead Days">{c.leadDays} days ahead</Fact>
          <Fact label="Next Due">{c.nextDueOn ?? 'None left in the term'}</Fact>
        </SimpleGrid>
        {c.approverName && c.approvedAt && (
          <Text size="sm" mt="sm">
            Approved by {c.approverName} on {when(c.approvedAt)}.
          </Text>
        )}
        {c.notes && (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.notes}
          </Text>
        )}
      </Paper>
      <Stack gap="xs">
        <Title order={3} size="h4">Equipment and tasks</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {c.equipment.map((e) => (
            <Paper key={e.equipmentId} withBorder p="sm" radius="md">
              <Group gap="xs" mb={4}>
                <Text fw={600} size="sm">{e.name}</Text>
                <Text size="xs" c="dimmed">{e.categoryName}{e.serialNumber ? ` · S/N ${e.serialNumber}` : ''}</Text>
                {!e.isActive && <Badge size="xs" color="gray" variant="light" tt="none">Retired</Badge>}
              </Group>
              <List type="ordered" size="sm" spacing={2}>
                {e.tasks.map((t) => <List.Item key={t}>{t}</List.Item>)}
              </List>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
      {c.approvals.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">Approval requests</Title>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Approval requests" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr><Table.Th>Sent</Table.Th><Table.Th>To</Table.Th><Table.Th>Status</Table.Th><Table.Th>Answer</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.approvals.map((a) => (
                  <Table.Tr key={a.pmContractApprovalId}>
                    <Table.Td>{when(a.requestedAt)} by {a.requestedByName}</Table.Td>
                    <Table.Td>{a.sentTo}</Table.Td>
                    <Table.Td miw={110}><Badge color={APPROVAL_COLOURS[a.status]} variant="light" tt="none" style={{ overflow: 'visible' }}>{a.status}</Badge></Table.Td>
                    <Table.Td>{a.decidedAt ? `${a.approverName}, ${when(a.decidedAt)}${a.comment ? `: "${a.comment}"` : ''}` : a.status === 'Pending' ? `Until ${when(a.expiresAt)}` : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
