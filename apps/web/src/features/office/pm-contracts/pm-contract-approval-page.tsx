import { Alert, Badge, Button, Container, Group, List, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCurrency, pmContractDecisionBody, type PmContractDecisionBody, type PublicPmContract } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { apiGet, apiPost } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { frequencyOf } from './pm-contract-paths';

const COLOURS: Record<PublicPmContract['status'], string> = { Pending: 'yellow', Approved: 'green', Declined: 'red', Expired: 'gray' };
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

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
      {c.status === 'Pending' && <DecisionForm c={c} guid={guid} queryKey={queryKey} />}
    </Stack>
  );
}

function DecisionForm({ c, guid, queryKey }: { c: PublicPmContract; guid: string; queryKey: string[] }) {
  const client = useQueryClient();
  const { errors, clear, check } = useSchemaForm(pmContractDecisionBody);
  const [approverName, setApproverName] = useState('');
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState<PmContractDecisionBody | null>(null);
  const decide = useMutation({
    mutationFn: (body: PmContractDecisionBody) => apiPost<PublicPmContract>(`PreventiveMaintenanceApproval/${encodeURIComponent(guid)}`, body),
    onSuccess: (answer) => client.setQueryData(queryKey, answer),
    onSettled: () => setPending(null),
  });
  const ask = (decision: PmContractDecisionBody['decision']) => (e?: FormEvent) => {
    e?.preventDefault();
    const body = check({ decision, approverName, comment: comment.trim() || null });
    if (body) setPending(body);
  };
  const isApprove = pending?.decision === 'Approved';
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={ask('Approved')} noValidate aria-label="Your answer">
      <Stack gap="sm">
        <TextInput label="Your Name" withAsterisk maxLength={100} autoComplete="name" value={approverName} onChange={(e) => (setApproverName(e.currentTarget.value), clear('approverName'))} error={errors.approverName} />
        <Textarea label="Comment" description="Needed when you decline the contract." autosize minRows={2} maxLength={1000} value={comment} onChange={(e) => (setComment(e.currentTarget.value), clear('comment'))} error={errors.comment} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => ask('Declined')()}>Decline</Button>
          <Button type="submit" leftSection={<IconCheck size={16} />}>Approve Contract</Button>
        </Group>
      </Stack>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={isApprove ? 'Approve the contract?' : 'Decline the contract?'} centered>
        <Stack gap="md">
          <Text size="sm">
            {isApprove
              ? `You approve "${c.name}" at ${formatCurrency(c.price)} per ${c.priceBasis}, from ${c.startsOn} to ${c.endsOn}, as ${pending?.approverName}.`
              : `You decline "${c.name}"; ${c.companyName} will read your comment.`}{' '}
            This link takes one answer.
          </Text>
          {decide.isError && <Alert color="red" role="alert">{decide.error.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)}>Back</Button>
            <Button loading={decide.isPending} color={isApprove ? undefined : 'red'} onClick={() => pending && decide.mutate(pending)}>{isApprove ? 'Approve' : 'Decline'}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
