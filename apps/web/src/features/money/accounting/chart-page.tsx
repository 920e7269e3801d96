import { Alert, Badge, Button, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { INTACCT_PATHS, satisfies, type Department, type GlAccount, type PermissionArea } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { EmptyPanel, LoadFailed, LoadingRows } from '../../../components/table-states';
import { useSignedIn } from '../../platform/auth/session-context';
import { AccountingFrame } from './accounting-frame';
import { chartQuery, intacctSentenceOf, useRefreshChart, type ChartPath } from './accounting-api';

/** What differs between the chart of accounts and the departments: names, permission area, and a row's number. */
const CHARTS: Record<ChartPath, { title: string; description: string; area: PermissionArea; numberLabel: string; plural: string; numberOf: (row: GlAccount | Department) => string; idOf: (row: GlAccount | Department) => number }> = {
  chartOfAccount: {
    title: 'Chart of Accounts',
    description: "The GL accounts of your company's Intacct books, kept here so lines can be mapped to them.",
    area: 'Chart Of Accounts',
    numberLabel: 'Account Number',
    plural: 'GL accounts',
    numberOf: (row) => (row as GlAccount).accountNo,
    idOf: (row) => (row as GlAccount).glAccountId,
  },
  departments: {
    title: 'Departments',
    description: "The departments of your company's Intacct books, which a line's account may be posted under.",
    area: 'Departments',
    numberLabel: 'Department ID',
    plural: 'departments',
    numberOf: (row) => (row as Department).departmentNo,
    idOf: (row) => (row as Department).departmentId,
  },
};

/** The sentence under the button after "Refresh from Intacct": what changed, or why nothing could be read. */
function RefreshResult({ refresh, plural }: { refresh: ReturnType<typeof useRefreshChart>; plural: string }) {
  if (refresh.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={20} />} title="The refresh did not reach Intacct" role="alert" data-testid="refresh-result">
        {intacctSentenceOf(refresh.error)}
      </Alert>
    );
  }
  if (!refresh.data) return null;
  const { added, updated, rows } = refresh.data;
  const changed = added + updated === 0 ? `Nothing changed: the ${rows.length} ${plural} here are as in Intacct.` : `Intacct added ${added} and changed ${updated} ${plural}.`;
  return (
    <Alert color="teal" icon={<IconCircleCheck size={20} />} title="Refreshed from Intacct" role="status" data-testid="refresh-result">
      {changed}
    </Alert>
  );
}

/**
 * `/administration/intacct/chartOfAccount` and `/administration/intacct/departments`: the list kept from Intacct, with
 * "Refresh from Intacct" for those who may change it. A refresh adds what is new and updates titles and status; it
 * never removes a row a mapping may use.
 */
export default function ChartPage() {
  const path: ChartPath = useLocation().pathname.toLowerCase() === INTACCT_PATHS.departments.toLowerCase() ? 'departments' : 'chartOfAccount';
  return <ChartList key={path} path={path} />;
}

function ChartList({ path }: { path: ChartPath }) {
  const chart = CHARTS[path];
  const { access } = useSignedIn();
  const canWrite = satisfies(access, { kind: 'area', area: chart.area, level: 'write' });
  const rows = useQuery(chartQuery(path));
  const refresh = useRefreshChart(path);
  const refreshButton = (
    <Button leftSection={<IconRefresh size={16} />} onClick={() => refresh.mutate()} loading={refresh.isPending}>
      Refresh from Intacct
    </Button>
  );
  return (
    <AccountingFrame title={chart.title} description={chart.description} actions={canWrite && refreshButton}>
      <RefreshResult refresh={refresh} plural={chart.plural} />
      {rows.isError ? (
        <LoadFailed title={`The ${chart.plural} could not be loaded`} error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.data?.length === 0 ? (
        <EmptyPanel
          title={`No ${chart.plural} yet`}
          hint={canWrite ? `Refresh from Intacct to bring in the ${chart.plural} of your company's books.` : `Someone with the ${chart.area} write permission brings them in from Intacct.`}
        />
      ) : (
        <Table.ScrollContainer minWidth={480} type="native">
          <Table striped withTableBorder aria-label={chart.title} aria-busy={rows.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>{chart.numberLabel}</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th w={110}>Status</Table.Th>
                <Table.Th w={130}>Source</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.isPending ? (
                <LoadingRows columns={4} />
              ) : (
                rows.data.map((row) => (
                  <Table.Tr key={chart.idOf(row)} data-row={chart.numberOf(row)}>
                    <Table.Td fw={500}>{chart.numberOf(row)}</Table.Td>
                    <Table.Td>{row.title}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={row.isActive ? 'teal' : 'gray'} tt="none">
                        {row.isActive ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {row.isFromIntacct ? 'Intacct' : 'Typed here'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.data && rows.data.length > 0 && (
        <Text size="xs" c="dimmed">
          {rows.data.length} {chart.plural}
        </Text>
      )}
    </AccountingFrame>
  );
}
