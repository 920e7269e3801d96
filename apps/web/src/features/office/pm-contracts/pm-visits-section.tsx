import { Button, Card, Group, Loader, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { PmVisit } from '@sm/shared';
import { useState } from 'react';
import { LoadFailed } from '../../../components/table-states';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { pmVisitsQuery, useSkipPmVisit } from './pm-visits-api';
import { PmVisitStatusBadge, visitDateOf, VisitWorkOrderLink } from './pm-visit-status';

/** The dialog that skips an upcoming date: the reason is asked, and the sentence says it is for good. */
function SkipDialog({ contractId, visit, onClose }: { contractId: number; visit: PmVisit | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const skip = useSkipPmVisit(contractId);
  const close = () => {
    setReason('');
    onClose();
  };
  const submit = () => {
    if (!visit) return;
    skip.mutate(
      { dueOn: visit.dueOn, reason },
      {
        onSuccess: () => {
          notifySuccess(`The visit of ${visitDateOf(visit.dueOn)} is skipped.`);
          close();
        },
      },
    );
  };
  return (
    <Modal opened={visit !== null} onClose={close} title="Skip Visit" centered>
      <Stack gap="sm">
        <Text size="sm">
          The visit of {visit ? visitDateOf(visit.dueOn) : ''} will not be generated, now or later. Say why, for the contract&apos;s history.
        </Text>
        <Textarea label="Reason" required autosize maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="orange" onClick={submit} loading={skip.isPending} disabled={reason.trim() === ''}>
            Skip Visit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SkipButton({ visit, onSkip }: { visit: PmVisit; onSkip: (v: PmVisit) => void }) {
  if (visit.status !== 'upcoming') return null;
  return (
    <Button size="compact-sm" variant="subtle" color="orange" onClick={() => onSkip(visit)} aria-label={`Skip the visit of ${visitDateOf(visit.dueOn)}`}>
      Skip
    </Button>
  );
}

/**
 * A preventive-maintenance contract's visits (issue 28): each generated, scheduled, done, late or skipped visit with its
 * work order, then the upcoming dates its schedule names, each of which the office may skip with a reason.
 */
export function PmVisitsSection({ contractId }: { contractId: number }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const query = useQuery(pmVisitsQuery(contractId));
  const [skipping, setSkipping] = useState<PmVisit | null>(null);
  let body;
  if (query.isPending) body = <Loader size="sm" role="status" aria-label="Loading the visits" />;
  else if (query.isError) body = <LoadFailed title="The visits could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No visits: the contract&apos;s schedule names no date within its term.
      </Text>
    );
  } else if (isPhone) {
    body = (
      <Stack gap="xs" role="list" aria-label="Visits">
        {query.data.data.map((v) => (
          <Card key={v.dueOn} withBorder padding="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {visitDateOf(v.dueOn)}
              </Text>
              <PmVisitStatusBadge status={v.status} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                Work order <VisitWorkOrderLink visit={v} /> · {v.technicianName ?? 'No technician'}
              </Text>
              <SkipButton visit={v} onSkip={setSkipping} />
            </Group>
            {v.skippedReason && <Text size="xs" c="dimmed">{v.skippedReason}</Text>}
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Visits" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Work order</Table.Th>
              <Table.Th>Technician</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((v) => (
              <Table.Tr key={v.dueOn}>
                <Table.Td>{visitDateOf(v.dueOn)}</Table.Td>
                <Table.Td>
                  <PmVisitStatusBadge status={v.status} />
                </Table.Td>
                <Table.Td>
                  <VisitWorkOrderLink visit={v} />
                </Table.Td>
                <Table.Td>{v.technicianName ?? 'None'}</Table.Td>
                <Table.Td>{v.skippedReason ?? ''}</Table.Td>
                <Table.Td>
                  <SkipButton visit={v} onSkip={setSkipping} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby={`pm-visits-${contractId}`}>
      <Title order={3} size="h4" id={`pm-visits-${contractId}`}>
        Visits
      </Title>
      {body}
      <SkipDialog contractId={contractId} visit={skipping} onClose={() => setSkipping(null)} />
    </Stack>
  );
}
