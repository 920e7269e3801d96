import { Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LeakRepair } from '@sm/shared';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/table-states';
import { VisitWorkOrderLink, visitDateOf } from '../pm-contracts/pm-visit-status';
import { leakRepairsQuery } from '../refrigerant/refrigerant-api';
import { REFRIGERANT_PATHS } from '../refrigerant/refrigerant-paths';

/** What a repair still waits for: the repair itself, then the initial and the follow-up verification tests. */
function waitingFor(r: LeakRepair): string {
  if (!r.repairedOn) return 'Repair';
  if (!r.initialTestPassed) return 'Initial verification test';
  return 'Follow-up verification test';
}

/** One open repair: the piece, its location and leak rate, its deadline, what it waits for and its Leak Test work order. */
function RepairCard({ r }: { r: LeakRepair }) {
  return (
    <Card withBorder padding="sm" role="listitem">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" fw={600}>
            {r.equipmentName}
          </Text>
          <Text size="xs" c="dimmed">
            {r.customerName} · leak rate {r.leakRatePercent}% (limit {r.leakThresholdPercent}%)
          </Text>
        </div>
        <Badge color={r.isOverdue ? 'red' : 'yellow'} variant="light" style={{ flexShrink: 0 }}>
          {r.isOverdue ? 'Overdue' : 'Open'}
        </Badge>
      </Group>
      <Text size="sm" mt={4}>
        Due {visitDateOf(r.dueOn)} · waiting for: {waitingFor(r)} · Leak Test <VisitWorkOrderLink visit={{ workOrderNumber: r.verificationWorkOrderNumber }} />
      </Text>
    </Card>
  );
}

/**
 * The PM board's leak repairs: every open repair of an appliance that leaked above its category's rate, the overdue
 * ones first, each with its deadline and the verification tests it still needs.
 */
export function PmBoardLeakRepairs() {
  const query = useQuery(leakRepairsQuery('open'));
  let body;
  if (query.isPending) body = <Loader size="sm" role="status" aria-label="Loading the leak repairs" />;
  else if (query.isError) body = <LoadFailed title="The leak repairs could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No leak repair is open.
      </Text>
    );
  else {
    const repairs = [...query.data].sort((a, b) => Number(b.isOverdue) - Number(a.isOverdue) || a.dueOn.localeCompare(b.dueOn));
    body = (
      <Stack gap="xs" role="list" aria-labelledby="pm-board-leak-repairs">
        {repairs.map((r) => (
          <RepairCard key={r.leakRepairId} r={r} />
        ))}
      </Stack>
    );
  }
  const overdue = query.data?.filter((r) => r.isOverdue).length ?? 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="pm-board-leak-repairs">
          Leak repairs{overdue > 0 ? ` (${overdue} overdue)` : ''}
        </Title>
        <Anchor component={Link} to={REFRIGERANT_PATHS.leakRepairs} size="sm">
          All leak repairs
        </Anchor>
      </Group>
      {body}
    </Stack>
  );
}
