import { Alert, Badge, Button, Container, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hoursText, laborDecisionBody, type LaborDecisionBody, type PublicLaborApproval } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { apiGet, apiPost } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { LABOR_APPROVAL_STATUS_COLOURS } from './labor-approval-status';

/**
 * `/workOrderLaborApprove/{guid}` (spec platform 2.1, no sign-in): the customer reads the technicians' hours on a work
 * order and approves them, or disputes them with a comment, once. Made for a phone as much as a desk.
 */
export default function LaborApprovePage() {
  usePageTitle('Labor Approval');
  const { guid = '' } = useParams();
  const key = ['laborApproval', guid];
  const approval = useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<PublicLaborApproval>(`WorkOrderLaborApproval/${encodeURIComponent(guid)}`, { signal }), retry: false, meta: { silent: true } });
  return (
    <Container size="md" py="xl" px="md">
      {approval.isPending ? (
        <Skeleton height={360} aria-label="Loading the labor to approve" />
      ) : approval.isError ? (
        <Alert color="red" title="This link cannot be opened" role="alert">
          {approval.error.message}
        </Alert>
      ) : (
        <Approval approval={approval.data} guid={guid} queryKey={key} />
      )}
    </Container>
  );
}

function Approval({ approval: a, guid, queryKey }: { approval: PublicLaborApproval; guid: string; queryKey: string[] }) {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: a.timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const clock = new Intl.DateTimeFormat('en-US', { timeZone: a.timeZone, hour: 'numeric', minute: '2-digit' });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text c="dimmed" fw={600}>
          {a.companyName}
        </Text>
        <Title order={1} size="h2">
          Labor on work order {a.workOrderNumber}
        </Title>
        <Text>{a.siteName}</Text>
        {a.problem && (
          <Text size="sm" c="dimmed">
            {a.problem}
          </Text>
        )}
      </Stack>
      <Group gap="sm">
        <Badge color={LABOR_APPROVAL_STATUS_COLOURS[a.status]} size="lg" variant="light">
          {a.status}
        </Badge>
        <Text size="sm" c="dimmed">
          {a.status === 'Pending' && `Please answer by ${day.format(new Date(a.expiresAt))}.`}
          {(a.status === 'Approved' || a.status === 'Disputed') && `${a.status} by ${a.approverName} on ${day.format(new Date(a.decidedAt!))}.`}
          {a.status === 'Expired' && 'This link has expired. Ask the company that sent it for a new one.'}
        </Text>
      </Group>
      <Stack gap="xs" role="list" aria-label="Labor">
        {a.labor.map((l, i) => (
          <Paper key={i} withBorder p="md" radius="md" role="listitem">
            <Group justify="space-between" align="flex-start" gap="xs">
              <div>
                <Text fw={600}>{l.technicianName}</Text>
                <Text size="sm" c="dimmed">
                  {day.format(new Date(l.startedAt))}, {clock.format(new Date(l.startedAt))} – {clock.format(new Date(l.stoppedAt))}
                </Text>
              </div>
              <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {hoursText(l.minutes)} h
              </Text>
            </Group>
            {l.description && (
              <Text size="sm" mt={6}>
                {l.description}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
      <Group justify="space-between" px="md">
        <Text fw={700}>Total</Text>
        <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="total-hours">
          {hoursText(a.totalMinutes)} h
        </Text>
      </Group>
      {a.status === 'Pending' && <DecisionForm approval={a} guid={guid} queryKey={queryKey} />}
    </Stack>
  );
}

function DecisionForm({ approval, guid, queryKey }: { approval: PublicLaborApproval; guid: string; queryKey: string[] }) {
  const client = useQueryClient();
  const { errors, clear, check } = useSchemaForm(laborDecisionBody);
  const [approverName, setApproverName] = useState('');
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState<LaborDecisionBody | null>(null);
  const decide = useMutation({
    mutationFn: (body: LaborDecisionBody) => apiPost<PublicLaborApproval>(`WorkOrderLaborApproval/${encodeURIComponent(guid)}`, body),
    onSuccess: (answer) => client.setQueryData(queryKey, answer),
    onSettled: () => setPending(null),
  });
  const ask = (decision: LaborDecisionBody['decision']) => (e?: FormEvent) => {
    e?.preventDefault();
    const body = check({ decision, approverName, comment: comment.trim() || null });
    if (body) setPending(body);
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={ask('Approved')} noValidate aria-label="Your answer">
      <Stack gap="sm">
        <TextInput label="Your Name" withAsterisk maxLength={100} autoComplete="name" value={approverName} onChange={(e) => (setApproverName(e.currentTarget.value), clear('approverName'))} error={errors.approverName} />
        <Textarea label="Comment" description="Needed when you dispute the hours." autosize maxLength={1000} value={comment} onChange={(e) => (setComment(e.currentTarget.value), clear('comment'))} error={errors.comment} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="orange" leftSection={<IconMessageReport size={16} />} onClick={() => ask('Disputed')()}>
            Dispute
          </Button>
          <Button type="submit" leftSection={<IconCheck size={16} />}>
            Approve Labor
          </Button>
        </Group>
      </Stack>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={pending?.decision === 'Approved' ? 'Approve the labor?' : 'Dispute the labor?'} centered>
        <Stack gap="md">
          <Text size="sm">
            {pending?.decision === 'Approved'
              ? `You approve ${hoursText(approval.totalMinutes)} hours of labor on work order ${approval.workOrderNumber}, as ${pending?.approverName}.`
              : `You dispute the labor on work order ${approval.workOrderNumber}; ${approval.companyName} will read your comment.`}{' '}
            This link takes one answer.
          </Text>
          {decide.isError && (
            <Alert color="red" role="alert">
              {decide.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)}>
              Back
            </Button>
            <Button loading={decide.isPending} color={pending?.decision === 'Approved' ? undefined : 'orange'} onClick={() => pending && decide.mutate(pending)}>
              {pending?.decision === 'Approved' ? 'Approve' : 'Dispute'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
