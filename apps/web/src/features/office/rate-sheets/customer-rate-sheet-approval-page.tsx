import { Alert, Badge, Button, Container, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rateSheetDecisionBody, type PublicRateSheet, type RateSheetDecisionBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { apiGet, apiPost } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { RateSheetRates } from './rate-sheet-version-view';

const COLOURS: Record<PublicRateSheet['status'], string> = { Pending: 'yellow', Approved: 'green', Declined: 'red', Expired: 'gray' };

/**
 * `/customerRateSheetApproval/{guid}` (spec platform 2.1, no sign-in): the billing customer reads every rate of a rate
 * sheet version and its effective date, and approves it, or declines it with a reason, once. Made for a phone as much
 * as a desk.
 */
export default function CustomerRateSheetApprovalPage() {
  usePageTitle('Rate Sheet Approval');
  const { guid = '' } = useParams();
  const key = ['rateSheetApproval', guid];
  const sheet = useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<PublicRateSheet>(`CustomerRateSheetApproval/${encodeURIComponent(guid)}`, { signal }), retry: false, meta: { silent: true } });
  return (
    <Container size="lg" py="xl" px="md">
      {sheet.isPending ? (
        <Skeleton height={360} aria-label="Loading the rate sheet to approve" />
      ) : sheet.isError ? (
        <Alert color="red" title="This link cannot be opened" role="alert">{sheet.error.message}</Alert>
      ) : (
        <Approval sheet={sheet.data} guid={guid} queryKey={key} />
      )}
    </Container>
  );
}

function Approval({ sheet: s, guid, queryKey }: { sheet: PublicRateSheet; guid: string; queryKey: string[] }) {
  const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const rates = {
    labor: s.labor.map((l, i) => ({ ...l, rateSheetLaborItemId: i, technicianUserId: 0 })),
    trucks: s.trucks.map((t, i) => ({ ...t, rateSheetTruckTypeId: i })),
    perDiems: s.perDiems.map((p) => ({ ...p, perDiemTypeId: 0 })),
    standardItems: s.standardItems.map((x, i) => ({ ...x, rateSheetStandardItemId: i, itemRateTypeId: 0 })),
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text c="dimmed" fw={600}>{s.companyName}</Text>
        <Title order={1} size="h2">Rate sheet for {s.customerName}</Title>
        <Text>{s.name}, effective from {s.effectiveFrom}</Text>
      </Stack>
      <Group gap="sm">
        <Badge color={COLOURS[s.status]} size="lg" variant="light">{s.status}</Badge>
        <Text size="sm" c="dimmed">
          {s.status === 'Pending' && `Please answer by ${day(s.expiresAt)}.`}
          {(s.status === 'Approved' || s.status === 'Declined') && `${s.status} by ${s.approverName} on ${day(s.decidedAt!)}.`}
          {s.status === 'Expired' && 'This link has expired. Ask the company that sent it for a new one.'}
        </Text>
      </Group>
      {s.reason && <Text size="sm">Reason: {s.reason}</Text>}
      <RateSheetRates v={rates} />
      {s.status === 'Pending' && <DecisionForm sheet={s} guid={guid} queryKey={queryKey} />}
    </Stack>
  );
}

function DecisionForm({ sheet, guid, queryKey }: { sheet: PublicRateSheet; guid: string; queryKey: string[] }) {
  const client = useQueryClient();
  const { errors, clear, check } = useSchemaForm(rateSheetDecisionBody);
  const [approverName, setApproverName] = useState('');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<RateSheetDecisionBody | null>(null);
  const decide = useMutation({
    mutationFn: (body: RateSheetDecisionBody) => apiPost<PublicRateSheet>(`CustomerRateSheetApproval/${encodeURIComponent(guid)}`, body),
    onSuccess: (answer) => client.setQueryData(queryKey, answer),
    onSettled: () => setPending(null),
  });
  const ask = (decision: RateSheetDecisionBody['decision']) => (e?: FormEvent) => {
    e?.preventDefault();
    const body = check({ decision, approverName, reason: reason.trim() || null });
    if (body) setPending(body);
  };
  const isApprove = pending?.decision === 'Approved';
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={ask('Approved')} noValidate aria-label="Your answer" maw={640}>
      <Stack gap="sm">
        <TextInput label="Your Name" withAsterisk maxLength={100} autoComplete="name" value={approverName} onChange={(e) => (setApproverName(e.currentTarget.value), clear('approverName'))} error={errors.approverName} />
        <Textarea label="Reason" description="Needed when you decline the rates." autosize minRows={2} maxLength={1000} value={reason} onChange={(e) => (setReason(e.currentTarget.value), clear('reason'))} error={errors.reason} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => ask('Declined')()}>Decline</Button>
          <Button type="submit" leftSection={<IconCheck size={16} />}>Approve Rates</Button>
        </Group>
      </Stack>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={isApprove ? 'Approve the rates?' : 'Decline the rates?'} centered>
        <Stack gap="md">
          <Text size="sm">
            {isApprove
              ? `You approve the rates of "${sheet.name}" from ${sheet.effectiveFrom}, as ${pending?.approverName}.`
              : `You decline the rates of "${sheet.name}"; ${sheet.companyName} will read your reason.`}{' '}
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
