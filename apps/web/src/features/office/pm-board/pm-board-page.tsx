import { Button, Drawer, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { canWrite, formatDate, type PmBoardAnswer, type PmBoardCounts, type PmBoardVisit, satisfies } from '@sm/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { pmBoardQuery, useGeneratePmVisits } from '../pm-contracts/pm-visits-api';
import { PmVisitsSection } from '../pm-contracts/pm-visits-section';
import { LEAK_REPAIRS_READ } from '../refrigerant/refrigerant-paths';
import { PmBoardLeakRepairs } from './pm-board-leak-repairs';
import { PmBoardVisitList } from './pm-board-visits';

/** The counts' columns: name, and the short name a phone shows (the full one is its title). */
const COLUMNS: [keyof PmBoardCounts, string, string][] = [['due', 'Due', 'Due'], ['generated', 'Generated', 'Gen.'], ['scheduled', 'Scheduled', 'Sched.'], ['done', 'Done', 'Done'], ['overdue', 'Overdue', 'Late']];

/** One month's visits per technician, with the month's total. */
function MonthCounts({ month }: { month: PmBoardAnswer['months'][number] }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const label = dayjs(`${month.month}-01`).format('MMMM YYYY');
  const row = (r: PmBoardCounts, isTotal = false) => (
    <Table.Tr key={isTotal ? 'total' : String(r.technicianId)} fw={isTotal ? 700 : undefined}>
      <Table.Th scope="row" fw={isTotal ? 700 : 500}>
        {r.technicianName}
      </Table.Th>
      {COLUMNS.map(([key]) => (
        <Table.Td key={key} ta="right" c={key === 'overdue' && Number(r[key]) > 0 ? 'red' : undefined}>
          {r[key]}
        </Table.Td>
      ))}
    </Table.Tr>
  );
  return (
    <Paper withBorder radius="md" p={isPhone ? 'xs' : 'md'} component="section" aria-label={`Visits of ${label}`}>
      <Title order={2} size="h4" mb="xs">
        {label}
      </Title>
      {month.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No visit is due this month.
        </Text>
      ) : (
        <Table fz={isPhone ? 'xs' : 'sm'} horizontalSpacing={isPhone ? 4 : 'sm'} verticalSpacing={4} aria-label={`Visits of ${label} per technician`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Technician</Table.Th>
              {COLUMNS.map(([key, name, short]) => (
                <Table.Th key={key} ta="right">
                  {isPhone && short !== name ? <abbr title={name}>{short}</abbr> : name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {month.rows.map((r) => row(r))}
            {row(month.total, true)}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function GenerateNow() {
  const generate = useGeneratePmVisits();
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (r) => notifySuccess(r.visits === 0 ? 'Nothing new to generate: every due visit already has its work order.' : `${r.visits} visit${r.visits === 1 ? '' : 's'} generated, each with its work order.`),
    });
  return (
    <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={run} loading={generate.isPending}>
      Generate now
    </Button>
  );
}

/**
 * `/management/pmBoard` (spec platform 2.1, the PM director's landing): this month's and next month's visits of the
 * preventive-maintenance contracts per technician (due, generated, scheduled, done, overdue), then the overdue and the
 * upcoming visits; a visit opens its work order, a contract its visits.
 */
export default function PmBoardPage() {
  usePageTitle('PM Board');
  const { access } = useSignedIn();
  const mayGenerate = canWrite(access, 'PM Lists');
  const mayReadLeaks = satisfies(access, LEAK_REPAIRS_READ);
  const query = useQuery(pmBoardQuery);
  const [contract, setContract] = useState<PmBoardVisit | null>(null);
  let body;
  if (query.isPending) body = <Loader size="sm" role="status" aria-label="Loading the PM board" />;
  else if (query.isError) body = <LoadFailed title="The PM board could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const b = query.data;
    body = (
      <>
        <SimpleGrid cols={1} spacing="md">
          {b.months.map((m) => (
            <MonthCounts key={m.month} month={m} />
          ))}
        </SimpleGrid>
        <PmBoardVisitList title="Overdue visits" visits={b.overdue} empty="No visit is overdue." onOpenContract={setContract} />
        <PmBoardVisitList title="Upcoming visits" visits={b.upcoming} empty="No visit is due in the next 30 days." onOpenContract={setContract} />
        {mayReadLeaks && <PmBoardLeakRepairs />}
      </>
    );
  }
  return (
    <Stack gap="md" maw={1200} w="100%">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            PM Board
          </Title>
          <Text size="sm" c="dimmed">
            Preventive-maintenance visits{query.data ? `, as of ${`${dayjs(query.data.today).format('dddd')} ${formatDate(query.data.today)}`}` : ''}
          </Text>
        </div>
        {mayGenerate && <GenerateNow />}
      </Group>
      {body}
      <Drawer opened={contract !== null} onClose={() => setContract(null)} position="right" size="lg" title={contract ? `${contract.contractName} · ${contract.customerName}` : ''}>
        {contract && <PmVisitsSection contractId={contract.contractId} />}
      </Drawer>
    </Stack>
  );
}
