import { Alert, Button, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { formatDateTime, type PostingDetail } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { confirm } from '../../../components/confirm';
import { LoadFailed } from '../../../components/table-states';
import { notifySuccess } from '../../../lib/notify';
import { useIsPhone } from '../../field/clock/clock-modal';
import { PostingStatusBadge } from './accounting-frame';
import { postingQuery, useResendPosting } from './accounting-api';

/** A document's kind as the log names it. */
export const DOCUMENT_KIND_LABELS: Record<PostingDetail['documentKind'], string> = { invoice: 'Invoice', payment: 'Payment', creditMemo: 'Credit memo' };

/** How one attempt to post to a system ended, in words. */
const outcomeLabels = (system: PostingDetail['system']): Record<string, string> => ({
  posted: 'Posted',
  alreadyPosted: `Already in ${system}`,
  retry: 'No answer: tried again later',
  refused: 'Refused',
  failed: 'Failed',
  resent: 'Sent again',
});

function Facts({ posting }: { posting: PostingDetail }) {
  const rows: [string, string | null][] = [
    ['Document', `${DOCUMENT_KIND_LABELS[posting.documentKind]} ${posting.documentNumber}`],
    ['System', posting.system],
    [`${posting.system} record`, posting.recordNo],
    ['Created', formatDateTime(posting.createdAt)],
    ['Posted', posting.postedAt ? formatDateTime(posting.postedAt) : null],
    ['Next try', posting.nextAttemptAt ? formatDateTime(posting.nextAttemptAt) : null],
    ['Attempts', String(posting.attempts)],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed" fz="sm">
      <Table.Tbody>
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={130}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid={`posting-${label.toLowerCase().replace(/ /g, '-')}`}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

function PostingBody({ posting, canWrite, onClose }: { posting: PostingDetail; canWrite: boolean; onClose: () => void }) {
  const resend = useResendPosting();
  const askResend = async () => {
    const what = `${DOCUMENT_KIND_LABELS[posting.documentKind].toLowerCase()} ${posting.documentNumber}`;
    const ok = await confirm({
      title: 'Send again',
      message: `Send ${what} to ${posting.system} again, under the same document number? Fix what stopped it first (a mapping, a closed period).`,
      confirmLabel: 'Send again',
      cancelLabel: 'Cancel',
    });
    if (!ok) return;
    resend.mutate(posting.postingId, {
      onSuccess: () => {
        notifySuccess(`The ${what} is queued to be posted again.`);
        onClose();
      },
    });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <PostingStatusBadge status={posting.status} />
        {canWrite && posting.status === 'failed' && (
          <Button leftSection={<IconSend size={16} />} onClick={() => void askResend()} loading={resend.isPending}>
            Send again
          </Button>
        )}
      </Group>
      {posting.message && (
        <Alert color={posting.status === 'failed' ? 'red' : posting.status === 'posted' ? 'teal' : 'orange'} icon={<IconAlertTriangle />} data-testid="posting-message">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {posting.message}
          </Text>
        </Alert>
      )}
      <Facts posting={posting} />
      <Stack gap={6}>
        <Title order={4}>Attempts</Title>
        {posting.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not tried yet: it waits for the next run.
          </Text>
        ) : (
          <Table withTableBorder fz="sm" aria-label="Attempts" data-testid="posting-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>What happened</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {posting.history.map((h, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{h.attempt}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {outcomeLabels(posting.system)[h.outcome] ?? h.outcome}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {formatDateTime(h.at)}
                      </Text>
                    </Text>
                    {h.message && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {h.message}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}

/** One posting of the sync log beside the list (the whole screen on a phone): its state, facts and every attempt. */
export function PostingDrawer({ postingId, canWrite, onClose }: { postingId: number | null; canWrite: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const posting = useQuery({ ...postingQuery(postingId ?? 0), enabled: postingId !== null });
  const title = posting.data ? `${DOCUMENT_KIND_LABELS[posting.data.documentKind]} ${posting.data.documentNumber}` : 'Posting';
  return (
    <Drawer opened={postingId !== null} onClose={onClose} position="right" size={isPhone ? '100%' : 560} title={<Text fw={600} size="lg">{title}</Text>}>
      {posting.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the posting">
          <Skeleton height={24} width={100} />
          <Skeleton height={160} />
        </Stack>
      ) : posting.isError ? (
        <LoadFailed title="The posting could not be loaded" error={posting.error} onRetry={() => void posting.refetch()} />
      ) : (
        <PostingBody posting={posting.data} canWrite={canWrite} onClose={onClose} />
      )}
    </Drawer>
  );
}
