import { Anchor, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { moneyText } from '@sm/shared';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { longDay } from '../../field/boards/board-format';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { BoardHeader } from './board-header';
import { Empty, Figure, Section } from './dashboard-parts';
import { dsmDashboardQuery, type DsmDashboardAnswer } from './role-boards-api';

const whenFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function OpenWork({ open }: { open: DsmDashboardAnswer['openWorkOrders'] }) {
  if (open.total === 0) return <Empty text="No work order is open." />;
  return (
    <Stack gap="xs">
      {open.groups.map((g) => (
        <div key={g.group}>
          <Group justify="space-between">
            <Text size="sm">{g.group}</Text>
            <Text size="sm" fw={600}>
              {g.count}
            </Text>
          </Group>
          <Progress value={(g.count / open.total) * 100} size="sm" aria-label={`${g.group}: ${g.count} of ${open.total}`} />
        </div>
      ))}
    </Stack>
  );
}

function OverdueVisits({ overdue }: { overdue: DsmDashboardAnswer['overdueVisits'] }) {
  if (overdue.count === 0) return <Empty text="No visit is overdue." />;
  return (
    <Stack gap="xs" role="list" aria-label="Overdue visits">
      {overdue.visits.map((v) => (
        <Group key={`${v.schedulerId}-${v.start}`} justify="space-between" gap="xs" wrap="wrap" role="listitem" data-testid="overdue-visit">
          <Stack gap={0}>
            <Text size="sm">
              <Anchor component={Link} to={workOrderEditPath(v.workOrderNumber)} fw={600} size="sm">
                {v.workOrderNumber}
              </Anchor>{' '}
              · {v.customerName}
            </Text>
            <Text size="xs" c="dimmed">
              {v.technicianName} · {v.workOrderStatus}
            </Text>
          </Stack>
          <Text size="xs">{whenFormat.format(new Date(v.start))}</Text>
        </Group>
      ))}
      {overdue.count > overdue.visits.length && <Empty text={`${overdue.count - overdue.visits.length} more`} />}
    </Stack>
  );
}

function Utilisation({ rows }: { rows: DsmDashboardAnswer['utilisation'] }) {
  if (rows.length === 0) return <Empty text="No technician works in this district." />;
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label="Utilisation per technician">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Technician</Table.Th>
          <Table.Th ta="right">Planned</Table.Th>
          <Table.Th ta="right">Clocked</Table.Th>
          <Table.Th ta="right">Used</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((u) => (
          <Table.Tr key={u.userId}>
            <Table.Th scope="row" fw={500}>
              {u.name}
            </Table.Th>
            <Table.Td ta="right">{u.scheduledHours} h</Table.Td>
            <Table.Td ta="right">{u.clockedHours} h</Table.Td>
            <Table.Td ta="right">{u.percent === null ? '—' : `${u.percent}%`}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * `/management/dsmDashboard` (spec platform 2.1, the landing of DSM Dashboard readers): the district's revenue this
 * month and last, its open work orders by status group, its overdue visits and its technicians' week, live.
 */
export default function DsmDashboardPage() {
  usePageTitle('DSM Dashboard');
  const query = useQuery(dsmDashboardQuery);
  const d = query.data;
  return (
    <Stack gap="md" maw={1200} w="100%">
      <BoardHeader title="DSM Dashboard" subtitle={d ? `${d.scope.name} · ${longDay(d.today)}` : 'Your district at a glance'} onRefresh={() => void query.refetch()} isFetching={query.isFetching} />
      {query.isPending && <PageLoader label="Loading the DSM dashboard" />}
      {query.isError && !d && <LoadFailed title="The DSM dashboard could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {d && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Figure label="Revenue this month" value={moneyText(d.revenue.thisMonth)} detail={`${d.revenue.thisMonthInvoices} invoice${d.revenue.thisMonthInvoices === 1 ? '' : 's'}`} />
            <Figure label="Revenue last month" value={moneyText(d.revenue.lastMonth)} detail={`${d.revenue.lastMonthInvoices} invoice${d.revenue.lastMonthInvoices === 1 ? '' : 's'}`} />
            <Figure label="Open work orders" value={String(d.openWorkOrders.total)} detail="Not completed, billed or canceled" />
            <Figure label="Overdue visits" value={String(d.overdueVisits.count)} detail="Planned in the last 14 days, not clocked" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title="Open work orders by status">
              <OpenWork open={d.openWorkOrders} />
            </Section>
            <Section title={`Utilisation this week (from ${longDay(d.weekStart).replace(/, \d{4}$/, '')})`}>
              <Utilisation rows={d.utilisation} />
            </Section>
          </SimpleGrid>
          <Section title="Overdue visits">
            <OverdueVisits overdue={d.overdueVisits} />
          </Section>
        </>
      )}
    </Stack>
  );
}
