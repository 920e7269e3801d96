import { Alert, Badge, Container, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCurrency, formatDate, pmContractDecisionBody, type PublicPmContract } from '@sm/shared';
import { useParams } from 'react-router';
import { LinkDecisionForm } from '../../../components/link-decision-form';
import { usePageTitle } from '../../../components/use-page-title';
import { apiGet } from '../../../lib/api';
import { frequencyOf } from './pm-contract-paths';

const COLOURS: Record<PublicPmContract['status'], string> = { Pending: 'yellow', Approved: 'green', Declined: 'red', Expired: 'gray' };
const day = (iso: string) => formatDate(iso);

/**
 * `/preventiveMaintenanceApproval/{guid}` (spec platform 2.1, no sign-in): the customer reads the contract (location,
 * equipment and tasks, frequency, price, term) and approves it with their name, or declines it with a comment, once.
 * Made for a phone as much as a desk.
 */
export default function PmContractApprovalPage() {
  usePageTitle('Maintenance Contract Approval');
  const { guid = '' } = useParams();
  const key = ['pmContractApproval', guid];
  const contract = useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<PublicPmContract>(`PreventiveMaintenanceApproval/${encodeURIComponent(guid)}`, { signal }), retry: false, meta: { silent: true } });
  return (
    <Container size="md" py="xl" px="md">
      {contract.isPending ? (
        <Skeleton height={360} aria-label="Loading the contract to approve" />
      ) : contract.isError ? (
        <Alert color="red" title="This link cannot be opened" role="alert">{contract.error.message}</Alert>
      ) : (
        <Approval c={contract.data} guid={guid} queryKey={key} />
      )}
    </Container>
  );
}

function Approval({ c, guid, queryKey }: { c: PublicPmContract; guid: string; queryKey: string[] }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text c="dimmed" fw={600}>{c.companyName}</Text>
        <Title order={1} size="h2">Maintenance contract for {c.customerName}</Title>
        <Text>{c.name}</Text>
        <Text size="sm" c="dimmed">{c.customerAddress}</Text>
      </Stack>
      <Group gap="sm">
        <Badge color={COLOURS[c.status]} size="lg" variant="light">{c.status}</Badge>
        <Text size="sm" c="dimmed">
          {c.status === 'Pending' && `Please answer by ${day(c.expiresAt)}.`}
          {(c.status === 'Approved' || c.status === 'Declined') && `${c.status} by ${c.approverName} on ${day(c.decidedAt!)}.`}
          {c.status === 'Expired' && 'This link has expired. Ask the company that sent it for a new one.'}
        </Text>
      </Group>
      {c.comment && <Text size="sm">Comment: {c.comment}</Text>}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Stack gap={0}><Text size="xs" c="dimmed" fw={600}>HOW OFTEN</Text><Text size="sm">{frequencyOf(c)}</Text></Stack>
          <Stack gap={0}><Text size="xs" c="dimmed" fw={600}>PRICE</Text><Text size="sm">{formatCurrency(c.price)} per {c.priceBasis}</Text></Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600}>TERM</Text>
            <Text size="sm">{c.startsOn} to {c.endsOn}{c.renewsAutomatically ? ', renews automatically' : ''}</Text>
          </Stack>
        </SimpleGrid>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">Equipment and the tasks done at each visit</Title>
        {c.equipment.map((e) => (
          <Paper key={`${e.name}-${e.serialNumber ?? ''}`} withBorder p="sm" radius="md">
            <Text fw={600} size="sm">{e.name}</Text>
            <Text size="xs" c="dimmed" mb={4}>{e.categoryName}{e.serialNumber ? ` · S/N ${e.serialNumber}` : ''}</Text>
            <List type="ordered" size="sm" spacing={2}>
              {e.tasks.map((t) => <List.Item key={t}>{t}</List.Item>)}
            </List>
          </Paper>
        ))}
      </Stack>
      {c.status === 'Pending' && (
        <LinkDecisionForm<PublicPmContract>
          schema={pmContractDecisionBody}
          path={`PreventiveMaintenanceApproval/${encodeURIComponent(guid)}`}
          queryKey={queryKey}
          note={{ field: 'comment', label: 'Comment', description: 'Needed when you decline the contract.' }}
          thing="Contract"
          sentence={(decision, name) =>
            decision === 'Approved'
              ? `You approve "${c.name}" at ${formatCurrency(c.price)} per ${c.priceBasis}, from ${c.startsOn} to ${c.endsOn}, as ${name}.`
              : `You decline "${c.name}"; ${c.companyName} will read your comment.`
          }
        />
      )}
    </Stack>
  );
}
