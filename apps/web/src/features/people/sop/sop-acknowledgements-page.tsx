import { Badge, EmptyState, Select, Stack, Table, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { sopAcknowledgementsQuery, sopListQuery } from './sop-api';
import { SopPageHeader } from './sop-page-header';
import { formatDateTime } from '@sm/shared';

const COLUMNS = 6;

/** The SOP the address filters by (`?sopDetailId=`), or null for all of them. */
function useSopFilter(): [number | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('sopDetailId'));
  const set = (next: string | null) => setParams(next ? { sopDetailId: next } : {}, { replace: true });
  return [Number.isInteger(id) && id > 0 ? id : null, set];
}

/**
 * `/administration/sop/usersAcknowledgedSopDetails`: each person given an SOP, when, whether they acknowledged it and
 * how many of its steps they did (spec platform 7.3); for one SOP when the address or the filter names it.
 */
export default function SopAcknowledgementsPage() {
  usePageTitle('SOP Acknowledgements');
  const [sopDetailId, setSopDetailId] = useSopFilter();
  const sops = useQuery(sopListQuery);
  const rows = useQuery(sopAcknowledgementsQuery(sopDetailId));
  const list = rows.data ?? [];
  const acknowledged = list.filter((r) => r.acknowledgedDate).length;
  const filterName = sops.data?.find((s) => s.sopDetailId === sopDetailId)?.sopName;
  return (
    <Stack gap="md" maw={1200}>
      <SopPageHeader title="SOP Acknowledgements" description="Who was given which SOP, whether they acknowledged it, and how many of its steps they did." />
      <Select
        label="SOP"
        placeholder="All SOPs"
        searchable
        clearable
        data={(sops.data ?? []).map((s) => ({ value: String(s.sopDetailId), label: s.sopName }))}
        value={sopDetailId ? String(sopDetailId) : null}
        onChange={setSopDetailId}
        nothingFoundMessage={sops.isPending ? 'Loading...' : 'No SOP by that name'}
        comboboxProps={{ withinPortal: true }}
        maw={360}
      />
      {rows.isError ? (
        <LoadFailed title="The acknowledgements could not be loaded" error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.isSuccess && list.length === 0 ? (
        <EmptyState
          icon={<IconUserCheck size={28} />}
          withIndicatorBackground
          title={sopDetailId ? `${filterName ?? 'This SOP'} is not given to anyone yet` : 'No SOP given to anyone yet'}
          description="Choose the people under Assign To when you write or edit an SOP on SOP Details; each of them is listed here with what they acknowledged."
          py="xl"
        />
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped highlightOnHover withTableBorder aria-label="SOP acknowledgements" aria-busy={rows.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SOP</Table.Th>
                <Table.Th>SOP Type</Table.Th>
                <Table.Th>Person</Table.Th>
                <Table.Th>Assigned</Table.Th>
                <Table.Th>Acknowledged</Table.Th>
                <Table.Th>Steps Done</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.isPending ? (
                <LoadingRows columns={COLUMNS} />
              ) : (
                list.map((r) => (
                  <Table.Tr key={`${r.sopDetailId} ${r.userId}`} data-row={`${r.sopName} ${r.userName}`}>
                    <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {r.sopName}
                    </Table.Td>
                    <Table.Td>{r.sopType}</Table.Td>
                    <Table.Td>{r.userName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.assignedDate)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {r.acknowledgedDate ? (
                        formatDateTime(r.acknowledgedDate)
                      ) : (
                        <Badge color="orange" variant="light" tt="none">
                          Not yet
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{r.stepCount === 0 ? 'No steps' : `${r.stepsDone} of ${r.stepCount}`}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.length > 0 && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {acknowledged} of {list.length} acknowledged
        </Text>
      )}
    </Stack>
  );
}
