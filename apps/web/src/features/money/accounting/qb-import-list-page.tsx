import { Alert, Button, Group, SegmentedControl, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudDownload } from '@tabler/icons-react';
import {
  BILLING_WRITE, QB_IMPORT_DETAIL_READ, QB_IMPORT_KINDS, QB_IMPORT_STATUS_WRITE, QB_IMPORT_STATUSES, QUICKBOOKS_PATHS, satisfies, type QbImportKind,
  type QbImportStatus,
} from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyPanel, ListFooter, LoadFailed, LoadingRows } from '../../../components/table-states';
import { useSignedIn } from '../../platform/auth/session-context';
import { AccountingFrame, PageLink } from './accounting-frame';
import { useQueryParams } from '../../../lib/use-query-params';
import { intacctSentenceOf } from './accounting-api';
import { QbImportRowActions, QbImportRowDrawer, QbImportStatusBadge, qbImportStatusLabel } from './qb-import-row-actions';
import { QB_IMPORT_PAGE_SIZE, qbImportQuery, useReadQuickBooksImport } from './quickbooks-api';

const KIND_LABELS: Record<QbImportKind, string> = { customer: 'Customer', item: 'Item' };
const isKind = (value: string | null): value is QbImportKind => QB_IMPORT_KINDS.includes(value as QbImportKind);
const isStatus = (value: string | null): value is QbImportStatus => QB_IMPORT_STATUSES.includes(value as QbImportStatus);

/** The sentence under the button after "Read from QuickBooks": what the read added, or why nothing could be read. */
function ReadResult({ read }: { read: ReturnType<typeof useReadQuickBooksImport> }) {
  if (read.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={20} />} title="The read did not reach QuickBooks" role="alert" data-testid="read-result">
        {intacctSentenceOf(read.error)}
      </Alert>
    );
  }
  if (!read.data) return null;
  const { added, updated, total } = read.data;
  const changed = added + updated === 0 ? `Nothing new: the ${total} rows here are as in QuickBooks.` : `QuickBooks added ${added} and changed ${updated} rows; the list holds ${total}.`;
  return (
    <Alert color="teal" icon={<IconCircleCheck size={20} />} title="Read from QuickBooks" role="status" data-testid="read-result">
      {changed}
    </Alert>
  );
}

/**
 * `/administration/quickbooks/qbImportList`: the customers and items read from QuickBooks, each with the record of the
 * product it is matched to or was created as, filtered by kind and status. Billing writers read the list again;
 * those with "Change QB Import Status" match, create or ignore a row; those with "View QB Import List Detail" open
 * what QuickBooks said of it (`?row={id}`).
 */
export default function QbImportListPage() {
  const { access } = useSignedIn();
  const canFetch = satisfies(access, BILLING_WRITE);
  const canChange = satisfies(access, QB_IMPORT_STATUS_WRITE);
  const canDetail = satisfies(access, QB_IMPORT_DETAIL_READ);
  const [params, change] = useQueryParams();
  const kind = isKind(params.get('kind')) ? (params.get('kind') as QbImportKind) : null;
  const status = isStatus(params.get('status')) ? (params.get('status') as QbImportStatus) : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const openId = canDetail ? Number(params.get('row')) || null : null;
  const list = useQuery(qbImportQuery({ kind, status, page }));
  const read = useReadQuickBooksImport();
  const columns = canChange ? 5 : 4;

  const readButton = (
    <Button leftSection={<IconCloudDownload size={16} />} onClick={() => read.mutate()} loading={read.isPending}>
      Read from QuickBooks
    </Button>
  );
  const isFiltered = kind !== null || status !== null;

  return (
    <AccountingFrame
      title="QuickBooks Import List"
      description="Customers and items read from QuickBooks Online, and what became of each: matched, created here, or ignored."
      actions={canFetch && readButton}
    >
      <ReadResult read={read} />
      <Group gap="sm">
        <SegmentedControl
          aria-label="Kind"
          value={kind ?? 'all'}
          onChange={(v) => change({ kind: v === 'all' ? null : v, page: null })}
          data={[{ value: 'all', label: 'All' }, ...QB_IMPORT_KINDS.map((k) => ({ value: k, label: `${KIND_LABELS[k]}s` }))]}
          size="sm"
        />
        <SegmentedControl
          aria-label="Status"
          value={status ?? 'all'}
          onChange={(v) => change({ status: v === 'all' ? null : v, page: null })}
          data={[{ value: 'all', label: 'All' }, ...QB_IMPORT_STATUSES.map((s) => ({ value: s, label: qbImportStatusLabel(s) }))]}
          size="sm"
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
      </Group>
      {list.isError ? (
        <LoadFailed title="The import list could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data?.total === 0 ? (
        <EmptyPanel
          title={isFiltered ? 'No rows of this kind and status' : 'Nothing read from QuickBooks yet'}
          hint={isFiltered ? 'Choose All to see every row.' : canFetch ? 'Read from QuickBooks to bring in its customers and items.' : 'Someone who may change Billing reads them from QuickBooks.'}
        />
      ) : (
        <Table.ScrollContainer minWidth={canChange ? 700 : 480} type="native">
          <Table striped highlightOnHover withTableBorder aria-label="QuickBooks import list" aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>Kind</Table.Th>
                <Table.Th>QuickBooks name</Table.Th>
                <Table.Th>Matched record</Table.Th>
                <Table.Th w={100}>Status</Table.Th>
                {canChange && <Table.Th w={250}>Change status</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? (
                <LoadingRows columns={columns} />
              ) : (
                list.data.data.map((row) => (
                  <Table.Tr key={row.qbImportRowId} data-testid="qb-import-row" data-qb-name={row.name}>
                    <Table.Td>{KIND_LABELS[row.kind]}</Table.Td>
                    <Table.Td>
                      {canDetail ? (
                        <UnstyledButton onClick={() => change({ row: String(row.qbImportRowId) })} aria-label={`Open ${row.name}`}>
                          <Text size="sm" fw={600} c="blue.8" td="underline">
                            {row.name}
                          </Text>
                        </UnstyledButton>
                      ) : (
                        <Text size="sm" fw={600}>
                          {row.name}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        QuickBooks id {row.qbId}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.recordName ?? <Text size="sm" c="dimmed">None</Text>}</Table.Td>
                    <Table.Td>
                      <QbImportStatusBadge status={row.status} />
                    </Table.Td>
                    {canChange && (
                      <Table.Td>
                        <QbImportRowActions row={row} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter total={list.data?.total} pageSize={QB_IMPORT_PAGE_SIZE} page={page} onPage={(p) => change({ page: String(p) })} noun={(n) => (n === 1 ? 'row' : 'rows')} />
      <Text size="sm">
        The connection is set in <PageLink to={QUICKBOOKS_PATHS.settings}>QuickBooks settings</PageLink>.
      </Text>
      <QbImportRowDrawer rowId={openId} onClose={() => change({ row: null })} />
    </AccountingFrame>
  );
}
