import { ActionIcon, Group, SegmentedControl, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { BILLING_WRITE, formatDateTime, POSTING_STATUSES, satisfies, type PostingStatus } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyPanel, ListFooter, LoadFailed, LoadingRows } from '../../../components/table-states';
import { useSignedIn } from '../../platform/auth/session-context';
import { AccountingFrame, PostingStatusBadge, postingStatusLabel } from './accounting-frame';
import { useQueryParams } from '../../../lib/use-query-params';
import { SYNC_LOG_PAGE_SIZE, syncLogQuery } from './accounting-api';
import { DOCUMENT_KIND_LABELS, PostingDrawer } from './posting-drawer';

const isStatus = (value: string | null): value is PostingStatus => POSTING_STATUSES.includes(value as PostingStatus);

/**
 * `/administration/intacct/syncLog`: every document posted or to post to the accounting system, newest first, with the
 * system it goes to (and its record there), its status, last sentence and attempts, filtered by status. A row opens its attempts beside the list, where a failed one can be sent
 * again; `?posting={id}` opens one at once (the invoice links here).
 */
export default function SyncLogPage() {
  const { access } = useSignedIn();
  const canWrite = satisfies(access, BILLING_WRITE);
  const [params, change] = useQueryParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as PostingStatus) : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const openId = Number(params.get('posting')) || null;
  const log = useQuery(syncLogQuery({ status, page }));

  return (
    <AccountingFrame
      title="Sync Log"
      description="Every invoice, payment and credit memo posted to your accounting system (Intacct or QuickBooks), or waiting to be, with what became of it."
      actions={
        <Tooltip label="Refresh">
          <ActionIcon variant="default" size="lg" aria-label="Refresh the sync log" onClick={() => void log.refetch()} loading={log.isFetching}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      }
    >
      <Group gap="sm">
        <SegmentedControl
          aria-label="Status"
          value={status ?? 'all'}
          onChange={(v) => change({ status: v === 'all' ? null : v, page: null })}
          data={[{ value: 'all', label: 'All' }, ...POSTING_STATUSES.map((s) => ({ value: s, label: postingStatusLabel(s) }))]}
          size="sm"
        />
      </Group>
      {log.isError ? (
        <LoadFailed title="The sync log could not be loaded" error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data?.total === 0 ? (
        <EmptyPanel
          title={status ? `No ${postingStatusLabel(status).toLowerCase()} postings` : 'Nothing posted yet'}
          hint={status ? 'Choose All to see every posting.' : 'Invoices, payments and credit memos appear here once Intacct or QuickBooks is connected and they are submitted.'}
        />
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped highlightOnHover withTableBorder aria-label="Sync log" aria-busy={log.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>Status</Table.Th>
                <Table.Th w={170}>Document</Table.Th>
                <Table.Th>Last message</Table.Th>
                <Table.Th w={90} ta="right">
                  Attempts
                </Table.Th>
                <Table.Th w={180}>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.isPending ? (
                <LoadingRows columns={5} />
              ) : (
                log.data.data.map((p) => (
                  <Table.Tr key={p.postingId} data-posting={p.documentNumber} data-testid="sync-log-row">
                    <Table.Td>
                      <PostingStatusBadge status={p.status} />
                    </Table.Td>
                    <Table.Td>
                      <UnstyledButton onClick={() => change({ posting: String(p.postingId) })} aria-label={`Open ${DOCUMENT_KIND_LABELS[p.documentKind]} ${p.documentNumber}`}>
                        <Text size="sm" fw={600} c="blue.8" td="underline">
                          {DOCUMENT_KIND_LABELS[p.documentKind]} {p.documentNumber}
                        </Text>
                      </UnstyledButton>
                      <Text size="xs" c="dimmed" data-testid="sync-log-system">
                        {p.recordNo ? `${p.system} record ${p.recordNo}` : `To ${p.system}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={p.status === 'failed' ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }}>
                        {p.message ?? (p.status === 'posted' ? `Posted ${p.postedAt ? formatDateTime(p.postedAt) : ''}` : '')}
                        {p.nextAttemptAt && p.status === 'retrying' ? ` Next try ${formatDateTime(p.nextAttemptAt)}.` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{p.attempts}</Table.Td>
                    <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter total={log.data?.total} pageSize={SYNC_LOG_PAGE_SIZE} page={page} onPage={(p) => change({ page: String(p) })} noun={(n) => (n === 1 ? 'posting' : 'postings')} />
      <PostingDrawer postingId={openId} canWrite={canWrite} onClose={() => change({ posting: null })} />
    </AccountingFrame>
  );
}
