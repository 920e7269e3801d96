import { Badge, Button, Group, Modal, Paper, SegmentedControl, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { declineTransferBody, type TransferRequest } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { confirm } from '../../../components/confirm';
import { LoadFailed } from '../../../components/table-states';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useCompleteTransfer, useDeclineTransfer, useTransferRequests } from './inventory-api';
import { dateTimeText } from './inventory-format';

const STATUS_COLORS: Record<TransferRequest['status'], string> = { requested: 'yellow', completed: 'teal', declined: 'red' };
const STATUS_LABELS: Record<TransferRequest['status'], string> = { requested: 'Requested', completed: 'Completed', declined: 'Declined' };

export function TransferStatusBadge({ status }: { status: TransferRequest['status'] }) {
  return <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>{STATUS_LABELS[status]}</Badge>;
}

function DeclineDialog({ request, onClose }: { request: TransferRequest; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const { errors, check } = useSchemaForm(declineTransferBody);
  const decline = useDeclineTransfer();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ reason });
    if (body) decline.mutate({ transferId: request.transferId, reason: body.reason }, { onSuccess: () => (notifySuccess('Transfer request declined.'), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Decline transfer request" centered>
      <form onSubmit={submit} noValidate aria-label="Decline transfer request">
        <Stack gap="sm">
          <Text size="sm">{request.quantity} × {request.partNumber} from {request.fromWarehouseName} to {request.toWarehouseName}, asked by {request.requestedByName ?? 'someone'}.</Text>
          <TextInput label="Reason" withAsterisk value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" color="red" loading={decline.isPending}>Decline</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The transfer requests: the open ones to complete or decline, and the decided ones. */
export function TransferRequestsSection({ canDecide }: { canDecide: boolean }) {
  const [status, setStatus] = useState<TransferRequest['status']>('requested');
  const requests = useTransferRequests({ status });
  const complete = useCompleteTransfer();
  const [declining, setDeclining] = useState<TransferRequest | null>(null);
  const doComplete = async (r: TransferRequest) => {
    if (await confirm({ title: 'Complete transfer?', message: `Move ${r.quantity} × ${r.partNumber} from ${r.fromWarehouseName} to ${r.toWarehouseName}?`, confirmLabel: 'Complete' })) {
      complete.mutate(r.transferId, { onSuccess: () => notifySuccess(`${r.partNumber} moved to ${r.toWarehouseName}.`) });
    }
  };
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Status"
        w="fit-content"
        value={status}
        onChange={(v) => setStatus(v as TransferRequest['status'])}
        data={(['requested', 'completed', 'declined'] as const).map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
      />
      {requests.isError ? (
        <LoadFailed title="The transfer requests could not be read" error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.isPending ? (
        <Skeleton height={160} aria-busy="true" aria-label="Loading the transfer requests" />
      ) : requests.data.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" fw={600}>No {STATUS_LABELS[status].toLowerCase()} transfer request.</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={980}>
          <Table aria-label="Transfer requests" striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Asked</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Part</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th>From → To</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>Status</Table.Th>
                {canDecide && status === 'requested' && <Table.Th>Decide</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.data.map((r) => (
                <Table.Tr key={r.transferId}>
                  <Table.Td>{dateTimeText(r.requestedAt)}</Table.Td>
                  <Table.Td>{r.requestedByName ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>{r.partNumber}</Text>
                    <Text size="xs" c="dimmed">{r.description}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{r.quantity}</Table.Td>
                  <Table.Td>{r.fromWarehouseName} → {r.toWarehouseName}</Table.Td>
                  <Table.Td>{r.note ?? ''}{r.declineReason ? ` Declined: ${r.declineReason}` : ''}</Table.Td>
                  <Table.Td miw={110}><TransferStatusBadge status={r.status} /></Table.Td>
                  {canDecide && status === 'requested' && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" onClick={() => void doComplete(r)} aria-label={`Complete request ${r.transferId}`}>Complete</Button>
                        <Button size="compact-xs" variant="light" color="red" onClick={() => setDeclining(r)} aria-label={`Decline request ${r.transferId}`}>Decline</Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {declining && <DeclineDialog request={declining} onClose={() => setDeclining(null)} />}
    </Stack>
  );
}
