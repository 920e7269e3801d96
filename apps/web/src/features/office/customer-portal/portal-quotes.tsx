import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatCurrency, portalDeclineQuoteBody, type PortalQuote } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useAnswerPortalQuote } from './customer-portal-api';
import { PortalList } from './portal-list';

const COLOURS: Record<PortalQuote['status'], string> = { Open: 'gray', Pending: 'gray', Submitted: 'yellow', Approved: 'green', Rejected: 'red' };
const LABELS: Record<PortalQuote['status'], string> = { Open: 'Draft', Pending: 'Draft', Submitted: 'Waiting for your answer', Approved: 'Approved', Rejected: 'Declined' };

/** Decline with a reason: the dialog is the confirmation; the company reads the reason. */
function DeclineDialog({ base, quote, onClose }: { base: string; quote: PortalQuote; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const { errors, clear, check } = useSchemaForm(portalDeclineQuoteBody);
  const answer = useAnswerPortalQuote(base);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ reason });
    if (body) answer.mutate({ quote, reason: body.reason }, { onSuccess: () => (notifySuccess(`Quote ${quote.quoteNumber} declined.`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title={`Decline quote ${quote.quoteNumber}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">Tell us why you decline this quote of {formatCurrency(quote.total)}, so we can answer or offer another.</Text>
          <Textarea label="Reason" withAsterisk data-autofocus autosize minRows={3} maxLength={500} value={reason} onChange={(e) => (setReason(e.currentTarget.value), clear('reason'))} error={errors.reason} />
          {answer.isError && <Alert color="red" role="alert">{answer.error.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" color="red" loading={answer.isPending} leftSection={<IconX size={16} />}>Decline quote</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function QuoteCard({ base, quote }: { base: string; quote: PortalQuote }) {
  const [isDeclining, setDeclining] = useState(false);
  const answer = useAnswerPortalQuote(base);
  const approve = async () => {
    const message = `Approve quote ${quote.quoteNumber}${quote.title ? ` (${quote.title})` : ''} for ${formatCurrency(quote.total)}? The work can then be scheduled.`;
    if (!(await confirm({ title: 'Approve quote', message, confirmLabel: 'Approve', cancelLabel: 'Cancel' }))) return;
    answer.mutate({ quote, reason: null }, { onSuccess: () => notifySuccess(`Quote ${quote.quoteNumber} approved. Thank you!`) });
  };
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Quote ${quote.quoteNumber}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text fw={700}>Quote {quote.quoteNumber}</Text>
          {quote.title && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{quote.title}</Text>}
        </Stack>
        <Badge variant="light" color={COLOURS[quote.status]} tt="none" style={{ flexShrink: 0 }}>{LABELS[quote.status]}</Badge>
      </Group>
      <Text size="xs" c="dimmed">{quote.location.name} · work order {quote.workOrderNumber}</Text>
      <Table mt="xs" verticalSpacing={4} horizontalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr><Table.Th>Item</Table.Th><Table.Th ta="right">Amount</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quote.lines.map((l) => (
            <Table.Tr key={l.lineNumber}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {l.description}
                <Text size="xs" c="dimmed">{l.quantity} × {formatCurrency(l.unitPrice)}{l.discount > 0 ? `, less ${formatCurrency(l.discount)}` : ''}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatCurrency(l.lineTotal)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="xs">
        <Text fw={700}>Total {formatCurrency(quote.total)}</Text>
      </Group>
      {quote.isWaiting && (
        <Group mt="sm" gap="sm" grow>
          <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => setDeclining(true)} disabled={answer.isPending}>Decline</Button>
          <Button color="green" leftSection={<IconCheck size={16} />} onClick={() => void approve()} loading={answer.isPending}>Approve</Button>
        </Group>
      )}
      {answer.isError && <Alert mt="sm" color="red" role="alert">{answer.error.message}</Alert>}
      {isDeclining && <DeclineDialog base={base} quote={quote} onClose={() => setDeclining(false)} />}
    </Paper>
  );
}

/** The quotes sent to the customer, those waiting for an answer first, each with Approve and Decline while it waits. */
export function PortalQuotes({ base, query }: { base: string; query: { isPending: boolean; error: Error | null; data?: PortalQuote[] } }) {
  return (
    <PortalList query={query} label="quotes" empty="No quotes for you at the moment.">
      {(rows) => rows.map((q) => <QuoteCard key={`${q.quoteNumber}-${q.quoteVersion}`} base={base} quote={q} />)}
    </PortalList>
  );
}
