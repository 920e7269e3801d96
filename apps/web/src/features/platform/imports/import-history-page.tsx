import { Anchor, Badge, Breadcrumbs, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, IMPORT_KIND_INFO, type ImportState } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { ADMINISTRATION_PATH } from '../administration/administration-paths';
import { downloadRejected, importsQuery } from './imports-api';

const PAGE = 25;
const STATE_COLORS: Record<ImportState, string> = { previewed: 'gray', queued: 'yellow', running: 'blue', done: 'teal', failed: 'red' };
const STATE_LABELS: Record<ImportState, string> = { previewed: 'Previewed', queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' };

/** `/administration/qbImportList`: every import of the company, newest first, with its counts and its report. */
export default function ImportHistoryPage() {
  usePageTitle('Import History');
  const [page, setPage] = useState(1);
  const list = useQuery(importsQuery((page - 1) * PAGE, PAGE));
  const rows = list.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE));
  return (
    <Stack gap="md" maw={1200}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">Administration</Anchor>
        <Text size="sm">Import History</Text>
      </Breadcrumbs>
      <Stack gap={2}>
        <Title order={2}>Import History</Title>
        <Text size="sm" c="dimmed">Customers, contacts, users and standard items imported from CSV or Excel files, with the rows each created, updated and rejected.</Text>
      </Stack>
      {list.isError && <LoadFailed title="The imports could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      <Table.ScrollContainer minWidth={900} type="native">
        <Table striped highlightOnHover withTableBorder aria-label="Imports">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kind</Table.Th><Table.Th>File</Table.Th><Table.Th>By</Table.Th><Table.Th>When</Table.Th>
              <Table.Th ta="right">Created</Table.Th><Table.Th ta="right">Updated</Table.Th><Table.Th ta="right">Rejected</Table.Th><Table.Th>State</Table.Th><Table.Th>Report</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending && <LoadingRows columns={9} />}
            {list.isSuccess && rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={9}><Text size="sm" c="dimmed" ta="center" py="md">No imports yet. Use Import on the customers, contacts, users or standard items page.</Text></Table.Td></Table.Tr>
            )}
            {rows.map((r) => (
              <Table.Tr key={r.importId}>
                <Table.Td>{IMPORT_KIND_INFO[r.kind].title}</Table.Td>
                <Table.Td><Text size="sm" fw={500}>{r.fileName}</Text><Text size="xs" c="dimmed">{r.format}</Text></Table.Td>
                <Table.Td>{r.createdBy}</Table.Td>
                <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td ta="right">{r.createdRows.toLocaleString()}</Table.Td>
                <Table.Td ta="right">{r.updatedRows.toLocaleString()}</Table.Td>
                <Table.Td ta="right">{r.rejectedRows.toLocaleString()}</Table.Td>
                <Table.Td><Badge variant="light" color={STATE_COLORS[r.state]} tt="none" title={r.error ?? undefined}>{STATE_LABELS[r.state]}</Badge></Table.Td>
                <Table.Td>
                  {r.rejectedRows > 0 ? (
                    <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => void downloadRejected(r.importId, r.fileName)}>Rejected rows</Button>
                  ) : (
                    <Text size="sm" c="dimmed">None</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
