import { Anchor, Button, EmptyState, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, satisfies, SOP_WRITE, type SopDetailRow } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ActionsHeader, EditDeleteActions } from '../../../components/edit-delete-actions';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { sopListQuery, useSopMutations } from './sop-api';
import SopDialog from './sop-dialog';
import { SopPageHeader } from './sop-page-header';
import { sopAcknowledgementsPath } from './sop-paths';
import { SopStatusBadge } from './sop-status-badge';

/** How many of the people given an SOP acknowledged it, linked to who they are. */
function AcknowledgedCell({ row }: { row: SopDetailRow }) {
  if (row.assignedCount === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not assigned
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={sopAcknowledgementsPath(row.sopDetailId)} size="sm">
      {row.acknowledgedCount} of {row.assignedCount}
      <VisuallyHidden> acknowledged {row.sopName}</VisuallyHidden>
    </Anchor>
  );
}

/**
 * `/administration/sop/sopDetails`: the company's standard operating procedures (spec platform 2.1 administration sop)
 * with their type, status, steps and how many of the people given each acknowledged it. Those with the Users write
 * permission write, change and delete them.
 */
export default function SopDetailsPage() {
  usePageTitle('SOP Details');
  const { access } = useSignedIn();
  const mayWrite = satisfies(access, SOP_WRITE);
  const rows = useQuery(sopListQuery);
  const { remove } = useSopMutations();
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const askDelete = async (row: SopDetailRow) => {
    const given = row.assignedCount === 0 ? '' : ` and what the ${row.assignedCount === 1 ? 'person' : `${row.assignedCount} people`} given it acknowledged`;
    const ok = await confirm({ title: 'Delete SOP', message: `Delete the SOP ${row.sopName} with its checklist${given}? This cannot be undone.`, danger: true });
    if (ok) remove.mutate(row.sopDetailId, { onSuccess: () => notifySuccess(`SOP ${row.sopName} deleted.`) });
  };

  const columnCount = mayWrite ? 7 : 6;
  const list = rows.data ?? [];
  return (
    <Stack gap="md" maw={1200}>
      <SopPageHeader title="SOP Details" description="What your staff must do, step by step, and whom each procedure is given to.">
        {mayWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New SOP
          </Button>
        )}
      </SopPageHeader>
      {!mayWrite && (
        <Text size="sm" c="dimmed">
          You may read the SOPs; writing them needs the Users write permission.
        </Text>
      )}
      {rows.isError ? (
        <LoadFailed title="The SOPs could not be loaded" error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.isSuccess && list.length === 0 ? (
        <EmptyState
          icon={<IconClipboardCheck size={28} />}
          withIndicatorBackground
          title="No SOPs yet"
          description="Write a standard operating procedure with its checklist, and give it to the people who must follow it."
          py="xl"
        >
          {mayWrite && (
            <EmptyState.Actions>
              <Button variant="light" onClick={() => setEditing('new')}>
                Write the first SOP
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped highlightOnHover withTableBorder aria-label="SOPs" aria-busy={rows.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SOP Name</Table.Th>
                <Table.Th>SOP Type</Table.Th>
                <Table.Th>SOP Status</Table.Th>
                <Table.Th ta="right">Steps</Table.Th>
                <Table.Th>Acknowledged</Table.Th>
                <Table.Th>Modified</Table.Th>
                {mayWrite && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.isPending ? (
                <LoadingRows columns={columnCount} />
              ) : (
                list.map((row) => (
                  <Table.Tr key={row.sopDetailId} data-row={row.sopName}>
                    <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {row.sopName}
                    </Table.Td>
                    <Table.Td>{row.sopType}</Table.Td>
                    <Table.Td>
                      <SopStatusBadge status={row.sopStatus} />
                    </Table.Td>
                    <Table.Td ta="right">{row.stepCount}</Table.Td>
                    <Table.Td>
                      <AcknowledgedCell row={row} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.modifiedDate ?? row.createdDate)}</Table.Td>
                    {mayWrite && (
                      <Table.Td>
                        <EditDeleteActions name={row.sopName} onEdit={() => setEditing(row.sopDetailId)} onDelete={() => void askDelete(row)} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== null && <SopDialog sopDetailId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
