import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { satisfies, type LeakRepair } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { equipmentHistoryPath } from '../equipment/equipment-paths';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { dueText, testText } from './leak-repair-notice';
import { LeakRepairDialog } from './leak-repair-dialog';
import { leakRepairsQuery } from './refrigerant-api';
import { LEAK_REPAIRS_WRITE } from './refrigerant-paths';

function StateBadge({ r }: { r: LeakRepair }) {
  if (r.isClosed) return <Badge color="teal">Closed</Badge>;
  if (r.isOverdue) return <Badge color="red">Overdue</Badge>;
  return <Badge color="yellow">Open</Badge>;
}

/**
 * /equipments/leakRepairs: the leak repairs the refrigerant log opened, soonest due first, with their deadline, the
 * leak-test work order and the verification tests; the office records the repair, the tests and a shutdown.
 */
export default function LeakRepairsPage() {
  usePageTitle('Leak Repairs');
  const { access } = useSignedIn();
  const [state, setState] = useState<'open' | 'all'>('open');
  const [editing, setEditing] = useState<LeakRepair | null>(null);
  const query = useQuery(leakRepairsQuery(state));
  const canEdit = satisfies(access, LEAK_REPAIRS_WRITE);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Leak Repairs</Title>
          <Text size="sm" c="dimmed">
            Appliances whose leak rate is above their category's rate: repair by the deadline, then the two verification tests.
          </Text>
        </Stack>
        <SegmentedControl aria-label="Which repairs" data={[{ value: 'open', label: 'Open' }, { value: 'all', label: 'All' }]} value={state} onChange={(v) => setState(v as 'open' | 'all')} />
      </Group>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Leak repairs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Equipment</Table.Th>
              <Table.Th ta="right">Leak rate</Table.Th>
              <Table.Th>Repair by</Table.Th>
              <Table.Th>Leak test</Table.Th>
              <Table.Th>Verification tests</Table.Th>
              <Table.Th>State</Table.Th>
              {canEdit && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending ? (
              <LoadingRows columns={canEdit ? 7 : 6} />
            ) : query.isError ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <LoadFailed title="Leak repairs could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
                </Table.Td>
              </Table.Tr>
            ) : query.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed" py="sm">
                    {state === 'open' ? 'No open leak repairs: every appliance is within its leak rate.' : 'No leak repair has been opened yet.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              query.data.map((r) => (
                <Table.Tr key={r.leakRepairId} data-testid="leak-repair-row">
                  <Table.Td>
                    <Anchor component={Link} to={equipmentHistoryPath(r.equipmentId)} size="sm" fw={600}>
                      {r.equipmentName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {r.customerName}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {r.leakRatePercent.toFixed(2)} % / {r.leakThresholdPercent} %
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {dueText(r)}
                    {r.isIndustrialShutdown && <Text size="xs">industrial shutdown</Text>}
                  </Table.Td>
                  <Table.Td>{r.verificationWorkOrderNumber ? <Anchor component={Link} to={workOrderEditPath(r.verificationWorkOrderNumber)} size="sm">{r.verificationWorkOrderNumber}</Anchor> : '—'}</Table.Td>
                  <Table.Td>
                    <Text size="xs">Repaired: {r.repairedOn ?? 'not yet'}</Text>
                    <Text size="xs">Initial: {testText(r.initialTestOn, r.initialTestPassed)}</Text>
                    <Text size="xs">Follow-up: {testText(r.followUpTestOn, r.followUpTestPassed)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge r={r} />
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      {!r.isClosed && (
                        <Button size="xs" variant="light" onClick={() => setEditing(r)} aria-label={`Record repair and tests of ${r.equipmentName}`}>
                          Record
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <LeakRepairDialog repair={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
